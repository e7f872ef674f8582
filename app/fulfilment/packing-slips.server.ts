// Packing slips: one print-ready page per sale (the store, the order's code and a QR to the buyer's order page, the
// buyer and where it goes, the lines with their variants, the note, the delivery method), laid out for A4 sheets or
// 80-mm receipt printers by CSS alone (@page and @media print), with no script.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { z } from "zod";
import { DELIVERY_METHOD_MESSAGES } from "~/domain/delivery";
import { defineMessages, type Translate } from "~/domain/messages";
import { SALE_CODE_PATTERN } from "~/domain/sales";
import { orderPageUrl } from "~/orders/order-links";
import type { Config } from "~/services/config";
import type { Db } from "~/services/db";
import { escapeHtml } from "~/ui/html";
import { type IdRef, storeBesideIds } from "~/workspace/page-reads.server";
import { qrSvg } from "~/workspace/store-qr.server";
import { saleLines, sales } from "../../db/schema";

/** How many slips one page prints at most (a day's shipments; more are printed in parts). */
const SLIPS_MAX = 50;

const PAPERS = ["a4", "80mm"] as const;
export type Paper = (typeof PAPERS)[number];

/** The merchant's side of the page: its refusals and the print tools. */
const M = defineMessages({
  noSales: { id: "fulfilment.slips.noSales", defaultMessage: "Elige al menos una venta para imprimir" },
  tooMany: { id: "fulfilment.slips.tooMany", defaultMessage: "Imprime hasta {max} ventas a la vez" },
  badCode: { id: "fulfilment.slips.badCode", defaultMessage: "El código de venta tiene 10 dígitos" },
  notFound: { id: "fulfilment.slips.notFound", defaultMessage: "No encontramos esas ventas" },
  tools: { id: "fulfilment.slips.tools", defaultMessage: "Impresión" },
  a4: { id: "fulfilment.slips.a4", defaultMessage: "Hoja A4" },
  receipt: { id: "fulfilment.slips.receipt", defaultMessage: "Ticket 80 mm" },
  howTo: {
    id: "fulfilment.slips.howTo",
    defaultMessage: "Imprime con el menú de tu navegador (Ctrl+P, o Compartir → Imprimir en el teléfono).",
  },
  title: { id: "fulfilment.slips.title", defaultMessage: "Imprimir: {what} | {store}" },
  pages: { id: "fulfilment.slips.pages", defaultMessage: "{count} pedidos" },
});

/** The slip's own words: it travels with the package, so it speaks as the store does to its buyer. */
const SLIP = defineMessages({
  order: { id: "fulfilment.slip.order", defaultMessage: "Pedido {code}" },
  qr: { id: "fulfilment.slip.qr", defaultMessage: "Código QR de la página del pedido" },
  scan: { id: "fulfilment.slip.scan", defaultMessage: "Escanea para ver tu pedido" },
  pickupAt: { id: "fulfilment.slip.pickupAt", defaultMessage: "Retira en" },
  address: { id: "fulfilment.slip.address", defaultMessage: "Dirección" },
  zone: { id: "fulfilment.slip.zone", defaultMessage: "Zona" },
  buyer: { id: "fulfilment.slip.buyer", defaultMessage: "Cliente" },
  phone: { id: "fulfilment.slip.phone", defaultMessage: "Teléfono" },
  delivery: { id: "fulfilment.slip.delivery", defaultMessage: "Entrega" },
  products: { id: "fulfilment.slip.products", defaultMessage: "Productos" },
  product: { id: "fulfilment.slip.product", defaultMessage: "Producto" },
  quantity: { id: "fulfilment.slip.quantity", defaultMessage: "Cantidad" },
  note: { id: "fulfilment.slip.note", defaultMessage: "Nota:" },
});

export const slipsQuerySchema = (t: Translate) =>
  z.object({
    sale: z
      .array(z.string().regex(SALE_CODE_PATTERN, { error: t(M.badCode) }))
      .min(1, { error: t(M.noSales) })
      .max(SLIPS_MAX, { error: t(M.tooMany, { max: SLIPS_MAX }) }),
    papel: z.enum(PAPERS).catch("a4"),
  });

/** The answer when none of the codes is a sale of this store. */
export const noSlipsText = (t: Translate) => t(M.notFound);

/** The sale codes the address asks slips for (`?sale=`), each once. */
export const slipCodesOf = (params: URLSearchParams) => [...new Set(params.getAll("sale"))];

/**
 * The statements of the store's sales with these codes and their lines, for one batch (another store's codes read
 * nothing; so do codes of no sale's shape, and more than a page prints). `storeId` may be a page's scoped id.
 */
export function slipSalesQueries(db: Db, storeId: IdRef, codes: string[]) {
  const asked = codes.filter((code) => SALE_CODE_PATTERN.test(code)).slice(0, SLIPS_MAX);
  const chosen = and(eq(sales.storeId, storeId), inArray(sales.id, asked));
  const chosenIds = db
    .select({ id: sales.id })
    .from(sales)
    .where(and(storeBesideIds(sales.storeId, storeId), inArray(sales.id, asked)));
  return [
    db.select().from(sales).where(chosen),
    db
      .select()
      .from(saleLines)
      .where(inArray(saleLines.saleId, chosenIds))
      .orderBy(asc(saleLines.saleId), asc(saleLines.position)),
  ] as const;
}

/** The slips' sales in the order of `codes`, each with its lines, from slipSalesQueries' answers. */
export function slipSalesOf([rows, lines]: BatchResponse<ReturnType<typeof slipSalesQueries>>, codes: string[]) {
  const order = new Map(codes.map((code, i) => [code, i]));
  return rows
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    .map((sale) => ({ ...sale, lines: lines.filter((l) => l.saleId === sale.id) }));
}

type SlipSale = ReturnType<typeof slipSalesOf>[number];

const STYLE = `
*{box-sizing:border-box}body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111;margin:0;background:#f4f4f6}
.tools{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;padding:.75rem 1rem;background:#fff;border-bottom:1px solid #ddd}
.tools a,.tools button{font:inherit;display:inline-flex;align-items:center;min-height:44px;padding:0 .9rem;border:1px solid #2d1f7a;border-radius:8px;color:#2d1f7a;background:#fff;text-decoration:none}
.tools a[aria-current]{background:#2d1f7a;color:#fff}
.slip{background:#fff;margin:1rem auto;padding:1.25rem;max-width:190mm;border:1px solid #ddd;break-after:page;page-break-after:always}
.slip:last-child{break-after:auto;page-break-after:auto}
.slip header{display:flex;justify-content:space-between;gap:1rem;align-items:flex-start}
.slip h1{font-size:1.3rem;margin:0}.slip .code{font-size:1.1rem;font-weight:700;font-variant-numeric:tabular-nums;margin:.25rem 0 0}
.slip .qr{width:30mm;height:30mm;flex:0 0 auto}.slip .qr svg{width:100%;height:100%}
.slip dl{display:grid;grid-template-columns:auto 1fr;gap:.2rem .75rem;margin:1rem 0}.slip dt{font-weight:700}.slip dd{margin:0;overflow-wrap:anywhere}
.slip table{width:100%;border-collapse:collapse;margin:.5rem 0}.slip th,.slip td{text-align:left;padding:.35rem .25rem;border-bottom:1px solid #ddd;vertical-align:top}
.slip .qty{text-align:right;white-space:nowrap;font-weight:700}.slip .check{width:1.2rem}
.slip .note{border:1px dashed #999;padding:.5rem;margin:.75rem 0}.slip .scan{font-size:.8rem;color:#444;margin:.25rem 0 0;text-align:right}
body.paper-80mm .slip{max-width:76mm;padding:3mm;font-size:12px}
body.paper-80mm .slip header{flex-direction:column;align-items:center;text-align:center}
body.paper-80mm .slip .qr{width:36mm;height:36mm}body.paper-80mm .slip .scan{text-align:center}
@media print{body{background:#fff}.tools{display:none}.slip{margin:0;border:0;max-width:none;padding:0}}
@page{size:A4;margin:12mm}
`;

const PAGE_80MM = "@page{size:80mm auto;margin:2mm}";

const row = (label: string, value: string | null | undefined) =>
  value ? `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>` : "";

function slipHtml(
  config: Pick<Config, "APP_ORIGIN" | "STORES_DOMAIN">,
  store: { name: string; url: string },
  sale: SlipSale,
  t: Translate,
) {
  const orderUrl = orderPageUrl(config, store.url, sale.id, sale.accessToken);
  const where =
    sale.delivery === "pickup"
      ? row(t(SLIP.pickupAt), sale.pickupPoint)
      : row(t(SLIP.address), sale.address) + row(t(SLIP.zone), sale.deliveryZone);
  const lines = sale.lines
    .map(
      (l) =>
        `<tr><td class="check" aria-hidden="true">☐</td><td>${escapeHtml(l.name)}</td><td class="qty">× ${l.quantity}</td></tr>`,
    )
    .join("");
  return `<article class="slip" data-slip="${sale.id}">
<header><div><h1>${escapeHtml(store.name)}</h1><p class="code">${escapeHtml(t(SLIP.order, { code: sale.id }))}</p></div>
<div><div class="qr" role="img" aria-label="${escapeHtml(t(SLIP.qr))}">${qrSvg(orderUrl)}</div><p class="scan">${escapeHtml(t(SLIP.scan))}</p></div></header>
<dl>${row(t(SLIP.buyer), sale.buyerName)}${row(t(SLIP.phone), sale.buyerPhone)}${row(t(SLIP.delivery), t(DELIVERY_METHOD_MESSAGES[sale.delivery]))}${where}</dl>
<table><caption class="visually-hidden">${escapeHtml(t(SLIP.products))}</caption><thead><tr><th class="check"></th><th>${escapeHtml(t(SLIP.product))}</th><th class="qty">${escapeHtml(t(SLIP.quantity))}</th></tr></thead><tbody>${lines}</tbody></table>
${sale.note ? `<p class="note"><strong>${escapeHtml(t(SLIP.note))}</strong> ${escapeHtml(sale.note)}</p>` : ""}
</article>`;
}

/** The whole print page: the paper switch and 'Imprimir' on screen, then the slips (missing codes left out). */
export function packingSlipsPage(input: {
  config: Pick<Config, "APP_ORIGIN" | "STORES_DOMAIN">;
  store: { name: string; url: string };
  sales: SlipSale[];
  paper: Paper;
  /** This page's address without `papel`, to switch the paper. */
  selfQuery: string;
  /** The merchant's words (the tools), and the store's (the slips, read by its buyers). */
  t: Translate;
  storeT: Translate;
}): string {
  const { store, paper, t } = input;
  const link = (to: Paper, label: string) =>
    `<a href="?${escapeHtml(input.selfQuery)}&amp;papel=${to}"${to === paper ? ' aria-current="true"' : ""}>${label}</a>`;
  const title =
    input.sales.length === 1 ? t(SLIP.order, { code: input.sales[0]?.id }) : t(M.pages, { count: input.sales.length });
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(t(M.title, { what: title, store: store.name }))}</title><style>${STYLE}${paper === "80mm" ? PAGE_80MM : ""}.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}</style></head>
<body class="paper-${paper}"><nav class="tools" aria-label="${escapeHtml(t(M.tools))}">${link("a4", escapeHtml(t(M.a4)))}${link("80mm", escapeHtml(t(M.receipt)))}<span>${escapeHtml(t(M.howTo))}</span></nav>
<main>${input.sales.map((sale) => slipHtml(input.config, store, sale, input.storeT)).join("\n")}</main></body></html>`;
}
