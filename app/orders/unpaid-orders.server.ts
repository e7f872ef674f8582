/**
 * The limits on unpaid orders a checkout may place (docs/decisions/0049-unpaid-orders-cannot-empty-a-store.md): per
 * browser, per client address and per store, counted from the sales table in the checkout's own batch. The counts
 * read there refuse most attempts before any write; the sales table's triggers hold the same limits inside the write,
 * so concurrent checkouts cannot pass them together. A refusal says, in Spanish, how long to wait (429, Retry-After).
 */
import { createHash } from "node:crypto";
import { and, eq, gt, isNotNull, ne, type SQL, sql } from "drizzle-orm";
import { addressKey } from "~/auth/rate-limit.server";
import { randomToken } from "~/domain/ids";
import { minutesToWait, UNPAID_ORDER_LIMITS, UNPAID_ORDER_MESSAGES, unpaidOrderText } from "~/domain/limits";
import type { MessageDescriptor, Translate } from "~/domain/messages";
import type { Db } from "~/services/db";
import { sales, stores } from "../../db/schema";
import type { ClientKeys } from "./order-records.server";

const HOUR = 3_600_000;

/**
 * A hex SHA-256 of `text`, cut to 128 bits: enough to tell clients apart, and never the address itself. Synchronous
 * (node:crypto, which the Worker has too), so the checkout's batch is not put off behind it.
 */
const digest = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);

/** Addresses that are not a client's: unknown, or this machine (a proxy in front without TRUST_PROXY). */
const isClientAddress = (ip: string) => ip !== "unknown" && !/^(127\.|::1$|::ffff:127\.)/.test(ip.trim());

/**
 * The checkout's client as the sales table keeps it: its address (its /64 for IPv6; null when it is not a client's)
 * and its browser's buyer cookie, both hashed. A hash keeps the address out of the table and its backups; it is no
 * secret (an IPv4 address can be found again by trying them all), so nothing shows or exports it.
 */
export function clientKeys(ip: string, buyerCookie: string): ClientKeys {
  return {
    addressKey: isClientAddress(ip) ? digest(`address|${addressKey(ip)}`) : null,
    cookieKey: digest(`browser|${buyerCookie}`),
  };
}

/** An unpaid order that still holds its units: the ones the limits count. */
const holdsUnpaid = () => [eq(sales.stockState, "held"), eq(sales.state, "Pendiente"), ne(sales.paymentStatus, "approved")];

const countAndFirst = (where: SQL | undefined, first: SQL) => ({
  count: sql<number>`(select count(*) from ${sales} where ${where})`.mapWith(Number),
  first: sql<number | null>`(select min(${first}) from ${sales} where ${where})`,
});

/**
 * The checkout's counts, one row for the page's batch (`storeId`: the id, or the page's subquery): the client's unpaid
 * orders holding stock by address and by browser (with the first of their holds to end), and the store's from its
 * checkout in the hour before `now` (with the oldest).
 */
export function unpaidOrdersQuery(db: Db, storeId: SQL | string, client: ClientKeys, now: Date) {
  const own = eq(sales.storeId, storeId);
  const address = countAndFirst(
    and(own, eq(sales.clientAddressKey, client.addressKey ?? "-"), ...holdsUnpaid()),
    sql`${sales.reservedUntil}`,
  );
  const browser = countAndFirst(
    and(own, eq(sales.clientCookieKey, client.cookieKey), ...holdsUnpaid()),
    sql`${sales.reservedUntil}`,
  );
  const store = countAndFirst(
    and(own, gt(sales.createdAt, new Date(now.getTime() - HOUR)), isNotNull(sales.clientCookieKey), ...holdsUnpaid()),
    sql`${sales.createdAt}`,
  );
  return db
    .select({
      byAddress: address.count,
      addressFirstEnds: address.first,
      byBrowser: browser.count,
      browserFirstEnds: browser.first,
      byStore: store.count,
      storeOldest: store.first,
    })
    .from(stores)
    .where(eq(stores.id, storeId))
    .limit(1);
}

export type UnpaidOrdersRow = Awaited<ReturnType<typeof unpaidOrdersQuery>>[number];

export interface UnpaidLimitRefusal {
  status: 429;
  /** Seconds, for Retry-After. */
  retryAfter: number;
  message: string;
}

/**
 * The refusal when one more unpaid order would pass a limit, or null when it fits. The wait: until the client's
 * first hold ends (or an hour, for a hold with no end), or until the store's oldest order of the hour leaves it.
 */
export function unpaidLimitRefusal(row: UnpaidOrdersRow | undefined, now: Date, t: Translate): UnpaidLimitRefusal | null {
  if (!row) return null;
  const later = (ms: number | null) => new Date(ms ?? now.getTime() + HOUR);
  const client =
    row.byBrowser >= UNPAID_ORDER_LIMITS.perBrowser
      ? row.browserFirstEnds
      : row.byAddress >= UNPAID_ORDER_LIMITS.perAddress
        ? row.addressFirstEnds
        : undefined;
  if (client !== undefined) return refusal(minutesToWait(later(client), now), UNPAID_ORDER_MESSAGES.perClient, t);
  if (row.byStore >= UNPAID_ORDER_LIMITS.perStorePerHour) {
    const minutes = minutesToWait(later(row.storeOldest === null ? null : row.storeOldest + HOUR), now);
    return refusal(minutes, UNPAID_ORDER_MESSAGES.perStore, t);
  }
  return null;
}

const refusal = (minutes: number, message: MessageDescriptor, t: Translate): UnpaidLimitRefusal => ({
  status: 429,
  retryAfter: minutes * 60,
  message: unpaidOrderText(t, message, minutes),
});

/**
 * The refusal of an order the sales table's triggers refused (a concurrent checkout took the last place): the counts
 * read again (one more read, on this refusal only), or an hour's wait if they no longer show the limit.
 */
export async function unpaidLimitRefusalAfterRace(
  db: Db,
  storeId: string,
  client: ClientKeys,
  now: Date,
  limit: "client" | "store",
  t: Translate,
): Promise<UnpaidLimitRefusal> {
  const [row] = await unpaidOrdersQuery(db, storeId, client, now);
  return (
    unpaidLimitRefusal(row, now, t) ??
    refusal(60, limit === "client" ? UNPAID_ORDER_MESSAGES.perClient : UNPAID_ORDER_MESSAGES.perStore, t)
  );
}

/**
 * The checkout's client from its address and its browser's buyer cookie (`cookie`, null when it has none): its keys,
 * and the new cookie value to set when the browser had none (or a malformed one).
 */
export function checkoutClient(ip: string, cookie: string | null): { keys: ClientKeys; newCookie: string | null } {
  const kept = cookie && /^[\w-]{16,64}$/.test(cookie) ? cookie : null;
  const value = kept ?? randomToken(18);
  return { keys: clientKeys(ip, value), newCookie: kept ? null : value };
}
