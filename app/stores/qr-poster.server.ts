// The store's QR as a poster for a shop counter: the logo, the name, the QR and the address to type, laid out for an
// A4 sheet or an A6 card by CSS alone (@page and @media print), with no script. The QR is the one the PNG and SVG
// downloads carry ({APP_ORIGIN}/QR/{storeId}), so a printed poster survives a rename or an own hostname.
import { z } from "zod";
import { defineMessages, type Translate } from "~/domain/messages";
import { type Config, publicStoreUrl } from "~/services/config";
import { fileUrl } from "~/services/files";
import { escapeHtml } from "~/ui/html";
import { qrSvg, qrTarget } from "~/workspace/store-qr.server";

const POSTER_PAPERS = ["a4", "a6"] as const;
type PosterPaper = (typeof POSTER_PAPERS)[number];

/** `?papel=`: A4 unless A6 is asked for (anything else is A4, as the packing slips do). */
export const posterPaper = z.enum(POSTER_PAPERS).catch("a4");

const STYLE = `
*{box-sizing:border-box}body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111;margin:0;background:#f4f4f6}
.tools{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;padding:.75rem 1rem;background:#fff;border-bottom:1px solid #ddd}
.tools a{font:inherit;display:inline-flex;align-items:center;min-height:44px;padding:0 .9rem;border:1px solid #2d1f7a;border-radius:8px;color:#2d1f7a;background:#fff;text-decoration:none}
.tools a[aria-current]{background:#2d1f7a;color:#fff}
.poster{background:#fff;margin:1rem auto;padding:2rem 1rem;max-width:190mm;border:1px solid #ddd;display:flex;flex-direction:column;align-items:center;text-align:center;gap:1rem}
.poster .logo{max-width:40mm;max-height:40mm;width:auto;height:auto;object-fit:contain}
.poster h1{font-size:clamp(1.5rem,6vw,2.6rem);margin:0;overflow-wrap:anywhere}
.poster .invite{font-size:clamp(1.05rem,4vw,1.5rem);margin:0}
.poster .qr{width:min(120mm,100%);aspect-ratio:1}.poster .qr svg{width:100%;height:100%;display:block}
.poster .address{font-size:clamp(1rem,4vw,1.4rem);font-weight:700;margin:0;overflow-wrap:anywhere}
body.paper-a6 .poster{max-width:105mm;padding:1rem .75rem;gap:.5rem}
body.paper-a6 .poster .logo{max-width:20mm;max-height:20mm}
body.paper-a6 .poster h1{font-size:1.35rem}body.paper-a6 .poster .invite{font-size:.95rem}
body.paper-a6 .poster .qr{width:min(68mm,100%)}body.paper-a6 .poster .address{font-size:.9rem}
@media print{body{background:#fff}.tools{display:none}.poster{margin:0 auto;border:0;padding:0;max-width:none;min-height:100%;justify-content:center}}
`;
const PAGE: Record<PosterPaper, string> = {
  a4: "@page{size:A4;margin:15mm}",
  a6: "@page{size:A6;margin:6mm}",
};

/** The tools speak to the merchant; the poster, which shoppers read, as the store's country does. */
const POSTER_MESSAGES = defineMessages({
  title: { id: "stores.poster.title", defaultMessage: "Cartel con el QR | {name}" },
  tools: { id: "stores.poster.tools", defaultMessage: "Impresión" },
  a4: { id: "stores.poster.a4", defaultMessage: "Hoja A4" },
  a6: { id: "stores.poster.a6", defaultMessage: "Tarjeta A6" },
  howTo: {
    id: "stores.poster.howTo",
    defaultMessage: "Imprime con el menú de tu navegador (Ctrl+P, o Compartir → Imprimir en el teléfono).",
  },
  invite: { id: "stores.poster.invite", defaultMessage: "Escanea y mira nuestra tienda" },
  logo: { id: "stores.poster.logo", defaultMessage: "Logo de {name}" },
  qr: { id: "stores.poster.qr", defaultMessage: "Código QR de {name}" },
});

/** The poster page: the paper switch and how to print on screen (`t`, the merchant's), then the poster (`storeT`). */
export function qrPosterPage(input: {
  config: Pick<Config, "APP_ORIGIN" | "STORES_DOMAIN">;
  store: { id: string; name: string; url: string; customHost: string | null; logoKey: string | null };
  paper: PosterPaper;
  t: Translate;
  storeT: Translate;
}): string {
  const { store, paper, t, storeT } = input;
  const name = { name: store.name };
  const address = publicStoreUrl(input.config, store)
    .replace(/^https?:\/\//, "")
    .replace(/\/$/, "");
  const link = (to: PosterPaper, label: string) =>
    `<a href="?papel=${to}"${to === paper ? ' aria-current="true"' : ""}>${label}</a>`;
  const logo = store.logoKey
    ? `<img class="logo" src="${escapeHtml(fileUrl(store.logoKey))}" alt="${escapeHtml(storeT(POSTER_MESSAGES.logo, name))}">`
    : "";
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(t(POSTER_MESSAGES.title, name))}</title><style>${STYLE}${PAGE[paper]}</style></head>
<body class="paper-${paper}"><nav class="tools" aria-label="${t(POSTER_MESSAGES.tools)}">${link("a4", t(POSTER_MESSAGES.a4))}${link("a6", t(POSTER_MESSAGES.a6))}<span>${t(POSTER_MESSAGES.howTo)}</span></nav>
<main class="poster">${logo}<h1>${escapeHtml(store.name)}</h1><p class="invite">${storeT(POSTER_MESSAGES.invite)}</p>
<div class="qr" role="img" aria-label="${escapeHtml(storeT(POSTER_MESSAGES.qr, name))}">${qrSvg(qrTarget(input.config.APP_ORIGIN, store.id))}</div>
<p class="address">${escapeHtml(address)}</p></main></body></html>`;
}
