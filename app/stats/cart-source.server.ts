/**
 * The source a new cart keeps (docs/decisions/0051-visit-statistics.md): the source of the shopper's visit today, read
 * by its visitor key in the cart action's own batch (no round trip more), else the `ref`/`utm_*` of the page the
 * product was added from, else direct. The cart cookie then carries it to the order.
 */
import { and, eq, inArray, type SQL } from "drizzle-orm";
import { addDays } from "~/domain/statistics";
import { visitSource } from "~/domain/visits";
import type { Config } from "~/services/config";
import type { Db } from "~/services/db";
import { storeVisitorsDaily } from "../../db/schema";
import { visitorKey } from "./count-visit.server";

/** The key the request's visitor is counted under today (app/stats/count-visit.server.ts). */
export function requestVisitorKey(config: Pick<Config, "statsSecret">, request: Request, ip: string, now: number): string {
  return visitorKey(config.statsSecret, now, ip, request.headers.get("User-Agent") ?? "");
}

/**
 * The visitor's row of today, for the page's batch. Keys are salted by the UTC day, and the store's calendar day is
 * within a day of it either way, so the three days around it find the row.
 */
export function cartVisitorQuery(db: Db, storeId: SQL, visitor: string, now: number) {
  const utcDay = new Date(now).toISOString().slice(0, 10);
  return db
    .select({ source: storeVisitorsDaily.source })
    .from(storeVisitorsDaily)
    .where(
      and(
        eq(storeVisitorsDaily.storeId, storeId),
        inArray(storeVisitorsDaily.day, [addDays(utcDay, -1), utcDay, addDays(utcDay, 1)]),
        eq(storeVisitorsDaily.visitorKey, visitor),
      ),
    )
    .limit(1);
}

/**
 * The source of a cart that starts now: the visitor's day as written (its first visit's source), else as this runtime
 * still holds it (a cart added within the seconds before the counts are written: `held`, looked up BEFORE the page's
 * read, so a write finishing in between is in the read), else the adding page's `ref`/`utm_*`, else direct.
 */
export function newCartSource(visit: { source: string } | undefined, held: string | null, request: Request): string {
  if (visit) return visit.source;
  if (held) return held;
  const referrer = request.headers.get("Referer");
  let query = new URLSearchParams();
  try {
    if (referrer) query = new URL(referrer).searchParams;
  } catch {
    // A malformed referrer names no source.
  }
  return visitSource(query, null, []);
}
