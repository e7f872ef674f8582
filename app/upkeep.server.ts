// The platform's timed work, run every minute by each runtime (a Cron Trigger on Workers, a timer in the Node
// process, which also runs it once at start): the orders' upkeep (lapsed reservations given back, orders from
// before reservations reserved), products indexed for search that were not yet, or by older rules, and stores from
// before countries given theirs, orders from before the customer list given their customer, the merchants' reminders
// of a free month ending or a bill coming due, abandoned carts' reminder emails and their purge after 30 days, and mails
// the provider did not take tried again, stores' own hostnames asked about at their provider, and 'Actividad' entries
// older than 12 months deleted, and logos from before tab icons given theirs.
import { sendBillingReminders } from "~/billing/merchant-mails.server";
import { retryConversions } from "~/conversions/events.server";
import { checkDueHostnames } from "~/domains/hostnames.server";
import { purgeOldCheckouts, sendCartReminders } from "~/orders/abandoned-carts.server";
import { linkPastOrders } from "~/orders/customers.server";
import { runOrderUpkeep } from "~/orders/order-upkeep.server";
import { indexProductsForSearch } from "~/products/products.server";
import type { Logger } from "~/services/log";
import type { Services } from "~/services/services";
import { sendLowStockAlerts } from "~/stock-alerts/stock-alerts.server";
import { giveLogosTheirTabIcon } from "~/stores/logo-tab-icons.server";
import { giveStoresTheirCountry } from "~/stores/store-phones.server";
import { purgeOldActivity } from "~/workspace/activity.server";

/** Products indexed per run at most (about 10 ms each 500 here): a big backlog is finished over several minutes. */
const MAX_INDEXED_PER_RUN = 5_000;
const INDEX_BATCH = 500;

export interface UpkeepReport {
  released: number;
  reserved: number;
  indexed: number;
  countries: number;
  customers: number;
  /** Reminders of a free month ending or a bill coming due, sent this run. */
  reminders: number;
  /** Queued mails the provider took this run. */
  mails: number;
  /** Queued ad conversions a platform took this run. */
  conversions: number;
  /** Abandoned carts' reminder emails sent, and checkouts purged after 30 days. */
  cartReminders: number;
  checkoutsPurged: number;
  /** Low-stock alerts told to their merchants (app/stock-alerts). */
  lowStock: number;
  /** Stores' own hostnames asked about at the provider (each on its back-off). */
  hostnames: number;
  /** 'Actividad' entries past their 12 months, deleted. */
  activityPurged: number;
  /** Logos from before tab icons given theirs. */
  tabIcons: number;
}

export async function runUpkeep(
  services: Pick<
    Services,
    "db" | "files" | "clock" | "mail" | "mailQueue" | "log" | "config" | "conversions" | "customHostnames" | "edgeCache" | "vapid"
  >,
): Promise<UpkeepReport> {
  const orders = await runOrderUpkeep(services);
  let indexed = 0;
  while (indexed < MAX_INDEXED_PER_RUN) {
    const done = await indexProductsForSearch(services.db, INDEX_BATCH);
    indexed += done;
    if (done < INDEX_BATCH) break;
  }
  const countries = await giveStoresTheirCountry(services.db);
  const customers = await linkPastOrders(services.db, services.clock.now());
  const reminders = await sendBillingReminders(services);
  const cartReminders = await sendCartReminders(services);
  const checkoutsPurged = await purgeOldCheckouts(services.db, services.clock.now());
  const mails = await services.mailQueue.retryDue();
  const conversions = await retryConversions(services);
  const hostnames = await checkDueHostnames(services);
  const lowStock = await sendLowStockAlerts(services);
  const activityPurged = await purgeOldActivity(services.db, services.clock.now());
  const tabIcons = await giveLogosTheirTabIcon(services);
  return {
    ...orders,
    indexed,
    countries,
    customers,
    reminders,
    mails,
    conversions,
    cartReminders,
    checkoutsPurged,
    hostnames,
    lowStock,
    activityPurged,
    tabIcons,
  };
}

/**
 * Logs a run that changed something ('upkeep': reservations released, older orders reserved, products indexed, stores
 * given their country, older orders given their customer, reminders sent, queued mails sent).
 */
export function logUpkeep(log: Logger, r: UpkeepReport): void {
  if (Object.values(r).some((n) => n > 0)) log.info("upkeep", { ...r });
}

/** How often the Node runtime runs the upkeep (Workers: the Cron Trigger in wrangler.toml, every minute). */
export const UPKEEP_INTERVAL_MS = 60_000;
