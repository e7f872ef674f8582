// Database round trips per request, as the server counts them: public pages one; merchant pages that declare their
// reads one (the guard's batch carries them: decision 0069), the others at most two (the session with its store and
// plan limits, then the page's data). A database far away pays each.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffMember, testPasswordHash } from "../support/merchants";
import { FORM, type RunningServer, send, startServer } from "./server";

let server: RunningServer;
let base = "";
let cookie = "";
let storeId = "";

beforeAll(async () => {
  server = await startServer();
  base = `http://localhost:${server.port}`;
  const signIn = await fetch(`${base}/Auth`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "demo@vitrina.local", password: "vitrina-demo-2026", redirectTo: "/" }),
  });
  cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const dashboard = await (await fetch(`${base}/`, { headers: { cookie } })).text();
  storeId = dashboard.match(/\/Store\/(\d{10})\//)?.[1] ?? "";
}, 90_000);
afterAll(() => server?.stop());

const BROWSER = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0 Mobile Safari/537.36";

async function roundTrips(path: string, headers: Record<string, string> = {}): Promise<{ status: number; trips: number }> {
  const reply = await fetch(`${base}${path}`, { headers, redirect: "manual" });
  await reply.arrayBuffer();
  return { status: reply.status, trips: Number(reply.headers.get("x-vitrina-db-round-trips")) };
}

describe("database round trips per route", () => {
  it("every public page of the demo store is one round trip", async () => {
    const home = await (await fetch(`${base}/site/demo`)).text();
    const product = home.match(/href="(\/site\/demo\/Product\/[^"]+)"/)?.[1] ?? "";
    const productId = product.split("/").pop();
    expect(productId).toMatch(/^\d{7}$/);
    // The demo's gallery product: its 4 photos come in the same batch.
    const gallery = home.match(/href="(\/site\/demo\/Product\/taza-de-ceramica-artesanal\/\d{7})"/)?.[1] ?? "";
    expect(gallery).not.toBe("");
    const cart = { cookie: `carrito=${productId}:2` };
    const withCode = { cookie: `carrito=${productId}:2; codigo=BIENVENIDA` };
    // A sale of the demo store, to open its order page by its link.
    const token = "ficha-de-prueba-0123456789abcdef";
    await server.db().execute({
      sql: `insert into sales (id, store_id, total, subtotal, currency, buyer_name, delivery, access_token, created_at)
            select '9876543210', id, 650, 650, currency, 'Ana', 'pickup', ?, ? from stores where url = 'demo'`,
      args: [token, Date.now()],
    });
    for (const [path, headers] of [
      ["/site/demo", {}],
      ["/site/demo/Store", {}],
      ["/site/demo/Store?pagina=3&categoria=1", {}],
      ["/site/demo/Search?q=taza", {}],
      [product, {}],
      [gallery, {}],
      ["/site/demo/Cart", cart],
      ["/site/demo/Cart", withCode],
      // 'Calcular envío' (?cp=): the zones are read in the page's own batch.
      [`${product}?cp=1425`, {}],
      ["/site/demo/Cart?cp=1425", cart],
      ["/site/demo/Checkout", cart],
      ["/site/demo/Checkout", withCode],
      [`/site/demo/Order/9876543210?t=${token}`, {}],
      ["/site/demo/sitemap.xml", {}],
      // The store's own pages ('Políticas'): their text is read in the same batch.
      ["/site/demo/cambios-y-devoluciones", {}],
      ["/site/demo/envios", {}],
      ["/site/demo/privacidad", {}],
      // A browser's visit is counted for the store statistics after the answer, off the request's round trips.
      ["/site/demo?ref=instagram", { "User-Agent": BROWSER }],
    ] as const) {
      expect(await roundTrips(path, headers), path).toEqual({ status: 200, trips: 1 });
    }
    // A product added to a cart: the visitor's source is read in the cart's own batch.
    const added = await fetch(`${base}/site/demo/Cart`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded", "User-Agent": BROWSER },
      body: new URLSearchParams({ intent: "add", productId: String(productId) }),
    });
    await added.arrayBuffer();
    expect({ status: added.status, trips: Number(added.headers.get("x-vitrina-db-round-trips")) }).toEqual({
      status: 303,
      trips: 1,
    });
    // A discount link: its 303 reads the store, the cart, the code and the guessing counters in one batch; the page it
    // lands on, showing what the code did, is one as well.
    const link = await fetch(`${base}/site/demo/Store?codigo=bienvenida&ref=instagram`, { redirect: "manual" });
    await link.arrayBuffer();
    expect([link.status, link.headers.get("location"), link.headers.get("x-vitrina-db-round-trips")]).toEqual([
      303,
      "/site/demo/Store?ref=instagram",
      "1",
    ]);
    const notice = link.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(notice).toContain("codigo=BIENVENIDA");
    expect(await roundTrips("/site/demo/Store?ref=instagram", { cookie: notice })).toEqual({ status: 200, trips: 1 });
    // The same on the store's own host, whose request the app reads through a routed copy: counted, and the server stays up.
    const host = `demo.localhost:${server.port}`;
    const onHost = await send(server, "/Cart", {
      headers: { ...FORM, Host: host, Origin: `http://${host}`, "User-Agent": BROWSER },
      body: new URLSearchParams({ intent: "add", productId: String(productId) }).toString(),
    });
    expect([onHost.status, onHost.headers["x-vitrina-db-round-trips"]]).toEqual([303, "1"]);
    await new Promise((wait) => setTimeout(wait, 100));
    expect((await send(server, "/healthz")).status).toBe(200);
  });

  it("every merchant page is at most two: the session (with the store and plan), then the page", async () => {
    expect(storeId).toMatch(/^\d{10}$/);
    const auth = { cookie };
    const products = await (await fetch(`${base}/Store/${storeId}/products`, { headers: auth })).text();
    const productId = products.match(new RegExp(`/Store/${storeId}/products/(\\d{7})`))?.[1];
    const created = await fetch(`${base}/Store/${storeId}/sections`, {
      method: "POST",
      redirect: "manual",
      headers: { ...auth, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "section-create", title: "Novedades" }),
    });
    await created.arrayBuffer();
    // An action and the page's loaders after it: the guard's trip, the write, the page.
    expect(Number(created.headers.get("x-vitrina-db-round-trips"))).toBeLessThanOrEqual(3);
    const sectionList = await (await fetch(`${base}/Store/${storeId}/sections`, { headers: auth })).text();
    const sectionId = sectionList.match(new RegExp(`/Store/${storeId}/section/(\\d{7})`))?.[1];
    expect(productId).toBeDefined();
    expect(sectionId).toBeDefined();
    const pages = [
      "/",
      `/Store/${storeId}/products`,
      `/Store/${storeId}/products?q=taza`,
      `/Store/${storeId}/products.data`,
      `/Store/${storeId}/products/new`,
      `/Store/${storeId}/products/import`,
      `/Store/${storeId}/products/${productId}`,
      `/Store/${storeId}/products/${productId}/photos`,
      `/Store/${storeId}/info`,
      `/Store/${storeId}/brand`,
      `/Store/${storeId}/sections`,
      `/Store/${storeId}/delivery`,
      `/Store/${storeId}/look`,
      `/Store/${storeId}/qr/cartel`,
      `/Store/${storeId}/section/${sectionId}`,
      `/Store/${storeId}/sales`,
      `/Store/${storeId}/sales?view=today`,
      `/Store/${storeId}/estadisticas`,
      `/Store/${storeId}/estadisticas?periodo=12m`,
      `/Store/${storeId}/equipo`,
      `/Store/${storeId}/actividad`,
      `/Store/${storeId}/actividad?tipo=price`,
    ];
    const counts: Record<string, number> = {};
    for (const path of pages) {
      const { status, trips } = await roundTrips(path, auth);
      expect(status, path).toBe(200);
      counts[path] = trips;
    }
    expect(Object.entries(counts).filter(([, trips]) => trips > 2)).toEqual([]);
  });

  it("the merchant pages that declare their reads are one: the guard's batch carries the page's", async () => {
    const auth = { cookie };
    const products = await (await fetch(`${base}/Store/${storeId}/products`, { headers: auth })).text();
    const productId = products.match(new RegExp(`/Store/${storeId}/products/(\\d{7})`))?.[1];
    const desk = await (await fetch(`${base}/Store/${storeId}/sales`, { headers: auth })).text();
    const saleId = desk.match(new RegExp(`/Store/${storeId}/sales/(\\d{10})`))?.[1];
    // A customer of the demo store, to open their page.
    const customer = await server.db().execute({
      sql: `insert into customers (store_id, name, phone, created_at, updated_at) values (?, 'Ana', '5491100000000', ?, ?)
            returning id`,
      args: [storeId, Date.now(), Date.now()],
    });
    const customerId = String(customer.rows[0]?.id);
    const sectionList = await (await fetch(`${base}/Store/${storeId}/sections`, { headers: auth })).text();
    const sectionId = sectionList.match(new RegExp(`/Store/${storeId}/section/(\\d{7})`))?.[1];
    const discounts = await (await fetch(`${base}/Store/${storeId}/discounts`, { headers: auth })).text();
    const codeId = discounts.match(new RegExp(`/Store/${storeId}/discounts/(\\d+)"`))?.[1];
    // A promotion of the demo store (it has none), to open its edit page.
    const promotion = await server.db().execute({
      sql: `insert into promotions (store_id, name, kind, scope, percent, created_at) values (?, 'Todo al 10 %', 'discount', 'store', 10, ?)
            returning id`,
      args: [storeId, Date.now()],
    });
    const promotionId = String(promotion.rows[0]?.id);
    // A payment of the demo merchant, to open its page (the provider's back URL).
    const paymentId = "5550001234";
    await server.db().execute({
      sql: `insert into payments (id, user_id, kind, title, amount, currency, provider, created_at)
            select ?, id, 'renewal', 'Plan', 100, 'USD', 'sandbox', ? from users where email = 'demo@vitrina.local'`,
      args: [paymentId, Date.now()],
    });
    expect(productId).toBeDefined();
    expect(saleId).toBeDefined();
    expect(customerId).toMatch(/^\d+$/);
    expect(sectionId).toBeDefined();
    expect(codeId).toBeDefined();
    const pages = [
      "/",
      `/Store/${storeId}/products`,
      `/Store/${storeId}/products?q=taza&estado=publicados`,
      `/Store/${storeId}/products.data`,
      `/Store/${storeId}/products/new`,
      `/Store/${storeId}/products/${productId}`,
      `/Store/${storeId}/products/${productId}.data`,
      // The catalog's first page (of 200 products, all the demo's) comes in the guard's batch.
      `/Store/${storeId}/products.csv`,
      `/Store/${storeId}/products/${productId}/photos`,
      `/Store/${storeId}/products/import`,
      `/Store/${storeId}/info`,
      `/Store/${storeId}/brand`,
      `/Store/${storeId}/sections`,
      `/Store/${storeId}/section/${sectionId}`,
      `/Store/${storeId}/delivery`,
      `/Store/${storeId}/politicas`,
      `/Store/${storeId}/dominio`,
      `/Store/${storeId}/payments`,
      `/Store/${storeId}/redes`,
      `/Store/${storeId}/conversiones`,
      `/Store/${storeId}/section/${sectionId}/new/product`,
      `/Store/${storeId}/section/${sectionId}/new/file`,
      `/Store/${storeId}/discounts`,
      `/Store/${storeId}/discounts/new`,
      `/Store/${storeId}/discounts/${codeId}`,
      `/Store/${storeId}/discounts/${codeId}.data`,
      `/Store/${storeId}/discounts/${codeId}/qr/png`,
      `/Store/${storeId}/promociones`,
      `/Store/${storeId}/promociones/nueva`,
      `/Store/${storeId}/promociones/${promotionId}`,
      `/Store/${storeId}/promociones/${promotionId}.data`,
      "/plans",
      "/newStore",
      "/newStore.data",
      // The account's pages read nothing but the guard's; a payment's page reads the user's payment in its batch.
      "/Account",
      "/buyStore",
      "/payment",
      `/paymentCompleted/${paymentId}`,
      `/Store/${storeId}/cobros`,
      `/Store/${storeId}/products/poco-stock`,
      `/Store/${storeId}/carritos`,
      `/Store/${storeId}/customers`,
      `/Store/${storeId}/customers/${customerId}`,
      `/Store/${storeId}/customers.csv`,
      `/Store/${storeId}/customers.csv?q=ana`,
      `/Store/${storeId}/equipo`,
      `/Store/${storeId}/actividad`,
      `/Store/${storeId}/actividad?tipo=price`,
      `/Store/${storeId}/actividad.data`,
      `/Store/${storeId}/actividad.csv`,
      `/Store/${storeId}/actividad.csv?tipo=price`,
      // 'Diseño', once its preview's secret exists (made on the first visit, a round trip of its own).
      `/Store/${storeId}/look`,
      `/Store/${storeId}/sales`,
      `/Store/${storeId}/sales?view=today`,
      `/Store/${storeId}/sales?q=ana`,
      `/Store/${storeId}/sales.data`,
      // The desk's sales as a spreadsheet, with their lines and progress; a search the country refuses answers 400.
      `/Store/${storeId}/sales.csv`,
      `/Store/${storeId}/sales.csv?view=today`,
      `/Store/${storeId}/sales.csv?q=ana`,
      // 'Armar pedido': its search and the items of its lines; packing slips of a sale.
      `/Store/${storeId}/sales/new`,
      `/Store/${storeId}/sales/new?q=taza`,
      `/Store/${storeId}/sales/new?q=taza&lineas=${productId}:2`,
      `/Store/${storeId}/sales/imprimir?sale=${saleId}`,
      // A sale open beside the desk: both routes' reads in the guard's batch.
      `/Store/${storeId}/sales/${saleId}`,
      `/Store/${storeId}/sales/${saleId}.data`,
      `/Store/${storeId}/estadisticas`,
      `/Store/${storeId}/estadisticas?periodo=12m`,
    ];
    // The sales desk, the statistics and the abandoned carts build their reads from the store's day: the first visit
    // (of any) learns it.
    await roundTrips(`/Store/${storeId}/sales`, auth);
    await roundTrips(`/Store/${storeId}/look`, auth);
    const counts: Record<string, number> = {};
    for (const path of pages) {
      const { status, trips } = await roundTrips(path, auth);
      expect(status, path).toBe(200);
      counts[path] = trips;
    }
    expect(counts).toEqual(Object.fromEntries(pages.map((path) => [path, 1])));
    // A sale without a transfer's receipt: its 404 in the same one trip.
    expect(await roundTrips(`/Store/${storeId}/sales/${saleId}/receipt`, auth)).toEqual({ status: 404, trips: 1 });
    // A search with nothing to look up in it: refused as before, in the same one trip.
    expect(await roundTrips(`/Store/${storeId}/sales.csv?q=ab`, auth)).toEqual({ status: 400, trips: 1 });
  });

  it("a member of the store's team is the same one or two, and a section their role lacks is refused (403) in the guard's one", async () => {
    const password = "clave-del-equipo";
    const email = `ventas-${Date.now()}@equipo.test`;
    await staffMember(server.db(), storeId, "sales", { email, passwordHash: await testPasswordHash(password) });
    const signIn = await fetch(`${base}/Auth`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password, redirectTo: "/" }),
    });
    const member = {
      cookie: signIn.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    };
    for (const path of ["/", `/Store/${storeId}/sales`, `/Store/${storeId}/sales.data`, `/Store/${storeId}/customers`])
      expect(await roundTrips(path, member), path).toEqual({ status: 200, trips: 1 });
    for (const path of [`/Store/${storeId}/customers.csv`, `/Store/${storeId}/sales.csv`, `/Store/${storeId}/sales/new?q=taza`])
      expect(await roundTrips(path, member), path).toEqual({ status: 200, trips: 1 });
    expect(await roundTrips(`/Store/${storeId}/products`, member)).toEqual({ status: 403, trips: 1 });
  });

  it("another merchant's store id, or a payment not the user's, costs the same one round trip and answers 404", async () => {
    expect(await roundTrips("/Store/1234567890/products", { cookie })).toEqual({ status: 404, trips: 1 });
    expect(await roundTrips("/paymentCompleted/1234567890", { cookie })).toEqual({ status: 404, trips: 1 });
  });
});

describe("simulated distance (DB_RTT_MS)", () => {
  it("each round trip waits the configured time before the first byte", async () => {
    const far = await startServer({ DB_RTT_MS: "150" });
    try {
      const url = `http://localhost:${far.port}/site/demo`;
      await (await fetch(url)).arrayBuffer();
      const start = performance.now();
      const reply = await fetch(url);
      const firstByte = performance.now() - start;
      await reply.arrayBuffer();
      expect(reply.headers.get("x-vitrina-db-round-trips")).toBe("1");
      expect(firstByte).toBeGreaterThanOrEqual(150);
    } finally {
      await far.stop();
    }
  }, 90_000);
});
