// The order statistics' rollups (docs/decisions/0053-order-statistics-rollups.md): the page's orders, revenue, paid
// orders and products sold, read from the daily rows the sales triggers keep, equal what the sales themselves say.
import { describe, expect, it } from "vitest";
import { dayStartMs, type Period, parsePeriod } from "~/domain/statistics";
import { getSale } from "~/orders/order-queries.server";
import {
  cancelSale,
  confirmDraft,
  confirmSale,
  createSale,
  finishRefund,
  markPaid,
  type NewOrder,
  startRefund,
} from "~/orders/order-records.server";
import { deleteProduct, insertProduct } from "~/products/products.server";
import type { Services } from "~/services/services";
import { loadStatistics } from "~/stats/statistics.server";
import { saleLines, sales, storeOrdersDaily, storeProductSalesDaily, storeProductSalesMonthly } from "../../db/schema";
import { merchantWithStore, TEST_ACTOR } from "../support/merchants";
import { newOrder } from "../support/orders";
import { createTestServices } from "../support/services";
import { anotherProcess } from "./sales-fixtures";

type S = ReturnType<typeof createTestServices>;
const HOUR = 3_600_000;
const SOURCES = ["instagram", "google", null, "direct", "qr"] as const;

async function shop(s: S, url: string, timeZone: string) {
  const { store } = await merchantWithStore(s, "standard", { url, timeZone, currency: "COP" });
  const names = ["Pan", "Café", "Queso", "Miel", "Té", "Arepa"];
  const items = [];
  for (const [i, name] of names.entries())
    items.push(await insertProduct(s.db, { storeId: store.id, name, price: 1000 + 250 * i, stock: 100_000 }, s.clock.now()));
  return { store: { id: store.id, timeZone }, items };
}

type Shop = Awaited<ReturnType<typeof shop>>;

function order(shopOf: Shop, key: string, i: number, extra: Partial<NewOrder> = {}): NewOrder {
  const { store, items } = shopOf;
  const line = (k: number, quantity: number, variant: string | null = null) => {
    const item = items[k % items.length];
    if (!item) throw new Error("no item");
    const name = variant ? `${item.name}, ${variant}` : item.name;
    return { productId: item.id, name, variant, imageKey: null, unitPrice: item.price, quantity };
  };
  return newOrder({
    key,
    storeId: store.id,
    currency: "COP",
    buyerName: "Luis",
    timeZone: store.timeZone,
    source: SOURCES[i % SOURCES.length] ?? null,
    // Several products, and the same product in two variants in some orders.
    lines: [
      line(i, 1 + (i % 4)),
      line(i * 7 + 3, 1 + ((i * 3) % 5), i % 3 === 0 ? "Talla M" : null),
      line(i * 7 + 3, 2, "Talla L"),
    ],
    ...extra,
  });
}

/** Sales of every kind over fourteen months: placed, drafts (kept and confirmed), cancelled, completed, paid, refunded. */
async function salesOfEveryKind(s: S, shopOf: Shop, end: number) {
  const { store } = shopOf;
  for (let i = 0; i < 28; i++) {
    // Spread over 380 days back, many at a few minutes either side of the store's midnight.
    const at = new Date(end - Math.floor(i * i * 0.52) * 24 * HOUR - (i % 5) * 1.9 * HOUR - (i % 2) * 17 * 60_000);
    const kind = i % 7;
    const online = kind === 4 || kind === 5;
    const draft = kind <= 1;
    const placed = order(shopOf, `k-${store.id}-${i}`, i, {
      ...(online ? { paymentMethod: "online" as const } : {}),
      ...(draft ? { draft: true, source: null, holdUntil: new Date(at.getTime() + 48 * HOUR) } : {}),
    });
    const { saleId } = await createSale(s.db, placed, at);
    if (kind === 1) {
      const total = placed.quote.total + 100;
      const confirmed = await confirmDraft(
        s.db,
        {
          ...{ saleId, storeId: store.id, buyerName: "Luis", buyerPhone: null, buyerEmail: null, address: null },
          ...{ paymentMethod: "on_delivery", paymentAdjustment: 100, total, holdUntil: null, customer: null },
        },
        at,
      );
      expect(confirmed).toBe(true);
    }
    if (kind === 2) expect((await cancelSale(s, TEST_ACTOR, store.id, saleId)).ok).toBe(true);
    if (kind === 3) expect((await confirmSale(s, TEST_ACTOR, store.id, saleId)).ok).toBe(true);
    if (online) {
      const sale = await getSale(s.db, store.id, saleId);
      if (!sale) throw new Error("no sale");
      expect(await markPaid(s.db, sale, `pay-${saleId}`, at)).toBe("applied");
    }
    if (kind === 5) {
      const refund = await startRefund(s.db, store.id, saleId);
      if (!refund.ok) throw new Error("not refundable");
      expect(await finishRefund(s, TEST_ACTOR, refund.sale, `refund-${saleId}`)).toBe(true);
    }
  }
}

/**
 * What the page showed when it read the sales themselves, computed here from the raw rows: orders placed (not drafts)
 * and not cancelled, between the store's midnights; each in its calendar day there; paid when approved or completed;
 * units and quantity × price per product, a deleted product's lines together under their greatest name.
 */
async function fromTheSales(s: S, shopOf: Shop, period: Period) {
  const { store } = shopOf;
  const rows = await s.db.select().from(sales);
  const lines = await s.db.select().from(saleLines);
  const names = new Map(shopOf.items.map((p) => [p.id, p.name]));
  const start = dayStartMs(period.previous.from, store.timeZone);
  const periodStart = dayStartMs(period.from, store.timeZone);
  const end = dayStartMs(new Date(Date.parse(`${period.to}T00:00:00Z`) + 24 * HOUR).toISOString().slice(0, 10), store.timeZone);
  const dayOf = new Intl.DateTimeFormat("en-CA", { timeZone: store.timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  const counted = rows.filter(
    (r) =>
      r.storeId === store.id &&
      !r.draft &&
      r.state !== "Cancelada" &&
      r.createdAt.getTime() >= start &&
      r.createdAt.getTime() < end,
  );
  const totals = (list: typeof counted) => ({
    orders: list.length,
    revenue: list.reduce((sum, r) => sum + r.total, 0),
    paid: list.filter((r) => r.paymentStatus === "approved" || r.state === "Confirmada").length,
  });
  const current = counted.filter((r) => r.createdAt.getTime() >= periodStart);
  const barOf = (r: (typeof counted)[number]) => {
    const day = dayOf.format(r.createdAt);
    return period.unit === "month" ? day.slice(0, 7) : day;
  };
  const series = new Map<string, number>();
  for (const r of current) series.set(barOf(r), (series.get(barOf(r)) ?? 0) + 1);
  const bySource = new Map<string, { orders: number; revenue: number }>();
  for (const r of current) {
    const row = bySource.get(r.source ?? "unknown") ?? { orders: 0, revenue: 0 };
    row.orders += 1;
    row.revenue += r.total;
    bySource.set(r.source ?? "unknown", row);
  }
  const currentIds = new Set(current.map((r) => r.id));
  const products = new Map<string, { productId: string | null; names: string[]; units: number; revenue: number }>();
  for (const l of lines.filter((line) => currentIds.has(line.saleId))) {
    const row = products.get(l.productId ?? "") ?? { productId: l.productId, names: [], units: 0, revenue: 0 };
    row.names.push(l.name);
    row.units += l.quantity;
    row.revenue += l.quantity * l.unitPrice;
    products.set(l.productId ?? "", row);
  }
  const sold = [...products.values()].map((p) => ({
    productId: p.productId,
    name: (p.productId && names.get(p.productId)) || p.names.sort().at(-1),
    units: p.units,
    revenue: p.revenue,
  }));
  const top = (by: "units" | "revenue") =>
    [...sold]
      .sort((a, b) => b[by] - a[by] || ((a.productId ?? "") < (b.productId ?? "") ? -1 : 1))
      .slice(0, 10)
      .map((p) => ({ productId: p.productId, name: p.name, units: p.units, revenue: p.revenue }));
  return {
    current: totals(current),
    previous: totals(counted.filter((r) => r.createdAt.getTime() < periodStart)),
    series,
    bySource,
    topUnits: top("units"),
    topRevenue: top("revenue"),
  };
}

async function expectSameFigures(s: S, shopOf: Shop, period: Period) {
  const page = await loadStatistics(s.db, shopOf.store, period);
  const raw = await fromTheSales(s, shopOf, period);
  const label = `${period.key} ${period.from}…${period.to}`;
  expect({ ...page.current, label }).toMatchObject({ ...raw.current, label });
  expect({ ...page.previous, label }).toMatchObject({ ...raw.previous, label });
  expect(page.series.map((b) => [b.bucket, b.orders])).toEqual(page.series.map((b) => [b.bucket, raw.series.get(b.bucket) ?? 0]));
  expect([...raw.series.values()].reduce((a, b) => a + b, 0)).toBe(raw.current.orders);
  const sources = new Map(
    page.sources.filter((r) => r.orders > 0).map((r) => [r.source, { orders: r.orders, revenue: r.revenue }]),
  );
  expect(sources).toEqual(raw.bySource);
  expect(page.topUnits).toEqual(raw.topUnits);
  expect(page.topRevenue).toEqual(raw.topRevenue);
  return raw;
}

describe("the order statistics' daily rollups", () => {
  it("give the figures the sales give: every kind of sale, every period, a product deleted, two time zones", async () => {
    const s = createTestServices();
    // Bogotá (UTC−5) and Tokyo (UTC+9): the store's midnight on either side of UTC's.
    const today = "2026-03-10";
    const end = Date.parse("2026-03-11T04:50:00Z");
    const shops = [await shop(s, "rollups-bogota", "America/Bogota"), await shop(s, "rollups-tokio", "Asia/Tokyo")];
    for (const shopOf of shops) await salesOfEveryKind(s, shopOf, shopOf.store.timeZone === "Asia/Tokyo" ? end - 14 * HOUR : end);
    const periods = (day: string) =>
      [
        ...["hoy", "7", "30", "12m"].map((periodo) => new URLSearchParams({ periodo })),
        new URLSearchParams({ desde: "2026-01-15", hasta: "2026-02-20" }),
        // Whole months (by month, read from the monthly rows) and a range that starts and ends inside months.
        new URLSearchParams({ desde: "2025-10-01", hasta: "2026-01-31" }),
        new URLSearchParams({ desde: "2025-06-17", hasta: "2026-02-09" }),
      ].map((q) => parsePeriod(q, day));
    for (const shopOf of shops) {
      const figures = [];
      for (const period of periods(today)) figures.push(await expectSameFigures(s, shopOf, period));
      const year = figures[3];
      if (!year) throw new Error("no 12 months");
      expect(year.current.orders).toBeGreaterThan(8);
      expect(year.current.paid).toBeGreaterThan(3);
      expect(year.topUnits.length).toBe(6);
    }
    // A product deleted: its units join the other deleted ones', under the lines' name, as the lines now read.
    const [bogota] = shops;
    if (!bogota) throw new Error("no shop");
    const gone = bogota.items[2];
    if (!gone) throw new Error("no product");
    expect(await deleteProduct(s.db, TEST_ACTOR, s.files, bogota.store.id, gone.id, s.clock.now())).toBe(true);
    for (const period of periods(today).slice(3)) await expectSameFigures(s, bogota, period);
    const year = await loadStatistics(s.db, bogota.store, parsePeriod(new URLSearchParams({ periodo: "12m" }), today));
    expect(year.topUnits.find((p) => p.productId === null)?.name).toMatch(/^Queso/);
  });

  it("a sale placed and then cancelled leaves the figures as they were; a draft counts once confirmed", async () => {
    const s = createTestServices();
    const shopOf = await shop(s, "rollups-cancelar", "America/Bogota");
    const at = new Date("2026-03-10T16:00:00Z");
    const period = parsePeriod(new URLSearchParams({ periodo: "7" }), "2026-03-10");
    await createSale(s.db, order(shopOf, "antes", 1), at);
    const before = await loadStatistics(s.db, shopOf.store, period);
    const { saleId } = await createSale(s.db, order(shopOf, "nueva", 1), at);
    const placed = await loadStatistics(s.db, shopOf.store, period);
    expect(placed.current.orders).toBe(before.current.orders + 1);
    expect(placed.current.revenue).toBe(before.current.revenue * 2);
    expect(placed.topUnits.map((p) => p.units)).toEqual(before.topUnits.map((p) => p.units * 2));
    expect((await cancelSale(s, TEST_ACTOR, shopOf.store.id, saleId)).ok).toBe(true);
    expect(await loadStatistics(s.db, shopOf.store, period)).toEqual(before);

    const draft = order(shopOf, "borrador", 1, { draft: true, source: null, holdUntil: new Date(at.getTime() + 48 * HOUR) });
    const built = await createSale(s.db, draft, at);
    expect(await loadStatistics(s.db, shopOf.store, period)).toEqual(before);
    const confirmation = {
      ...{ saleId: built.saleId, storeId: shopOf.store.id, buyerName: "Luis", buyerPhone: null, buyerEmail: null },
      ...{ address: null, paymentMethod: "on_delivery" as const, paymentAdjustment: 0, total: draft.quote.total },
      ...{ holdUntil: null, customer: null },
    };
    expect(await confirmDraft(s.db, confirmation, at)).toBe(true);
    const confirmed = await loadStatistics(s.db, shopOf.store, period);
    expect(confirmed.current.orders).toBe(before.current.orders + 1);
    expect(confirmed.sources.find((r) => r.source === "unknown")?.orders).toBe(1);
  });

  it("orders placed and cancelled at once from two processes are counted exactly", async () => {
    const s = createTestServices();
    const shopOf = await shop(s, "rollups-concurrentes", "America/Bogota");
    const other = await anotherProcess(s);
    const at = new Date("2026-03-10T16:00:00Z");
    const clients: Services[] = [s, other];
    const placed = await Promise.all(
      Array.from({ length: 40 }, (_, i) => createSale((clients[i % 2] as Services).db, order(shopOf, `c-${i}`, i), at)),
    );
    const cancelled = placed.filter((_, i) => i % 4 === 0);
    await Promise.all(cancelled.map((p, i) => cancelSale(clients[i % 2] as Services, TEST_ACTOR, shopOf.store.id, p.saleId)));
    const period = parsePeriod(new URLSearchParams({ periodo: "hoy" }), "2026-03-10");
    const raw = await expectSameFigures(s, shopOf, period);
    expect(raw.current.orders).toBe(30);
    const rollup = async <T extends { units: number }>(rows: Promise<T[]>) => (await rows).reduce((sum, r) => sum + r.units, 0);
    const units = await rollup(s.db.select().from(storeProductSalesDaily));
    expect(units).toBe(await rollup(s.db.select().from(storeProductSalesMonthly)));
    expect(units).toBe(raw.topUnits.reduce((sum, p) => sum + p.units, 0));
    const days = await s.db.select().from(storeOrdersDaily);
    expect(days.every((r) => r.day === "2026-03-10")).toBe(true);
    expect(days.reduce((sum, r) => sum + r.orders, 0)).toBe(30);
  });
});
