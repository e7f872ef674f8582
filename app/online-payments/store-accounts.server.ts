import { and, eq, type SQL } from "drizzle-orm";
import { appCookie } from "~/http/cookies.server";
import type { Config } from "~/services/config";
import type { Db } from "~/services/db";
import { PaymentProviderError } from "~/services/payments";
import type { Services } from "~/services/services";
import type { LinkedAccountTokens, StorePaymentGateway } from "~/services/store-payments";
import { type Actor, activityStatement, IF_CHANGED } from "~/workspace/activity.server";
import type { IdRef } from "~/workspace/page-reads.server";
import { storePaymentAccounts, stores } from "../../db/schema";
import { STATE_LIFETIME_MS, signOAuthState, verifyOAuthState } from "./oauth-state";
import { decryptToken, encryptToken, importTokenKey, TokenDecryptionError } from "./token-crypto";

/** The one callback URL registered with MercadoPago; the store travels in the signed state. */
export const OAUTH_CALLBACK_PATH = "/Store/oauth/mercadopago";
export const paymentsPagePath = (storeId: string) => `/Store/${storeId}/payments`;

/** Refreshed at the moment of use once fewer than this remain (MercadoPago's tokens last 180 days). */
const REFRESH_WHEN_LESS_THAN_MS = 7 * 24 * 3600_000;

export type StorePaymentAccount = typeof storePaymentAccounts.$inferSelect;

/** What 'Cobros en línea' shows of the store's account (never its tokens). */
export const storePaymentAccountSummaryQuery = (db: Db, storeId: IdRef) =>
  db
    .select({
      provider: storePaymentAccounts.provider,
      accountId: storePaymentAccounts.accountId,
      linkedAt: storePaymentAccounts.linkedAt,
    })
    .from(storePaymentAccounts)
    .where(eq(storePaymentAccounts.storeId, storeId))
    .limit(1);

export async function findStorePaymentAccount(services: Services, storeId: string) {
  return services.db.query.storePaymentAccounts.findFirst({ where: eq(storePaymentAccounts.storeId, storeId) });
}

/**
 * Linked with the provider this deployment uses (a sandbox link means nothing to MercadoPago, and back);
 * never while this installation has no gateway for online payments to merchants.
 */
export function isUsable<Account extends Pick<StorePaymentAccount, "provider">>(
  services: Services,
  account: Account | undefined,
): account is Account {
  return services.storePayments !== null && account?.provider === services.storePayments.name;
}

/** The gateway, for paths that only run for a usable account or a link this installation offers. */
export function storePaymentGateway(services: Services): StorePaymentGateway {
  if (!services.storePayments) throw new LinkRefusedError("online payments to merchants are not configured");
  return services.storePayments;
}

const redirectUri = (services: Services) => `${services.config.APP_ORIGIN}${OAUTH_CALLBACK_PATH}`;

/** Holds the state's nonce in the browser that started linking, until the callback (oauth-state.ts). */
export const linkingCookie = (config: Pick<Config, "VITRINA_ENV">) =>
  appCookie(config, "vitrina_vinculo", { maxAge: STATE_LIFETIME_MS / 1000 });

/** The nonce in the request's linking cookie, or null. */
export async function linkingNonce(config: Pick<Config, "VITRINA_ENV">, request: Request): Promise<string | null> {
  const value: unknown = await linkingCookie(config).parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/**
 * 'Vincular Mercado Pago': the provider's authorization page, with a state bound to this store and
 * owner, and the state's nonce for the linking cookie that binds it to this browser.
 */
export async function startLinking(
  services: Services,
  storeId: string,
  ownerId: string,
): Promise<{ url: string; nonce: string }> {
  const gateway = storePaymentGateway(services);
  const { state, nonce } = await signOAuthState(services.config.paymentTokenKey, storeId, ownerId, services.clock.now());
  return { url: gateway.authorizationUrl({ state, redirectUri: redirectUri(services) }), nonce };
}

export class LinkRefusedError extends Error {
  override name = "LinkRefusedError";
}

/**
 * The callback: the state must be genuine, fresh, issued to this owner, come back to the browser that
 * asked (`nonce`, from its linking cookie), for a store this owner still has; then the code is exchanged
 * and the tokens stored encrypted. Returns the linked store's id.
 */
export async function completeLinking(
  services: Services,
  actor: Actor,
  ownerId: string,
  state: string,
  code: string,
  nonce: string | null,
): Promise<string> {
  const gateway = storePaymentGateway(services);
  const storeId = await verifyOAuthState(services.config.paymentTokenKey, state, ownerId, services.clock.now(), nonce);
  if (!storeId) throw new LinkRefusedError("state");
  const store = await services.db.query.stores.findFirst({
    where: and(eq(stores.id, storeId), eq(stores.ownerId, ownerId)),
    columns: { id: true },
  });
  if (!store) throw new LinkRefusedError("store");
  const tokens = await gateway.exchangeCode({ code, redirectUri: redirectUri(services) });
  const values = await sealTokens(services, storeId, tokens);
  const now = services.clock.now();
  const { db } = services;
  await db.batch([
    db
      .insert(storePaymentAccounts)
      .values({ storeId, ...values, linkedAt: now, refreshedAt: null })
      .onConflictDoUpdate({ target: storePaymentAccounts.storeId, set: { ...values, linkedAt: now, refreshedAt: null } }),
    activityStatement(db, storeId, actor, { kind: "payments", summary: { says: "accountLinked", values: {} } }, now),
  ]);
  return storeId;
}

/** Which store a state names, when it is genuine and this owner's (to send a cancelled link back to its page). */
export async function stateStore(services: Services, ownerId: string, state: string, nonce: string | null) {
  return verifyOAuthState(services.config.paymentTokenKey, state, ownerId, services.clock.now(), nonce);
}

/** The row's token columns: both tokens encrypted for this store, the expiry from now. */
async function sealTokens(services: Services, storeId: string, tokens: LinkedAccountTokens) {
  const key = await importTokenKey(services.config.paymentTokenKey);
  const now = services.clock.now();
  const values = {
    provider: storePaymentGateway(services).name,
    accountId: tokens.accountId,
    accessTokenEnc: await encryptToken(key, storeId, tokens.accessToken),
    refreshTokenEnc: await encryptToken(key, storeId, tokens.refreshToken),
    publicKey: tokens.publicKey,
    expiresAt: new Date(now.getTime() + tokens.expiresIn * 1000),
  };
  return values;
}

/** 'Desvincular': the tokens are deleted. MercadoPago has no API to revoke the grant (see the page's note). */
export async function unlinkStore(services: Services, actor: Actor, storeId: string) {
  const { db } = services;
  await db.batch([
    db.delete(storePaymentAccounts).where(eq(storePaymentAccounts.storeId, storeId)),
    activityStatement(
      db,
      storeId,
      actor,
      { kind: "payments", summary: { says: "accountUnlinked", values: {} } },
      services.clock.now(),
      IF_CHANGED,
    ),
  ]);
}

export interface UsableAccount {
  accountId: string;
  accessToken: string;
  publicKey: string | null;
}

/**
 * The store's access token for a call to the provider, refreshed first when fewer than 7 days remain.
 * The refreshed pair replaces the old one only if no other request replaced it meanwhile (conditioned
 * on the refresh token read); the loser of such a race uses the winner's token. Null when not linked.
 * A row whose tokens no longer decrypt (PAYMENT_TOKEN_KEY lost or changed) is deleted, so the store
 * shows as unlinked and its owner links again, and null is returned.
 */
export async function storeAccessToken(services: Services, storeId: string): Promise<UsableAccount | null> {
  const account = await findStorePaymentAccount(services, storeId);
  if (!isUsable(services, account)) return null;
  try {
    return await usableToken(services, storeId, account);
  } catch (error) {
    if (!(error instanceof TokenDecryptionError)) throw error;
    services.log.error("payment_account.unreadable", error, { storeId, action: "unlinked" });
    await services.db
      .delete(storePaymentAccounts)
      .where(and(eq(storePaymentAccounts.storeId, storeId), eq(storePaymentAccounts.accessTokenEnc, account.accessTokenEnc)));
    return null;
  }
}

async function usableToken(services: Services, storeId: string, account: StorePaymentAccount): Promise<UsableAccount | null> {
  const key = await importTokenKey(services.config.paymentTokenKey);
  const now = services.clock.now();
  const current = {
    accountId: account.accountId,
    accessToken: await decryptToken(key, storeId, account.accessTokenEnc),
    publicKey: account.publicKey,
  };
  if (account.expiresAt.getTime() - now.getTime() >= REFRESH_WHEN_LESS_THAN_MS) return current;

  let tokens: LinkedAccountTokens;
  try {
    tokens = await storePaymentGateway(services).refreshTokens(await decryptToken(key, storeId, account.refreshTokenEnc));
  } catch (error) {
    const latest = await findStorePaymentAccount(services, storeId);
    if (isUsable(services, latest) && latest.refreshTokenEnc !== account.refreshTokenEnc) {
      return {
        accountId: latest.accountId,
        accessToken: await decryptToken(key, storeId, latest.accessTokenEnc),
        publicKey: latest.publicKey,
      };
    }
    // Refreshed early: the token still works until it expires.
    if (account.expiresAt > now) return current;
    throw error instanceof PaymentProviderError ? error : new PaymentProviderError("refresh failed", { cause: error });
  }
  const values = await sealTokens(services, storeId, tokens);
  const updated = await services.db
    .update(storePaymentAccounts)
    .set({ ...values, refreshedAt: now })
    .where(and(eq(storePaymentAccounts.storeId, storeId), eq(storePaymentAccounts.refreshTokenEnc, account.refreshTokenEnc)))
    .returning({ storeId: storePaymentAccounts.storeId });
  if (updated.length === 0) {
    const latest = await findStorePaymentAccount(services, storeId);
    if (!isUsable(services, latest)) return null;
    return {
      accountId: latest.accountId,
      accessToken: await decryptToken(key, storeId, latest.accessTokenEnc),
      publicKey: latest.publicKey,
    };
  }
  return { accountId: tokens.accountId, accessToken: tokens.accessToken, publicKey: tokens.publicKey };
}

/** Whether the store has linked an account for online payments (one row or none). */
export const paymentAccountQuery = (db: Db, storeId: SQL) =>
  db
    .select({ provider: storePaymentAccounts.provider })
    .from(storePaymentAccounts)
    .where(eq(storePaymentAccounts.storeId, storeId))
    .limit(1);
