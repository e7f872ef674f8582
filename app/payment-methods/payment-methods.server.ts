/**
 * A store's transfer and cash methods, and the hours of orders paid as arranged ('Cobros'): the one place that reads
 * and writes store_payment_methods.
 */
import { eq, type SQL, sql } from "drizzle-orm";
import type { SavedMethod } from "~/domain/payment-methods";
import type { Db } from "~/services/db";
import type { Actor } from "~/workspace/activity.server";
import { settingsEntry, touchStoreIfChanged } from "~/workspace/store-record.server";
import { storePaymentMethods } from "../../db/schema";

/**
 * The store's saved methods, as a query for the caller's batch (missing ones are off: storeManualMethods).
 * `storeId` is the id, or a subquery that answers it (the public site finds the store by its url in the same batch).
 */
export function paymentMethodsQuery(db: Db, storeId: string | SQL) {
  return db
    .select({
      method: storePaymentMethods.method,
      enabled: storePaymentMethods.enabled,
      adjustPercent: storePaymentMethods.adjustPercent,
      instructions: storePaymentMethods.instructions,
      keyLabel: storePaymentMethods.keyLabel,
      keyValue: storePaymentMethods.keyValue,
      holdHours: storePaymentMethods.holdHours,
    })
    .from(storePaymentMethods)
    .where(eq(storePaymentMethods.storeId, storeId));
}

/** Saves one method of the store as the 'Cobros' form sent it; the store's pages show it at once (edge version). */
export async function savePaymentMethod(db: Db, actor: Actor, storeId: string, method: SavedMethod, now: Date): Promise<void> {
  const { method: name, ...settings } = method;
  await db.batch([
    db
      .insert(storePaymentMethods)
      .values({ storeId, method: name, ...settings })
      .onConflictDoUpdate({
        target: [storePaymentMethods.storeId, storePaymentMethods.method],
        set: {
          enabled: sql`excluded.enabled`,
          adjustPercent: sql`excluded.adjust_percent`,
          instructions: sql`excluded.instructions`,
          keyLabel: sql`excluded.key_label`,
          keyValue: sql`excluded.key_value`,
          holdHours: sql`excluded.hold_hours`,
        },
      }),
    touchStoreIfChanged(db, storeId, now),
    settingsEntry(
      db,
      actor,
      storeId,
      { says: "paymentMethodSaved", values: { method: name, enabled: method.enabled ? "yes" : "no" } },
      now,
    ),
  ]);
}
