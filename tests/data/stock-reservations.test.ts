// Stock reserved when an order is placed, given back when it is cancelled or its online payment lapses, taken
// when it is completed; codes returned on cancel; payments approved after a lapse; all under concurrency, against
// real libSQL files with one client per "process".
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createDiscountCode } from "~/discounts/discount-codes.server";
import { getSale, paidWithoutStockQuery } from "~/orders/order-queries.server";
import {
  CodeAlreadyUsedError,
  CodeExhaustedError,
  createSale,
  markPaid,
  OutOfStockError,
  releaseLapsedHolds,
  reserveAgain,
  reserveWaitingOrders,
} from "~/orders/order-records.server";
import { insertProduct, updateProduct } from "~/products/products.server";
import { action as checkoutAction } from "~/site/routes/checkout";
import { StoreError } from "~/workspace/action-results.server";
import { discountCodes, products, sales } from "../../db/schema";
import { merchantWithStore, TEST_ACTOR } from "../support/merchants";
import { cancelSale, confirmSale, newOrder } from "../support/orders";
import { createTestServices } from "../support/services";
import { shownAmounts } from "../support/shown-amounts";
import { siteArgs } from "../support/site-args";
import { anotherProcess, bagShop, saleOf, stockOf } from "./sales-fixtures";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

type S = ReturnType<typeof createTestServices>;
const MINUTE = 60_000;
const jitter = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 4));

const shop = bagShop;

/** One order of `quantity` of the product, as the checkout saves it (online: held for 30 minutes). */
const order = (
  s: S,
  storeId: string,
  productId: string,
  extra: Partial<Parameters<typeof newOrder>[0]> & { online?: boolean; quantity?: number } = {},
) => {
  const { online, quantity = 1, ...rest } = extra;
  return newOrder({
    key: `clave-${crypto.randomUUID()}`,
    storeId,
    currency: "USD",
    buyerName: "Lucía",
    lines: [{ productId, name: "Bolso tejido", imageKey: null, unitPrice: 2000, quantity }],
    ...(online ? { paymentMethod: "online" as const, holdUntil: new Date(s.clock.now().getTime() + 30 * MINUTE) } : {}),
    ...rest,
  });
};

describe("placing orders reserves stock", () => {
  it("20 concurrent checkouts for the last 3 units: exactly 3 orders, 17 shoppers told in Spanish", async () => {
    const s = createTestServices();
    await s.db.$client.execute("PRAGMA journal_mode = WAL");
    const { store, product } = await shop(s, "ultimas", 3);
    const clients = await Promise.all(Array.from({ length: 20 }, () => anotherProcess(s)));
    const started = performance.now();
    const answers = await Promise.all(
      clients.map((c, i) => {
        const form = new URLSearchParams({
          idempotencyKey: `clave-${crypto.randomUUID()}`,
          buyerName: `Cliente ${i}`,
          delivery: "pickup",
          ...shownAmounts({ subtotal: 2000 }),
        });
        form.append("line", `${product.id}:1`);
        return checkoutAction(siteArgs(c, "ultimas", "/Checkout", { method: "POST", body: form }) as never).catch(
          (thrown: unknown) => thrown,
        ) as Promise<{ status?: number; init?: { status?: number }; data?: { errors?: { form?: string } } }>;
      }),
    );
    const elapsed = performance.now() - started;
    const status = (a: (typeof answers)[number]) => a.init?.status ?? a.status ?? 200;
    expect(answers.filter((a) => status(a) === 303)).toHaveLength(3);
    const refused = answers.filter((a) => status(a) !== 303);
    expect(refused.map(status)).toEqual(Array(17).fill(409));
    for (const r of refused)
      expect(r.data?.errors?.form).toBe("Mientras hacías tu pedido se agotó “Bolso tejido”: quítalo de tu carrito para seguir");
    expect(await s.db.$count(sales, eq(sales.storeId, store.id))).toBe(3);
    expect(await stockOf(s, product.id)).toEqual({ stock: 3, reserved: 3 });
    console.info(`20 concurrent checkouts for 3 units: 3 orders, 17 refused, in ${Math.round(elapsed)} ms`);
    for (const c of clients) c.db.$client.close();
  });

  it("an order asking more than is available is refused whole; what others hold is not for sale", async () => {
    const s = createTestServices();
    const { store, product } = await shop(s, "reservas", 5);
    await createSale(s.db, order(s, store.id, product.id, { quantity: 4 }), s.clock.now());
    await expect(createSale(s.db, order(s, store.id, product.id, { quantity: 2 }), s.clock.now())).rejects.toThrow(
      OutOfStockError,
    );
    expect(await s.db.$count(sales, eq(sales.storeId, store.id))).toBe(1);
    expect(await stockOf(s, product.id)).toEqual({ stock: 5, reserved: 4 });
    await createSale(s.db, order(s, store.id, product.id, { quantity: 1 }), s.clock.now());
    expect(await stockOf(s, product.id)).toEqual({ stock: 5, reserved: 5 });
  });

  it("of a cancel racing 'Completar' on 10 orders, each ends one way: stock and reservations add up", async () => {
    const s = createTestServices();
    await s.db.$client.execute("PRAGMA journal_mode = WAL");
    const { store, product } = await shop(s, "carrera", 20);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++)
      ids.push((await createSale(s.db, order(s, store.id, product.id, { quantity: 2 }), s.clock.now())).saleId);
    const clients = await Promise.all(Array.from({ length: 20 }, () => anotherProcess(s)));
    const results = await Promise.all(
      ids.flatMap((id, i) => [
        confirmSale(clients[2 * i] as S, TEST_ACTOR, store.id, id),
        cancelSale(clients[2 * i + 1] as S, TEST_ACTOR, store.id, id),
      ]),
    );
    let confirmed = 0;
    for (let i = 0; i < ids.length; i++) {
      const [confirm, cancel] = [results[2 * i], results[2 * i + 1]];
      expect(confirm?.ok !== cancel?.ok).toBe(true);
      const row = await saleOf(s, ids[i] ?? "");
      expect(row.state).toBe(confirm?.ok ? "Confirmada" : "Cancelada");
      expect(row.stockState).toBe(confirm?.ok ? "taken" : "released");
      if (confirm?.ok) confirmed++;
    }
    expect(await stockOf(s, product.id)).toEqual({ stock: 20 - 2 * confirmed, reserved: 0 });
    for (const c of clients) c.db.$client.close();
  });
});

describe("unpaid online orders lapse", () => {
  it("the upkeep releases an online order's units once its time passes; orders paid on delivery keep theirs", async () => {
    const s = createTestServices();
    const { store, product } = await shop(s, "lapsos", 3);
    const online = await createSale(s.db, order(s, store.id, product.id, { online: true }), s.clock.now());
    const atDoor = await createSale(s.db, order(s, store.id, product.id), s.clock.now());
    s.testClock.current = new Date(s.clock.now().getTime() + 29 * MINUTE);
    expect(await releaseLapsedHolds(s.db, s.clock.now())).toEqual([]);
    s.testClock.current = new Date(s.clock.now().getTime() + 2 * MINUTE);
    expect(await releaseLapsedHolds(s.db, s.clock.now())).toEqual([{ id: online.saleId, storeId: store.id }]);
    // Idempotent: a second run (or a second runtime's timer) finds nothing.
    expect(await releaseLapsedHolds(s.db, s.clock.now())).toEqual([]);
    expect(await saleOf(s, online.saleId)).toMatchObject({ state: "Pendiente", stockState: "released", reservedUntil: null });
    expect((await saleOf(s, atDoor.saleId)).stockState).toBe("held");
    expect(await stockOf(s, product.id)).toEqual({ stock: 3, reserved: 1 });

    // 'Pagar ahora' again: reserved for another hold while units remain.
    const sale = await getSale(s.db, store.id, online.saleId);
    if (!sale) throw new Error("no sale");
    expect(await reserveAgain(s.db, sale, new Date(s.clock.now().getTime() + 30 * MINUTE))).toBe(true);
    expect(await reserveAgain(s.db, sale, new Date(s.clock.now().getTime() + 30 * MINUTE))).toBe(false);
    expect(await stockOf(s, product.id)).toEqual({ stock: 3, reserved: 2 });
  });

  it("a payment approved after the lapse reserves again, or says 'sin stock' when another order took the units", async () => {
    const s = createTestServices();
    const { store, product } = await shop(s, "aprobados", 1);
    const first = await createSale(s.db, order(s, store.id, product.id, { online: true }), s.clock.now());
    s.testClock.current = new Date(s.clock.now().getTime() + 31 * MINUTE);
    await releaseLapsedHolds(s.db, s.clock.now());
    const sale = await getSale(s.db, store.id, first.saleId);
    if (!sale) throw new Error("no sale");
    expect(await markPaid(s.db, sale, "pago-1", s.clock.now())).toBe("applied");
    expect(await saleOf(s, first.saleId)).toMatchObject({ paymentStatus: "approved", stockState: "held" });
    expect(await markPaid(s.db, sale, "pago-1", s.clock.now())).toBe("already_applied");
    expect(await stockOf(s, product.id)).toEqual({ stock: 1, reserved: 1 });

    // A second online order lapses and its unit goes to an order paid on delivery; then its payment arrives.
    await s.db.update(products).set({ stock: 2 }).where(eq(products.id, product.id));
    const second = await createSale(s.db, order(s, store.id, product.id, { online: true }), s.clock.now());
    s.testClock.current = new Date(s.clock.now().getTime() + 31 * MINUTE);
    await releaseLapsedHolds(s.db, s.clock.now());
    await createSale(s.db, order(s, store.id, product.id), s.clock.now());
    const late = await getSale(s.db, store.id, second.saleId);
    if (!late) throw new Error("no sale");
    expect(await markPaid(s.db, late, "pago-2", s.clock.now())).toBe("applied_short");
    expect(await saleOf(s, second.saleId)).toMatchObject({ paymentStatus: "approved", stockState: "short" });
    expect(await stockOf(s, product.id)).toEqual({ stock: 2, reserved: 2 });
    expect((await paidWithoutStockQuery(s.db, store.id)).map((r) => r.id)).toEqual([second.saleId]);
    // 'Completar' of a paid order without stock is refused with the product's name until stock comes in.
    expect(await confirmSale(s, TEST_ACTOR, store.id, second.saleId)).toEqual({
      ok: false,
      reason: "no_stock",
      productName: "Bolso tejido",
    });
    // Nor can it be cancelled without its refund.
    expect(await cancelSale(s, TEST_ACTOR, store.id, second.saleId)).toEqual({ ok: false, reason: "paid" });
  });

  it("a payment of an order cancelled while the buyer was paying is recorded, its stock left alone", async () => {
    const s = createTestServices();
    const { store, product } = await shop(s, "cerrados", 2);
    const placed = await createSale(s.db, order(s, store.id, product.id, { online: true }), s.clock.now());
    expect(await cancelSale(s, TEST_ACTOR, store.id, placed.saleId)).toEqual({ ok: true, state: "Cancelada" });
    const sale = await getSale(s.db, store.id, placed.saleId);
    if (!sale) throw new Error("no sale");
    expect(await markPaid(s.db, sale, "pago-tarde", s.clock.now())).toBe("applied_closed");
    expect(await saleOf(s, placed.saleId)).toMatchObject({
      state: "Cancelada",
      stockState: "released",
      paymentStatus: "approved",
    });
    expect(await stockOf(s, product.id)).toEqual({ stock: 2, reserved: 0 });
    expect(await markPaid(s.db, sale, "pago-tarde", s.clock.now())).toBe("already_applied");
  });

  it("expiry racing an approval and a new shopper, 10 times over: one outcome each, never oversold", async () => {
    const s = createTestServices();
    await s.db.$client.execute("PRAGMA journal_mode = WAL");
    const { store } = await merchantWithStore(s, "standard", { url: "carreras", currency: "USD", saleNumber: "573001112233" });
    const [upkeep, payments, shopper] = await Promise.all([anotherProcess(s), anotherProcess(s), anotherProcess(s)]);
    const outcomes = new Map<string, number>();
    for (let round = 0; round < 10; round++) {
      const product = await insertProduct(
        s.db,
        { storeId: store.id, name: `Último ${round}`, price: 2000, stock: 1 },
        s.clock.now(),
      );
      const placed = await createSale(s.db, order(s, store.id, product.id, { online: true }), s.clock.now());
      s.testClock.current = new Date(s.clock.now().getTime() + 31 * MINUTE);
      const sale = await getSale(s.db, store.id, placed.saleId);
      if (!sale) throw new Error("no sale");
      // Each starts after a random few milliseconds, so the rounds see different interleavings.
      const [, paid, other] = await Promise.all([
        jitter().then(() => releaseLapsedHolds(upkeep.db, s.clock.now())),
        jitter().then(() => markPaid(payments.db, sale, `pago-${round}`, s.clock.now())),
        jitter()
          .then(() => createSale(shopper.db, order(s, store.id, product.id), s.clock.now()))
          .then(
            () => "placed",
            (error: unknown) => (error instanceof OutOfStockError ? "refused" : Promise.reject(error)),
          ),
      ]);
      const row = await saleOf(s, placed.saleId);
      expect(row.paymentStatus).toBe("approved");
      // Either the paid order holds the unit and the new shopper was refused, or the shopper got it and the paid
      // order says it has none: never both, never a unit reserved twice.
      expect([row.stockState, other]).toEqual(other === "placed" ? ["short", "placed"] : ["held", "refused"]);
      expect(paid).toBe(other === "placed" ? "applied_short" : "applied");
      expect(await stockOf(s, product.id)).toEqual({ stock: 1, reserved: 1 });
      const key = `${row.stockState}/${other}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    }
    console.info(`expiry vs approval vs new order, 10 rounds: ${JSON.stringify(Object.fromEntries(outcomes))}`);
    for (const c of [upkeep, payments, shopper]) c.db.$client.close();
  });

  it("orders placed before reservations are reserved oldest first; the ones stock cannot cover say so", async () => {
    const s = createTestServices();
    const { store, product } = await shop(s, "antiguas", 3);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await createSale(s.db, order(s, store.id, product.id), new Date(s.clock.now().getTime() + i))).saleId);
    }
    // As the migration leaves them: pending, holding nothing.
    await s.db.update(sales).set({ stockState: "unreserved" }).where(eq(sales.storeId, store.id));
    await s.db.update(products).set({ reserved: 0, stock: 2 }).where(eq(products.id, product.id));
    expect(await reserveWaitingOrders(s.db)).toBe(3);
    expect(await reserveWaitingOrders(s.db)).toBe(0);
    const states = await Promise.all(ids.map(async (id) => (await saleOf(s, id)).stockState));
    expect(states).toEqual(["held", "held", "short"]);
    expect(await stockOf(s, product.id)).toEqual({ stock: 2, reserved: 2 });
  });
});

describe("the merchant's stock and what orders hold", () => {
  it("an edit cannot set the stock below what pending orders hold; the form says how many are reserved", async () => {
    const s = createTestServices();
    const { store, product } = await shop(s, "editar", 5);
    await createSale(s.db, order(s, store.id, product.id, { quantity: 3 }), s.clock.now());
    const row = await s.db.query.products.findFirst({ where: eq(products.id, product.id) });
    if (!row) throw new Error("no product");
    const input = { name: row.name, price: row.price, compareAtPrice: null, description: "", category: 0, published: true };
    const refused = await updateProduct(
      s.db,
      TEST_ACTOR,
      { product: row, variantsBefore: [] },
      { ...input, stock: 2 },
      null,
      s.clock.now(),
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StoreError);
    expect(refused).toMatchObject({
      field: "stock",
      message:
        "Hay 3 unidades reservadas en pedidos pendientes: el stock no puede ser menor. Completa o cancela esos pedidos primero.",
    });
    expect(await stockOf(s, product.id)).toEqual({ stock: 5, reserved: 3 });
    await updateProduct(s.db, TEST_ACTOR, { product: row, variantsBefore: [] }, { ...input, stock: 3 }, null, s.clock.now());
    expect(await stockOf(s, product.id)).toEqual({ stock: 3, reserved: 3 });
  });
});

describe("discount codes given back on cancel", () => {
  const codeInput = (extra: { maxUses?: number | null; oncePerCustomer?: boolean } = {}) => ({
    code: "UNAVEZ",
    kind: "percent" as const,
    value: 10,
    minPurchase: null,
    startsOn: null,
    endsOn: null,
    maxUses: extra.maxUses ?? null,
    active: true,
    oncePerCustomer: extra.oncePerCustomer ?? false,
  });
  const usesOf = async (s: S, id: number) =>
    (await s.db.query.discountCodes.findFirst({ where: eq(discountCodes.id, id) }))?.uses;

  it("a code with 1 use: order, cancel, order again: the second order gets it; a double cancel returns it once", async () => {
    const s = createTestServices();
    await s.db.$client.execute("PRAGMA journal_mode = WAL");
    const { store, product } = await shop(s, "cupones", 10);
    const codeId = await createDiscountCode(s.db, TEST_ACTOR, store.id, codeInput({ maxUses: 1 }), s.clock.now());
    const withCode = { discountCode: { id: codeId, code: "UNAVEZ" } };
    const first = await createSale(s.db, order(s, store.id, product.id, withCode), s.clock.now());
    await expect(createSale(s.db, order(s, store.id, product.id, withCode), s.clock.now())).rejects.toThrow(CodeExhaustedError);
    expect(await usesOf(s, codeId)).toBe(1);

    const other = await anotherProcess(s);
    const cancels = await Promise.all([
      cancelSale(s, TEST_ACTOR, store.id, first.saleId),
      cancelSale(other, TEST_ACTOR, store.id, first.saleId),
    ]);
    expect(cancels.filter((c) => c.ok)).toHaveLength(1);
    expect(await usesOf(s, codeId)).toBe(0);
    expect((await saleOf(s, first.saleId)).codeReturned).toBe(true);

    const again = await createSale(s.db, order(s, store.id, product.id, withCode), s.clock.now());
    expect(again.created).toBe(true);
    expect(await usesOf(s, codeId)).toBe(1);
    // Completing keeps the use.
    expect(await confirmSale(s, TEST_ACTOR, store.id, again.saleId)).toEqual({ ok: true, state: "Confirmada" });
    expect(await usesOf(s, codeId)).toBe(1);
    other.db.$client.close();
  });

  it("'una vez por cliente': the same phone or email is refused a second order with the code, until the first is cancelled", async () => {
    const s = createTestServices();
    const { store, product } = await shop(s, "unavez", 10);
    const codeId = await createDiscountCode(s.db, TEST_ACTOR, store.id, codeInput({ oncePerCustomer: true }), s.clock.now());
    const withCode = (phone: string | null, email: string | null) => ({
      discountCode: { id: codeId, code: "UNAVEZ" },
      codeCustomer: { phone, email },
    });
    const first = await createSale(s.db, order(s, store.id, product.id, withCode("573001112233", null)), s.clock.now());
    await expect(
      createSale(s.db, order(s, store.id, product.id, withCode("573001112233", "otra@correo.test")), s.clock.now()),
    ).rejects.toThrow(CodeAlreadyUsedError);
    await createSale(s.db, order(s, store.id, product.id, withCode("573009998877", "ana@correo.test")), s.clock.now());
    await expect(
      createSale(s.db, order(s, store.id, product.id, withCode(null, "ana@correo.test")), s.clock.now()),
    ).rejects.toThrow(CodeAlreadyUsedError);
    // Nothing of the refused orders was kept: no sale, no use, no reservation.
    expect(await usesOf(s, codeId)).toBe(2);
    expect(await stockOf(s, product.id)).toEqual({ stock: 10, reserved: 2 });

    expect(await cancelSale(s, TEST_ACTOR, store.id, first.saleId)).toEqual({ ok: true, state: "Cancelada" });
    const again = await createSale(s.db, order(s, store.id, product.id, withCode("573001112233", null)), s.clock.now());
    expect(again.created).toBe(true);
    expect(await s.db.$count(sales, and(eq(sales.storeId, store.id), eq(sales.codeCustomerPhone, "573001112233")))).toBe(1);
  });
});
