import type { Client } from "@libsql/client";
import { fractionDigits } from "~/domain/money";
import { sandboxConversionRecords } from "./sandbox/sandbox-conversions.server";
import { sandboxLookup } from "./sandbox/sandbox-lookup.server";
import { sandboxStoreRecords } from "./sandbox/sandbox-store-payments.server";
import type { Clock } from "./services/clock";
import type { Config, VapidKeys } from "./services/config";
import { type ConversionGateway, HttpConversions, SandboxConversions } from "./services/conversions";
import { CloudflareCustomHostnames, type CustomHostnames, StandInCustomHostnames } from "./services/custom-hostnames";
import { createDb, RoundTripCounter } from "./services/db";
import { type EdgeCache, noEdgeCache } from "./services/edge-cache";
import { reportingLogger, sentryReports } from "./services/error-reports";
import {
  type FaultSwitch,
  faultyClient,
  faultyConversions,
  faultyFiles,
  faultyHostnames,
  faultyMailer,
  faultyProvider,
} from "./services/faults";
import type { FileStore } from "./services/files";
import { jsonLogger, type Logger } from "./services/log";
import { loggedMailer, type Mailer, ResendMailer } from "./services/mail";
import { queueingMailer } from "./services/mail-queue";
import { MercadoPagoPayments, type PaymentProvider, SandboxPayments } from "./services/payments";
import type { RecentVisits, Services } from "./services/services";
import { MercadoPagoStoreGateway, SandboxStoreGateway, type StorePaymentGateway } from "./services/store-payments";

/**
 * The composition root both runtimes call: builds the per-request services from the adapters the
 * runtime entry provides (server/main.ts, workers/app.ts). The only module that wires a feature's
 * adapter (the payment sandbox's lookups) into the services; services/ itself knows no feature.
 */
const noRecentVisits: RecentVisits = { sourceOf: () => null };

/** The custom hostnames stand-in's records: one set per process, as Cloudflare keeps one per zone. */
const standInHostnames = new StandInCustomHostnames();

export function createServices(options: {
  config: Config;
  client: Client;
  files: FileStore;
  /** Used when no RESEND_API_KEY is configured. */
  outbox: Mailer;
  clock: Clock;
  /** The shared cache in front of the public site, when the runtime has one. */
  edgeCache?: EdgeCache;
  /** Web Push keys, resolved once at start (app/notifications/vapid-keys.server.ts). */
  vapid: VapidKeys;
  /** JSON lines on standard output unless given (tests). */
  log?: Logger;
  /** Makes outside services fail on demand (tests only): app/services/faults.ts. */
  faults?: FaultSwitch;
  /** Keeps the request's work after its answer going: Workers' waitUntil; Node's process keeps it by itself. */
  afterResponse?: (task: Promise<unknown>) => void;
  /** The runtime's buffer of counted page views (app/stats/count-visit.server.ts StatsBuffer); none in tests. */
  recentVisits?: RecentVisits;
}): Services {
  const { config, faults } = options;
  const roundTrips = new RoundTripCounter();
  const client = faults ? faultyClient(options.client, faults) : options.client;
  const db = createDb(roundTrips.wrap(client));
  const provider =
    config.mailProvider === "resend" && config.RESEND_API_KEY
      ? new ResendMailer(config.RESEND_API_KEY, config.MAIL_FROM)
      : options.outbox;
  const mail = faults ? faultyMailer(provider, faults) : provider;
  let paymentProvider: PaymentProvider;
  if (config.paymentProvider === "mercadopago" && config.MERCADOPAGO_ACCESS_TOKEN && config.MERCADOPAGO_PUBLIC_KEY) {
    paymentProvider = new MercadoPagoPayments(config.MERCADOPAGO_ACCESS_TOKEN, config.MERCADOPAGO_PUBLIC_KEY, fractionDigits);
  } else {
    paymentProvider = new SandboxPayments(config.APP_ORIGIN, sandboxLookup(db));
  }
  const { MERCADOPAGO_CLIENT_ID: clientId, MERCADOPAGO_CLIENT_SECRET: clientSecret } = config;
  // Config requires the platform's MercadoPago credentials (through the webhook secret) with an OAuth application.
  const applicationToken = config.MERCADOPAGO_ACCESS_TOKEN;
  let storePayments: StorePaymentGateway | null = null;
  if (config.storePaymentsProvider === "mercadopago" && clientId && clientSecret && applicationToken) {
    storePayments = new MercadoPagoStoreGateway(clientId, clientSecret, applicationToken, fractionDigits);
  } else if (config.storePaymentsProvider === "sandbox") {
    storePayments = new SandboxStoreGateway(config.APP_ORIGIN, sandboxStoreRecords(db, options.clock));
  }
  const origin = config.CONVERSIONS_API_ORIGIN;
  const conversions: ConversionGateway =
    config.conversionsProvider === "platforms"
      ? new HttpConversions(origin ? { meta: origin, ga4: origin } : undefined)
      : new SandboxConversions(sandboxConversionRecords(db, options.clock));
  const { CLOUDFLARE_API_TOKEN: cloudflareToken, CLOUDFLARE_ZONE_ID: cloudflareZone } = config;
  const hostnames: CustomHostnames | null =
    config.customHostnamesProvider === "cloudflare" && cloudflareToken && cloudflareZone
      ? new CloudflareCustomHostnames(cloudflareToken, cloudflareZone)
      : config.customHostnamesProvider === "stand-in"
        ? standInHostnames
        : null;
  const edgeCache = options.edgeCache ?? noEdgeCache;
  const log = options.log ?? jsonLogger();
  const errorReports = config.SENTRY_DSN ? sentryReports({ dsn: config.SENTRY_DSN, environment: config.VITRINA_ENV }) : undefined;
  const mailing = queueingMailer(
    loggedMailer(mail, () => services.log),
    { db, clock: options.clock, log: () => services.log },
  );
  const services: Services = {
    config,
    db,
    files: faults ? faultyFiles(options.files, faults) : options.files,
    mail: mailing.mail,
    mailQueue: mailing.queue,
    payments: faults ? faultyProvider(paymentProvider, faults) : paymentProvider,
    storePayments: faults && storePayments ? faultyProvider(storePayments, faults) : storePayments,
    conversions: faults ? faultyConversions(conversions, faults) : conversions,
    customHostnames: faults && hostnames ? faultyHostnames(hostnames, faults) : hostnames,
    afterResponse:
      options.afterResponse ??
      ((task) => {
        task.catch((error: unknown) => services.log.error("after_response.failed", error));
      }),
    clock: options.clock,
    roundTrips,
    edgeCache,
    vapid: options.vapid,
    log: errorReports ? reportingLogger(log, errorReports) : log,
    errorReports,
    recentVisits: options.recentVisits ?? noRecentVisits,
  };
  return services;
}
