import { MercadoPagoConfig, OAuth } from "mercadopago";
import {
  type Checkout,
  type CheckoutRequest,
  MercadoPagoPayments,
  PaymentProviderError,
  type ProviderPayment,
  type ProviderRefund,
  type StorePaymentProvider,
} from "./payments";

/** What the provider answers for a merchant's authorization or a refresh. */
export interface LinkedAccountTokens {
  /** The provider's id of the merchant's account (MercadoPago user_id). */
  accountId: string;
  accessToken: string;
  refreshToken: string;
  publicKey: string | null;
  /** Seconds from now until the access token expires. */
  expiresIn: number;
}

/**
 * Where a store links its own payment account so buyers pay the merchant directly ('Cobros en línea'):
 * MercadoPago OAuth with the platform's application in production, the local sandbox otherwise. The
 * same code paths run on both; only this gateway differs.
 */
export interface StorePaymentGateway {
  readonly name: "sandbox" | "mercadopago";
  /** The provider's authorization page the merchant is sent to ('Vincular Mercado Pago'). */
  authorizationUrl(options: { state: string; redirectUri: string }): string;
  /** The authorization code the provider sent back, exchanged for the merchant's tokens. */
  exchangeCode(options: { code: string; redirectUri: string }): Promise<LinkedAccountTokens>;
  refreshTokens(refreshToken: string): Promise<LinkedAccountTokens>;
  /** Checkout, payment lookups and refunds on the merchant's own account. */
  paymentsFor(account: { accessToken: string; publicKey: string | null }): StorePaymentProvider;
}

const AUTHORIZATION_URL = "https://auth.mercadopago.com/authorization";

function readTokens(answer: {
  user_id?: number;
  access_token?: string;
  refresh_token?: string;
  public_key?: string;
  expires_in?: number;
}): LinkedAccountTokens {
  if (!answer.access_token || !answer.refresh_token || answer.user_id === undefined) {
    throw new PaymentProviderError("MercadoPago answered without tokens");
  }
  return {
    accountId: String(answer.user_id),
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    publicKey: answer.public_key ?? null,
    expiresIn: answer.expires_in ?? 180 * 24 * 3600,
  };
}

export class MercadoPagoStoreGateway implements StorePaymentGateway {
  readonly name = "mercadopago" as const;
  private readonly oauth: OAuth;
  constructor(
    private readonly clientId: string,
    private readonly clientSecret: string,
    /** Sent as the SDK's bearer token on /oauth/token: the platform's access token. */
    applicationToken: string,
    private readonly fractionDigits: (currency: string) => number,
  ) {
    this.oauth = new OAuth(new MercadoPagoConfig({ accessToken: applicationToken, options: { timeout: 10_000 } }));
  }

  authorizationUrl({ state, redirectUri }: { state: string; redirectUri: string }): string {
    const url = new URL(AUTHORIZATION_URL);
    url.searchParams.set("client_id", this.clientId);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("platform_id", "mp");
    url.searchParams.set("state", state);
    url.searchParams.set("redirect_uri", redirectUri);
    return url.toString();
  }

  async exchangeCode({ code, redirectUri }: { code: string; redirectUri: string }): Promise<LinkedAccountTokens> {
    try {
      return readTokens(
        await this.oauth.create({
          body: { client_id: this.clientId, client_secret: this.clientSecret, code, redirect_uri: redirectUri },
        }),
      );
    } catch (cause) {
      throw new PaymentProviderError("No se pudo vincular la cuenta de MercadoPago", { cause });
    }
  }

  async refreshTokens(refreshToken: string): Promise<LinkedAccountTokens> {
    try {
      return readTokens(
        await this.oauth.refresh({
          body: { client_id: this.clientId, client_secret: this.clientSecret, refresh_token: refreshToken },
        }),
      );
    } catch (cause) {
      throw new PaymentProviderError("No se pudo renovar el acceso a MercadoPago", { cause });
    }
  }

  paymentsFor(account: { accessToken: string; publicKey: string | null }): StorePaymentProvider {
    return new MercadoPagoPayments(account.accessToken, account.publicKey ?? "", this.fractionDigits);
  }
}

/** What the sandbox keeps of the checkouts it is asked for (app/sandbox/, wired in by the composition root). */
export interface SandboxStoreRecords {
  createCheckout(accountId: string, request: CheckoutRequest): Promise<{ id: string }>;
  /** A payment of this sandbox account, or null (another account's payment is not found). */
  findPayment(accountId: string, paymentId: string): Promise<ProviderPayment | null>;
  /** Refunds an approved payment of this account once (the same refund again for the same key). */
  refundPayment(accountId: string, paymentId: string, idempotencyKey: string): Promise<ProviderRefund>;
}

const SANDBOX_TOKEN = /^SANDBOX-(access|refresh)-(\d{6,12})-[A-Za-z0-9_-]{8,}$/;
const randomPart = () => crypto.randomUUID().replaceAll("-", "");

/**
 * The local stand-in: '/_sandbox/oauth' answers 'Autorizar' with a code naming a sandbox account; its
 * tokens carry that account, so the sandbox's checkouts and lookups stay within it.
 */
export class SandboxStoreGateway implements StorePaymentGateway {
  readonly name = "sandbox" as const;
  constructor(
    private readonly appOrigin: string,
    private readonly records: SandboxStoreRecords,
  ) {}

  authorizationUrl({ state, redirectUri }: { state: string; redirectUri: string }): string {
    const url = new URL("/_sandbox/oauth", this.appOrigin);
    url.searchParams.set("state", state);
    url.searchParams.set("redirect_uri", redirectUri);
    return url.toString();
  }

  /** The code the sandbox's 'Autorizar' gives: `SBX-{accountId}-{random}`. */
  static issueCode(accountId: string): string {
    return `SBX-${accountId}-${randomPart()}`;
  }

  private tokensFor(accountId: string): LinkedAccountTokens {
    return {
      accountId,
      accessToken: `SANDBOX-access-${accountId}-${randomPart()}`,
      refreshToken: `SANDBOX-refresh-${accountId}-${randomPart()}`,
      publicKey: `SANDBOX-public-${accountId}`,
      expiresIn: 180 * 24 * 3600,
    };
  }

  async exchangeCode({ code }: { code: string; redirectUri: string }): Promise<LinkedAccountTokens> {
    const accountId = code.match(/^SBX-(\d{6,12})-[a-f0-9]{32}$/)?.[1];
    if (!accountId) throw new PaymentProviderError("código de autorización desconocido");
    return this.tokensFor(accountId);
  }

  async refreshTokens(refreshToken: string): Promise<LinkedAccountTokens> {
    const match = refreshToken.match(SANDBOX_TOKEN);
    if (match?.[1] !== "refresh" || !match[2]) throw new PaymentProviderError("refresh token desconocido");
    return this.tokensFor(match[2]);
  }

  paymentsFor(account: { accessToken: string }): StorePaymentProvider {
    const match = account.accessToken.match(SANDBOX_TOKEN);
    const accountId = match?.[1] === "access" ? match[2] : undefined;
    const { appOrigin, records } = this;
    return {
      name: "sandbox",
      publicKey: null,
      async createCheckout(request: CheckoutRequest): Promise<Checkout> {
        if (!accountId) throw new PaymentProviderError("token de sandbox inválido");
        const { id } = await records.createCheckout(accountId, request);
        return { preferenceId: `sandbox-store-${id}`, redirectUrl: `${appOrigin}/_sandbox/store-checkout/${id}` };
      },
      async fetchPayment(paymentId: string) {
        if (!accountId) throw new PaymentProviderError("token de sandbox inválido");
        return records.findPayment(accountId, paymentId);
      },
      async refundPayment(paymentId: string, idempotencyKey: string) {
        if (!accountId) throw new PaymentProviderError("token de sandbox inválido");
        return records.refundPayment(accountId, paymentId, idempotencyKey);
      },
    };
  }
}
