import { eq, type SQL, sql } from "drizzle-orm";
import { storeCountry } from "~/domain/countries";
import { type Locale, localeOfCountry } from "~/domain/messages";
import type { Db } from "~/services/db";
import { stores } from "../../db/schema";

/**
 * The merchant's first store as 'country timeZone' (null without one), a column of a query over `users`: the merchant
 * speaks as that store's country does (decision 0067), on their pages and in the platform's emails and pushes to them.
 */
// Spelled out with an alias: in a query of one table drizzle names the columns without it, and the store's would
// read as the user's.
export const firstStoreColumn = firstStoreOf(sql`"users"."id"`);

/** The same column for an owner named by any expression of the query (a sale's or a device's store's owner). */
export function firstStoreOf(ownerId: SQL) {
  return sql<string | null>`(select s.country || ' ' || s.time_zone from stores s
  where s.owner_id = ${ownerId} order by s.created_at, s.id limit 1)`;
}

/**
 * A store's owner's first store, as one more statement of a batch that already runs: the public pages' own batch does
 * not read it, only the writes that email the merchant (placing an order, confirming a draft, a receipt) do.
 */
export const ownerFirstStoreQuery = (db: Db, storeId: SQL | string) =>
  db
    .select({ firstStore: firstStoreOf(sql`"stores"."owner_id"`) })
    .from(stores)
    .where(eq(stores.id, storeId));

/** The owner of the store a row names by its `store_id` column (`"sales"."store_id"`), for `firstStoreOf`. */
export const ownerOfStoreIn = (storeIdColumn: SQL) => sql`(select o.owner_id from stores o where o.id = ${storeIdColumn})`;

/** The country `firstStoreColumn` names (null without a store). */
export function firstStoreCountryOf(firstStore: string | null | undefined) {
  if (!firstStore) return null;
  const [country = "", timeZone = ""] = firstStore.split(" ");
  return storeCountry({ country, timeZone });
}

/** The merchant's variant from `firstStoreColumn`; without a store, `fallback` (the browser's, when there is one). */
export const merchantLocaleOf = (firstStore: string | null | undefined, fallback: Locale = "es"): Locale => {
  const country = firstStoreCountryOf(firstStore);
  return country ? localeOfCountry(country) : fallback;
};
