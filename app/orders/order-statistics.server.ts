// The store statistics' reads of orders (docs/decisions/0051-visit-statistics.md): the orders of a stretch of days
// counted per day and source, and the products sold most. Each walks the store's newest-first index over the stretch
// (sales_store_newest_idx), so its cost grows with the store's orders of those days, never the platform's.
import { and, desc, eq, gte, lt, ne, sql } from "drizzle-orm";
import type { Db } from "~/services/db";
import { products, saleLines, sales } from "../../db/schema";

/** Orders counted: placed (a draft is not yet) and not cancelled. */
const counted = (storeId: string, from: number, to: number) =>
  and(
    eq(sales.storeId, storeId),
    gte(sales.createdAt, new Date(from)),
    lt(sales.createdAt, new Date(to)),
    eq(sales.draft, false),
    ne(sales.state, "Cancelada"),
  );

/**
 * Orders, revenue and paid orders per source and chart bar: the store's calendar day ('YYYY-MM-DD', its zone's offset
 * `offsetMs` taken once for the stretch) or month ('YYYY-MM') of the orders placed in [periodFrom, to), and '' for
 * those of the period before, [from, periodFrom).
 */
export function ordersByBarQuery(
  db: Db,
  storeId: string,
  { from, periodFrom, to }: { from: number; periodFrom: number; to: number },
  offsetMs: number,
  unit: "day" | "month",
) {
  const local = sql`(${sales.createdAt} + ${offsetMs}) / 1000`;
  const format = unit === "month" ? "%Y-%m" : "%Y-%m-%d";
  const bar = sql<string>`case when ${sales.createdAt} >= ${periodFrom} then strftime(${format}, ${local}, 'unixepoch') else '' end`;
  return db
    .select({
      bar,
      source: sales.source,
      orders: sql<number>`count(*)`.mapWith(Number),
      revenue: sql<number>`sum(${sales.total})`.mapWith(Number),
      paid: sql<number>`sum(${sales.paymentStatus} = 'approved' or ${sales.state} = 'Confirmada')`.mapWith(Number),
    })
    .from(sales)
    .where(counted(storeId, from, to))
    .groupBy(bar, sales.source);
}

/** The products sold most in [from, to): by units or by revenue, ten at most. */
export function topSoldQuery(db: Db, storeId: string, from: number, to: number, by: "units" | "revenue") {
  const units = sql<number>`sum(${saleLines.quantity})`.mapWith(Number);
  const revenue = sql<number>`sum(${saleLines.quantity} * ${saleLines.unitPrice})`.mapWith(Number);
  return db
    .select({
      productId: saleLines.productId,
      name: sql<string>`coalesce(${products.name}, max(${saleLines.name}))`,
      units,
      revenue,
    })
    .from(sales)
    .innerJoin(saleLines, eq(saleLines.saleId, sales.id))
    .leftJoin(products, eq(products.id, saleLines.productId))
    .where(counted(storeId, from, to))
    .groupBy(saleLines.productId)
    .orderBy(desc(by === "units" ? units : revenue))
    .limit(10);
}
