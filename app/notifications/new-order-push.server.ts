import type { Translate } from "~/domain/messages";
import { formatMoney } from "~/domain/money";
import type { PushNotice } from "~/pwa/sw-rules";
import { scrub } from "~/services/log";
import type { Services } from "~/services/services";
import { isAllowedPushEndpoint } from "./push-endpoint";
import { forgetSubscriptions, merchantPushT, type StoredSubscription } from "./push-subscriptions.server";
import { sendPush } from "./web-push/send";
import { importVapidPrivateKey, type VapidKeyPair } from "./web-push/vapid";

/** How long a checkout waits for the push services at most: every message is sent at once. */
const PUSH_TIMEOUT_MS = 5000;
/** A merchant whose phone is off for the night still hears of the order in the morning. */
const NEW_ORDER_TTL_SECONDS = 24 * 60 * 60;

export interface NewOrderNotice {
  storeId: string;
  /** The sale's 10-digit code (its id). */
  saleId: string;
  total: number;
  currency: string;
  country: string | null;
  buyerName: string;
}

/** The notice the merchant's service worker shows, opening the sale's page in the sales desk. */
function newOrderPayload(order: NewOrderNotice, t: Translate): string {
  return JSON.stringify({
    title: t({ id: "notifications.push.newOrder", defaultMessage: "Nuevo pedido #{code}" }, { code: order.saleId }),
    body: t(
      { id: "notifications.push.newOrderBody", defaultMessage: "Total {total} · {buyer}" },
      { total: formatMoney(order.total, order.currency, order.country), buyer: order.buyerName },
    ),
    url: `/Store/${order.storeId}/sales/${order.saleId}`,
  } satisfies PushNotice);
}

/** The signing key, imported once per process (the keys were checked at start), not at every sale. */
let signing: { privateKey: string; key: Promise<CryptoKey> } | undefined;
function signingKeyFor(keys: VapidKeyPair): Promise<CryptoKey> {
  if (signing?.privateKey !== keys.privateKey)
    signing = {
      privateKey: keys.privateKey,
      key: importVapidPrivateKey(keys).catch((error) => {
        signing = undefined;
        throw error;
      }),
    };
  return signing.key;
}

export interface PushReport {
  sent: number;
  /** Subscriptions the push service no longer knows (404, 410): deleted. */
  gone: number;
  /** Refused, unreachable or too slow: kept, logged. */
  failed: number;
}

/**
 * Tells every device of the store about a new order, all at once, each with a short timeout. A push
 * service answering 404 or 410 has forgotten that browser: its subscription is deleted (one statement
 * for all of them). Any other failure is logged and the subscription kept. Never throws: the order is
 * saved before this runs, and nothing here may lose it.
 */
export function notifyNewOrder(
  services: Pick<Services, "db" | "config" | "clock" | "vapid" | "log">,
  subscriptions: StoredSubscription[],
  order: NewOrderNotice,
  /** `t`: the merchant's words for the notice (unless given, the variant of the store owner's first store). */
  options: { timeoutMs?: number; t?: Translate } = {},
): Promise<PushReport> {
  const { t = merchantPushT(subscriptions), ...rest } = options;
  return notifyStoreDevices(services, subscriptions, order, newOrderPayload(order, t), rest);
}

/** The same for any notice about one sale of the store (a buyer's cancellation request): every device at once. */
export async function notifyStoreDevices(
  services: Pick<Services, "db" | "config" | "clock" | "vapid" | "log">,
  subscriptions: StoredSubscription[],
  order: { storeId: string; saleId: string },
  payload: string,
  options: { timeoutMs?: number } = {},
): Promise<PushReport> {
  const report: PushReport = { sent: 0, gone: 0, failed: 0 };
  if (subscriptions.length === 0) return report;
  try {
    const { vapid, config } = services;
    const signingKey = await signingKeyFor(vapid);
    const now = services.clock.now();
    // Checked again at sending: a row stored under other settings never reaches an unexpected host.
    const allowed = subscriptions.filter((subscription) => isAllowedPushEndpoint(subscription.endpoint, config.VITRINA_ENV));
    for (const subscription of subscriptions) {
      if (allowed.includes(subscription)) continue;
      report.failed += 1;
      services.log.warn("push.refused", { saleId: order.saleId, pushService: originOf(subscription.endpoint) });
    }
    const outcomes = await Promise.all(
      allowed.map(async (subscription) => {
        const outcome = await sendPush(subscription, payload, {
          signingKey,
          publicKey: vapid.publicKey,
          subject: vapid.subject,
          now,
          ttl: NEW_ORDER_TTL_SECONDS,
          urgency: "high",
          timeoutMs: options.timeoutMs ?? PUSH_TIMEOUT_MS,
        });
        return { subscription, outcome };
      }),
    );
    const gone: number[] = [];
    for (const { subscription, outcome } of outcomes) {
      if (outcome.ok) {
        report.sent += 1;
        continue;
      }
      if (outcome.gone) gone.push(subscription.id);
      else report.failed += 1;
      // The endpoint's origin only: the full URL is the device's address at its push service.
      services.log.warn("push.failed", {
        saleId: order.saleId,
        pushService: originOf(subscription.endpoint),
        status: outcome.status,
        gone: outcome.gone,
        reason: scrub(outcome.error).slice(0, 200),
      });
    }
    report.gone = gone.length;
    await forgetSubscriptions(services.db, order.storeId, gone);
    services.log.info("push.sent", { storeId: order.storeId, saleId: order.saleId, ...report });
  } catch (error) {
    services.log.error("push.failed", error, { saleId: order.saleId });
  }
  return report;
}

function originOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return "(invalid endpoint)";
  }
}
