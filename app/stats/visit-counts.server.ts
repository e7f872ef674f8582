/**
 * The statistics' daily counts (docs/decisions/0051-visit-statistics.md): the one writer of store_visits_daily,
 * store_page_views_daily and store_visitors_daily. The runtimes' buffers hand it their events every few seconds; it
 * finds the stores they name and writes every count in one batch, off any request's path.
 */
import { inArray, lt, or, sql } from "drizzle-orm";
import { safeTimeZone } from "~/domain/sales";
import { localDay } from "~/domain/statistics";
import type { StatsEvent } from "~/domain/visits";
import type { Db } from "~/services/db";
import { storePageViewsDaily, stores, storeVisitorsDaily, storeVisitsDaily } from "../../db/schema";

interface StoreZone {
  id: string;
  timeZone: string;
}

/** Stores by address, kept a few minutes: most flushes then read nothing before they write. */
const known = new Map<string, StoreZone & { until: number }>();
const KNOWN_MS = 5 * 60_000;

async function storesOf(db: Db, events: StatsEvent[], now: number): Promise<Map<string, StoreZone>> {
  const found = new Map<string, StoreZone>();
  const missing = new Set<string>();
  for (const e of events) {
    const name = e.store;
    const hit = known.get(name);
    if (hit && hit.until > now) found.set(name, hit);
    else missing.add(name);
  }
  if (missing.size === 0) return found;
  const names = [...missing];
  const rows = await db
    .select({ id: stores.id, url: stores.url, customHost: stores.customHost, timeZone: stores.timeZone })
    .from(stores)
    // A page on a store's own hostname names the store by it (decision 0061).
    .where(or(inArray(stores.url, names), inArray(stores.customHost, names)));
  if (known.size > 10_000) known.clear();
  for (const row of rows) {
    const zone = { id: row.id, timeZone: safeTimeZone(row.timeZone) };
    for (const name of [row.url, row.customHost]) {
      if (!name || !missing.has(name)) continue;
      found.set(name, zone);
      known.set(name, { ...zone, until: now + KNOWN_MS });
    }
  }
  return found;
}

/**
 * Besides a row per product and day, the product pages' views are kept as one total a day (the funnel reads a row a
 * day, whatever the catalog) and per product and month ('YYYY-MM' in `day`: 12 months read 12 rows per product).
 */
export const PRODUCT_TOTAL = "product_total";
export const PRODUCT_MONTH = "product_month";

const CHUNK = 400;
const chunks = <T>(rows: T[]) =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

/** The counts of a set of events, per store and day in the store's calendar (pure: tested against the raw events). */
export function rollUp(events: StatsEvent[], storesByName: Map<string, StoreZone>) {
  const visits = new Map<string, typeof storeVisitsDaily.$inferInsert>();
  const views = new Map<string, typeof storePageViewsDaily.$inferInsert>();
  const visitors = new Map<string, typeof storeVisitorsDaily.$inferInsert>();
  const visitRow = (storeId: string, day: string, source: string) => {
    const key = `${storeId}|${day}|${source}`;
    const row = visits.get(key) ?? { storeId, day, source, visits: 0, carts: 0 };
    visits.set(key, row);
    return row;
  };
  const viewRow = (storeId: string, kind: string, day: string, productId: string) => {
    const key = `${storeId}|${kind}|${day}|${productId}`;
    const row = views.get(key) ?? { storeId, kind, day, productId, views: 0, cartAdds: 0 };
    views.set(key, row);
    return row;
  };
  for (const e of events) {
    const store = storesByName.get(e.store);
    if (!store) continue;
    const day = localDay(e.at, store.timeZone);
    if (e.type === "view") {
      const row = viewRow(store.id, e.kind, day, e.productId);
      row.views = (row.views ?? 0) + 1;
      if (e.kind === "product") {
        const total = viewRow(store.id, PRODUCT_TOTAL, day, "");
        total.views = (total.views ?? 0) + 1;
        const month = viewRow(store.id, PRODUCT_MONTH, day.slice(0, 7), e.productId);
        month.views = (month.views ?? 0) + 1;
      }
      if (!e.entrance) continue;
      const visit = visitRow(store.id, day, e.source);
      visit.visits = (visit.visits ?? 0) + 1;
      const key = `${store.id}|${day}|${e.visitorKey}`;
      if (!visitors.has(key)) visitors.set(key, { storeId: store.id, day, visitorKey: e.visitorKey, source: e.source });
    } else {
      const row = viewRow(store.id, "product", day, e.productId);
      row.cartAdds = (row.cartAdds ?? 0) + 1;
      const month = viewRow(store.id, PRODUCT_MONTH, day.slice(0, 7), e.productId);
      month.cartAdds = (month.cartAdds ?? 0) + 1;
      if (e.started) {
        const visit = visitRow(store.id, day, e.source);
        visit.carts = (visit.carts ?? 0) + 1;
      }
    }
  }
  return { visits: [...visits.values()], views: [...views.values()], visitors: [...visitors.values()] };
}

/** Writes the events' counts: one read of the stores not known yet, then one batch. Events of unknown stores are dropped. */
export async function writeStatsEvents(db: Db, events: StatsEvent[], now: number): Promise<void> {
  if (events.length === 0) return;
  const counts = rollUp(events, await storesOf(db, events, now));
  const statements = [
    ...chunks(counts.visits).map((rows) =>
      db
        .insert(storeVisitsDaily)
        .values(rows)
        .onConflictDoUpdate({
          target: [storeVisitsDaily.storeId, storeVisitsDaily.day, storeVisitsDaily.source],
          set: {
            visits: sql`${storeVisitsDaily.visits} + excluded.visits`,
            carts: sql`${storeVisitsDaily.carts} + excluded.carts`,
          },
        }),
    ),
    // A key already there (the visitor came earlier today) counts nothing; a new one is counted by the table's trigger.
    ...chunks(counts.visitors).map((rows) => db.insert(storeVisitorsDaily).values(rows).onConflictDoNothing()),
    ...chunks(counts.views).map((rows) =>
      db
        .insert(storePageViewsDaily)
        .values(rows)
        .onConflictDoUpdate({
          target: [storePageViewsDaily.storeId, storePageViewsDaily.kind, storePageViewsDaily.day, storePageViewsDaily.productId],
          set: {
            views: sql`${storePageViewsDaily.views} + excluded.views`,
            cartAdds: sql`${storePageViewsDaily.cartAdds} + excluded.cart_adds`,
          },
        }),
    ),
  ];
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest, forgetVisitorKeys(db, now)]);
}

/**
 * Visitor keys of the days before yesterday (UTC) go with every write (the day's index finds none most times): a key is
 * only ever looked up on its salt's UTC day, and a store's calendar day is within a day of it. Their counts stay in
 * store_visits_daily.
 */
function forgetVisitorKeys(db: Db, now: number) {
  const before = new Date(now - 86_400_000).toISOString().slice(0, 10);
  return db.delete(storeVisitorsDaily).where(lt(storeVisitorsDaily.day, before));
}
