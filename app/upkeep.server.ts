// The platform's timed work, run every minute by each runtime (a Cron Trigger on Workers, a timer in the Node
// process, which also runs it once at start): the orders' upkeep (lapsed reservations given back, orders from
// before reservations reserved), products indexed for search that were not yet, or by older rules, and stores from
// before countries given theirs, orders from before the customer list given their customer, and mails the provider
// did not take tried again.
import { linkPastOrders } from "~/orders/customers.server";
import { runOrderUpkeep } from "~/orders/order-upkeep.server";
import { indexProductsForSearch } from "~/products/products.server";
import type { Clock } from "~/services/clock";
import type { Db } from "~/services/db";
import type { Logger } from "~/services/log";
import type { MailQueue } from "~/services/mail-queue";
import { giveStoresTheirCountry } from "~/stores/store-phones.server";

/** Products indexed per run at most (about 10 ms each 500 here): a big backlog is finished over several minutes. */
const MAX_INDEXED_PER_RUN = 5_000;
const INDEX_BATCH = 500;

export interface UpkeepReport {
  released: number;
  reserved: number;
  indexed: number;
  countries: number;
  customers: number;
  /** Queued mails the provider took this run. */
  mails: number;
}

export async function runUpkeep(services: { db: Db; clock: Clock; mailQueue: MailQueue }): Promise<UpkeepReport> {
  const orders = await runOrderUpkeep(services);
  let indexed = 0;
  while (indexed < MAX_INDEXED_PER_RUN) {
    const done = await indexProductsForSearch(services.db, INDEX_BATCH);
    indexed += done;
    if (done < INDEX_BATCH) break;
  }
  const countries = await giveStoresTheirCountry(services.db);
  const customers = await linkPastOrders(services.db, services.clock.now());
  return { ...orders, indexed, countries, customers, mails: await services.mailQueue.retryDue() };
}

/**
 * Logs a run that changed something ('upkeep': reservations released, older orders reserved, products indexed, stores
 * given their country, older orders given their customer, queued mails sent).
 */
export function logUpkeep(log: Logger, r: UpkeepReport): void {
  if (r.released || r.reserved || r.indexed || r.countries || r.customers || r.mails) log.info("upkeep", { ...r });
}

/** How often the Node runtime runs the upkeep (Workers: the Cron Trigger in wrangler.toml, every minute). */
export const UPKEEP_INTERVAL_MS = 60_000;
