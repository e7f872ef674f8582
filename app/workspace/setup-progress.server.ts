/** What a store's first steps need to know (app/domain/setup-steps.ts): one query, to batch with the page's. */
import { eq, sql } from "drizzle-orm";
import type { SetupFacts } from "~/domain/setup-steps";
import type { Db } from "~/services/db";
import { stores } from "../../db/schema";
import type { Store } from "./context.server";

export const setupFactsQuery = (db: Db, storeId: string) =>
  db
    .select({
      products: sql<number>`(select count(*) from products where store_id = ${storeId})`,
      delivery: sql<number>`exists(select 1 from pickup_points where store_id = ${storeId})
        or exists(select 1 from delivery_zones where store_id = ${storeId})`,
      payments: sql<number>`exists(select 1 from store_payment_methods where store_id = ${storeId} and enabled)
        or exists(select 1 from store_payment_accounts where store_id = ${storeId})`,
      orders: sql<number>`exists(select 1 from sales where store_id = ${storeId})`,
    })
    .from(stores)
    .where(eq(stores.id, storeId));

export function setupFactsOf(
  rows: Array<{ products: number; delivery: number; payments: number; orders: number }>,
  store: Store,
): SetupFacts {
  const [row] = rows;
  return {
    hasLogo: store.logoKey !== null,
    products: Number(row?.products ?? 0),
    deliveryReady: Boolean(row?.delivery) || store.arrangeEnabled,
    paymentsReady: Boolean(row?.payments),
    hasSalesNumber: store.saleNumber !== "",
    hasOrders: Boolean(row?.orders),
  };
}
