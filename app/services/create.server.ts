import type { Client } from "@libsql/client";
import { eq } from "drizzle-orm";
import { fractionDigits } from "~/domain/money";
import { payments } from "../../db/schema";
import type { Clock } from "./clock";
import type { Config } from "./config";
import { createDb, RoundTripCounter } from "./db";
import { type EdgeCache, noEdgeCache } from "./edge-cache";
import type { FileStore } from "./files";
import { type Mailer, ResendMailer } from "./mail";
import { MercadoPagoPayments, type PaymentProvider, type ProviderPayment, SandboxPayments } from "./payments";
import type { Services } from "./services";

/** Builds the per-request services from what the runtime entry provides. */
export function createServices(options: {
  config: Config;
  client: Client;
  files: FileStore;
  /** Used when no RESEND_API_KEY is configured. */
  outbox: Mailer;
  clock: Clock;
  /** The shared cache in front of the public site, when the runtime has one. */
  edgeCache?: EdgeCache;
}): Services {
  const { config } = options;
  const roundTrips = new RoundTripCounter();
  const db = createDb(roundTrips.wrap(options.client));
  const mail =
    config.mailProvider === "resend" && config.RESEND_API_KEY
      ? new ResendMailer(config.RESEND_API_KEY, config.MAIL_FROM)
      : options.outbox;
  let paymentProvider: PaymentProvider;
  if (config.paymentProvider === "mercadopago" && config.MERCADOPAGO_ACCESS_TOKEN && config.MERCADOPAGO_PUBLIC_KEY) {
    paymentProvider = new MercadoPagoPayments(config.MERCADOPAGO_ACCESS_TOKEN, config.MERCADOPAGO_PUBLIC_KEY, fractionDigits);
  } else {
    paymentProvider = new SandboxPayments(config.APP_ORIGIN, async (code): Promise<ProviderPayment | null> => {
      const row = await db.query.payments.findFirst({ where: eq(payments.id, code) });
      if (row?.provider !== "sandbox") return null;
      const decision = (row.providerData as { sandboxDecision?: "approved" | "rejected" } | null)?.sandboxDecision;
      return {
        id: row.id,
        status: decision ?? "pending",
        externalReference: row.id,
        amount: row.amount,
        currency: row.currency,
        raw: row.providerData,
      };
    });
  }
  const edgeCache = options.edgeCache ?? noEdgeCache;
  return { config, db, files: options.files, mail, payments: paymentProvider, clock: options.clock, roundTrips, edgeCache };
}
