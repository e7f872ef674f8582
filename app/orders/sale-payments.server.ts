import { eq } from "drizzle-orm";
import { judgePayment } from "~/domain/billing";
import { translatorFor } from "~/domain/message-catalogs";
import { defineMessage } from "~/domain/messages";
import { storeAccessToken, storePaymentGateway } from "~/online-payments/store-accounts.server";
import type { Services } from "~/services/services";
import { firstStoreColumn, merchantLocaleOf } from "~/workspace/merchant-locale.server";
import { stores, users } from "../../db/schema";
import { paymentApprovedEmail } from "./emails";
import { getSale } from "./order-queries.server";
import { markPaid, markPaymentRejected } from "./order-records.server";

/**
 * Buyers paying an order online, straight to the store's own linked account (Vitrina never holds the
 * money). The checkout calls `startSalePayment`; the provider's notification (and the sandbox's
 * decision) calls `confirmSalePayment`, the one path that marks a sale paid.
 */
export const ONLINE_PAYMENTS_UNAVAILABLE = defineMessage({
  id: "orders.payment.unavailable",
  defaultMessage: "No pudimos iniciar el pago en línea. Inténtalo de nuevo en unos minutos.",
});

export class OnlinePaymentsUnavailableError extends Error {
  override name = "OnlinePaymentsUnavailableError";
  constructor(cause?: unknown) {
    super(ONLINE_PAYMENTS_UNAVAILABLE.defaultMessage, { cause });
  }
}

export const storeWebhookPath = (storeId: string) => `/webhooks/mercadopago/stores/${storeId}`;

const findSale = (services: Services, storeId: string, saleId: string) =>
  /^\d{10}$/.test(saleId) ? getSale(services.db, storeId, saleId) : Promise.resolve(undefined);

/**
 * Creates a Checkout Pro preference (sandbox checkout locally) with the store's token for the sale's
 * total, read here from the sale itself; external_reference = sale id, back URL = returnUrl.
 */
export async function startSalePayment(
  services: Services,
  storeId: string,
  saleId: string,
  returnUrl: string,
  title: string,
): Promise<{ redirectUrl: string }> {
  try {
    const sale = await findSale(services, storeId, saleId);
    if (sale?.paymentMethod !== "online" || sale.paymentStatus === "approved" || sale.paymentStatus === "none") {
      throw new Error(`sale ${saleId} is not an unpaid online sale of store ${storeId}`);
    }
    const account = await storeAccessToken(services, storeId);
    if (!account) throw new Error(`store ${storeId} has no linked payment account`);
    const checkout = await storePaymentGateway(services)
      .paymentsFor(account)
      .createCheckout({
        code: sale.id,
        title,
        amount: sale.total,
        currency: sale.currency,
        backUrl: returnUrl,
        notificationUrl: `${services.config.APP_ORIGIN}${storeWebhookPath(storeId)}`,
      });
    return { redirectUrl: checkout.redirectUrl };
  } catch (cause) {
    services.log.error("payment.start_failed", cause, { storeId, saleId });
    throw new OnlinePaymentsUnavailableError(cause);
  }
}

export type SalePaymentOutcome =
  | "applied"
  | "applied_short"
  | "applied_closed"
  | "already_applied"
  | "rejected"
  | "pending"
  | "unknown"
  | "mismatch";

/**
 * Fetches the payment from the provider with the store's token and applies it once. Approved: one
 * conditioned update (only while the sale is not approved yet), so of concurrent deliveries exactly one
 * applies it. Rejected: marked only while pending; an approval is never undone. A provider failure
 * throws PaymentProviderError (the webhook answers 502 so the notification comes again).
 */
export async function confirmSalePayment(
  services: Services,
  storeId: string,
  providerPaymentId: string,
  options: { expectedSaleId?: string } = {},
): Promise<{ outcome: SalePaymentOutcome }> {
  const result = await applySalePayment(services, storeId, providerPaymentId, options);
  // Every notification and return is logged with what it did ('unknown': not a sale of this store, refused).
  services.log.info("payment.notification", { storeId, providerPaymentId, outcome: result.outcome });
  return result;
}

async function applySalePayment(
  services: Services,
  storeId: string,
  providerPaymentId: string,
  options: { expectedSaleId?: string },
): Promise<{ outcome: SalePaymentOutcome }> {
  const account = await storeAccessToken(services, storeId);
  if (!account) return { outcome: "unknown" };
  const remote = await storePaymentGateway(services).paymentsFor(account).fetchPayment(providerPaymentId);
  if (!remote?.externalReference) return { outcome: "unknown" };
  // A payment naming another sale than the expected one is judged "wrong_reference" below.
  const sale = await findSale(services, storeId, options.expectedSaleId ?? remote.externalReference);
  if (sale?.paymentMethod !== "online") return { outcome: "unknown" };

  const verdict = judgePayment({ code: sale.id, amount: sale.total, currency: sale.currency }, remote);
  if (verdict === "wrong_amount" || verdict === "wrong_currency") {
    services.log.warn("payment.refused", { storeId: sale.storeId, saleId: sale.id, providerPaymentId: remote.id, verdict });
    return { outcome: "mismatch" };
  }
  if (verdict === "wrong_reference") return { outcome: "unknown" };
  if (verdict === "pending") return { outcome: sale.paymentStatus === "approved" ? "already_applied" : "pending" };
  if (verdict === "rejected") {
    if (await markPaymentRejected(services.db, storeId, sale.id)) return { outcome: "rejected" };
    const row = await findSale(services, storeId, sale.id);
    return { outcome: row?.paymentStatus === "approved" ? "already_applied" : "rejected" };
  }

  const outcome = await markPaid(services.db, sale, remote.id, services.clock.now());
  if (outcome === "already_applied") return { outcome };
  await tellOwner(services, storeId, sale.id, sale.total, sale.currency, outcome === "applied" ? null : outcome);
  return { outcome };
}

/** The owner's 'Pago aprobado' email; a mail failure is logged, never undoes or fails the confirmation. */
async function tellOwner(
  services: Services,
  storeId: string,
  saleId: string,
  amount: number,
  currency: string,
  problem: "applied_short" | "applied_closed" | null,
) {
  try {
    const [owner] = await services.db
      .select({
        email: users.email,
        name: users.name,
        storeName: stores.name,
        country: stores.country,
        firstStore: firstStoreColumn,
      })
      .from(stores)
      .innerJoin(users, eq(users.id, stores.ownerId))
      .where(eq(stores.id, storeId))
      .limit(1);
    if (!owner) return;
    await services.mail.send(
      paymentApprovedEmail(
        {
          to: owner.email,
          merchantName: owner.name,
          storeName: owner.storeName,
          code: saleId,
          amount,
          currency,
          country: owner.country,
          salesUrl: `${services.config.APP_ORIGIN}/Store/${storeId}/sales/${saleId}`,
          problem: problem === "applied_short" ? "without_stock" : problem === "applied_closed" ? "closed" : null,
        },
        translatorFor(merchantLocaleOf(owner.firstStore)),
      ),
    );
  } catch (error) {
    services.log.error("mail.failed", error, { mail: "payment-approved", storeId, saleId });
  }
}
