// Abandoned carts (docs/decisions/0057-abandoned-carts.md): the checkouts table (a buyer's contact with the cart's
// lines, written by the checkout's contact step), the store's settings for them and the buyers' opt-outs of their
// reminder email. Every read is scoped to a store; contacts are personal data: never logged, deleted with the
// customer, purged 30 days after their last change.

import { and, asc, between, desc, eq, gt, inArray, isNull, lte, ne, type SQL, sql } from "drizzle-orm";
import {
  ABANDONED_CART_DEFAULTS,
  ABANDONED_CART_KEEP_MS,
  type AbandonedCartSettings,
  readSavedLines,
  type SavedLine,
  savedLinesText,
} from "~/domain/abandoned-carts";
import { randomToken, sha256Hex } from "~/domain/ids";
import { storeTranslator } from "~/domain/message-catalogs";
import { publicStoreUrl } from "~/services/config";
import type { Db } from "~/services/db";
import type { Services } from "~/services/services";
import { type Actor, activityStatement } from "~/workspace/activity.server";
import type { IdRef } from "~/workspace/page-reads.server";
import { abandonedCartSettings, cartEmailOptOuts, checkouts, customers, sales, stores } from "../../db/schema";
import { cartProductsQuery, cartVariantsQuery } from "./cart-items.server";
import { cartReminderEmail } from "./cart-reminder-email";

/** The restore link on the store's public address (`basePath`: '' on its own host, '/site/{slug}' on the app's). */
const restorePath = (basePath: string, token: string) => `${basePath}/carrito/recuperar/${token}`;
type PublicStore = Parameters<typeof publicStoreUrl>[1];
export const restoreUrl = (config: Services["config"], store: PublicStore, token: string) =>
  restorePath(publicStoreUrl(config, store).replace(/\/$/, ""), token);
const optOutUrl = (config: Services["config"], store: PublicStore, token: string) =>
  `${publicStoreUrl(config, store).replace(/\/$/, "")}/carrito/sin-correos/${token}`;

/** The shopper's checkout record in this store: its id, set by the contact step, read to link the order to it. */
export const CHECKOUT_COOKIE = "compra";

/** The shape of a checkout id (the `compra` cookie), checked before any query. */
const CHECKOUT_ID_PATTERN = /^[A-Za-z0-9_-]{24}$/;
const RESTORE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
export const isRestoreToken = (token: string) => RESTORE_TOKEN_PATTERN.test(token);

const afterMinutesOf = (storeId: string | SQL) =>
  sql`coalesce((select ${abandonedCartSettings.afterMinutes} from ${abandonedCartSettings} where ${abandonedCartSettings.storeId} = ${storeId}), ${ABANDONED_CART_DEFAULTS.afterMinutes})`;

/** A checkout left long enough ago (the store's delay) to be listed as abandoned. */
const abandonedCondition = (storeId: string | SQL, now: Date) =>
  sql`${checkouts.updatedAt} <= ${now.getTime()} - ${afterMinutesOf(storeId)} * 60000`;

// ——— The checkout's contact step ———

/** The contact the shopper's `compra` cookie names, in this store and not yet ordered: for the checkout page's batch. */
export const checkoutContactQuery = (db: Db, storeId: SQL, id: string | null) =>
  db
    .select({
      id: checkouts.id,
      buyerName: checkouts.buyerName,
      buyerPhone: checkouts.buyerPhone,
      buyerEmail: checkouts.buyerEmail,
    })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.id, id && CHECKOUT_ID_PATTERN.test(id) ? id : "-"),
        eq(checkouts.storeId, storeId),
        isNull(checkouts.recoveredSaleId),
      ),
    )
    .limit(1);

export interface CheckoutRecord {
  storeId: string;
  buyerName: string;
  buyerPhone: string | null;
  /** The phone as the customer list knows it (customerKey), to forget it with the customer. */
  contactPhone: string | null;
  buyerEmail: string | null;
  lines: SavedLine[];
  total: number;
  currency: string;
  source: string | null;
}

/**
 * Saves the checkout's contact and cart: the shopper's own record (`id`, from their cookie) when it is this store's
 * and not ordered yet, else a new one. A record already listed as abandoned keeps its time, so it stays listed until
 * its order comes (and that order counts as recovered). Answers the record's id.
 */
export async function saveCheckout(db: Db, id: string | null, c: CheckoutRecord, now: Date): Promise<string> {
  const values = {
    buyerName: c.buyerName,
    buyerPhone: c.buyerPhone,
    contactPhone: c.contactPhone,
    buyerEmail: c.buyerEmail,
    lines: savedLinesText(c.lines),
    total: c.total,
    currency: c.currency,
    source: c.source,
  };
  if (id && CHECKOUT_ID_PATTERN.test(id)) {
    const updated = await db
      .update(checkouts)
      .set({
        ...values,
        updatedAt: sql`case when ${abandonedCondition(c.storeId, now)} then ${checkouts.updatedAt} else ${now.getTime()} end`,
      })
      .where(and(eq(checkouts.id, id), eq(checkouts.storeId, c.storeId), isNull(checkouts.recoveredSaleId)))
      .returning({ id: checkouts.id });
    if (updated.length > 0) return id;
  }
  const newId = randomToken(18);
  await db.insert(checkouts).values({
    id: newId,
    storeId: c.storeId,
    restoreToken: randomToken(24),
    ...values,
    createdAt: now,
    updatedAt: now,
  });
  return newId;
}

// ——— The order it becomes (run in the order's own batch: app/orders/order-records.server.ts) ———

/** The checkout `checkoutId` of the store was listed as abandoned and has no order yet: the new order recovers it. */
export const recoversAbandoned = (storeId: string, checkoutId: string, now: Date) =>
  sql`exists (select 1 from ${checkouts} where ${checkouts.id} = ${checkoutId} and ${checkouts.storeId} = ${storeId}
    and ${checkouts.recoveredSaleId} is null and ${abandonedCondition(storeId, now)})`;

/** The checkout became the order `saleId`: it leaves the list (once; another store's id changes nothing). */
export const checkoutOrderedStatement = (db: Db, storeId: string, checkoutId: string, saleId: string, now: Date) =>
  db
    .update(checkouts)
    .set({ recoveredSaleId: saleId, recoveredAt: now })
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.storeId, storeId), isNull(checkouts.recoveredSaleId)));

// ——— The restore link ———

/** The record a restore link names in this store, with its products and variants today, for the page's one batch. */
export function restoreQueries(db: Db, storeId: SQL, token: string) {
  const safe = isRestoreToken(token) ? token : "-";
  const ids = sql`(select json_extract(value, '$.productId') from ${checkouts}, json_each(${checkouts.lines})
    where ${checkouts.restoreToken} = ${safe} and ${checkouts.storeId} = ${storeId})`;
  return [
    db
      .select({
        id: checkouts.id,
        lines: checkouts.lines,
        source: checkouts.source,
        buyerEmail: checkouts.buyerEmail,
        recoveredSaleId: checkouts.recoveredSaleId,
      })
      .from(checkouts)
      .where(and(eq(checkouts.restoreToken, safe), eq(checkouts.storeId, storeId)))
      .limit(1),
    cartProductsQuery(db, storeId, ids),
    cartVariantsQuery(db, storeId, ids),
  ] as const;
}

// ——— The reminder email's opt-out ———

const emailHash = (email: string) => sha256Hex(email.trim().toLowerCase());

/** The buyer of the checkout behind `token` gets no more reminder emails from this store. False: no such checkout. */
export async function optOutOfReminders(db: Db, storeId: string, token: string, now: Date): Promise<boolean> {
  if (!isRestoreToken(token)) return false;
  const [row] = await db
    .select({ email: checkouts.buyerEmail })
    .from(checkouts)
    .where(and(eq(checkouts.restoreToken, token), eq(checkouts.storeId, storeId)))
    .limit(1);
  if (!row) return false;
  if (row.email)
    await db
      .insert(cartEmailOptOuts)
      .values({ storeId, emailHash: await emailHash(row.email), createdAt: now })
      .onConflictDoNothing();
  return true;
}

// ——— The merchant's page ———

export const settingsQuery = (db: Db, storeId: IdRef) =>
  db.select().from(abandonedCartSettings).where(eq(abandonedCartSettings.storeId, storeId)).limit(1);

export const settingsOf = (row: AbandonedCartSettings | undefined): AbandonedCartSettings =>
  row ? { afterMinutes: row.afterMinutes, emailOn: row.emailOn, emailHours: row.emailHours } : ABANDONED_CART_DEFAULTS;

/** The store's checkouts of the last 30 days, newest first, with the order each became, if any: the page's batch. */
export const storeCheckoutsQuery = (db: Db, storeId: IdRef, now: Date, limit = 200) =>
  db
    .select({
      id: checkouts.id,
      buyerName: checkouts.buyerName,
      buyerPhone: checkouts.buyerPhone,
      buyerEmail: checkouts.buyerEmail,
      lines: checkouts.lines,
      total: checkouts.total,
      currency: checkouts.currency,
      source: checkouts.source,
      updatedAt: checkouts.updatedAt,
      emailedAt: checkouts.emailedAt,
      restoreToken: checkouts.restoreToken,
      saleId: checkouts.recoveredSaleId,
      saleTotal: sales.total,
      recovered: sales.recoveredCart,
    })
    .from(checkouts)
    .leftJoin(sales, and(eq(sales.id, checkouts.recoveredSaleId), eq(sales.storeId, storeId)))
    .where(and(eq(checkouts.storeId, storeId), gt(checkouts.updatedAt, new Date(now.getTime() - ABANDONED_CART_KEEP_MS))))
    .orderBy(desc(checkouts.updatedAt))
    .limit(limit);

/**
 * Orders recovered from abandoned carts placed on the store's days `from` to `to` ('YYYY-MM-DD', inclusive): how many
 * and their totals, neither drafts nor cancelled (the statistics' figure; the partial index holds only these orders).
 */
export const recoveredOrdersQuery = (db: Db, storeId: IdRef, from: string, to: string) =>
  db
    .select({
      orders: sql<number>`count(*)`.mapWith(Number),
      revenue: sql<number>`coalesce(sum(${sales.total}), 0)`.mapWith(Number),
    })
    .from(sales)
    .where(
      and(
        eq(sales.storeId, storeId),
        sql`${sales.recoveredCart} = 1`,
        between(sales.day, from, to),
        eq(sales.draft, false),
        ne(sales.state, "Cancelada"),
      ),
    );

export async function saveSettings(db: Db, actor: Actor, storeId: string, s: AbandonedCartSettings, now: Date): Promise<void> {
  await db.batch([
    db
      .insert(abandonedCartSettings)
      .values({ storeId, ...s, updatedAt: now })
      .onConflictDoUpdate({ target: abandonedCartSettings.storeId, set: { ...s, updatedAt: now } }),
    activityStatement(db, storeId, actor, { kind: "settings", summary: { says: "cartRemindersChanged", values: {} } }, now),
  ]);
}

/** The merchant removes one checkout of their store (a buyer who asked, a test). */
export async function deleteCheckout(db: Db, storeId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(checkouts)
    .where(and(eq(checkouts.id, id), eq(checkouts.storeId, storeId)))
    .returning({ id: checkouts.id });
  return deleted.length > 0;
}

// ——— The customer forgotten ———

/** Their checkouts go with the customer (by their number or email): batched before the customer's own deletion. */
export const forgetCustomerCheckoutsStatement = (db: Db, storeId: string, customerId: number) => {
  const contact = (column: typeof customers.phone | typeof customers.email) =>
    sql`(select ${column} from ${customers} where ${customers.id} = ${customerId} and ${customers.storeId} = ${storeId})`;
  return db
    .delete(checkouts)
    .where(
      and(
        eq(checkouts.storeId, storeId),
        sql`(${checkouts.contactPhone} = ${contact(customers.phone)} or ${checkouts.buyerEmail} = ${contact(customers.email)})`,
      ),
    );
};

// ——— The upkeep ———

/** Reminder emails one upkeep run sends at most; the rest wait for the next run. */
const REMINDERS_PER_RUN = 50;

/**
 * The one reminder email of each checkout whose buyer left an email, once the store's hours passed without an order
 * (unless the store turned them off or is switched off, or the buyer opted out of its reminders). Each is claimed by a
 * conditioned write before it is sent, so two runs at once send it once. Answers how many went.
 */
export async function sendCartReminders(services: Pick<Services, "db" | "clock" | "mail" | "config" | "log">): Promise<number> {
  const { db } = services;
  const now = services.clock.now();
  const due = await db
    .select({
      id: checkouts.id,
      storeId: checkouts.storeId,
      buyerName: checkouts.buyerName,
      buyerEmail: checkouts.buyerEmail,
      restoreToken: checkouts.restoreToken,
      lines: checkouts.lines,
      total: checkouts.total,
      currency: checkouts.currency,
      country: stores.country,
      storeName: stores.name,
      storeCountry: stores.country,
      storeTimeZone: stores.timeZone,
      storeUrl: stores.url,
      customHost: stores.customHost,
    })
    .from(checkouts)
    .innerJoin(stores, eq(stores.id, checkouts.storeId))
    .leftJoin(abandonedCartSettings, eq(abandonedCartSettings.storeId, checkouts.storeId))
    .where(
      and(
        isNull(checkouts.emailedAt),
        sql`${checkouts.buyerEmail} is not null`,
        isNull(checkouts.recoveredSaleId),
        lte(checkouts.updatedAt, new Date(now.getTime() - 60 * 60_000)),
        gt(checkouts.updatedAt, new Date(now.getTime() - ABANDONED_CART_KEEP_MS)),
        sql`${checkouts.updatedAt} <= ${now.getTime()} - coalesce(${abandonedCartSettings.emailHours}, ${ABANDONED_CART_DEFAULTS.emailHours}) * 3600000`,
        sql`coalesce(${abandonedCartSettings.emailOn}, 1) = 1`,
        // A store switched off would not open the email's link.
        eq(stores.active, true),
      ),
    )
    .orderBy(asc(checkouts.updatedAt))
    .limit(REMINDERS_PER_RUN);
  if (due.length === 0) return 0;
  const hashes = await Promise.all(due.map((d) => emailHash(d.buyerEmail ?? "")));
  const optedOut = await db
    .select({ storeId: cartEmailOptOuts.storeId, emailHash: cartEmailOptOuts.emailHash })
    .from(cartEmailOptOuts)
    .where(inArray(cartEmailOptOuts.emailHash, hashes));
  const refused = new Set(optedOut.map((o) => `${o.storeId}|${o.emailHash}`));
  let sent = 0;
  for (const [index, c] of due.entries()) {
    const claimed = await db
      .update(checkouts)
      .set({ emailedAt: now })
      .where(and(eq(checkouts.id, c.id), isNull(checkouts.emailedAt)))
      .returning({ id: checkouts.id });
    if (claimed.length === 0 || !c.buyerEmail || refused.has(`${c.storeId}|${hashes[index]}`)) continue;
    try {
      await services.mail.send(
        cartReminderEmail({
          t: storeTranslator({ country: c.storeCountry, timeZone: c.storeTimeZone }),
          to: c.buyerEmail,
          buyerName: c.buyerName,
          storeName: c.storeName,
          currency: c.currency,
          country: c.country,
          lines: readSavedLines(c.lines),
          total: c.total,
          restoreUrl: restoreUrl(services.config, { url: c.storeUrl, customHost: c.customHost }, c.restoreToken),
          optOutUrl: optOutUrl(services.config, { url: c.storeUrl, customHost: c.customHost }, c.restoreToken),
        }),
      );
      sent++;
    } catch (error) {
      // Only a failure to queue it lands here; the address is not logged.
      services.log.error("mail.failed", error, { mail: "cart-reminder", storeId: c.storeId });
    }
  }
  return sent;
}

/** Checkouts untouched for 30 days are deleted, contact and all. Answers how many. */
export async function purgeOldCheckouts(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(checkouts)
    .where(lte(checkouts.updatedAt, new Date(now.getTime() - ABANDONED_CART_KEEP_MS)))
    .returning({ id: checkouts.id });
  return deleted.length;
}
