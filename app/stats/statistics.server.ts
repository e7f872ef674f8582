/**
 * The 'Estadísticas' page's data (docs/decisions/0051-visit-statistics.md): one batch of reads of the daily counts and
 * of the orders of the period and the one before, whose cost grows with the days shown, never with the visits.
 */
import { and, between, desc, eq, inArray, sql } from "drizzle-orm";
import { change, dayStartMs, derivedRates, localDay, type Period, periodBuckets, ratio, zoneOffsetMs } from "~/domain/statistics";
import { ordersByBarQuery, topSoldQuery } from "~/orders/order-statistics.server";
import type { Db } from "~/services/db";
import { products, storePageViewsDaily, storeVisitsDaily } from "../../db/schema";
import { PRODUCT_MONTH, PRODUCT_TOTAL } from "./visit-counts.server";

const DAY_MS = 86_400_000;

/** The store as the page needs it. */
export interface StatsStore {
  id: string;
  timeZone: string;
}

function statisticsQueries(db: Db, store: StatsStore, period: Period) {
  const first = period.previous.from;
  const from = dayStartMs(first, store.timeZone);
  const to = dayStartMs(addDay(period.to), store.timeZone);
  const periodFrom = dayStartMs(period.from, store.timeZone);
  const offset = zoneOffsetMs(to, store.timeZone);
  const views = sql<number>`sum(${storePageViewsDaily.views})`.mapWith(Number);
  // The chart's bar a day belongs to, or '' for the period before: rows come summed per bar, not per day.
  const visitDay = storeVisitsDaily.day;
  const bar = sql<string>`case when ${visitDay} >= ${period.from} then ${period.unit === "month" ? sql`substr(${visitDay}, 1, 7)` : visitDay} else '' end`;
  const current = sql<number>`${storePageViewsDaily.day} >= ${period.from}`.mapWith(Number);
  return [
    db
      .select({
        bar,
        source: storeVisitsDaily.source,
        visits: sql<number>`sum(${storeVisitsDaily.visits})`.mapWith(Number),
        visitors: sql<number>`sum(${storeVisitsDaily.visitors})`.mapWith(Number),
        carts: sql<number>`sum(${storeVisitsDaily.carts})`.mapWith(Number),
      })
      .from(storeVisitsDaily)
      .where(and(eq(storeVisitsDaily.storeId, store.id), between(storeVisitsDaily.day, first, period.to)))
      .groupBy(bar, storeVisitsDaily.source),
    db
      .select({ kind: storePageViewsDaily.kind, current, views })
      .from(storePageViewsDaily)
      .where(
        and(
          eq(storePageViewsDaily.storeId, store.id),
          inArray(storePageViewsDaily.kind, [PRODUCT_TOTAL, "checkout"]),
          between(storePageViewsDaily.day, first, period.to),
        ),
      )
      .groupBy(storePageViewsDaily.kind, current),
    db
      .select({
        productId: storePageViewsDaily.productId,
        name: products.name,
        views,
        cartAdds: sql<number>`sum(${storePageViewsDaily.cartAdds})`.mapWith(Number),
      })
      .from(storePageViewsDaily)
      .leftJoin(products, eq(products.id, storePageViewsDaily.productId))
      .where(
        and(
          eq(storePageViewsDaily.storeId, store.id),
          // Whole months (the 12 months) read a row per product and month; other periods a row per product and day.
          ...(period.key === "12m"
            ? [
                eq(storePageViewsDaily.kind, PRODUCT_MONTH),
                between(storePageViewsDaily.day, period.from.slice(0, 7), period.to.slice(0, 7)),
              ]
            : [eq(storePageViewsDaily.kind, "product"), between(storePageViewsDaily.day, period.from, period.to)]),
        ),
      )
      .groupBy(storePageViewsDaily.productId)
      .orderBy(desc(views))
      .limit(10),
    ordersByBarQuery(db, store.id, { from, periodFrom, to }, offset, period.unit),
    topSoldQuery(db, store.id, periodFrom, to, "units"),
    topSoldQuery(db, store.id, periodFrom, to, "revenue"),
  ] as const;
}

const addDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

export interface Totals {
  visits: number;
  visitors: number;
  orders: number;
  revenue: number;
  paid: number;
  carts: number;
  productViews: number;
  checkouts: number;
}

const zero = (): Totals => ({ visits: 0, visitors: 0, orders: 0, revenue: 0, paid: 0, carts: 0, productViews: 0, checkouts: 0 });

export interface SourceRow {
  source: string;
  visits: number;
  visitors: number;
  carts: number;
  orders: number;
  revenue: number;
}

/** The page's figures: one batch (the merchant page's second round trip). */
export async function loadStatistics(db: Db, store: StatsStore, period: Period) {
  const [visitRows, viewRows, topViewed, orderRows, topUnits, topRevenue] = await db.batch(statisticsQueries(db, store, period));
  const current = zero();
  const previous = zero();
  // Rows of the period before have no bar ('').
  const buckets = new Map(periodBuckets(period).map((b) => [b, { visits: 0, orders: 0 }]));
  const sources = new Map<string, SourceRow>();
  const sourceRow = (source: string) => {
    const row = sources.get(source) ?? { source, visits: 0, visitors: 0, carts: 0, orders: 0, revenue: 0 };
    sources.set(source, row);
    return row;
  };
  for (const r of visitRows) {
    const t = r.bar ? current : previous;
    t.visits += r.visits;
    t.visitors += r.visitors;
    t.carts += r.carts;
    if (!r.bar) continue;
    const bucket = buckets.get(r.bar);
    if (bucket) bucket.visits += r.visits;
    const s = sourceRow(r.source);
    s.visits += r.visits;
    s.visitors += r.visitors;
    s.carts += r.carts;
  }
  for (const r of viewRows) {
    const t = r.current ? current : previous;
    if (r.kind === PRODUCT_TOTAL) t.productViews += r.views;
    else t.checkouts += r.views;
  }
  for (const r of orderRows) {
    const t = r.bar ? current : previous;
    t.orders += r.orders;
    t.revenue += r.revenue;
    t.paid += r.paid;
    if (!r.bar) continue;
    const bucket = buckets.get(r.bar);
    if (bucket) bucket.orders += r.orders;
    const s = sourceRow(r.source ?? "unknown");
    s.orders += r.orders;
    s.revenue += r.revenue;
  }
  return {
    current: { ...current, ...derivedRates(current) },
    previous: { ...previous, ...derivedRates(previous) },
    changes: {
      visits: change(current.visits, previous.visits),
      visitors: change(current.visitors, previous.visitors),
      orders: change(current.orders, previous.orders),
      revenue: change(current.revenue, previous.revenue),
    },
    sources: [...sources.values()].sort((a, b) => b.visits - a.visits || b.orders - a.orders || a.source.localeCompare(b.source)),
    series: [...buckets.entries()].map(([bucket, v]) => ({ bucket, ...v })),
    topViewed: topViewed.map((p) => ({ ...p, name: p.name ?? "Producto eliminado", cartRate: ratio(p.cartAdds, p.views) })),
    topUnits: topUnits.map((p) => ({ ...p, name: p.name ?? "Producto eliminado" })),
    topRevenue: topRevenue.map((p) => ({ ...p, name: p.name ?? "Producto eliminado" })),
  };
}

/** The store's today, for the periods. */
export const storeDay = (now: Date, store: StatsStore) => localDay(now.getTime(), store.timeZone);
