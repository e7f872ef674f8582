import { createContext, type RouterContextProvider } from "react-router";
import type { Clock } from "./clock";
import type { Config, VapidKeys } from "./config";
import type { ConversionGateway } from "./conversions";
import type { CustomHostnames } from "./custom-hostnames";
import type { Db, RoundTripCounter } from "./db";
import type { EdgeCache } from "./edge-cache";
import type { ErrorReports } from "./error-reports";
import type { FileStore } from "./files";
import type { Logger } from "./log";
import type { Mailer } from "./mail";
import type { MailQueue } from "./mail-queue";
import type { PaymentProvider } from "./payments";
import type { StorePaymentGateway } from "./store-payments";

/** What every request gets, built by the entry of its runtime (server/ or workers/). */
export interface Services {
  config: Config;
  db: Db;
  files: FileStore;
  /** Mails to send: one the provider does not take is queued and retried (app/services/mail-queue.ts). */
  mail: Mailer;
  /** The queued mails, for the upkeep to retry. */
  mailQueue: MailQueue;
  payments: PaymentProvider;
  /**
   * Where stores link their own payment account ('Cobros en línea'): MercadoPago OAuth or the sandbox;
   * null when this installation has neither (production without the OAuth settings or PAYMENT_SANDBOX).
   */
  storePayments: StorePaymentGateway | null;
  /** Where the stores' ad conversions are delivered: the platforms or the local stand-in (app/services/conversions.ts). */
  conversions: ConversionGateway;
  /**
   * Work that must not hold the answer (ad conversions): it runs on after the response leaves (Workers: the request's
   * waitUntil; Node: the process). The task handles its own failures.
   */
  afterResponse(task: Promise<unknown>): void;
  /** Where stores' own hostnames are registered ('Dominio propio'): Cloudflare for SaaS, the local stand-in, or null (off). */
  customHostnames: CustomHostnames | null;
  clock: Clock;
  roundTrips: RoundTripCounter;
  edgeCache: EdgeCache;
  /** The Web Push sender's keys: configured, or kept in the database by local runs (app/notifications/). */
  vapid: VapidKeys;
  /** The platform's log (app/services/log.ts); within a request, its lines carry the request's id. */
  log: Logger;
  /** Where the log's errors are also reported, when SENTRY_DSN is set (app/services/error-reports.ts). */
  errorReports?: ErrorReports;
  /**
   * This runtime's counted page views not written yet (they are written every few seconds): the source of a visitor's
   * entrance to a store, for a cart started before its visit reached the database. Null when nothing is held.
   */
  recentVisits: RecentVisits;
}

export interface RecentVisits {
  sourceOf(store: string, visitorKey: string): string | null;
}

export const servicesContext = createContext<Services>();

/** Set by the entry when the request came in on `{store}.{STORES_DOMAIN}`: the store slug. */
export const storeHostContext = createContext<string | null>(null);

/** The request's id: returned as X-Request-Id, on every log line of the request and on the error page. */
export const requestIdContext = createContext<string>("");

/**
 * What went wrong outside the app during the request: set when a loader or action failed because the database did
 * not answer (app/entry.server.tsx handleError), so the entry answers the Spanish 503 whatever the page.
 */
export const outageContext = createContext<{ database: boolean }>();

/** The client's IP address as the runtime saw it (rate limits). */
export const clientIpContext = createContext<string>("unknown");

export function getServices(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext);
}
