// The store statistics' reads of orders (docs/decisions/0053-order-statistics-rollups.md): the orders of a stretch of
// days counted per chart bar and source, and the products sold most, from the daily rollups the sales table's
// triggers keep. Their cost grows with the days (and products sold) shown, never with the orders.
import { and, between, eq, sql } from "drizzle-orm";
import { monthsAndDays, type Period } from "~/domain/statistics";
import type { Db } from "~/services/db";
import type { IdRef } from "~/workspace/page-reads.server";
import { products, storeOrdersDaily, storeProductSalesDaily, storeProductSalesMonthly } from "../../db/schema";

/**
 * Orders, revenue and paid orders per source and chart bar: the store's calendar day ('YYYY-MM-DD') or month
 * ('YYYY-MM') of the orders of the period, and '' for those of the period before. A source of null: none recorded.
 */
export function ordersByBarQuery(db: Db, storeId: IdRef, period: Pick<Period, "from" | "to" | "previous" | "unit">) {
  const day = storeOrdersDaily.day;
  const bar = sql<string>`case when ${day} >= ${period.from} then ${period.unit === "month" ? sql`substr(${day}, 1, 7)` : day} else '' end`;
  const orders = sql<number>`sum(${storeOrdersDaily.orders})`.mapWith(Number);
  return db
    .select({
      bar,
      source: sql<string | null>`nullif(${storeOrdersDaily.source}, '')`,
      orders,
      revenue: sql<number>`sum(${storeOrdersDaily.revenue})`.mapWith(Number),
      paid: sql<number>`sum(${storeOrdersDaily.paid})`.mapWith(Number),
    })
    .from(storeOrdersDaily)
    .where(and(eq(storeOrdersDaily.storeId, storeId), between(day, period.previous.from, period.to)))
    .groupBy(bar, storeOrdersDaily.source)
    .having(sql`${orders} > 0`);
}

export interface TopSoldRow {
  kind: "units" | "revenue";
  productId: string;
  name: string | null;
  units: number;
  revenue: number;
}

/**
 * The ten products sold most in the period by units and the ten by revenue, in one read: the rows are summed once
 * per product (whole months from the monthly rows, the other days from the daily ones), then each list takes its ten.
 * A product id of '': products deleted since, together, under their lines' name.
 */
export function topSoldQuery(db: Db, storeId: IdRef, period: Pick<Period, "key" | "from" | "to">) {
  const { months, days } = monthsAndDays(period);
  const monthly = storeProductSalesMonthly;
  const daily = storeProductSalesDaily;
  const parts = [
    ...(months
      ? [
          sql`select ${monthly.productId} as product_id, ${monthly.units} as units, ${monthly.revenue} as revenue, ${monthly.name} as name from ${monthly} where ${monthly.storeId} = ${storeId} and ${monthly.month} between ${months.from} and ${months.to}`,
        ]
      : []),
    ...days.map(
      (d) =>
        sql`select ${daily.productId} as product_id, ${daily.units} as units, ${daily.revenue} as revenue, ${daily.name} as name from ${daily} where ${daily.storeId} = ${storeId} and ${daily.day} between ${d.from} and ${d.to}`,
    ),
  ];
  return db.all<TopSoldRow>(sql`with totals as materialized (
      select product_id, sum(units) as units, sum(revenue) as revenue, max(name) as name
      from (${sql.join(parts, sql` union all `)})
      group by product_id
      having sum(units) > 0
    ),
    top as (
      select * from (select 'units' as kind, * from totals order by units desc, product_id limit 10)
      union all
      select * from (select 'revenue' as kind, * from totals order by revenue desc, product_id limit 10)
    )
    select top.kind as kind, top.product_id as productId, coalesce(${products.name}, top.name) as name,
      top.units as units, top.revenue as revenue
    from top left join ${products} on ${products.id} = top.product_id
    order by top.kind desc, case top.kind when 'units' then top.units else top.revenue end desc, top.product_id`);
}
