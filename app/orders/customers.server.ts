// A store's customers as the merchant manages them: two entries of one person merged, a customer forgotten at their
// request, and orders from before the list given their customer (the upkeep). Each is one batch over customers and
// sales, scoped to the store.
import { and, asc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { storeCountry } from "~/domain/countries";
import { customerKey } from "~/domain/customers";
import type { Db } from "~/services/db";
import type { FileStore } from "~/services/files";
import { type Actor, activityStatement, IF_CHANGED } from "~/workspace/activity.server";
import { sales, stores } from "../../db/schema";
import { forgetCustomerCheckoutsStatement } from "./abandoned-carts.server";
import { absorbContactStatement, customerContactQuery, deleteCustomerStatement } from "./customer-records.server";
import { forgetCustomerOrdersStatement, linkPastOrderStatements, moveCustomerOrdersStatement } from "./order-records.server";

/**
 * `mergedId`'s orders become `keptId`'s, the kept one takes any number or email it lacked, and the merged one goes.
 * Returns the merged one's name, or null when either is not a customer of the store (or they are the same).
 */
export async function mergeCustomers(
  db: Db,
  actor: Actor,
  storeId: string,
  keptId: number,
  mergedId: number,
  now: Date,
): Promise<{ name: string } | null> {
  if (keptId === mergedId) return null;
  const [[kept], [merged]] = await db.batch([
    customerContactQuery(db, storeId, keptId),
    customerContactQuery(db, storeId, mergedId),
  ]);
  if (!kept || !merged) return null;
  await db.batch([
    moveCustomerOrdersStatement(db, storeId, mergedId, keptId),
    deleteCustomerStatement(db, storeId, mergedId),
    // Named by nothing of theirs: 'Actividad' never holds a buyer's data.
    activityStatement(db, storeId, actor, { kind: "sale", summary: { says: "customersMerged", values: {} } }, now, IF_CHANGED),
    absorbContactStatement(db, storeId, keptId, { phone: merged.phone, email: merged.email }, now),
  ]);
  return { name: merged.name };
}

/**
 * Forgets a customer: their orders lose name and contact (kept for bookkeeping), receipts the store refused are
 * deleted (a verified or pending one stays as the payment's evidence), their checkouts with that number or email
 * ('Carritos abandonados') are deleted, then the customer goes.
 */
export async function forgetCustomer(
  services: { db: Db; files: FileStore; clock: { now(): Date } },
  actor: Actor,
  storeId: string,
  customerId: number,
): Promise<boolean> {
  const { db } = services;
  const [refused, , , deleted] = await db.batch([
    db
      .select({ key: sales.receiptKey })
      .from(sales)
      .where(
        and(
          eq(sales.storeId, storeId),
          eq(sales.customerId, customerId),
          eq(sales.paymentStatus, "rejected"),
          isNotNull(sales.receiptKey),
        ),
      ),
    forgetCustomerOrdersStatement(db, storeId, customerId),
    forgetCustomerCheckoutsStatement(db, storeId, customerId),
    deleteCustomerStatement(db, storeId, customerId).returning({ id: sql<number>`id` }),
    activityStatement(
      db,
      storeId,
      actor,
      { kind: "sale", summary: { says: "customerForgotten", values: {} } },
      services.clock.now(),
      IF_CHANGED,
    ),
  ]);
  const keys = refused.flatMap((r) => (r.key ? [r.key] : []));
  if (keys.length > 0) await services.files.delete(keys);
  return deleted.length > 0;
}

/** Orders linked per upkeep run at most; a longer backlog is finished by the next runs. */
const PAST_ORDERS_PER_RUN = 200;

/**
 * Orders placed before the customer list, with a number or email, given their customer, oldest first: the list then
 * holds every buyer a store ever had. Returns how many were linked.
 */
export async function linkPastOrders(db: Db, now: Date): Promise<number> {
  const waiting = await db
    .select({
      id: sales.id,
      storeId: sales.storeId,
      buyerName: sales.buyerName,
      buyerPhone: sales.buyerPhone,
      buyerEmail: sales.buyerEmail,
      country: stores.country,
      timeZone: stores.timeZone,
    })
    .from(sales)
    .innerJoin(stores, eq(stores.id, sales.storeId))
    // The partial index sales_without_customer_idx holds exactly these.
    .where(and(isNull(sales.customerId), or(sql`${sales.buyerPhone} glob '*[0-9]*'`, sql`${sales.buyerEmail} is not null`)))
    .orderBy(asc(sales.createdAt))
    .limit(PAST_ORDERS_PER_RUN);
  const statements = waiting.flatMap((order) => {
    const key = customerKey({ phone: order.buyerPhone, email: order.buyerEmail }, storeCountry(order));
    return key ? linkPastOrderStatements(db, order, key, now) : [];
  });
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
  return waiting.length;
}
