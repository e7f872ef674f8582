import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createSale } from "~/orders/order-records.server";
import { insertProduct } from "~/products/products.server";
import { productListQuery } from "~/site/queries.server";
import { loader as orderPageLoader } from "~/site/routes/order-page";
import { loadSitePage } from "~/site/site.server";
import { idempotencyKeys, saleLines, sales, storeSlugHistory } from "../../db/schema";
import { merchantWithStore, TEST_ACTOR, testPasswordHash } from "../support/merchants";
import { confirmSale, newOrder } from "../support/orders";
import { createTestServices } from "../support/services";
import { siteArgs } from "../support/site-args";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

const DAY = 24 * 60 * 60 * 1000;

async function shop(s: ReturnType<typeof createTestServices>, url: string, billDueAt: Date | null = null) {
  const now = s.clock.now();
  const { id: userId, store } = await merchantWithStore(
    s,
    "standard",
    { name: url, url, currency: "COP", saleNumber: "573001112233" },
    {
      lastname: "Prueba",
      email: `${url}@correo.test`,
      passwordHash: await testPasswordHash("x-secreta-123"),
      trialStarted: billDueAt !== null,
      billTotal: 0,
      billDueAt,
    },
  );
  const names = ["Café de Colombia", "Arepa de maíz", "Panela orgánica", "Cafetera italiana"];
  const items = [];
  for (const [i, name] of names.entries()) {
    items.push(
      await insertProduct(
        s.db,
        { storeId: store.id, name, price: 1000 * (i + 1), stock: i + 1, category: i % 2 },
        new Date(now.getTime() + i * 1000),
      ),
    );
  }
  return { store, userId, items };
}

async function thrown(promise: Promise<unknown>): Promise<Response & { data?: unknown; init?: ResponseInit }> {
  try {
    await promise;
  } catch (error) {
    return error as never;
  }
  throw new Error("expected the loader to throw");
}

describe("public site loading", () => {
  it("resolves the store, the cart and the page queries in one round trip", async () => {
    const s = createTestServices();
    const { items } = await shop(s, "cafe-rico");
    const a = siteArgs(s, "cafe-rico", "/Store", { cookie: `carrito=${items[0]?.id}:5|${items[1]?.id}:1|9999999:1` });
    const before = s.roundTrips.count;
    const page = await loadSitePage(a, (storeId, db) => [productListQuery(db, storeId, { limit: 2 })]);
    expect(s.roundTrips.count - before).toBe(1);
    expect(page.store.name).toBe("cafe-rico");
    expect(page.page[0].map((p) => p.name)).toEqual(["Cafetera italiana", "Panela orgánica", "Arepa de maíz"]);
    // 5 of a product with stock 1 is clamped to 1, the unknown id is dropped.
    expect(page.site.cartCount).toBe(2);
    expect(page.site.basePath).toBe("/site/cafe-rico");
    expect(page.cache["Cache-Control"]).toMatch(/^private/);
    expect(page.cache.ETag).toMatch(/^W\/"/);
  });

  it("changes the ETag when the merchant edits the store or stock moves", async () => {
    const s = createTestServices();
    const { store, items } = await shop(s, "version");
    const etag = async () => (await loadSitePage(siteArgs(s, "version"), () => [])).cache.ETag;
    const first = await etag();
    expect(await etag()).toBe(first);
    await s.db.run(`update stores set updated_at = updated_at + 1 where id = '${store.id}'`);
    const second = await etag();
    expect(second).not.toBe(first);
    await s.db.run(`update products set stock = stock - 1 where id = '${items[3]?.id}'`);
    expect(await etag()).not.toBe(second);
  });

  it("answers 404 for unknown stores, 301 for old slugs (keeping the path) and 503 past the grace period", async () => {
    const s = createTestServices();
    const { store } = await shop(s, "nueva-tienda", new Date(s.clock.now().getTime() - 9 * DAY));
    const missing = await thrown(loadSitePage(siteArgs(s, "no-existe"), () => []));
    expect(missing.init?.status).toBe(404);

    await s.db.insert(storeSlugHistory).values({ slug: "vieja-tienda", storeId: store.id, replacedAt: s.clock.now() });
    const moved = await thrown(loadSitePage(siteArgs(s, "vieja-tienda", "/Store?pagina=2"), () => []));
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/site/nueva-tienda/Store?pagina=2");
    const movedHost = await thrown(loadSitePage(siteArgs(s, "vieja-tienda", "/Cart", { storeHost: "vieja-tienda" }), () => []));
    expect(movedHost.headers.get("Location")).toBe("http://nueva-tienda.localhost:3999/Cart");

    // 9 days overdue: still up. 11 days: 503 until paid.
    expect((await loadSitePage(siteArgs(s, "nueva-tienda"), () => [])).store.id).toBe(store.id);
    s.testClock.current = new Date(s.testClock.current.getTime() + 2 * DAY);
    const closed = await thrown(loadSitePage(siteArgs(s, "nueva-tienda"), () => []));
    expect(closed.init?.status).toBe(503);
  });
});

describe("sales from the checkout", () => {
  const order = (storeId: string, productId: string, key: string) =>
    newOrder({
      key,
      storeId,
      currency: "COP",
      buyerName: "Lucía",
      buyerPhone: null,
      delivery: "delivery" as const,
      address: "Calle 1",
      note: null,
      lines: [{ productId, name: "Café de Colombia", imageKey: null, unitPrice: 1000, quantity: 2 }],
    });

  it("saves the sale 'Pendiente' with its lines, once per idempotency key, even when submits race", async () => {
    const s = createTestServices();
    const { store, items } = await shop(s, "pedidos");
    // Stock 4: the order of each of the two keys reserves 2.
    const id = items[3]?.id as string;
    const key = "k".repeat(24);
    const results = await Promise.all([
      createSale(s.db, order(store.id, id, key), s.clock.now()),
      createSale(s.db, order(store.id, id, key), s.clock.now()),
      createSale(s.db, order(store.id, id, key), s.clock.now()),
    ]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.saleId)).size).toBe(1);
    const saved = await s.db.select().from(sales).where(eq(sales.storeId, store.id));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      state: "Pendiente",
      total: 2000,
      currency: "COP",
      buyerName: "Lucía",
      delivery: "delivery",
      address: "Calle 1",
    });
    expect(saved[0]?.id).toMatch(/^\d{10}$/);
    const lines = await s.db
      .select()
      .from(saleLines)
      .where(eq(saleLines.saleId, saved[0]?.id as string));
    expect(lines).toMatchObject([{ position: 0, productId: id, unitPrice: 1000, quantity: 2 }]);
    expect(await s.db.select().from(idempotencyKeys)).toHaveLength(1);

    const other = await createSale(s.db, order(store.id, id, "z".repeat(24)), s.clock.now());
    expect(other.created).toBe(true);
    expect(other.saleId).not.toBe(saved[0]?.id);
  });
});

describe("the order page's WhatsApp button", () => {
  it("leads back to WhatsApp only for an order the checkout sent there, never for one paid online or by transfer", async () => {
    const s = createTestServices();
    const { store, items } = await shop(s, "volver");
    const productId = items[3]?.id as string;
    const place = (paymentMethod: "on_delivery" | "online" | "transfer") =>
      createSale(
        s.db,
        newOrder({
          key: `clave-${paymentMethod}-${"k".repeat(16)}`,
          storeId: store.id,
          currency: "COP",
          buyerName: "Lucía",
          paymentMethod,
          lines: [{ productId, name: "Cafetera italiana", imageKey: null, unitPrice: 4000, quantity: 1 }],
        }),
        s.clock.now(),
      );
    const button = async (sale: { saleId: string; accessToken: string }) => {
      const page = await orderPageLoader(
        siteArgs(s, "volver", `/Order/${sale.saleId}?t=${sale.accessToken}`, { params: { code: sale.saleId } }) as never,
      );
      return (page as unknown as { data: { whatsapp: { label: string } | null } }).data.whatsapp?.label ?? null;
    };
    expect(await button(await place("on_delivery"))).toBe("Volver a WhatsApp");
    expect(await button(await place("online"))).toBeNull();
    // By transfer, the page sends the order while it shows where to transfer; once completed, it offers nothing.
    const transfer = await place("transfer");
    expect(await button(transfer)).toBe("Enviar pedido por WhatsApp");
    expect((await confirmSale(s, TEST_ACTOR, store.id, transfer.saleId)).ok).toBe(true);
    expect(await button(transfer)).toBeNull();
  });
});

describe("the order page's notices", () => {
  it("shows only its own: an 'aviso' named like an object's built-ins shows none", async () => {
    const s = createTestServices();
    const { store, items } = await shop(s, "avisos");
    const sale = await createSale(
      s.db,
      newOrder({
        key: `clave-avisos-${"k".repeat(16)}`,
        storeId: store.id,
        currency: "COP",
        buyerName: "Lucía",
        lines: [{ productId: items[0]?.id as string, name: "Café de Colombia", imageKey: null, unitPrice: 1000, quantity: 1 }],
      }),
      s.clock.now(),
    );
    const notice = async (aviso: string) => {
      const path = `/Order/${sale.saleId}?t=${sale.accessToken}&aviso=${aviso}`;
      const page = await orderPageLoader(siteArgs(s, "avisos", path, { params: { code: sale.saleId } }) as never);
      return (page as unknown as { data: { notice: unknown } }).data.notice;
    };
    for (const aviso of ["__proto__", "constructor", "toString", "hasOwnProperty"]) expect(await notice(aviso), aviso).toBeNull();
    expect(await notice("agotado")).toEqual({ text: expect.stringMatching(/\S/) });
  });
});
