// The platform's terms and privacy (operator-edited on /SSS, default in the code), each store's own pages from the
// templates its merchant edits in 'Políticas', its fiscal identity and, in Argentina, the 'Botón de arrepentimiento' in
// the footer: through the app's real request path, as a browser without JavaScript gets them.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_PLATFORM_TEXTS } from "~/auth/legal-texts";
import { translatorFor } from "~/domain/message-catalogs";
import { POLICY_MAX, policyTemplate } from "~/domain/policies";
import { CONSUMER_DEFENSE_TEXT, CONSUMER_DEFENSE_URL } from "~/domain/withdrawals";
import { createFetchHandler } from "~/request-handler.server";
import * as storePolicies from "~/stores/routes/store-policies";
import { stores } from "../../db/schema";
import { appBuild } from "../support/app-build";
import { signedInMerchant } from "../support/merchants";
import { createTestServices } from "../support/services";
import { insertSale } from "./sales-fixtures";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

const s = createTestServices({});
const ORIGIN = s.config.APP_ORIGIN;
let handler: ReturnType<typeof createFetchHandler>;
let ar: Awaited<ReturnType<typeof signedInMerchant>>;
let co: Awaited<ReturnType<typeof signedInMerchant>>;
const purged: string[] = [];

beforeAll(async () => {
  s.config = { ...s.config, ADMIN_SECRET: "una-clave-de-operador-larga" };
  s.edgeCache = { purgeStore: async (storeId) => void purged.push(storeId) };
  handler = createFetchHandler(await appBuild(), () => s);
  ar = await signedInMerchant(s, "standard", {
    name: "Mate y Cía",
    url: "mate-legal",
    country: "AR",
    timeZone: "America/Argentina/Buenos_Aires",
    currency: "ARS",
  });
  co = await signedInMerchant(s, "standard", { name: "Café Sol", url: "cafe-legal", country: "CO" });
}, 60_000);

async function send(path: string, init: { cookie?: string; form?: Record<string, string>; from?: string } = {}) {
  const headers = new Headers();
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    headers.set("Origin", ORIGIN);
  }
  const before = s.roundTrips.count;
  const response = await handler(
    new Request(`${ORIGIN}${path}`, {
      method: init.form ? "POST" : "GET",
      headers,
      body: init.form ? new URLSearchParams(init.form) : undefined,
      redirect: "manual",
    }),
    init.from ?? "203.0.113.7",
  );
  return { status: response.status, response, html: await response.text(), roundTrips: s.roundTrips.count - before };
}

const unescaped = (html: string) => html.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'");
const policiesForm = (fields: Partial<Record<string, string>>) => ({
  returns: "",
  shipping: "",
  privacy: "",
  legalName: "",
  taxId: "",
  ...fields,
});

describe("a store's own pages", () => {
  it("start as Spanish templates with the store's name, each in one round trip and without framework JavaScript", async () => {
    for (const [path, title] of [
      ["/cambios-y-devoluciones", "Cambios y devoluciones"],
      ["/envios", "Envíos"],
      ["/privacidad", "Privacidad"],
    ] as const) {
      const page = await send(`/site/cafe-legal${path}`);
      expect(page.status, path).toBe(200);
      expect(page.roundTrips, path).toBe(1);
      expect(page.html).toContain(`<h1>${title}</h1>`);
      expect(page.html).toContain(`<title>${title} | Café Sol</title>`);
      expect(page.html).not.toContain("/assets/entry.client.js");
    }
    expect(unescaped((await send("/site/cafe-legal/privacidad")).html)).toContain(
      "Contamos las visitas a la tienda y de dónde llegan sin cookies",
    );
  });

  it("are edited in 'Políticas': saved as typed, links made safe, the template kept when left alone, the cache purged", async () => {
    const path = `/Store/${co.store.id}/politicas`;
    const shipping =
      "Enviamos los lunes.\n\n# Seguimiento\nMíralo en https://seguimiento.test/envio o escribe a envios@cafe.test.\njavascript:alert(1)";
    const saved = await send(path, {
      cookie: co.cookie,
      form: policiesForm({
        shipping,
        returns: policyTemplate("returns", { name: "Café Sol", country: "CO" }, translatorFor("es")),
        legalName: "Café Sol S.A.S.",
        taxId: "900.123.456-7",
      }),
    });
    expect(saved.status).toBe(302);
    expect(purged).toContain(co.store.id);
    const [row] = await s.db.select().from(stores).where(eqId(co.store.id));
    // The template as shown stays the template (it follows a new name); the merchant's text is kept as typed.
    expect(row).toMatchObject({ returnsPolicy: null, shippingPolicy: shipping.replace(/\r/g, ""), legalName: "Café Sol S.A.S." });

    const page = await send("/site/cafe-legal/envios");
    expect(page.html).toContain("<p>Enviamos los lunes.</p><h2>Seguimiento</h2><p>Míralo en <a");
    expect(page.html).toContain(
      '<a href="https://seguimiento.test/envio" rel="noopener nofollow">https://seguimiento.test/envio</a>',
    );
    expect(page.html).toContain('<a href="mailto:envios@cafe.test" rel="noopener nofollow">envios@cafe.test</a>');
    expect(page.html).not.toContain('href="javascript:');
    // Every page's footer: the three pages and the fiscal identity; no arrepentimiento outside Argentina.
    const home = await send("/site/cafe-legal");
    expect(home.html).toContain('<a href="/site/cafe-legal/cambios-y-devoluciones">Cambios y devoluciones</a>');
    expect(home.html).toContain('<p class="footer-fiscal">Café Sol S.A.S. · NIT 900.123.456-7</p>');
    expect(home.html).not.toContain("arrepentimiento");
    expect((await send("/site/cafe-legal/arrepentimiento")).status).toBe(404);
  });

  it("refuses, in Spanish and with nothing saved, a text over the limit and an Argentine CUIT that does not check", async () => {
    const path = `/Store/${ar.store.id}/politicas`;
    const refused = await send(path, {
      cookie: ar.cookie,
      form: policiesForm({ privacy: "x".repeat(POLICY_MAX + 1), taxId: "20-12345678-5" }),
    });
    expect(refused.status).toBe(400);
    const html = unescaped(refused.html);
    expect(html).toContain(`El texto de Privacidad puede tener hasta ${POLICY_MAX} caracteres`);
    // The merchant's store is in Argentina: the refusal speaks their 'vos'.
    expect(html).toContain("Escribí un CUIT válido: 11 números, por ejemplo 30-71234567-1");
    const [row] = await s.db.select().from(stores).where(eqId(ar.store.id));
    expect(row).toMatchObject({ privacyPolicy: null, taxId: "" });
    // Another merchant's store is not found.
    expect((await send(path, { cookie: co.cookie, form: policiesForm({}) })).status).toBe(404);
    expect(storePolicies.loader).toBeTypeOf("function");
  });
});

describe("a store in Argentina", () => {
  it("shows on every page the 'Botón de arrepentimiento' and the consumer-protection link, and its form works without JavaScript", async () => {
    for (const path of ["", "/Store", "/Cart", "/envios"]) {
      const page = await send(`/site/mate-legal${path}`);
      expect(page.html, path).toContain(
        '<a class="footer-withdrawal" href="/site/mate-legal/arrepentimiento">Botón de arrepentimiento</a>',
      );
      expect(page.html, path).toContain(`<a href="${CONSUMER_DEFENSE_URL}" rel="noopener">${CONSUMER_DEFENSE_TEXT}</a>`);
    }
    const form = await send("/site/mate-legal/arrepentimiento");
    expect(form.status).toBe(200);
    expect(form.roundTrips).toBe(1);
    expect(form.html).toMatch(/<form class="withdrawal-form"[^>]*method="post"/);
    expect(form.html).not.toContain("/assets/entry.client.js");

    const code = await insertSale(s, {
      storeId: ar.store.id,
      lines: [{ productId: null, name: "Mate", quantity: 1 }],
      buyerEmail: "lucia@correo.test",
      currency: "ARS",
    });
    const asked = await send("/site/mate-legal/arrepentimiento", { form: { code, contact: "lucia@correo.test" } });
    expect(asked.status).toBe(200);
    expect(asked.response.headers.get("Cache-Control")).toBe("no-store");
    const number = /data-request-number="">(\d{10})</.exec(asked.html)?.[1];
    expect(number).toMatch(/^\d{10}$/);
    const wrong = await send("/site/mate-legal/arrepentimiento", { form: { code, contact: "otra@correo.test" } });
    expect(wrong.status).toBe(404);
    expect(unescaped(wrong.html)).toContain("No encontramos un pedido de esta tienda con ese código y ese correo o teléfono.");
    // The merchant's dialog shows the request, in 'vos' to a merchant in Argentina (decision 0067).
    const dialog = await send(`/Store/${ar.store.id}/sales/${code}`, { cookie: ar.cookie });
    expect(unescaped(dialog.html)).toContain(`(solicitud ${number}). Cancelala con «Cancelar pedido».`);
  });
});

describe("the platform's terms and privacy policy", () => {
  it("show the default until the operator saves a text on /SSS, and the default again when it is emptied", async () => {
    const before = await send("/terminos");
    expect(before.status).toBe(200);
    expect(unescaped(before.html)).toContain(DEFAULT_PLATFORM_TEXTS.terminos.split("\n")[0]);

    const admin = await adminCookie();
    const body = "Nuevos términos.\n\n# Contacto\nhttps://vitrina.test/ayuda";
    expect((await send("/SSS", { cookie: admin, form: { intent: "text", key: "terminos", body } })).status).toBe(200);
    const after = await send("/terminos");
    expect(after.html).toContain("<p>Nuevos términos.</p><h2>Contacto</h2>");
    expect(after.html).toContain('<a href="https://vitrina.test/ayuda" rel="noopener nofollow">');
    expect(after.html).not.toContain("Al crear tu cuenta los aceptas");
    // The privacy policy keeps its default; a stranger cannot save.
    expect(unescaped((await send("/privacidad")).html)).toContain("Esta política explica qué datos guarda Vitrina");
    expect((await send("/SSS", { form: { intent: "text", key: "privacidad", body: "x" } })).status).toBe(401);
    expect((await send("/SSS", { cookie: admin, form: { intent: "text", key: "otro", body: "x" } })).status).toBe(400);

    expect((await send("/SSS", { cookie: admin, form: { intent: "text", key: "terminos", body: "  " } })).status).toBe(200);
    expect(unescaped((await send("/terminos")).html)).toContain("Al crear tu cuenta los aceptas");
  });
});

function eqId(id: string) {
  return eq(stores.id, id);
}

/** Signs in to /SSS with the test secret, as the operator would. */
async function adminCookie(): Promise<string> {
  const answer = await send("/SSS", { form: { secret: s.config.ADMIN_SECRET ?? "" } });
  expect(answer.status).toBe(302);
  return (answer.response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
}
