/** What a store's first steps need to know (app/domain/setup-steps.ts), read in one statement. */
import { sql } from "drizzle-orm";
import type { SetupFacts } from "~/domain/setup-steps";
import type { Db } from "~/services/db";
import type { Store } from "./context.server";

export async function setupFacts(db: Db, store: Store): Promise<SetupFacts> {
  const [row] = await db.all<{ products: number; delivery: number; payments: number; orders: number }>(sql`
    select
      (select count(*) from products where store_id = ${store.id}) as products,
      exists(select 1 from pickup_points where store_id = ${store.id})
        or exists(select 1 from delivery_zones where store_id = ${store.id}) as delivery,
      exists(select 1 from store_payment_methods where store_id = ${store.id} and enabled)
        or exists(select 1 from store_payment_accounts where store_id = ${store.id}) as payments,
      exists(select 1 from sales where store_id = ${store.id}) as orders`);
  return {
    hasLogo: store.logoKey !== null,
    products: Number(row?.products ?? 0),
    deliveryReady: Boolean(row?.delivery) || store.arrangeEnabled,
    paymentsReady: Boolean(row?.payments),
    hasSalesNumber: store.saleNumber !== "",
    hasOrders: Boolean(row?.orders),
  };
}
