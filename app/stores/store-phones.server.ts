// Stores from before countries: the upkeep gives each the country of its time zone and reads its WhatsApp numbers
// again with that country's rules ('1155551234', saved by an Argentine merchant without the country code, becomes
// '5491155551234'). A number the rules do not read is kept as it was, and the store page asks the merchant to fix it.
import { eq } from "drizzle-orm";
import { countryOfTimeZone } from "~/domain/countries";
import { storedPhone } from "~/domain/phone";
import type { Db } from "~/services/db";
import { setCountryOfOlderStore } from "~/workspace/store-record.server";
import { stores } from "../../db/schema";

/** Stores given their country per run at most. */
const BATCH = 500;

/** Sets the country of stores that have none, and their numbers in its form; answers how many were set. */
export async function giveStoresTheirCountry(db: Db): Promise<number> {
  const rows = await db
    .select({ id: stores.id, timeZone: stores.timeZone, saleNumber: stores.saleNumber, attentionNumber: stores.attentionNumber })
    .from(stores)
    .where(eq(stores.country, ""))
    .limit(BATCH);
  const [first, ...rest] = rows.map((row) => {
    const country = countryOfTimeZone(row.timeZone);
    const read = (digits: string) => storedPhone(digits, country) ?? digits;
    return setCountryOfOlderStore(db, row.id, row, {
      country,
      saleNumber: read(row.saleNumber),
      attentionNumber: read(row.attentionNumber),
    });
  });
  if (first) await db.batch([first, ...rest]);
  return rows.length;
}
