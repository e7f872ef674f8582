import { and, eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { notFound } from "~/http/responses";
import { storeWebhookPath } from "~/orders/sale-payments.server";
import type { Db } from "~/services/db";
import { getServices, type Services } from "~/services/services";
import { sandboxStorePayments, storePaymentAccounts, stores } from "../../db/schema";

/** The store-payments sandbox's pages exist only while it is the gateway (never in production without PAYMENT_SANDBOX). */
export function requireStoreSandbox(context: Readonly<RouterContextProvider>): Services {
  const services = getServices(context);
  if (services.storePayments?.name !== "sandbox") notFound();
  return services;
}

/**
 * A sandbox checkout with the store it was made for (the page shows its name). Sandbox account ids are
 * not unique across stores, so the store is the one named by the checkout's notification URL, whose
 * sandbox account it must still be.
 */
export async function findSandboxCheckout(db: Db, id: string) {
  if (!/^\d{1,12}$/.test(id)) return undefined;
  const rows = await db
    .select({ payment: sandboxStorePayments, storeId: stores.id, storeName: stores.name })
    .from(sandboxStorePayments)
    .innerJoin(
      storePaymentAccounts,
      and(eq(storePaymentAccounts.accountId, sandboxStorePayments.accountId), eq(storePaymentAccounts.provider, "sandbox")),
    )
    .innerJoin(stores, eq(stores.id, storePaymentAccounts.storeId))
    .where(eq(sandboxStorePayments.id, Number(id)));
  return rows.find((row) => row.payment.notificationUrl.endsWith(storeWebhookPath(row.storeId)));
}
