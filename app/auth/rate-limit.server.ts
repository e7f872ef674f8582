import { sql } from "drizzle-orm";
import type { Db } from "~/services/db";
import { attemptCounters } from "../../db/schema";

export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Per-address limits. Many merchants and shoppers in Latin America reach us from one mobile
 * carrier's address (carrier-grade NAT), so these count failures only and are generous; the
 * per-account throttle (app/domain/login-throttle.ts) is what slows guessing one password.
 */
export const LIMITS = {
  loginFailuresPerAddress: { max: 100, windowMs: 15 * 60_000 },
  codeFailuresPerAddress: { max: 100, windowMs: 15 * 60_000 },
  /** Each request sends an email, so requests count here, not failures. */
  resetRequestsPerAddress: { max: 50, windowMs: 15 * 60_000 },
  adminFailuresPerAddress: { max: 5, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;

/**
 * The part of a client address that identifies one client: the whole IPv4 address, or the /64
 * prefix of an IPv6 one (a single subscriber usually holds a whole /64).
 */
export function addressKey(ip: string): string {
  const address = ip
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  if (!address.includes(":")) return address;
  const [head = "", tail = ""] = address.split("::", 2);
  const left = head ? head.split(":") : [];
  const right = address.includes("::") && tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (g.replace(/^0+(?=.)/, "") || "0").slice(0, 4))
    .join(":")}::/64`;
}

/** The statement that counts one attempt against `key` (batchable); it returns the new count. */
export function countAttempt(db: Db, key: string, limit: Limit, now: Date) {
  const windowStart = now.getTime() - limit.windowMs;
  return db
    .insert(attemptCounters)
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: {
        count: sql`case when ${attemptCounters.windowStartedAt} > ${windowStart} then ${attemptCounters.count} + 1 else 1 end`,
        windowStartedAt: sql`case when ${attemptCounters.windowStartedAt} > ${windowStart} then ${attemptCounters.windowStartedAt} else ${now.getTime()} end`,
      },
    })
    .returning({ count: attemptCounters.count });
}

export const isBlocked = (rows: Array<{ count: number }>, limit: Limit) => (rows[0]?.count ?? 1) > limit.max;

/**
 * Counts one attempt against `key` atomically (one upsert) and says whether it is over the limit.
 * The window restarts when the previous one has passed. Attempts are counted before they are
 * checked, so concurrent ones are counted exactly; a success takes its own back (`forgiveAttempt`).
 */
export async function hitLimit(db: Db, key: string, limit: Limit, now: Date): Promise<{ count: number; blocked: boolean }> {
  const rows = await countAttempt(db, key, limit, now);
  return { count: rows[0]?.count ?? 1, blocked: isBlocked(rows, limit) };
}

/** Takes back one counted attempt that succeeded, so only failures stay counted (batchable). */
export function forgiveAttempt(db: Db, key: string) {
  return db
    .update(attemptCounters)
    .set({ count: sql`max(${attemptCounters.count} - 1, 0)` })
    .where(sql`${attemptCounters.key} = ${key}`);
}

export async function clearLimit(db: Db, key: string): Promise<void> {
  await db.delete(attemptCounters).where(sql`${attemptCounters.key} = ${key}`);
}
