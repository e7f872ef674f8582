/** What a store's first steps need to know (app/domain/setup-steps.ts): one query, to batch with the page's. */
import { eq, type SQL, sql } from "drizzle-orm";
import type { SetupFacts } from "~/domain/setup-steps";
import type { Db } from "~/services/db";
import { stores } from "../../db/schema";
import type { Store } from "./context.server";
import type { IdRef } from "./page-reads.server";

/** The facts the store's own row does not hold, for the store `storeId` names (a value, or a column of the query). */
const factColumns = (storeId: SQL | string) => ({
  products: sql<number>`(select count(*) from products where store_id = ${storeId})`,
  delivery: sql<number>`exists(select 1 from pickup_points where store_id = ${storeId})
        or exists(select 1 from delivery_zones where store_id = ${storeId})`,
  payments: sql<number>`exists(select 1 from store_payment_methods where store_id = ${storeId} and enabled)
        or exists(select 1 from store_payment_accounts where store_id = ${storeId})`,
  orders: sql<number>`exists(select 1 from sales where store_id = ${storeId})`,
});

export const setupFactsQuery = (db: Db, storeId: IdRef) =>
  db.select(factColumns(storeId)).from(stores).where(eq(stores.id, storeId));

/**
 * The same facts for every store of a merchant (their home), with the store fields setupFactsOf reads. The store's
 * id is written qualified by hand: in a one-table select the ORM writes it as a bare "id", which inside the
 * subqueries would name their own rows' id.
 */
export const ownerSetupFactsQuery = (db: Db, ownerId: IdRef) =>
  db
    .select({
      id: stores.id,
      logoKey: stores.logoKey,
      arrangeEnabled: stores.arrangeEnabled,
      saleNumber: stores.saleNumber,
      ...factColumns(sql`"stores"."id"`),
    })
    .from(stores)
    .where(eq(stores.ownerId, ownerId));

export function setupFactsOf(
  rows: Array<{ products: number; delivery: number; payments: number; orders: number }>,
  store: Pick<Store, "logoKey" | "arrangeEnabled" | "saleNumber">,
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
