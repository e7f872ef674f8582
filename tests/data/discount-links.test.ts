// Discount links (decision 0055) through the shared request path with the app's real routes, on real libSQL: a store page
// opened with ?codigo= puts the code in the cart and answers a 303 to itself without it; the page it lands on says what
// the code gives or why not, once, and is nobody else's to cache; the cart, the checkout and the order carry the code.
// The guessing limits of the cart's 'Aplicar' hold for links, and the visit is counted once with its source.
import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { CODE_GUESS_LIMITS } from "~/discounts/code-guessing.server";
import { createDiscountCode } from "~/discounts/discount-codes.server";
import type { DiscountCodeInput } from "~/domain/discount-code-form";
import { formatMoney } from "~/domain/money";
import { insertProduct } from "~/products/products.server";
import { createFetchHandler } from "~/request-handler.server";
import { publicStoreUrl } from "~/services/config";
import { CART_COOKIE } from "~/site/cookies";
import { routedPath } from "~/site/tenant";
import { countingSettings, statsEventsOf } from "~/stats/count-visit.server";
import { attemptCounters, sales } from "../../db/schema";
import { appBuild } from "../support/app-build";
import { checkoutForm } from "../support/checkout";
import { signedInMerchant, TEST_ACTOR } from "../support/merchants";
import { createTestServices } from "../support/services";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

const s = createTestServices();
const ORIGIN = s.config.APP_ORIGIN;
// cspell:disable-next-line -- a phone browser's User-Agent, as it sends it
const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const INSTAGRAM = "https://l.instagram.com/";
let handler: ReturnType<typeof createFetchHandler>;
let shop: Awaited<ReturnType<typeof signedInMerchant>>;
let stranger: Awaited<ReturnType<typeof signedInMerchant>>;
let product: { id: string };
let codeIds: Record<string, number>;

const CODE: DiscountCodeInput = {
  code: "Mate10",
  kind: "percent",
  value: 10,
  minPurchase: null,
  startsOn: null,
  endsOn: null,
  maxUses: null,
  active: true,
};

beforeAll(async () => {
  handler = createFetchHandler(await appBuild(), () => s);
  shop = await signedInMerchant(s, "standard", { url: "mates-link", currency: "ARS", saleNumber: "5491144445678" });
  stranger = await signedInMerchant(s, "standard", { url: "otra-link", currency: "ARS" });
  product = await insertProduct(
    s.db,
    { storeId: shop.store.id, name: "Mate de calabaza", price: 20_000_00, stock: 5 },
    s.clock.now(),
  );
  const now = s.clock.now();
  codeIds = {
    Mate10: await createDiscountCode(s.db, TEST_ACTOR, shop.store.id, CODE, now),
    VIEJO: await createDiscountCode(s.db, TEST_ACTOR, shop.store.id, { ...CODE, code: "VIEJO", endsOn: "2026-03-01" }, now),
    DESDE50: await createDiscountCode(
      s.db,
      TEST_ACTOR,
      shop.store.id,
      { ...CODE, code: "DESDE50", kind: "amount", value: 5_000_00, minPurchase: 50_000_00 },
      now,
    ),
    AJENO: await createDiscountCode(s.db, TEST_ACTOR, stranger.store.id, { ...CODE, code: "AJENO20", value: 20 }, now),
  };
}, 60_000);

/** A browser's cookies for one store: what answers set, sent on with the next request. */
class Jar {
  private cookies = new Map<string, string>();
  take(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      if (/Max-Age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(eq + 1));
    }
    return response;
  }
  get(name: string) {
    return this.cookies.get(name);
  }
  get header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

interface Visit {
  jar?: Jar;
  from?: string;
  referrer?: string;
  host?: string;
  method?: string;
  body?: URLSearchParams;
}

/** One request as a phone's browser sends it (on the store's own host when `host` is given); the jar keeps its cookies. */
async function send(path: string, { jar, from = "203.0.113.7", referrer, host, method = "GET", body }: Visit = {}) {
  const headers = new Headers({ "User-Agent": PHONE });
  if (jar?.header) headers.set("Cookie", jar.header);
  if (referrer) headers.set("Referer", referrer);
  if (host) headers.set("Host", host);
  if (body) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    headers.set("Origin", ORIGIN);
  }
  const before = s.roundTrips.count;
  const make = () => new Request(`${host ? `http://${host}` : ORIGIN}${path}`, { method, headers, body });
  const request = make();
  const response = await handler(make(), from);
  jar?.take(response);
  const text = await response.text();
  return { request, response, status: response.status, text, roundTrips: s.roundTrips.count - before };
}

const counting = countingSettings(s.config, {
  sessionCookie: "vitrina_sesion",
  cartCookie: CART_COOKIE,
  routedPath: (request) => routedPath(request, s.config.STORES_DOMAIN),
});
const eventsOf = (answer: { request: Request; response: Response }) =>
  statsEventsOf(answer.request, answer.response, counting, "203.0.113.7", s.clock.now().getTime());

const noticeOf = (html: string) => /<p class="site-notice[^"]*"[^>]*>([^<]*)<\/p>/.exec(html)?.[1] ?? null;
const unescaped = (html: string) => html.replaceAll("&amp;", "&");
const site = (path: string) => `/site/${shop.store.url}${path}`;
const money = (minor: number) => formatMoney(minor, "ARS", null);

describe("a discount link on a store page", () => {
  it("puts the code in the cart, lands on the page without it saying what it gives, and the order carries it", async () => {
    const jar = new Jar();
    const link = await send(site("/?codigo=mate10&ref=instagram"), { jar, referrer: INSTAGRAM });
    expect(link.status).toBe(303);
    expect(link.response.headers.get("Location")).toBe(site("/?ref=instagram"));
    // One round trip: the store, the cart, the code and the guessing counters in one batch.
    expect(link.roundTrips).toBe(1);
    expect(link.response.headers.get("Cache-Control")).toBe("private, no-store");
    // The landing keeps the referrer (a visit from Instagram stays one).
    expect(link.response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    const set = link.response.headers.getSetCookie();
    expect(set).toContainEqual(
      expect.stringMatching(new RegExp(`^codigo=MATE10; Path=/site/${shop.store.url}; Max-Age=2592000`)),
    );
    expect(set).toContainEqual(expect.stringMatching(/^codigo_aviso=applied\.Mate10\.percent\.10; .*Max-Age=60/));
    // The redirect is no page view: the visit is counted once, on the page it lands on, with its source.
    expect(eventsOf(link)).toEqual([]);

    const landing = await send(link.response.headers.get("Location") ?? "", { jar, referrer: INSTAGRAM });
    expect(landing.status).toBe(200);
    expect(landing.roundTrips).toBe(1);
    expect(noticeOf(landing.text)).toBe("Código Mate10 aplicado: 10 % de descuento");
    expect(landing.text).toContain('role="status"');
    // The page showing it is this shopper's: never kept or revalidated, and the notice is shown once.
    expect(landing.response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(landing.response.headers.get("ETag")).toBeNull();
    expect(jar.get("codigo_aviso")).toBeUndefined();
    expect(eventsOf(landing)).toEqual([
      expect.objectContaining({ type: "view", store: shop.store.url, kind: "home", source: "instagram", entrance: true }),
    ]);

    const next = await send(site("/Store"), { jar, referrer: `${ORIGIN}${site("/")}` });
    expect(noticeOf(next.text)).toBeNull();
    expect(next.response.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");

    // The cart and the checkout show the code entered; the order saves the discount the page showed.
    const added = await send(site("/Cart"), {
      jar,
      method: "POST",
      body: new URLSearchParams({ intent: "add", productId: product.id, quantity: "1" }),
    });
    expect(added.status).toBe(303);
    const cart = await send(site("/Cart"), { jar });
    expect(cart.text).toContain("Código <strong>Mate10</strong> aplicado");
    expect(cart.text).toContain("Descuento (Mate10)");
    expect(cart.text).toContain(`−${money(2_000_00)}`);
    const checkout = await send(site("/Checkout"), { jar });
    expect(checkout.status).toBe(200);
    expect(checkout.text).toContain("Descuento (Mate10)");
    expect(checkout.text).toContain(money(18_000_00));
    const placed = await send(site("/Checkout"), {
      jar,
      method: "POST",
      body: checkoutForm([`${product.id}:1`], {
        discountCode: "MATE10",
        shownSubtotal: "2000000",
        shownDiscount: "200000",
        buyerPhone: "1144445678",
      }),
    });
    expect(placed.status).toBe(303);
    const [sale] = await s.db.select().from(sales).where(eq(sales.storeId, shop.store.id));
    expect(sale).toMatchObject({ discountCode: "Mate10", discount: 2_000_00, total: 18_000_00 });
  });

  it("on the store's own host and any page: the same page without the code, other parameters kept, the cookie on that host", async () => {
    const host = `${shop.store.url}.localhost`;
    const jar = new Jar();
    const path = `/Product/mate-de-calabaza/${product.id}`;
    const link = await send(`${path}?ref=whatsapp&codigo=MATE10&utm_campaign=historia`, { jar, host });
    expect(link.status).toBe(303);
    expect(link.response.headers.get("Location")).toBe(`${path}?ref=whatsapp&utm_campaign=historia`);
    expect(link.response.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^codigo=MATE10; Path=\/; /));
    const landing = await send(link.response.headers.get("Location") ?? "", { jar, host });
    expect(landing.status).toBe(200);
    expect(noticeOf(landing.text)).toBe("Código Mate10 aplicado: 10 % de descuento");
    expect(eventsOf(landing)).toEqual([expect.objectContaining({ kind: "product", source: "whatsapp", entrance: true })]);

    // The cart and the search as well; an empty code is only taken off the address.
    for (const page of ["/Cart", "/Search?q=mate"]) {
      const answer = await send(`${page}${page.includes("?") ? "&" : "?"}codigo=mate10`, { host });
      expect(answer.status, page).toBe(303);
      expect(answer.response.headers.get("Location"), page).toBe(page);
    }
    const empty = await send("/?codigo=&ref=qr", { host });
    expect(empty.status).toBe(303);
    expect(empty.response.headers.get("Location")).toBe("/?ref=qr");
    expect(empty.response.headers.getSetCookie()).toEqual([]);
  });

  it("an expired or unknown code, or a stranger's store's: not entered, and the page says why in Spanish", async () => {
    const wrongBefore = await wrongCodesCounted();
    const cases: Array<[string, string]> = [
      ["viejo", "No se aplicó el código VIEJO: este código de descuento ya venció"],
      ["PERDIDO", "No se aplicó el código PERDIDO: este código de descuento no existe"],
      // Another store's code is no code of this store.
      ["ajeno20", "No se aplicó el código AJENO20: este código de descuento no existe"],
    ];
    for (const [code, message] of cases) {
      const jar = new Jar();
      const link = await send(site(`/Store?codigo=${code}`), { jar, from: "203.0.113.8" });
      expect(link.status, code).toBe(303);
      expect(jar.get("codigo"), code).toBeUndefined();
      const landing = await send(site("/Store"), { jar, from: "203.0.113.8" });
      expect(noticeOf(landing.text), code).toBe(message);
      expect(landing.text, code).toContain('role="alert"');
    }
    // The two codes this store does not have count as wrong entries; the expired one does not.
    expect((await wrongCodesCounted()) - wrongBefore).toBe(2);
  });

  it("a code with a minimum the cart does not reach is kept, and applies once the cart reaches it", async () => {
    const jar = new Jar();
    const link = await send(site("/?codigo=desde50"), { jar, from: "203.0.113.9" });
    expect(jar.get("codigo")).toBe("DESDE50");
    const landing = await send(link.response.headers.get("Location") ?? "", { jar, from: "203.0.113.9" });
    expect(noticeOf(landing.text)).toBe(
      `Código DESDE50 guardado: ${money(5_000_00)} de descuento. Este código es para compras desde ${money(50_000_00)}`,
    );
    const add = (quantity: string) =>
      send(site("/Cart"), { jar, method: "POST", body: new URLSearchParams({ intent: "add", productId: product.id, quantity }) });
    await add("1");
    expect((await send(site("/Cart"), { jar })).text).toContain(`Este código es para compras desde ${money(50_000_00)}`);
    await add("2");
    expect((await send(site("/Cart"), { jar })).text).toContain("Descuento (DESDE50)");
  });

  it("past the guessing limit no link's code is looked at, the right one neither; another address still gets it", async () => {
    const from = "203.0.113.60";
    for (let i = 0; i < CODE_GUESS_LIMITS.perAddress.max; i++) {
      expect((await send(site(`/?codigo=PRUEBA${i}`), { from })).status).toBe(303);
    }
    const jar = new Jar();
    const right = await send(site("/?codigo=MATE10"), { jar, from });
    expect(right.status).toBe(303);
    expect(jar.get("codigo")).toBeUndefined();
    const landing = await send(site("/"), { jar, from });
    expect(noticeOf(landing.text)).toMatch(/^Demasiados códigos incorrectos: vuelve a intentarlo en \d+ minutos?$/);

    const other = new Jar();
    await send(site("/?codigo=MATE10"), { jar: other, from: "203.0.113.61" });
    expect(other.get("codigo")).toBe("MATE10");
  });

  it("a notice cookie made by hand shows only one of the link's messages, or nothing", async () => {
    const forged = new Jar();
    forged.take(new Response(null, { headers: { "Set-Cookie": "codigo_aviso=<script>alert(1)</script>" } }));
    const page = await send(site("/"), { jar: forged });
    expect(noticeOf(page.text)).toBeNull();
    expect(page.text).not.toContain("<script>alert");
  });
});

describe("a code's link on its page in 'Descuentos'", () => {
  const merchantGet = (path: string, cookie = shop.cookie) =>
    handler(new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } }), "203.0.113.99");

  it("shows the link with its ref, 'Copiar', 'Compartir por WhatsApp' with a text, and the QR as PNG and SVG", async () => {
    const base = `/Store/${shop.store.id}/discounts/${codeIds.Mate10}`;
    const page = await merchantGet(base);
    expect(page.status).toBe(200);
    const html = unescaped(await page.text());
    const store = publicStoreUrl(s.config, shop.store.url);
    const link = `${store}?codigo=Mate10&ref=link`;
    expect(html).toContain(`value="${link}"`);
    expect(html).toContain(">Copiar<");
    const whatsapp = /href="(https:\/\/wa\.me\/\?text=[^"]+)"/.exec(html)?.[1] ?? "";
    expect(decodeURIComponent(whatsapp.split("text=")[1] ?? "")).toBe(
      `¡10 % de descuento en ${shop.store.name} con el código Mate10! Entra aquí y ya queda aplicado: ${store}?codigo=Mate10&ref=whatsapp`,
    );

    const png = await merchantGet(`${base}/qr/png`);
    expect(png.status).toBe(200);
    expect(png.headers.get("Content-Type")).toBe("image/png");
    expect(png.headers.get("Cache-Control")).toBe("private, no-store");
    expect([...new Uint8Array(await png.arrayBuffer()).slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const svg = await merchantGet(`${base}/qr/svg`);
    expect(svg.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(svg.headers.get("Content-Disposition")).toBe('attachment; filename="qr-Mate10.svg"');
    expect(await svg.text()).toMatch(/^<svg /);
    expect((await merchantGet(`${base}/qr/gif`)).status).toBe(404);
  });

  it("another merchant's code, or another store's, is not found", async () => {
    const theirs = `/Store/${stranger.store.id}/discounts/${codeIds.Mate10}`;
    expect((await merchantGet(`${theirs}/qr/png`, stranger.cookie)).status).toBe(404);
    expect((await merchantGet(`/Store/${shop.store.id}/discounts/${codeIds.AJENO}/qr/png`)).status).toBe(404);
    expect((await merchantGet(`/Store/${shop.store.id}/discounts/${codeIds.Mate10}/qr/png`, stranger.cookie)).status).toBe(404);
  });
});

async function wrongCodesCounted(): Promise<number> {
  const rows = await s.db.select().from(attemptCounters).where(like(attemptCounters.key, "codigo:tienda:%"));
  return rows.find((r) => r.key === `codigo:tienda:${shop.store.id}`)?.count ?? 0;
}
