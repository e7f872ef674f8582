import { MercadoPagoConfig, Payment, PaymentRefund, Preference } from "mercadopago";

/**
 * The platform's payment provider: MercadoPago Checkout Pro in production, the local sandbox otherwise.
 * A payment takes effect only after `fetchPayment` confirms it server-side (docs/decisions/0008-billing-and-payments.md).
 */
export interface CheckoutRequest {
  /** Our 10-digit payment code: MercadoPago's external_reference. */
  code: string;
  title: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** Absolute URL the buyer returns to: /paymentCompleted/{code}. */
  backUrl: string;
  /** Absolute URL of our webhook. */
  notificationUrl: string;
}

export interface Checkout {
  preferenceId: string;
  /** Where the Pagar button sends the buyer when the wallet widget is not used. */
  redirectUrl: string;
}

export interface ProviderPayment {
  id: string;
  status: "approved" | "rejected" | "pending";
  externalReference: string | null;
  /** Minor units. */
  amount: number;
  currency: string;
  raw: unknown;
}

export interface PaymentProvider {
  readonly name: "sandbox" | "mercadopago";
  /** Public key for the wallet widget (MercadoPago only). */
  readonly publicKey: string | null;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  fetchPayment(providerPaymentId: string): Promise<ProviderPayment | null>;
}

/** A refund the provider accepted ('approved') or is still processing ('pending'). */
export interface ProviderRefund {
  id: string;
  status: "approved" | "pending";
}

/** A store's own account can also give a payment back (the platform's account never refunds). */
export interface StorePaymentProvider extends PaymentProvider {
  /**
   * Refunds a payment in full. `idempotencyKey` makes a retry (after a timeout, a second click) the same refund,
   * never a second one. Throws PaymentProviderError when the provider refuses or does not answer.
   */
  refundPayment(providerPaymentId: string, idempotencyKey: string): Promise<ProviderRefund>;
}

export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
}

/** Local stand-in: /_sandbox/pay/{code} approves or rejects; the decision is read back through fetchPayment. */
export class SandboxPayments implements PaymentProvider {
  readonly name = "sandbox" as const;
  readonly publicKey = null;
  constructor(
    private readonly appOrigin: string,
    private readonly lookup: (sandboxPaymentId: string) => Promise<ProviderPayment | null>,
  ) {}
  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    return { preferenceId: `sandbox-${request.code}`, redirectUrl: `${this.appOrigin}/_sandbox/pay/${request.code}` };
  }
  fetchPayment(providerPaymentId: string) {
    return this.lookup(providerPaymentId);
  }
}

const toMinor = (amount: number, digits: number) => Math.round(amount * 10 ** digits);

export class MercadoPagoPayments implements StorePaymentProvider {
  readonly name = "mercadopago" as const;
  private readonly client: MercadoPagoConfig;
  constructor(
    accessToken: string,
    readonly publicKey: string,
    private readonly fractionDigits: (currency: string) => number,
  ) {
    this.client = new MercadoPagoConfig({ accessToken, options: { timeout: 10_000 } });
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const digits = this.fractionDigits(request.currency);
    try {
      const preference = await new Preference(this.client).create({
        body: {
          items: [
            {
              id: request.code,
              title: request.title,
              quantity: 1,
              unit_price: request.amount / 10 ** digits,
              currency_id: request.currency,
            },
          ],
          external_reference: request.code,
          notification_url: request.notificationUrl,
          back_urls: { success: request.backUrl, pending: request.backUrl, failure: request.backUrl },
          auto_return: "approved",
        },
        requestOptions: { idempotencyKey: `preference-${request.code}` },
      });
      if (!preference.id || !preference.init_point) throw new Error("respuesta sin id de preferencia");
      return { preferenceId: preference.id, redirectUrl: preference.init_point };
    } catch (cause) {
      throw new PaymentProviderError("No se pudo crear la preferencia de pago", { cause });
    }
  }

  async refundPayment(providerPaymentId: string, idempotencyKey: string): Promise<ProviderRefund> {
    try {
      const refund = await new PaymentRefund(this.client).create({
        payment_id: providerPaymentId,
        // One retry (the same key, so the same refund) keeps the merchant's wait bounded when no answer comes.
        requestOptions: { idempotencyKey, maxRetries: 1 },
      });
      if (!refund.id) throw new Error("respuesta sin id de reembolso");
      return { id: String(refund.id), status: refund.status === "approved" ? "approved" : "pending" };
    } catch (cause) {
      throw new PaymentProviderError("Mercado Pago no hizo el reembolso", { cause });
    }
  }

  async fetchPayment(providerPaymentId: string): Promise<ProviderPayment | null> {
    if (!/^\d{1,20}$/.test(providerPaymentId)) return null;
    try {
      const p = await new Payment(this.client).get({ id: providerPaymentId });
      const currency = p.currency_id ?? "";
      const status =
        p.status === "approved" ? "approved" : p.status === "rejected" || p.status === "cancelled" ? "rejected" : "pending";
      return {
        id: String(p.id),
        status,
        externalReference: p.external_reference ?? null,
        amount: toMinor(p.transaction_amount ?? 0, currency ? this.fractionDigits(currency) : 2),
        currency,
        raw: p,
      };
    } catch (cause) {
      // Not a MercadoPago payment (forged or foreign id): nothing to apply.
      if ((cause as { status?: unknown } | null)?.status === 404) return null;
      throw new PaymentProviderError("No se pudo consultar el pago", { cause });
    }
  }
}
