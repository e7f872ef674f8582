/**
 * Failed discount-code entries are counted per client address and per store (exact counters in the
 * database, as the sign-in limits), and past a limit no code is looked at until the window passes: the
 * answer then says nothing of whether the code exists. Only failures count (a code the store does not
 * have, or has switched off), so a shopper's few typos never cost them the code, and the per-address
 * limit is sized for many shoppers behind one carrier address (carrier-grade NAT).
 */
import { eq, or, type SQL, sql } from "drizzle-orm";
import { addressKey, countAttempt, type Limit } from "~/auth/rate-limit.server";
import { codeGuessText } from "~/domain/code-links";
import type { Db } from "~/services/db";
import { attemptCounters } from "../../db/schema";

const WINDOW_MS = 15 * 60_000;

export const CODE_GUESS_LIMITS = {
  perAddress: { max: 20, windowMs: WINDOW_MS },
  perStore: { max: 200, windowMs: WINDOW_MS },
} satisfies Record<string, Limit>;

const addressCounter = (ip: string) => `codigo:ip:${addressKey(ip)}`;
const storeCounter = (storeId: string) => `codigo:tienda:${storeId}`;

/** The two counters of a code entry, batchable with the page's queries (`storeId` may be the page's store subquery). */
export function codeGuessCountersQuery(db: Db, storeId: SQL | string, ip: string) {
  return db
    .select({ key: attemptCounters.key, count: attemptCounters.count, windowStartedAt: attemptCounters.windowStartedAt })
    .from(attemptCounters)
    .where(or(eq(attemptCounters.key, addressCounter(ip)), eq(attemptCounters.key, sql`${"codigo:tienda:"} || ${storeId}`)));
}

export type CodeGuessCounters = Awaited<ReturnType<typeof codeGuessCountersQuery>>;

/** Minutes until code entries are looked at again (at least 1), or null when they are now. */
export function codeGuessWait(counters: CodeGuessCounters, now: Date): number | null {
  let until = 0;
  for (const counter of counters) {
    const limit = counter.key.startsWith("codigo:ip:") ? CODE_GUESS_LIMITS.perAddress : CODE_GUESS_LIMITS.perStore;
    const ends = counter.windowStartedAt.getTime() + limit.windowMs;
    if (counter.count >= limit.max && ends > now.getTime()) until = Math.max(until, ends);
  }
  return until ? Math.max(1, Math.ceil((until - now.getTime()) / 60_000)) : null;
}

export const codeGuessMessage = codeGuessText;

/** Counts one failed entry against the client's address and the store, in one round trip. */
export async function countCodeFailure(db: Db, storeId: string, ip: string, now: Date): Promise<void> {
  await db.batch([
    countAttempt(db, addressCounter(ip), CODE_GUESS_LIMITS.perAddress, now),
    countAttempt(db, storeCounter(storeId), CODE_GUESS_LIMITS.perStore, now),
  ]);
}
