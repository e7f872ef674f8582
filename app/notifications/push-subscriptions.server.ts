// Data access for one store's Web Push subscriptions. Every statement is scoped by the store id the
// workspace guard resolved (the signed-in owner's store), never by one the browser sent.
import { and, count, desc, eq, inArray, notInArray, type SQL, sql } from "drizzle-orm";
import { translatorFor } from "~/domain/message-catalogs";
import type { Translate } from "~/domain/messages";
import type { Db } from "~/services/db";
import { firstStoreOf, merchantLocaleOf, ownerOfStoreIn } from "~/workspace/merchant-locale.server";
import type { IdRef } from "~/workspace/page-reads.server";
import { pushSubscriptions } from "../../db/schema";
import type { PushTarget } from "./web-push/send";

/**
 * Devices per store. Past it, a new device replaces the store's oldest one: a limit protects the
 * owner (and the checkout, which sends to each), it never refuses the device in hand.
 */
const MAX_PUSH_SUBSCRIPTIONS = 20;

export type StoredSubscription = PushTarget & {
  id: number;
  /** The store owner's first store ('country timeZone'): the notices speak as the merchant does (decision 0067). */
  ownerFirstStore?: string | null;
};

// Spelled out with aliases: the owner of the subscription's store, then that owner's first store.
const ownerFirstStore = firstStoreOf(ownerOfStoreIn(sql`"push_subscriptions"."store_id"`));

/** The merchant's translator for the notices to a store's devices (neutral Spanish without any device). */
export const merchantPushT = (subscriptions: StoredSubscription[]): Translate =>
  translatorFor(merchantLocaleOf(subscriptions[0]?.ownerFirstStore));

/**
 * Every subscription of a store (at most 20). The checkout adds it to the batch that loads the store
 * (`storeId` is then that batch's store lookup), so it costs no round trip of its own.
 */
export function storeSubscriptionsQuery(db: Db, storeId: string | SQL) {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      ownerFirstStore,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.storeId, storeId));
}

/** How many devices are told of the store's orders, for the sales page's batch. */
export function deviceCountQuery(db: Db, storeId: IdRef) {
  return db.select({ devices: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.storeId, storeId));
}

/**
 * Saves a browser's subscription for the store, in one atomic batch: the same endpoint again
 * updates its keys and counts as new; then everything past the newest 20 is removed. Returns the
 * store's device count after it.
 */
export async function subscribe(db: Db, storeId: string, target: PushTarget, now: Date): Promise<number> {
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.storeId, storeId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(MAX_PUSH_SUBSCRIPTIONS);
  const [, , [row]] = await db.batch([
    db
      .insert(pushSubscriptions)
      .values({ storeId, endpoint: target.endpoint, p256dh: target.p256dh, auth: target.auth, createdAt: now })
      .onConflictDoUpdate({
        target: [pushSubscriptions.storeId, pushSubscriptions.endpoint],
        set: { p256dh: target.p256dh, auth: target.auth, createdAt: now },
      }),
    db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.storeId, storeId), notInArray(pushSubscriptions.id, newest))),
    deviceCountQuery(db, storeId),
  ]);
  return row?.devices ?? 0;
}

/** Forgets one browser of the store (turning notices off on that device). Returns the device count after it. */
export async function unsubscribe(db: Db, storeId: string, endpoint: string): Promise<number> {
  const [, [row]] = await db.batch([
    db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.storeId, storeId), eq(pushSubscriptions.endpoint, endpoint))),
    deviceCountQuery(db, storeId),
  ]);
  return row?.devices ?? 0;
}

/** Forgets the subscriptions the push services reported gone (404, 410), in one statement. */
export async function forgetSubscriptions(db: Db, storeId: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.storeId, storeId), inArray(pushSubscriptions.id, ids)));
}
