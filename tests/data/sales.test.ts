import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getSale, listSalesWithLines } from "~/orders/order-queries.server";
import { products, sales } from "../../db/schema";
import { TEST_ACTOR } from "../support/merchants";
import { cancelSale, confirmSale, listSales } from "../support/orders";
import { createTestServices } from "../support/services";
import {
  anotherProcess,
  confirmInAnotherProcess,
  insertSale,
  merchantWithStore,
  product,
  type TestServices,
} from "./sales-fixtures";

const stockOf = async (s: TestServices, id: string) =>
  (await s.db.query.products.findFirst({ where: eq(products.id, id) }))?.stock;
const stockAndReserved = async (s: TestServices, id: string) => {
  const row = await s.db.query.products.findFirst({ where: eq(products.id, id) });
  return { stock: row?.stock, reserved: row?.reserved };
};
const stateOf = async (s: TestServices, id: string) => (await s.db.query.sales.findFirst({ where: eq(sales.id, id) }))?.state;

describe("confirming a sale", () => {
  // Orders placed before reservations ('unreserved') still compete for stock when confirmed.
  it("20 concurrent confirmations of two unreserved sales competing for the last unit: exactly one succeeds, stock ends at 0", async () => {
    const s = createTestServices();
    await s.db.$client.execute("PRAGMA journal_mode = WAL");
    const { store } = await merchantWithStore(s);
    const last = await product(s, store.id, "Bolso tejido", 1);
    const other = await product(s, store.id, "Taza", 50);
    const a = await insertSale(s, {
      storeId: store.id,
      stockState: "unreserved",
      lines: [
        { productId: last.id, name: "Bolso tejido", quantity: 1 },
        { productId: other.id, name: "Taza", quantity: 2 },
      ],
    });
    const b = await insertSale(s, {
      storeId: store.id,
      stockState: "unreserved",
      lines: [{ productId: last.id, name: "Bolso tejido", quantity: 1 }],
    });
    // Each confirmation comes through its own client (own connections), as from separate processes.
    let writeTransactions = 0;
    const clients = await Promise.all(
      Array.from({ length: 20 }, () =>
        anotherProcess(s, async () => {
          writeTransactions++;
        }),
      ),
    );

    // Watch the stock while they run: it must never be read below zero.
    const seen: number[] = [];
    let running = true;
    const watcher = (async () => {
      while (running) {
        seen.push((await stockOf(s, last.id)) ?? Number.NaN);
        await new Promise((r) => setImmediate(r));
      }
    })();
    const results = await Promise.all(clients.map((c, i) => confirmSale(c, TEST_ACTOR, store.id, i % 2 === 0 ? a : b)));
    running = false;
    await watcher;

    expect(results.filter((r) => r.ok)).toHaveLength(1);
    // They really competed: all 20 read the sale as pending with stock 1 and went to the database to write.
    expect(writeTransactions).toBeGreaterThanOrEqual(20);
    const winner = results.findIndex((r) => r.ok) % 2 === 0 ? a : b;
    const loser = winner === a ? b : a;
    expect(await stateOf(s, winner)).toBe("Confirmada");
    expect(await stateOf(s, loser)).toBe("Pendiente");
    // The other confirmations of the winner find it already confirmed; the loser's lack stock.
    for (const [i, r] of results.entries()) {
      if (r.ok) continue;
      if ((i % 2 === 0 ? a : b) === winner) expect(r).toEqual({ ok: false, reason: "not_pending", state: "Confirmada" });
      else expect(r).toEqual({ ok: false, reason: "no_stock", productName: "Bolso tejido" });
    }
    expect(await stockOf(s, last.id)).toBe(0);
    expect(await stockOf(s, other.id)).toBe(winner === a ? 48 : 50);
    expect(seen.length).toBeGreaterThan(0);
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(0);
    for (const c of clients) c.db.$client.close();
  });

  it("the same race as 20 confirmations from 4 separate processes sharing the database file (real lock contention)", async () => {
    const s = createTestServices();
    await s.db.$client.execute("PRAGMA journal_mode = WAL");
    const { store } = await merchantWithStore(s);
    const last = await product(s, store.id, "Bolso tejido", 1);
    const unreserved = { storeId: store.id, stockState: "unreserved" as const };
    const a = await insertSale(s, { ...unreserved, lines: [{ productId: last.id, name: "Bolso tejido", quantity: 1 }] });
    const b = await insertSale(s, { ...unreserved, lines: [{ productId: last.id, name: "Bolso tejido", quantity: 1 }] });
    // Each process confirms both sales 5 times over, all at once, once every process is ready.
    const processes = Array.from({ length: 4 }, () =>
      confirmInAnotherProcess(
        s.dbPath,
        store.id,
        Array.from({ length: 5 }, (_, i) => (i % 2 === 0 ? a : b)),
      ),
    );
    await Promise.all(processes.map((p) => p.ready));
    const results = (await Promise.all(processes.map((p) => p.go()))).flat();

    expect(results).toHaveLength(20);
    expect(results.filter((r) => "error" in r)).toEqual([]);
    expect(results.filter((r) => "ok" in r && r.ok)).toHaveLength(1);
    expect(await stockOf(s, last.id)).toBe(0);
    expect([await stateOf(s, a), await stateOf(s, b)].sort()).toEqual(["Confirmada", "Pendiente"]);
  }, 60_000);

  it("confirming the same sale twice takes stock once", async () => {
    const s = createTestServices();
    const { store } = await merchantWithStore(s);
    const p = await product(s, store.id, "Café 500 g", 10);
    const id = await insertSale(s, {
      storeId: store.id,
      lines: [
        { productId: p.id, name: "Café 500 g", quantity: 3 },
        { productId: p.id, name: "Café 500 g", quantity: 1 },
      ],
    });
    const second = await anotherProcess(s);
    const [one, two] = await Promise.all([
      confirmSale(s, TEST_ACTOR, store.id, id),
      confirmSale(second, TEST_ACTOR, store.id, id),
    ]);
    expect([one.ok, two.ok].sort()).toEqual([false, true]);
    expect(await confirmSale(s, TEST_ACTOR, store.id, id)).toEqual({ ok: false, reason: "not_pending", state: "Confirmada" });
    expect(await stockOf(s, p.id)).toBe(6);
    const sale = await s.db.query.sales.findFirst({ where: eq(sales.id, id) });
    expect(sale?.closedAt?.getTime()).toBe(s.testClock.now().getTime());
  });

  it("blocks the confirmation of an unreserved sale with the product's name when stock is short, and changes nothing", async () => {
    const s = createTestServices();
    const { store } = await merchantWithStore(s);
    const plenty = await product(s, store.id, "Balón", 9);
    const few = await product(s, store.id, "Suculenta", 1);
    const id = await insertSale(s, {
      storeId: store.id,
      stockState: "unreserved",
      lines: [
        { productId: plenty.id, name: "Balón", quantity: 2 },
        { productId: few.id, name: "Suculenta", quantity: 2 },
      ],
    });
    expect(await confirmSale(s, TEST_ACTOR, store.id, id)).toEqual({ ok: false, reason: "no_stock", productName: "Suculenta" });
    expect(await stockOf(s, plenty.id)).toBe(9);
    expect(await stockOf(s, few.id)).toBe(1);
    expect(await stateOf(s, id)).toBe("Pendiente");
  });

  it("rolls everything back when stock goes short after the check (the database CHECK decides)", async () => {
    const s = createTestServices();
    const { store } = await merchantWithStore(s);
    const first = await product(s, store.id, "Botella", 5);
    const scarce = await product(s, store.id, "Mochila", 1);
    const id = await insertSale(s, {
      storeId: store.id,
      stockState: "unreserved",
      lines: [
        { productId: first.id, name: "Botella", quantity: 1 },
        { productId: scarce.id, name: "Mochila", quantity: 1 },
      ],
    });
    // Another process sells the last 'Mochila' after this one checked the stock, just before it writes.
    const racing = await anotherProcess(s, async (count) => {
      if (count === 1) await s.db.update(products).set({ stock: 0 }).where(eq(products.id, scarce.id));
    });
    expect(await confirmSale(racing, TEST_ACTOR, store.id, id)).toEqual({
      ok: false,
      reason: "no_stock",
      productName: "Mochila",
    });
    expect(await stockOf(s, scarce.id)).toBe(0);
    expect(await stockOf(s, first.id)).toBe(5);
    expect(await stateOf(s, id)).toBe("Pendiente");
  });

  it("skips lines whose product was deleted", async () => {
    const s = createTestServices();
    const { store } = await merchantWithStore(s);
    const kept = await product(s, store.id, "Taza", 4);
    const gone = await product(s, store.id, "Descontinuado", 5);
    const id = await insertSale(s, {
      storeId: store.id,
      lines: [
        { productId: kept.id, name: "Taza", quantity: 1 },
        { productId: gone.id, name: "Descontinuado", quantity: 5 },
      ],
    });
    await s.db.delete(products).where(eq(products.id, gone.id));
    expect((await getSale(s.db, store.id, id))?.lines.map((l) => l.productId)).toEqual([kept.id, null]);
    expect(await confirmSale(s, TEST_ACTOR, store.id, id)).toEqual({ ok: true, state: "Confirmada" });
    expect(await stockOf(s, kept.id)).toBe(3);
  });

  it("a sale of another store is not found and nothing changes", async () => {
    const s = createTestServices();
    const mine = await merchantWithStore(s);
    const theirs = await merchantWithStore(s);
    const p = await product(s, theirs.store.id, "Ajeno", 5);
    const id = await insertSale(s, { storeId: theirs.store.id, lines: [{ productId: p.id, name: "Ajeno", quantity: 1 }] });
    expect(await confirmSale(s, TEST_ACTOR, mine.store.id, id)).toEqual({ ok: false, reason: "not_found" });
    expect(await cancelSale(s, TEST_ACTOR, mine.store.id, id)).toEqual({ ok: false, reason: "not_found" });
    expect(await getSale(s.db, mine.store.id, id)).toBeUndefined();
    expect(await stockOf(s, p.id)).toBe(5);
    expect(await stateOf(s, id)).toBe("Pendiente");
  });
});

describe("cancelling a sale", () => {
  it("gives the reservation back and never takes stock; confirm after cancel and cancel after confirm are refused", async () => {
    const s = createTestServices();
    const { store } = await merchantWithStore(s);
    const p = await product(s, store.id, "Taza", 5);
    const cancelled = await insertSale(s, { storeId: store.id, lines: [{ productId: p.id, name: "Taza", quantity: 2 }] });
    const confirmed = await insertSale(s, { storeId: store.id, lines: [{ productId: p.id, name: "Taza", quantity: 1 }] });
    expect(await stockAndReserved(s, p.id)).toEqual({ stock: 5, reserved: 3 });

    expect(await cancelSale(s, TEST_ACTOR, store.id, cancelled)).toEqual({ ok: true, state: "Cancelada" });
    expect(await stockAndReserved(s, p.id)).toEqual({ stock: 5, reserved: 1 });
    expect(await confirmSale(s, TEST_ACTOR, store.id, cancelled)).toEqual({
      ok: false,
      reason: "not_pending",
      state: "Cancelada",
    });
    expect(await cancelSale(s, TEST_ACTOR, store.id, cancelled)).toEqual({
      ok: false,
      reason: "not_pending",
      state: "Cancelada",
    });
    expect(await stockAndReserved(s, p.id)).toEqual({ stock: 5, reserved: 1 });

    expect(await confirmSale(s, TEST_ACTOR, store.id, confirmed)).toEqual({ ok: true, state: "Confirmada" });
    expect(await cancelSale(s, TEST_ACTOR, store.id, confirmed)).toEqual({
      ok: false,
      reason: "not_pending",
      state: "Confirmada",
    });
    expect(await stateOf(s, confirmed)).toBe("Confirmada");
    expect(await stockAndReserved(s, p.id)).toEqual({ stock: 4, reserved: 0 });
  });

  it("of a cancel racing a confirm, exactly one wins", async () => {
    const s = createTestServices();
    const { store } = await merchantWithStore(s);
    const p = await product(s, store.id, "Taza", 5);
    const id = await insertSale(s, { storeId: store.id, lines: [{ productId: p.id, name: "Taza", quantity: 2 }] });
    const other = await anotherProcess(s);
    const [confirm, cancel] = await Promise.all([
      confirmSale(s, TEST_ACTOR, store.id, id),
      cancelSale(other, TEST_ACTOR, store.id, id),
    ]);
    expect(confirm.ok !== cancel.ok).toBe(true);
    expect(await stockAndReserved(s, p.id)).toEqual({ stock: confirm.ok ? 3 : 5, reserved: 0 });
    expect(await stateOf(s, id)).toBe(confirm.ok ? "Confirmada" : "Cancelada");
  });
});

describe("listing sales", () => {
  const at = (iso: string) => new Date(iso);

  it("newest first, 20 at a time, 'Hoy' since midnight in the store's zone, search by exact code", async () => {
    const s = createTestServices();
    // 2026-03-10 09:00 in Mexico City (UTC-6): local midnight is 06:00 UTC.
    s.testClock.current = at("2026-03-10T15:00:00Z");
    const { store } = await merchantWithStore(s, "America/Mexico_City");
    const other = await merchantWithStore(s, "America/Mexico_City");
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      ids.push(
        await insertSale(s, {
          storeId: store.id,
          lines: [{ productId: null, name: `Producto ${i}`, quantity: 1 }],
          createdAt: new Date(at("2026-03-08T12:00:00Z").getTime() + i * 3_600_000),
        }),
      );
    }
    const lateYesterday = await insertSale(s, {
      storeId: store.id,
      lines: [{ productId: null, name: "Ayer", quantity: 1 }],
      createdAt: at("2026-03-10T05:59:00Z"),
    });
    const earlyToday = await insertSale(s, {
      storeId: store.id,
      lines: [{ productId: null, name: "Hoy temprano", quantity: 1 }],
      createdAt: at("2026-03-10T06:00:00Z"),
    });
    const thisMorning = await insertSale(s, {
      storeId: store.id,
      lines: [{ productId: null, name: "Hoy", quantity: 2 }],
      createdAt: at("2026-03-10T14:30:00Z"),
    });
    await insertSale(s, { storeId: other.store.id, lines: [{ productId: null, name: "Ajena", quantity: 1 }] });

    const first = await listSales(s.db, store, { kind: "latest", limit: 20 }, s.clock.now());
    expect(first.sales).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(first.sales.slice(0, 4).map((x) => x.id)).toEqual([thisMorning, earlyToday, lateYesterday, ids[24]]);
    const times = first.sales.map((x) => x.createdAt.getTime());
    expect([...times].sort((x, y) => y - x)).toEqual(times);

    const more = await listSales(s.db, store, { kind: "latest", limit: 40 }, s.clock.now());
    expect(more.sales).toHaveLength(28);
    expect(more.hasMore).toBe(false);
    expect(more.sales.every((x) => x.storeId === store.id)).toBe(true);

    const today = await listSales(s.db, store, { kind: "today", limit: 20 }, s.clock.now());
    expect(today.sales.map((x) => x.id)).toEqual([thisMorning, earlyToday]);

    const found = await listSales(s.db, store, { kind: "code", code: lateYesterday }, s.clock.now());
    expect(found.sales.map((x) => x.id)).toEqual([lateYesterday]);
    const foreign = (await s.db.query.sales.findFirst({ where: eq(sales.storeId, other.store.id) }))?.id ?? "";
    expect((await listSales(s.db, store, { kind: "code", code: foreign }, s.clock.now())).sales).toEqual([]);

    const withLines = await listSalesWithLines(s.db, store, { kind: "today", limit: 20 }, s.clock.now());
    expect(withLines.map((x) => x.lines.map((l) => `${l.name} x ${l.quantity}`))).toEqual([["Hoy x 2"], ["Hoy temprano x 1"]]);
  });
});
