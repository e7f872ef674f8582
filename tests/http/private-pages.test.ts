// What a browser may send on and keep of Vitrina's pages, on the built Node server: pages whose address
// carries a secret send no Referer to other sites, and pages that depend on the session are never kept.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeDemoOrder } from "./demo-order";
import { CookieJar, FORM, type Reply, type RunningServer, send, signIn, startServer } from "./server";

let server: RunningServer;
const merchant = new CookieJar();
let storeId: string;

beforeAll(async () => {
  server = await startServer({ ADMIN_SECRET: "clave-admin-de-pruebas-http" });
  expect((await signIn(server, merchant)).status).toBe(302);
  storeId = String((await server.db().execute("select id from stores where url = 'demo'")).rows[0]?.id);
}, 90_000);
afterAll(() => server?.stop());

const header = (reply: Reply, name: string) => String(reply.headers[name] ?? "");

/** Every link and form target of a page that leaves for another site. */
function outsideTargets(html: string, origin: string): string[] {
  const targets = [...html.matchAll(/\b(?:href|action|src)="([^"]+)"/g)].map((m) => m[1]?.replaceAll("&amp;", "&") ?? "");
  return targets.filter((t) => /^https?:/i.test(t) && !t.startsWith(origin) && !new URL(t).hostname.endsWith("localhost"));
}

describe("pages whose address carries a secret send no Referer to other sites", () => {
  it("the buyer's order page (and its data), and no outside link on it, nor the way to WhatsApp, carries the token", async () => {
    const { code, token, checkout } = await placeDemoOrder(server);
    // The checkout sends the shopper on to WhatsApp with the order's text: the order link is not in it.
    const whatsapp = header(checkout, "location");
    expect(whatsapp).toMatch(/^https:\/\/(api|web)\.whatsapp\.com\/send/);
    expect(decodeURIComponent(whatsapp)).toContain(code);
    expect(decodeURIComponent(whatsapp)).not.toContain(token);

    const path = `/site/demo/Order/${code}?t=${token}`;
    const page = await send(server, path);
    expect(page.status).toBe(200);
    expect(header(page, "referrer-policy")).toBe("no-referrer");
    const outside = outsideTargets(page.body, server.origin);
    expect(outside.length).toBeGreaterThan(0); // 'Volver a WhatsApp'
    for (const target of outside) expect(decodeURIComponent(target), target).not.toContain(token);

    const data = await send(server, `/site/demo/Order/${code}.data?t=${token}`);
    expect(header(data, "referrer-policy")).toBe("no-referrer");
    // Back from a payment: the redirect to the clean page sends none either.
    const back = await send(server, `${path}&payment_id=123&status=approved`);
    expect(header(back, "referrer-policy")).toBe("no-referrer");
  });

  it("reset links, team invitations, the payment sandbox, payment returns and the OAuth callback", async () => {
    const pages: Array<[string, CookieJar | null]> = [
      ["/Auth/ResetPassword/un-token-cualquiera-de-32-bytes-0123456789", null],
      ["/equipo/invitacion/un-token-cualquiera-de-32-bytes-0123456789", null],
      ["/_sandbox/pay/1234567890", merchant],
      ["/_sandbox/store-checkout/1", null],
      ["/_sandbox/oauth?state=estado&redirect_uri=x", merchant],
      ["/paymentCompleted/1234567890?payment_id=1&status=approved", merchant],
      ["/Store/oauth/mercadopago?code=un-codigo&state=un-estado", merchant],
    ];
    for (const [path, jar] of pages) {
      const reply = await send(server, path, { headers: jar ? { Cookie: jar.header } : {} });
      expect(header(reply, "referrer-policy"), `${path} (${reply.status})`).toBe("no-referrer");
    }
  });

  it("other pages keep the site's policy: the origin, never the path, to other sites", async () => {
    for (const path of ["/site/demo", "/Auth", "/site/demo/Cart"]) {
      expect(header(await send(server, path), "referrer-policy"), path).toBe("strict-origin-when-cross-origin");
    }
  });
});

describe("pages that depend on the session are never kept by the browser", () => {
  it("every merchant, account and admin page, its .data, CSV exports and redirects answer 'private, no-store'", async () => {
    const paths = [
      "/",
      "/Account",
      "/plans",
      "/payment",
      "/newStore",
      "/buyStore",
      `/Store/${storeId}`,
      `/Store/${storeId}/info`,
      `/Store/${storeId}/products`,
      `/Store/${storeId}/sales`,
      `/Store/${storeId}/sales.data`,
      `/Store/${storeId}/sales.csv`,
      `/Store/${storeId}/products.csv`,
      `/Store/${storeId}/sales/new`,
      `/Store/${storeId}/customers`,
      `/Store/${storeId}/customers.data`,
      `/Store/${storeId}/customers.csv`,
      `/Store/${storeId}/discounts`,
      `/Store/${storeId}/cobros`,
      `/Store/${storeId}/payments`,
      "/_root.data",
      "/Auth",
      "/SSS",
    ];
    for (const path of paths) {
      const reply = await send(server, path, { headers: { Cookie: merchant.header } });
      expect(reply.status, path).toBeLessThan(500);
      expect(header(reply, "cache-control"), `${path} (${reply.status})`).toMatch(/^private, no-store$/);
    }
    // Signed out, the same addresses redirect to the sign-in page: not kept either.
    for (const path of ["/", `/Store/${storeId}/sales`, `/Store/${storeId}/sales.data`, `/Store/${storeId}/customers.csv`]) {
      const reply = await send(server, path);
      expect([302, 202]).toContain(reply.status); // a .data request is told of the redirect in a 202
      expect(header(reply, "cache-control"), path).toBe("private, no-store");
    }
  });

  it("'Cerrar sesión' tells the browser to drop what it kept of the site", async () => {
    const jar = new CookieJar();
    await signIn(server, jar);
    const out = await send(server, "/Auth/logout", { method: "POST", headers: { ...FORM, Cookie: jar.header }, body: "" });
    expect(out.status).toBe(302);
    expect(header(out, "clear-site-data")).toBe('"cache"');
    expect(header(out, "cache-control")).toBe("private, no-store");
  });

  it("public store pages stay cacheable: the edge and the browser revalidate them", async () => {
    const home = await send(server, "/site/demo");
    expect(header(home, "cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(header(home, "etag")).not.toBe("");
  });
});
