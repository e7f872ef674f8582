import { sql } from "drizzle-orm";
import type { Db } from "~/services/db";
import { attemptCounters } from "../../db/schema";

export interface Limit {
  max: number;
  windowMs: number;
}

export const LIMITS = {
  loginPerAccount: { max: 10, windowMs: 15 * 60_000 },
  loginPerIp: { max: 30, windowMs: 15 * 60_000 },
  codePerIp: { max: 30, windowMs: 15 * 60_000 },
  resetPerIp: { max: 10, windowMs: 15 * 60_000 },
  adminPerIp: { max: 5, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;

/**
 * Counts one attempt against `key` atomically (one upsert) and says whether it is over the limit.
 * The window restarts when the previous one has passed.
 */
export async function hitLimit(db: Db, key: string, limit: Limit, now: Date): Promise<{ count: number; blocked: boolean }> {
  const windowStart = now.getTime() - limit.windowMs;
  const [row] = await db
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
  const count = row?.count ?? 1;
  return { count, blocked: count > limit.max };
}

export async function clearLimit(db: Db, key: string): Promise<void> {
  await db.delete(attemptCounters).where(sql`${attemptCounters.key} = ${key}`);
}
