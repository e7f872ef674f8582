// cspell:disable -- browsers' and robots' User-Agent strings, as they send them
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { sessionCookie } from "~/auth/cookies.server";
import { parsePeriod } from "~/domain/statistics";
import { type StatsEvent, storePageOf } from "~/domain/visits";
import { createSale } from "~/orders/order-records.server";
import { insertProduct } from "~/products/products.server";
import type { Services } from "~/services/services";
import { action as cartAction } from "~/site/routes/cart";
import { action as checkoutAction } from "~/site/routes/checkout";
import { loader as qrLoader } from "~/site/routes/qr-redirect";
import { routedPath } from "~/site/tenant";
import {
  cartAddsFromExchange,
  countingSettings,
  dailySalt,
  StatsBuffer,
  statsEventsOf,
  visitFromRequest,
  withOwnVisitCookie,
} from "~/stats/count-visit.server";
import * as statisticsPage from "~/stats/routes/statistics";
import { loadStatistics } from "~/stats/statistics.server";
import { rollUp, writeStatsEvents } from "~/stats/visit-counts.server";
import { sales, storePageViewsDaily, storeVisitorsDaily, storeVisitsDaily } from "../../db/schema";
import { checkoutForm } from "../support/checkout";
import { merchantWithStore, signedInMerchant } from "../support/merchants";
import { newOrder } from "../support/orders";
import { createTestServices } from "../support/services";
import { siteArgs } from "../support/site-args";
import { workspaceRequest } from "../support/workspace-request";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

type S = ReturnType<typeof createTestServices>;

const PHONE =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36";
const IP = "190.24.8.17";
const HOUR = 3_600_000;

const settingsOf = (s: Services) =>
  countingSettings(s.config, {
    sessionCookie: sessionCookie(s.config).name,
    cartCookie: "carrito",
    routedPath: (request) => routedPath(request, s.config.STORES_DOMAIN),
  });

const visit = (url: string, headers: Record<string, string> = {}) =>
  new Request(url, { headers: { "User-Agent": PHONE, Host: new URL(url).host, ...headers } });

const counted = (s: Services, request: Request, at: number, status = 200, ip = IP) =>
  visitFromRequest(request, status, settingsOf(s), ip, at);

async function visitRows(s: S, storeId: string) {
  return s.db
    .select({
      day: storeVisitsDaily.day,
      source: storeVisitsDaily.source,
      visits: storeVisitsDaily.visits,
      visitors: storeVisitsDaily.visitors,
      carts: storeVisitsDaily.carts,
    })
    .from(storeVisitsDaily)
    .where(eq(storeVisitsDaily.storeId, storeId))
    .orderBy(storeVisitsDaily.day, storeVisitsDaily.source);
}

describe("counting a visit", () => {
  it("the daily salt: one visitor a day however many visits, two on two days; the salt, address and browser are never stored", async () => {
    const s = createTestServices();
    const { store } = await merchantWithStore(s, "standard", { url: "sal-diaria", timeZone: "UTC" });
    const day1 = Date.parse("2026-03-10T09:00:00Z");
    const events = [day1, day1 + 5 * HOUR, day1 + 24 * HOUR].map((at) =>
      counted(s, visit("http://sal-diaria.localhost:3999/"), at),
    );
    const keys = events.map((e) => e?.visitorKey);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
    // Another browser at the same address is another visitor.
    expect(
      counted(s, visit("http://sal-diaria.localhost:3999/", { "User-Agent": `${PHONE} Edg/119` }), day1)?.visitorKey,
    ).not.toBe(keys[0]);
    await writeStatsEvents(
      s.db,
      events.filter((e) => e !== null),
      day1 + 24 * HOUR,
    );
    expect(await visitRows(s, store.id)).toEqual([
      { day: "2026-03-10", source: "direct", visits: 2, visitors: 1, carts: 0 },
      { day: "2026-03-11", source: "direct", visits: 1, visitors: 1, carts: 0 },
    ]);
    // Nothing of the visitor is in the database but the day's key: not the salt, the address or the browser.
    const stored = JSON.stringify([
      await s.db.select().from(storeVisitorsDaily),
      await s.db.select().from(storeVisitsDaily),
      await s.db.select().from(storePageViewsDaily),
    ]);
    for (const secret of [
      dailySalt(s.config.statsSecret, day1),
      dailySalt(s.config.statsSecret, day1 + 24 * HOUR),
      IP,
      "Android",
    ])
      expect(stored).not.toContain(secret);
    // The keys of the days before yesterday go with a later write; their counts stay.
    await writeStatsEvents(
      s.db,
      [counted(s, visit("http://sal-diaria.localhost:3999/"), day1 + 72 * HOUR) as StatsEvent],
      day1 + 72 * HOUR,
    );
    expect((await s.db.select({ day: storeVisitorsDaily.day }).from(storeVisitorsDaily)).map((r) => r.day)).toEqual([
      "2026-03-13",
    ]);
    expect((await visitRows(s, store.id)).map((r) => r.visitors)).toEqual([1, 1, 1]);
  });

  it("robots, link previews, prefetches, other methods, errors and redirects are not counted; a revalidated page is", () => {
    const s = createTestServices();
    const at = s.clock.now().getTime();
    const page = "http://ana.localhost:3999/Product/taza/1234567";
    const previews = [
      "WhatsApp/2.23.20.0 A",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "TelegramBot (like TwitterBot)",
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    ];
    for (const ua of previews) expect(counted(s, visit(page, { "User-Agent": ua }), at)).toBeNull();
    expect(counted(s, visit(page, { "Sec-Purpose": "prefetch;prerender" }), at)).toBeNull();
    expect(counted(s, visit(page, { Purpose: "prefetch" }), at)).toBeNull();
    expect(
      visitFromRequest(new Request(page, { method: "HEAD", headers: { "User-Agent": PHONE } }), 200, settingsOf(s), IP, at),
    ).toBeNull();
    for (const status of [301, 303, 404, 500, 503]) expect(counted(s, visit(page), at, status)).toBeNull();
    for (const other of [
      "http://ana.localhost:3999/feed.xml",
      "http://ana.localhost:3999/sitemap.xml",
      "http://localhost:3999/Store/1234567890/info",
    ])
      expect(counted(s, visit(other), at)).toBeNull();
    expect(counted(s, visit(page), at, 304)).toMatchObject({
      store: "ana",
      kind: "product",
      productId: "1234567",
      source: "direct",
      entrance: true,
    });
    // The app host's /site/ path counts as the store's own host does.
    expect(counted(s, visit("http://localhost:3999/site/ana/Store?ref=instagram"), at)).toMatchObject({
      store: "ana",
      kind: "listing",
      source: "instagram",
    });
  });

  it("the merchant's own visits are not counted: signed in, marked by 'Visitar tienda', or a click from their pages", async () => {
    const s = createTestServices();
    const m = await signedInMerchant(s, "standard", { url: "propia" });
    const at = s.clock.now().getTime();
    expect(counted(s, visit("http://localhost:3999/site/propia", { Cookie: m.cookie }), at)).toBeNull();
    // 'Visitar tienda' opens the store with the mark: not counted, and the answer marks that browser on the store's host.
    const marked = visit("http://propia.localhost:3999/?visita=propia");
    expect(counted(s, marked, at)).toBeNull();
    const answer = withOwnVisitCookie(marked, new Response("<html></html>", { status: 200 }), false);
    const mark = answer.headers.get("Set-Cookie") ?? "";
    expect(mark).toMatch(/^vitrina_propia=1; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(counted(s, visit("http://propia.localhost:3999/Store", { Cookie: mark.split(";")[0] ?? "" }), at)).toBeNull();
    expect(
      counted(s, visit("http://propia.localhost:3999/", { Referer: `http://localhost:3999/Store/${m.store.id}/info` }), at),
    ).toBeNull();
    // A shopper's visit, and a printed QR's redirect page on the app host, are counted.
    expect(counted(s, visit("http://propia.localhost:3999/"), at)).not.toBeNull();
    expect(
      counted(s, visit("http://propia.localhost:3999/?ref=qr", { Referer: `http://localhost:3999/QR/${m.store.id}` }), at),
    ).toMatchObject({ source: "qr" });
    // Nor are the merchant's own carts.
    const post = new Request("http://propia.localhost:3999/Cart", {
      method: "POST",
      headers: { "User-Agent": PHONE, Cookie: mark.split(";")[0] ?? "", Host: "propia.localhost:3999" },
    });
    const added = new Response(null, { status: 303, headers: { "Set-Cookie": "carrito=1234567:1|~direct; Path=/" } });
    expect(statsEventsOf(post, added, settingsOf(s), IP, at)).toEqual([]);
  });

  it("each source: ref, utm, every referrer group, the store's QR through /QR/{id}, a move inside the store, direct", async () => {
    const s = createTestServices();
    const { store } = await merchantWithStore(s, "standard", { url: "origenes" });
    const at = s.clock.now().getTime();
    const home = "http://origenes.localhost:3999/";
    const sourceOf = (url: string, referrer?: string) => counted(s, visit(url, referrer ? { Referer: referrer } : {}), at);
    expect(sourceOf(`${home}?ref=instagram`)?.source).toBe("instagram");
    expect(sourceOf(`${home}?utm_source=facebook&utm_medium=cpc&utm_campaign=navidad`)?.source).toBe("facebook");
    expect(sourceOf(`${home}?utm_medium=email`)?.source).toBe("email");
    expect(sourceOf(`${home}?utm_campaign=Navidad`)?.source).toBe("navidad");
    const groups: [string, string][] = [
      ["https://l.instagram.com/", "instagram"],
      ["https://l.facebook.com/", "facebook"],
      ["https://web.whatsapp.com/", "whatsapp"],
      ["https://www.tiktok.com/", "tiktok"],
      ["https://www.google.com.mx/", "google"],
      ["https://otro-sitio.com/nota", "other"],
    ];
    for (const [referrer, source] of groups) expect(sourceOf(home, referrer)).toMatchObject({ source, entrance: true });
    expect(sourceOf(home)).toMatchObject({ source: "direct", entrance: true });
    // A move from one of the store's pages to another is a page view, not a visit.
    expect(sourceOf(`${home}Store`, home)).toMatchObject({ source: "direct", entrance: false });
    // The printed QR sends to the store with ref=qr: 'Código QR'.
    const qr = (await qrLoader({ params: { id: store.id }, context: siteArgs(s, "origenes").context } as never)) as Response;
    const target = /url=([^"]+)"/.exec(await qr.text())?.[1]?.replace(/&amp;/g, "&") ?? "";
    expect(sourceOf(target, `http://localhost:3999/QR/${store.id}`)).toMatchObject({ source: "qr", kind: "home" });
  });
});

describe("the daily counts", () => {
  it("equal the raw events however they are batched: visits, unique visitors, page views and carts", async () => {
    const s = createTestServices();
    const a = await merchantWithStore(s, "standard", { url: "cuentas-a", timeZone: "America/Bogota" });
    const b = await merchantWithStore(s, "standard", { url: "cuentas-b", timeZone: "Europe/Madrid" });
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const start = Date.parse("2026-03-10T00:00:00Z");
    const kinds = ["home", "listing", "product", "search", "cart", "checkout", "order"] as const;
    const sources = ["direct", "instagram", "google", "qr"];
    const events: StatsEvent[] = [];
    for (let i = 0; i < 3000; i++) {
      const store = random(2) === 0 ? "cuentas-a" : "cuentas-b";
      const at = start + random(3 * 24) * HOUR + random(HOUR);
      const kind = kinds[random(kinds.length)] ?? "home";
      const productId = kind === "product" ? `100000${random(5)}` : "";
      if (random(10) === 0) {
        events.push({
          type: "cart",
          store,
          at,
          productId: `100000${random(5)}`,
          started: random(2) === 0,
          source: sources[random(4)] ?? "direct",
        });
        continue;
      }
      events.push({
        type: "view",
        store,
        at,
        kind,
        productId,
        source: sources[random(4)] ?? "direct",
        visitorKey: `v${random(40)}-${new Date(at).toISOString().slice(0, 10)}`,
        entrance: random(3) !== 0,
      });
    }
    // An event of a store that does not exist is dropped.
    events.push({
      type: "view",
      store: "no-existe",
      at: start,
      kind: "home",
      productId: "",
      source: "direct",
      visitorKey: "x",
      entrance: true,
    });
    for (let i = 0; i < events.length; ) {
      const size = 1 + random(700);
      await writeStatsEvents(s.db, events.slice(i, i + size), start);
      i += size;
    }
    // The raw count, the plain way: each event in its store's calendar day.
    const zones = new Map([
      ["cuentas-a", { id: a.store.id, timeZone: "America/Bogota" }],
      ["cuentas-b", { id: b.store.id, timeZone: "Europe/Madrid" }],
    ]);
    const day = (e: StatsEvent) => {
      const zone = zones.get(e.store)?.timeZone ?? "UTC";
      return new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(e.at);
    };
    const expected = new Map<string, { visits: number; visitors: Set<string>; carts: number }>();
    const views = new Map<string, { views: number; cartAdds: number }>();
    const firstSource = new Map<string, string>();
    for (const e of events) {
      const id = zones.get(e.store)?.id;
      if (!id) continue;
      const d = day(e);
      const count = (key: string, field: "views" | "cartAdds") => {
        const v = views.get(key) ?? { views: 0, cartAdds: 0 };
        v[field]++;
        views.set(key, v);
      };
      if (e.type === "view") {
        count(`${id}|${e.kind}|${d}|${e.productId}`, "views");
        // A product page also counts in the day's total and in the product's month.
        if (e.kind === "product") {
          count(`${id}|product_total|${d}|`, "views");
          count(`${id}|product_month|${d.slice(0, 7)}|${e.productId}`, "views");
        }
        if (!e.entrance) continue;
        const visitor = `${id}|${d}|${e.visitorKey}`;
        if (!firstSource.has(visitor)) firstSource.set(visitor, e.source);
        const row = expected.get(`${id}|${d}|${e.source}`) ?? { visits: 0, visitors: new Set(), carts: 0 };
        row.visits++;
        expected.set(`${id}|${d}|${e.source}`, row);
      } else {
        count(`${id}|product|${d}|${e.productId}`, "cartAdds");
        count(`${id}|product_month|${d.slice(0, 7)}|${e.productId}`, "cartAdds");
        if (!e.started) continue;
        const row = expected.get(`${id}|${d}|${e.source}`) ?? { visits: 0, visitors: new Set(), carts: 0 };
        row.carts++;
        expected.set(`${id}|${d}|${e.source}`, row);
      }
    }
    for (const [visitor, source] of firstSource) {
      const [id, d] = visitor.split("|");
      const row = expected.get(`${id}|${d}|${source}`) ?? { visits: 0, visitors: new Set(), carts: 0 };
      row.visitors.add(visitor);
      expected.set(`${id}|${d}|${source}`, row);
    }
    const stored = await s.db.select().from(storeVisitsDaily);
    expect(Object.fromEntries(stored.map((r) => [`${r.storeId}|${r.day}|${r.source}`, [r.visits, r.visitors, r.carts]]))).toEqual(
      Object.fromEntries([...expected].map(([k, v]) => [k, [v.visits, v.visitors.size, v.carts]])),
    );
    const storedViews = await s.db.select().from(storePageViewsDaily);
    expect(
      Object.fromEntries(storedViews.map((r) => [`${r.storeId}|${r.kind}|${r.day}|${r.productId}`, [r.views, r.cartAdds]])),
    ).toEqual(Object.fromEntries([...views].map(([k, v]) => [k, [v.views, v.cartAdds]])));
    // The same events rolled up in one go give the same rows.
    expect(rollUp(events, new Map([...zones].map(([k, v]) => [k, v]))).visits.length).toBe(stored.length);
  });
});

describe("the page's figures", () => {
  it("the period against the one before, each day's bar, orders by the store's day and source", async () => {
    const s = createTestServices();
    const { store } = await merchantWithStore(s, "standard", { url: "periodos", timeZone: "America/Bogota", currency: "COP" });
    const product = await insertProduct(s.db, { storeId: store.id, name: "Pan", price: 1000, stock: 50 }, s.clock.now());
    // Bogotá's 2026-03-10 and 2026-03-09 (UTC-5); 04:00 UTC on the 10th is still the 9th there.
    const at = (iso: string) => Date.parse(iso);
    const view = (iso: string, source: string, key: string): StatsEvent => ({
      type: "view",
      store: "periodos",
      at: at(iso),
      kind: "home",
      productId: "",
      source,
      visitorKey: key,
      entrance: true,
    });
    await writeStatsEvents(
      s.db,
      [
        view("2026-03-10T15:00:00Z", "instagram", "a"),
        view("2026-03-10T16:00:00Z", "instagram", "a"),
        view("2026-03-10T17:00:00Z", "google", "b"),
        view("2026-03-10T04:00:00Z", "direct", "c"),
      ],
      at("2026-03-10T17:00:00Z"),
    );
    const order = (key: string, iso: string, source: string | null) =>
      createSale(
        s.db,
        {
          ...newOrder({
            key,
            storeId: store.id,
            currency: "COP",
            buyerName: "Luis",
            lines: [{ productId: product.id, name: "Pan", imageKey: null, unitPrice: 1000, quantity: 3 }],
          }),
          source,
        },
        new Date(iso),
      );
    await order("p1", "2026-03-10T16:30:00Z", "instagram");
    await order("p2", "2026-03-10T04:30:00Z", null);
    const zone = { id: store.id, timeZone: "America/Bogota" };
    const today = await loadStatistics(s.db, zone, parsePeriod(new URLSearchParams({ periodo: "hoy" }), "2026-03-10"));
    expect(today.current).toMatchObject({
      visits: 3,
      visitors: 2,
      orders: 1,
      revenue: 3000,
      conversion: 0.5,
      averageTicket: 3000,
    });
    expect(today.previous).toMatchObject({ visits: 1, visitors: 1, orders: 1, revenue: 3000 });
    expect(today.changes).toEqual({ visits: 2, visitors: 1, orders: 0, revenue: 0 });
    expect(today.sources.map((r) => [r.source, r.visits, r.orders])).toEqual([
      ["instagram", 2, 1],
      ["google", 1, 0],
    ]);
    const week = await loadStatistics(s.db, zone, parsePeriod(new URLSearchParams({ periodo: "7" }), "2026-03-10"));
    expect(week.series.slice(-2)).toEqual([
      { bucket: "2026-03-09", visits: 1, orders: 1 },
      { bucket: "2026-03-10", visits: 3, orders: 1 },
    ]);
    expect(week.sources.find((r) => r.source === "unknown")).toMatchObject({ orders: 1, revenue: 3000 });
    const year = await loadStatistics(s.db, zone, parsePeriod(new URLSearchParams({ periodo: "12m" }), "2026-03-10"));
    expect(year.series.at(-1)).toEqual({ bucket: "2026-03", visits: 4, orders: 2 });
  });
});

describe("a shopper from Instagram who orders", () => {
  it("is a visit, a cart, an order and its revenue from Instagram; the order keeps its source", async () => {
    const s = createTestServices();
    const m = await signedInMerchant(s, "standard", { url: "desde-ig", name: "Desde IG", currency: "COP" });
    const product = await insertProduct(s.db, { storeId: m.store.id, name: "Taza", price: 2_500_000, stock: 10 }, s.clock.now());
    const settings = settingsOf(s);
    const buffer = new StatsBuffer();
    const record = (request: Request, response: Response) => {
      for (const e of statsEventsOf(request, response, settings, "unknown", s.clock.now().getTime())) buffer.push(e);
    };
    const landing = visit(`http://desde-ig.localhost:3999/Product/taza/${product.id}?ref=instagram`);
    record(landing, new Response("", { status: 200 }));
    await writeStatsEvents(s.db, buffer.take(), s.clock.now().getTime());

    // The cart starts from the visit's source (its row of today, read by the cart's own batch) and keeps it.
    const add = siteArgs(s, "desde-ig", "/Cart", {
      method: "POST",
      headers: { "User-Agent": PHONE, Referer: `http://localhost:3999/site/desde-ig/Product/taza/${product.id}` },
      body: new URLSearchParams({ intent: "add", productId: product.id, quantity: "2" }),
    });
    const added = (await cartAction(add as never)) as Response;
    expect(added.status).toBe(303);
    const cartCookie = (added.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    expect(cartCookie).toBe(`carrito=${product.id}:2|~instagram`);
    expect(cartAddsFromExchange(add.request, added, settings, 0)).toEqual([
      { type: "cart", store: "desde-ig", at: 0, productId: product.id, started: true, source: "instagram" },
    ]);
    record(add.request, added);
    record(
      visit("http://localhost:3999/site/desde-ig/Checkout", { Referer: "http://localhost:3999/site/desde-ig/Cart" }),
      new Response("", { status: 200 }),
    );
    await writeStatsEvents(s.db, buffer.take(), s.clock.now().getTime());

    const placed = (await checkoutAction(
      siteArgs(s, "desde-ig", "/Checkout", {
        method: "POST",
        cookie: cartCookie,
        headers: { "User-Agent": PHONE },
        body: checkoutForm([`${product.id}:2`], { shownSubtotal: "5000000", payment: "on_delivery", buyerPhone: "3001112233" }),
      }) as never,
    ).catch((thrown: unknown) => thrown)) as Response;
    expect(placed.status, JSON.stringify(placed)).toBe(303);
    const [sale] = await s.db
      .select({ source: sales.source, total: sales.total })
      .from(sales)
      .where(eq(sales.storeId, m.store.id));
    expect(sale).toEqual({ source: "instagram", total: 5_000_000 });

    const page = await workspaceRequest(s, {
      module: statisticsPage,
      cookie: m.cookie,
      method: "GET",
      path: `/Store/${m.store.id}/estadisticas?periodo=hoy`,
      params: { storeId: m.store.id },
    });
    expect(page.status).toBe(200);
    const { stats } = page.data as { stats: Awaited<ReturnType<typeof import("~/stats/statistics.server").loadStatistics>> };
    expect(stats.current).toMatchObject({
      visits: 1,
      visitors: 1,
      productViews: 1,
      carts: 1,
      checkouts: 1,
      orders: 1,
      paid: 0,
      revenue: 5_000_000,
    });
    expect(stats.current.conversion).toBe(1);
    expect(stats.sources).toEqual([{ source: "instagram", visits: 1, visitors: 1, carts: 1, orders: 1, revenue: 5_000_000 }]);
    expect(stats.topViewed).toEqual([{ productId: product.id, name: "Taza", views: 1, cartAdds: 1, cartRate: 1 }]);
    expect(stats.topUnits).toEqual([{ productId: product.id, name: "Taza", units: 2, revenue: 5_000_000 }]);
    // The 12 months read the products' monthly rows and the days' totals: the same figures.
    const year = await workspaceRequest(s, {
      module: statisticsPage,
      cookie: m.cookie,
      method: "GET",
      path: `/Store/${m.store.id}/estadisticas?periodo=12m`,
      params: { storeId: m.store.id },
    });
    const yearly = (year.data as typeof page.data & { stats: typeof stats }).stats;
    expect(yearly.current).toMatchObject({ visits: 1, productViews: 1, carts: 1, orders: 1, revenue: 5_000_000 });
    expect(yearly.topViewed).toEqual(stats.topViewed);
  });

  it("a product added on the store's own host is counted after the app read the request's body", async () => {
    const s = createTestServices();
    const post = new Request("http://mi-puesto.localhost:3999/Cart", {
      method: "POST",
      headers: { "User-Agent": PHONE, Host: "mi-puesto.localhost:3999", "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=add&productId=1234567",
    });
    await post.text();
    const answer = new Response(null, { status: 303, headers: { "Set-Cookie": "carrito=1234567:1|~tiktok; Path=/" } });
    expect(statsEventsOf(post, answer, settingsOf(s), IP, 5)).toEqual([
      { type: "cart", store: "mi-puesto", at: 5, productId: "1234567", started: true, source: "tiktok" },
    ]);
  });

  it("a cart started without a visit of today takes the ref of the page it was added from, else direct", async () => {
    const s = createTestServices();
    const { store } = await merchantWithStore(s, "standard", { url: "sin-visita" });
    const product = await insertProduct(s.db, { storeId: store.id, name: "Vaso", price: 1000, stock: 10 }, s.clock.now());
    const addFrom = async (referrer: string | null, cookie = "") => {
      const headers: Record<string, string> = { "User-Agent": PHONE };
      if (referrer) headers.Referer = referrer;
      const answer = (await cartAction(
        siteArgs(s, "sin-visita", "/Cart", {
          method: "POST",
          cookie,
          headers,
          body: new URLSearchParams({ intent: "add", productId: product.id }),
        }) as never,
      )) as Response;
      return (answer.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    };
    expect(await addFrom(`http://localhost:3999/site/sin-visita/Product/vaso/${product.id}?ref=tiktok`)).toBe(
      `carrito=${product.id}:1|~tiktok`,
    );
    expect(await addFrom(null)).toBe(`carrito=${product.id}:1|~direct`);
    // A cart that goes on keeps the source it started with.
    expect(await addFrom(`http://localhost:3999/site/sin-visita?ref=google`, `carrito=${product.id}:1|~tiktok`)).toBe(
      `carrito=${product.id}:2|~tiktok`,
    );
    expect(storePageOf("/site/sin-visita/Cart")?.kind).toBe("cart");
  });

  it("a cart added in the seconds before the visit is written takes the entrance's source this runtime still holds", async () => {
    const s = createTestServices();
    const { store } = await merchantWithStore(s, "standard", { url: "recien-llega" });
    const product = await insertProduct(s.db, { storeId: store.id, name: "Mate", price: 1000, stock: 10 }, s.clock.now());
    const buffer = new StatsBuffer();
    s.recentVisits = buffer;
    const at = s.clock.now().getTime();
    // Arrives on the home from Instagram, then moves to a product: both counted, neither written yet.
    // The cart action below runs without a client address ('unknown'), so the views are counted under the same.
    for (const request of [
      visit("http://localhost:3999/site/recien-llega?ref=instagram"),
      visit(`http://localhost:3999/site/recien-llega/Product/mate/${product.id}`, {
        Referer: "http://localhost:3999/site/recien-llega?ref=instagram",
      }),
    ])
      for (const event of statsEventsOf(request, new Response("ok"), settingsOf(s), "unknown", at)) buffer.push(event);
    const add = (headers: Record<string, string>) =>
      cartAction(
        siteArgs(s, "recien-llega", "/Cart", {
          method: "POST",
          headers: { Referer: `http://localhost:3999/site/recien-llega/Product/mate/${product.id}`, ...headers },
          body: new URLSearchParams({ intent: "add", productId: product.id }),
        }) as never,
      ) as Promise<Response>;
    const cookieOf = (answer: Response) => (answer.headers.get("Set-Cookie") ?? "").split(";")[0];
    expect(cookieOf(await add({ "User-Agent": PHONE }))).toBe(`carrito=${product.id}:1|~instagram`);
    // Another browser, or the same one in another store, holds no entrance here.
    expect(cookieOf(await add({ "User-Agent": `${PHONE} Edg/119` }))).toBe(`carrito=${product.id}:1|~direct`);
    // Taken by a write that has not finished: still held, until the write is done and the database answers.
    const taken = buffer.take();
    const key = taken[0]?.type === "view" ? taken[0].visitorKey : "";
    expect(buffer.sourceOf("recien-llega", key)).toBe("instagram");
    buffer.written();
    expect(buffer.sourceOf("recien-llega", key)).toBeNull();
  });
});
