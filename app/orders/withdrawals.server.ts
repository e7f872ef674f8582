/**
 * The writer of `withdrawal_requests`: Argentina's 'Botón de arrepentimiento'. A buyer names their order by its code
 * and the email or phone they gave in it; a match in the store, placed within the last 10 days (store's time zone),
 * records one request per order (asking again gives the same number), tells the buyer its number (and emails it),
 * and tells the merchant by email and push. A wrong code and a wrong contact get one answer, and they are counted
 * like wrong discount codes: past a limit per address and per store, nothing is looked at until the window passes.
 */
import { and, eq, or, type SQL, sql } from "drizzle-orm";
import { addressKey, countAttempt, type Limit } from "~/auth/rate-limit.server";
import { type StoreCountry, storeCountry } from "~/domain/countries";
import { randomDigits } from "~/domain/ids";
import { translatorFor } from "~/domain/message-catalogs";
import { defineMessages, type Translate } from "~/domain/messages";
import { formatSaleDate } from "~/domain/sales";
import { matchedContact, WITHDRAWAL_DAYS, WITHDRAWAL_MESSAGES, withinWithdrawalWindow } from "~/domain/withdrawals";
import { notifyStoreDevices } from "~/notifications/new-order-push.server";
import { merchantPushT, storeSubscriptionsQuery } from "~/notifications/push-subscriptions.server";
import type { PushNotice } from "~/pwa/sw-rules";
import type { Db } from "~/services/db";
import type { MailMessage } from "~/services/mail";
import type { Services } from "~/services/services";
import { firstStoreOf, merchantLocaleOf, ownerOfStoreIn } from "~/workspace/merchant-locale.server";
import type { IdRef } from "~/workspace/page-reads.server";
import { attemptCounters, sales, withdrawalRequests } from "../../db/schema";
import { orderPageUrl } from "./order-links";
import { saleStatements } from "./order-queries.server";
import { withdrawalBuyerEmail, withdrawalMerchantEmail } from "./withdrawal-emails";

const WINDOW_MS = 15 * 60_000;

/** Failed tries (unknown code or wrong contact): few per address, as for a typed code; more per store, for many buyers. */
const WITHDRAWAL_GUESS_LIMITS = {
  perAddress: { max: 10, windowMs: WINDOW_MS },
  perStore: { max: 100, windowMs: WINDOW_MS },
} satisfies Record<string, Limit>;

/** The merchant's push notice, in their variant. */
const PUSH = defineMessages({
  title: { id: "orders.withdrawal.push.title", defaultMessage: "Solicitud de cancelación #{code}" },
  body: { id: "orders.withdrawal.push.body", defaultMessage: "{buyer} usó el Botón de arrepentimiento" },
});

const ADDRESS_PREFIX = "arrepentimiento:ip:";
const STORE_PREFIX = "arrepentimiento:tienda:";

// Spelled out with aliases: the owner of the sale's store, then that owner's first store (the merchant's variant).
const saleOwnerFirstStore = firstStoreOf(ownerOfStoreIn(sql`"sales"."store_id"`));

/** The order named, its request if it has one, and the guess counters: batchable with the page (storeId may be its subquery). */
export function withdrawalQueries(db: Db, storeId: SQL | string, code: string, ip: string) {
  return [
    db
      .select({
        id: sales.id,
        state: sales.state,
        createdAt: sales.createdAt,
        buyerName: sales.buyerName,
        buyerEmail: sales.buyerEmail,
        buyerPhone: sales.buyerPhone,
        accessToken: sales.accessToken,
        draft: sales.draft,
        ownerFirstStore: saleOwnerFirstStore,
      })
      .from(sales)
      .where(and(eq(sales.id, code), eq(sales.storeId, storeId)))
      .limit(1),
    db
      .select({ id: withdrawalRequests.id, createdAt: withdrawalRequests.createdAt })
      .from(withdrawalRequests)
      .where(and(eq(withdrawalRequests.saleId, code), eq(withdrawalRequests.storeId, storeId)))
      .limit(1),
    db
      .select({ key: attemptCounters.key, count: attemptCounters.count, windowStartedAt: attemptCounters.windowStartedAt })
      .from(attemptCounters)
      .where(
        or(
          eq(attemptCounters.key, `${ADDRESS_PREFIX}${addressKey(ip)}`),
          eq(attemptCounters.key, sql`${STORE_PREFIX} || ${storeId}`),
        ),
      ),
    storeSubscriptionsQuery(db, storeId),
  ] as const;
}

type Queries = ReturnType<typeof withdrawalQueries>;
export type WithdrawalRows = readonly [Awaited<Queries[0]>, Awaited<Queries[1]>, Awaited<Queries[2]>, Awaited<Queries[3]>];

/** Minutes until tries are looked at again (at least 1), or null when they are now. */
function withdrawalWait(counters: WithdrawalRows[2], now: Date): number | null {
  let until = 0;
  for (const counter of counters) {
    const limit = counter.key.startsWith(ADDRESS_PREFIX) ? WITHDRAWAL_GUESS_LIMITS.perAddress : WITHDRAWAL_GUESS_LIMITS.perStore;
    const ends = counter.windowStartedAt.getTime() + limit.windowMs;
    if (counter.count >= limit.max && ends > now.getTime()) until = Math.max(until, ends);
  }
  return until ? Math.max(1, Math.ceil((until - now.getTime()) / 60_000)) : null;
}

export interface WithdrawalStore {
  id: string;
  name: string;
  url: string;
  customHost?: string | null;
  country: string;
  timeZone: string;
  ownerEmail: string;
  ownerName: string;
}

export type WithdrawalOutcome =
  | { ok: true; requestId: string; saleId: string; date: string; emailed: boolean; again: boolean }
  | { ok: false; message: string; status: number; retryAfterMinutes?: number };

/**
 * Decides on a buyer's request with what `withdrawalQueries` read in the page's batch, then writes it (one statement),
 * or counts the failed try (one batch).
 */
export async function requestWithdrawal(
  services: Services,
  store: WithdrawalStore,
  input: { code: string; contact: string },
  rows: WithdrawalRows,
  ip: string,
  t: Translate,
): Promise<WithdrawalOutcome> {
  const now = services.clock.now();
  const [[sale], [existing], counters, subscriptions] = rows;
  const wait = withdrawalWait(counters, now);
  if (wait !== null)
    return { ok: false, message: t(WITHDRAWAL_MESSAGES.tooMany, { minutes: wait }), status: 429, retryAfterMinutes: wait };
  const country: StoreCountry = storeCountry(store);
  // A draft the customer never confirmed is no purchase of theirs yet: it is not found either.
  const contact = sale && !sale.draft ? matchedContact(sale, input.contact, country) : null;
  if (!sale || !contact) {
    await services.db.batch([
      countAttempt(services.db, `${ADDRESS_PREFIX}${addressKey(ip)}`, WITHDRAWAL_GUESS_LIMITS.perAddress, now),
      countAttempt(services.db, `${STORE_PREFIX}${store.id}`, WITHDRAWAL_GUESS_LIMITS.perStore, now),
    ]);
    return { ok: false, message: t(WITHDRAWAL_MESSAGES.notFound), status: 404 };
  }
  const dated = (request: { id: string; createdAt: Date }, again: boolean) => ({
    ok: true as const,
    requestId: request.id,
    saleId: sale.id,
    date: formatSaleDate(request.createdAt, store.timeZone),
    emailed: Boolean(sale.buyerEmail),
    again,
  });
  if (existing) return dated(existing, true);
  if (sale.state === "Cancelada") return { ok: false, message: t(WITHDRAWAL_MESSAGES.cancelled), status: 409 };
  if (!withinWithdrawalWindow(sale.createdAt, now, store.timeZone))
    return { ok: false, message: t(WITHDRAWAL_MESSAGES.expired, { days: WITHDRAWAL_DAYS }), status: 409 };

  const saved = await insertRequest(services.db, store.id, sale.id, contact, now);
  if (!saved.created) return dated(saved.request, true);
  const request = saved.request;
  await announce(services, store, sale, request.id, subscriptions, formatSaleDate(now, store.timeZone), t);
  return dated(request, false);
}

/** One request per order: a second (or a concurrent) one finds the first. */
async function insertRequest(
  db: Db,
  storeId: string,
  saleId: string,
  contact: "email" | "phone",
  now: Date,
): Promise<{ created: boolean; request: { id: string; createdAt: Date } }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const id = randomDigits(10);
    try {
      const [row] = await db
        .insert(withdrawalRequests)
        .values({ id, storeId, saleId, contact, createdAt: now })
        .onConflictDoNothing({ target: withdrawalRequests.saleId })
        .returning({ id: withdrawalRequests.id, createdAt: withdrawalRequests.createdAt });
      if (row) return { created: true, request: row };
      const [first] = await db
        .select({ id: withdrawalRequests.id, createdAt: withdrawalRequests.createdAt })
        .from(withdrawalRequests)
        .where(eq(withdrawalRequests.saleId, saleId));
      if (first) return { created: false, request: first };
    } catch (error) {
      // The random number was taken (the primary key): another one.
      if (attempt === 2 || !String((error as Error)?.message ?? error).includes("UNIQUE")) throw error;
    }
  }
  throw new Error("withdrawal request not saved");
}

/** The buyer's email with the number, the merchant's email and push; none may lose the request, which is saved. */
async function announce(
  services: Services,
  store: WithdrawalStore,
  sale: WithdrawalRows[0][number],
  requestId: string,
  subscriptions: WithdrawalRows[3],
  date: string,
  t: Translate,
) {
  const saleUrl = `/Store/${store.id}/sales/${sale.id}`;
  const mail = async (name: string, message: MailMessage) => {
    try {
      await services.mail.send(message);
    } catch (error) {
      services.log.error("mail.failed", error, { mail: name, storeId: store.id, saleId: sale.id });
    }
  };
  const pushT = merchantPushT(subscriptions);
  const payload = JSON.stringify({
    title: pushT(PUSH.title, { code: sale.id }),
    body: pushT(PUSH.body, { buyer: sale.buyerName }),
    url: saleUrl,
  } satisfies PushNotice);
  await Promise.all([
    notifyStoreDevices(services, subscriptions, { storeId: store.id, saleId: sale.id }, payload),
    mail(
      "withdrawal-merchant",
      withdrawalMerchantEmail(
        {
          to: store.ownerEmail,
          merchantName: store.ownerName,
          storeName: store.name,
          requestId,
          code: sale.id,
          buyerName: sale.buyerName,
          saleUrl: `${services.config.APP_ORIGIN}${saleUrl}`,
        },
        translatorFor(merchantLocaleOf(sale.ownerFirstStore)),
      ),
    ),
    sale.buyerEmail &&
      mail(
        "withdrawal-buyer",
        withdrawalBuyerEmail(
          {
            to: sale.buyerEmail,
            buyerName: sale.buyerName,
            storeName: store.name,
            requestId,
            code: sale.id,
            date,
            orderUrl: orderPageUrl(services.config, store, sale.id, sale.accessToken),
          },
          t,
        ),
      ),
  ]);
  services.log.info("withdrawal.requested", { storeId: store.id, saleId: sale.id });
}

/**
 * The statements of one sale of the store with its lines and its buyer's cancellation request, for the caller's
 * batch (the sale dialog adds its delivery progress); `saleWithWithdrawalOf` reads their rows.
 */
export const saleWithWithdrawalStatements = (db: Db, storeId: IdRef, saleId: string) =>
  [
    ...saleStatements(db, storeId, saleId),
    db
      .select({ id: withdrawalRequests.id, createdAt: withdrawalRequests.createdAt, contact: withdrawalRequests.contact })
      .from(withdrawalRequests)
      .where(and(eq(withdrawalRequests.saleId, saleId), eq(withdrawalRequests.storeId, storeId)))
      .limit(1),
  ] as const;

type Statements = ReturnType<typeof saleWithWithdrawalStatements>;
type SaleWithWithdrawalRows = readonly [Awaited<Statements[0]>, Awaited<Statements[1]>, Awaited<Statements[2]>];

export function saleWithWithdrawalOf([[sale], lines, [withdrawal]]: SaleWithWithdrawalRows) {
  return sale ? { sale: { ...sale, lines }, withdrawal: withdrawal ?? null } : undefined;
}

/** One sale of the store with its lines and its buyer's cancellation request (or null), in one batch. */
export async function getSaleWithWithdrawal(db: Db, storeId: string, saleId: string) {
  return saleWithWithdrawalOf(await db.batch(saleWithWithdrawalStatements(db, storeId, saleId)));
}
