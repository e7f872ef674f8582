// 'Completar', 'Cancelar' and 'Cancelar y reembolsar' as the merchant runs them: the state change (and the refund
// asked of the store's payment provider), then the buyer's email when it happened.

import { storeTranslator } from "~/domain/message-catalogs";
import type { Translate } from "~/domain/messages";
import { formatMoney } from "~/domain/money";
import { manualMethod } from "~/domain/payment-methods";
import { REFUND_MESSAGES } from "~/domain/sales";
import { storeAccessToken, storePaymentGateway } from "~/online-payments/store-accounts.server";
import { paymentMethodsQuery } from "~/payment-methods/payment-methods.server";
import type { MailMessage } from "~/services/mail";
import { PaymentProviderError, type ProviderRefund } from "~/services/payments";
import type { Services } from "~/services/services";
import type { Actor } from "~/workspace/activity.server";
import { type BuyerNoticeKind, buyerSaleEmail, receiptReviewEmail } from "./buyer-emails";
import { orderPageUrl } from "./order-links";
import { getSale, type SaleWithLines } from "./order-queries.server";
import {
  abandonRefund,
  cancelSale,
  confirmSale,
  finishRefund,
  reviewReceipt,
  type SaleChange,
  startRefund,
  withoutSale,
} from "./order-records.server";

interface StoreForNotice {
  id: string;
  name: string;
  /** The store's url slug and its own hostname when active, for the buyer's order page. */
  url: string;
  customHost?: string | null;
  /** Where it is: its emails to buyers speak as its country does and write its amounts (neutral when not given). */
  country?: string;
  timeZone?: string;
}

/**
 * Confirms or cancels the store's sale. Only a change that really happened (this call moved the sale out of
 * Pendiente) emails the buyer, so a second click or a concurrent confirmation sends nothing more.
 */
export async function changeSale(
  services: Services,
  actor: Actor,
  store: StoreForNotice,
  saleId: string,
  intent: "confirm" | "cancel",
): Promise<SaleChange> {
  const result =
    intent === "confirm"
      ? await confirmSale(services, actor, store.id, saleId)
      : await cancelSale(services, actor, store.id, saleId);
  if (result.ok) await emailBuyer(services, store, result.sale, intent === "confirm" ? "confirmed" : "cancelled");
  return withoutSale(result);
}

/**
 * The merchant's review of a transfer receipt: 'Pago verificado' or 'Rechazar comprobante' (another hold of the
 * store's transfer hours for a new receipt). The buyer is emailed when the review really happened. False when the
 * sale was not waiting for a review.
 */
export async function reviewTransferReceipt(
  services: Services,
  actor: Actor,
  store: StoreForNotice,
  saleId: string,
  verdict: "verified" | "rejected",
): Promise<boolean> {
  const { db } = services;
  const { holdHours } = manualMethod(await paymentMethodsQuery(db, store.id), "transfer");
  if (!(await reviewReceipt(db, actor, store.id, saleId, verdict, services.clock.now(), holdHours))) return false;
  const sale = await getSale(db, store.id, saleId);
  if (sale)
    await mailBuyer(services, store, sale, `receipt-${verdict}`, (to, orderUrl) =>
      receiptReviewEmail({
        verdict,
        to,
        buyerName: sale.buyerName,
        storeName: store.name,
        code: sale.id,
        total: formatMoney(sale.total, sale.currency, store.country ?? null),
        orderUrl,
        t: storeTranslator(store),
      }),
    );
  return true;
}

export type RefundOutcome = { ok: true } | { ok: false; reason: string; status: number };

/**
 * 'Cancelar y reembolsar': a pending order paid online is given back in full through the store's own payment
 * account, then cancelled (its stock released, its code's use returned) only once the provider confirms. The
 * sale is marked first, so 'Completar' or a second refund cannot run meanwhile; the provider gets one refund per
 * sale whatever the retries (its idempotency key is the sale's). When the provider refuses or does not answer,
 * the sale is left as it was with the reason, and the merchant can try again.
 */
export async function cancelAndRefund(
  services: Services,
  actor: Actor,
  store: StoreForNotice,
  saleId: string,
  t: Translate,
): Promise<RefundOutcome> {
  const started = await startRefund(services.db, store.id, saleId);
  if (!started.ok) {
    if (started.reason === "not_found") return { ok: false, reason: "not_found", status: 404 };
    return {
      ok: false,
      reason: t(started.reason === "in_progress" ? REFUND_MESSAGES.inProgress : REFUND_MESSAGES.notRefundable),
      status: 409,
    };
  }
  const { sale } = started;
  const fail = async (reason: string) => {
    await abandonRefund(services.db, store.id, sale.id, reason);
    return { ok: false as const, reason, status: 502 };
  };
  const account = await storeAccessToken(services, store.id);
  if (!account) return fail(t(REFUND_MESSAGES.unlinked));
  let refund: ProviderRefund;
  try {
    refund = await storePaymentGateway(services)
      .paymentsFor(account)
      .refundPayment(sale.providerPaymentId ?? "", `refund-${sale.id}`);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    services.log.error("refund.failed", error, { storeId: store.id, saleId: sale.id });
    return fail(t(REFUND_MESSAGES.providerFailed));
  }
  if (refund.status !== "approved") return fail(t(REFUND_MESSAGES.processing));
  if (!(await finishRefund(services, actor, sale, refund.id)))
    return { ok: false, reason: t(REFUND_MESSAGES.changed), status: 409 };
  await emailBuyer(services, store, sale, "refunded");
  services.log.info("refund.made", { storeId: store.id, saleId: sale.id });
  return { ok: true };
}

/**
 * Sends the buyer a mail about their sale when they gave an email (`mail` names it in the log); a failure is
 * logged, never the merchant's problem: the sale changed, and the buyer sees it on their order page.
 */
async function mailBuyer(
  services: Services,
  store: StoreForNotice,
  sale: SaleWithLines,
  mail: string,
  message: (to: string, orderUrl: string) => MailMessage,
) {
  if (!sale.buyerEmail) return;
  try {
    await services.mail.send(message(sale.buyerEmail, orderPageUrl(services.config, store, sale.id, sale.accessToken)));
  } catch (error) {
    services.log.error("mail.failed", error, { mail, storeId: store.id, saleId: sale.id });
  }
}

/** The buyer's notice that the store confirmed, cancelled or refunded their order. */
async function emailBuyer(services: Services, store: StoreForNotice, sale: SaleWithLines, kind: BuyerNoticeKind) {
  await mailBuyer(services, store, sale, `sale-${kind}`, (to, orderUrl) =>
    buyerSaleEmail({
      t: storeTranslator(store),
      kind,
      to,
      buyerName: sale.buyerName,
      storeName: store.name,
      code: sale.id,
      currency: sale.currency,
      country: store.country ?? null,
      lines: sale.lines,
      subtotal: sale.subtotal,
      discount: sale.discount,
      discountCode: sale.discountCode,
      paymentAdjustment: sale.paymentAdjustment,
      paymentMethod: sale.paymentMethod,
      deliveryFee: sale.deliveryFee,
      total: sale.total,
      delivery: sale.delivery,
      orderUrl,
    }),
  );
}
