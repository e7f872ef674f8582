/**
 * The 'Estadísticas' page's data (docs/decisions/0051-visit-statistics.md, 0053-order-statistics-rollups.md): one
 * batch of reads of the daily counts of visits and of orders of the period and the one before, whose cost grows with
 * the days shown, never with the visits or the orders.
 */
import { and, between, eq, inArray, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { change, derivedRates, localDay, monthsAndDays, type Period, periodBuckets, ratio, type Span } from "~/domain/statistics";
import { recoveredOrdersQuery } from "~/orders/abandoned-carts.server";
import { ordersByBarQuery, type TopSoldRow, topSoldQuery } from "~/orders/order-statistics.server";
import type { Db } from "~/services/db";
import type { IdRef } from "~/workspace/page-reads.server";
import { products, storePageViewsDaily, storeVisitsDaily } from "../../db/schema";
import { PRODUCT_MONTH, PRODUCT_TOTAL } from "./visit-counts.server";

/** The store as the page needs it. */
export interface StatsStore {
  id: IdRef;
  timeZone: string;
}

/**
 * The ten products viewed most in the period, with their views to a cart: summed per product over its whole months'
 * rows and its other days' rows, then the ten named (a product deleted since has no name).
 */
function topViewedQuery(db: Db, storeId: IdRef, period: Period) {
  const { months, days } = monthsAndDays(period);
  const v = storePageViewsDaily;
  const rows = (kind: string, span: Span) =>
    sql`select ${v.productId} as product_id, ${v.views} as views, ${v.cartAdds} as cart_adds from ${v} where ${v.storeId} = ${storeId} and ${v.kind} = ${kind} and ${v.day} between ${span.from} and ${span.to}`;
  const parts = [...(months ? [rows(PRODUCT_MONTH, months)] : []), ...days.map((span) => rows("product", span))];
  return db.all<{
    productId: string;
    name: string | null;
    views: number;
    cartAdds: number;
  }>(sql`select viewed.product_id as productId,
      ${products.name} as name, viewed.views as views, viewed.cart_adds as cartAdds
    from (
      select product_id, sum(views) as views, sum(cart_adds) as cart_adds from (${sql.join(parts, sql` union all `)})
      group by product_id order by views desc, product_id limit 10
    ) viewed left join ${products} on ${products.id} = viewed.product_id
    order by viewed.views desc, viewed.product_id`);
}

/** The page's reads, in the order loadStatistics reads their answers (the scale bench times each). */
export function statisticsQueries(db: Db, store: StatsStore, period: Period) {
  const first = period.previous.from;
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
    topViewedQuery(db, store.id, period),
    ordersByBarQuery(db, store.id, period),
    topSoldQuery(db, store.id, period),
    recoveredOrdersQuery(db, store.id, period.from, period.to),
  ] as const;
}

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

/** The page's figures: one batch. */
export async function loadStatistics(db: Db, store: StatsStore, period: Period) {
  return statisticsOf(period, await db.batch(statisticsQueries(db, store, period)));
}

/** The figures of statisticsQueries' answers (sent in the merchant guard's batch, or by loadStatistics). */
export function statisticsOf(
  period: Period,
  [visitRows, viewRows, topViewed, orderRows, topSold, [recovered]]: BatchResponse<ReturnType<typeof statisticsQueries>>,
) {
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
    topViewed: topViewed.map((p) => ({
      productId: p.productId,
      name: p.name,
      views: Number(p.views),
      cartAdds: Number(p.cartAdds),
      cartRate: ratio(Number(p.cartAdds), Number(p.views)),
    })),
    topUnits: topSoldOf(topSold, "units"),
    topRevenue: topSoldOf(topSold, "revenue"),
    /** Orders of the period recovered from abandoned carts (decision 0057), and their totals. */
    recovered: { orders: recovered?.orders ?? 0, revenue: recovered?.revenue ?? 0 },
  };
}

/** One list of the products sold most; a product deleted since has no id. */
const topSoldOf = (rows: TopSoldRow[], kind: TopSoldRow["kind"]) =>
  rows
    .filter((r) => r.kind === kind)
    .map((r) => ({
      productId: r.productId || null,
      name: r.name,
      units: Number(r.units),
      revenue: Number(r.revenue),
    }));

/** The store's today, for the periods. */
export const storeDay = (now: Date, store: StatsStore) => localDay(now.getTime(), store.timeZone);
