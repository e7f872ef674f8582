import { formatMoney } from "~/domain/money";
import type { Services } from "~/services/services";
import { isAllowedPushEndpoint } from "./push-endpoint";
import { forgetSubscriptions, type StoredSubscription } from "./push-subscriptions.server";
import { sendPush } from "./web-push/send";
import { importVapidPrivateKey } from "./web-push/vapid";

/** How long a checkout waits for the push services at most: every message is sent at once. */
export const PUSH_TIMEOUT_MS = 5000;
/** A merchant whose phone is off for the night still hears of the order in the morning. */
export const NEW_ORDER_TTL_SECONDS = 24 * 60 * 60;

export interface NewOrderNotice {
  storeId: string;
  /** The sale's 10-digit code (its id). */
  saleId: string;
  total: number;
  currency: string;
  buyerName: string;
}

/**
 * The message the merchant's service worker shows: exactly `{title, body, url}` (the service worker
 * parses this JSON), url being the sale's page in the sales desk.
 */
export function newOrderPayload(order: NewOrderNotice): string {
  return JSON.stringify({
    title: `Nuevo pedido #${order.saleId}`,
    body: `Total ${formatMoney(order.total, order.currency)} · ${order.buyerName}`,
    url: `/Store/${order.storeId}/sales/${order.saleId}`,
  });
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
export async function notifyNewOrder(
  services: Pick<Services, "db" | "config" | "clock" | "vapid">,
  subscriptions: StoredSubscription[],
  order: NewOrderNotice,
  options: { timeoutMs?: number } = {},
): Promise<PushReport> {
  const report: PushReport = { sent: 0, gone: 0, failed: 0 };
  if (subscriptions.length === 0) return report;
  try {
    const { vapid, config } = services;
    const signingKey = await importVapidPrivateKey(vapid);
    const payload = newOrderPayload(order);
    const now = services.clock.now();
    const outcomes = await Promise.all(
      subscriptions.map(async (subscription) => {
        // Checked again at sending: a row stored under other settings never reaches an unexpected host.
        if (!isAllowedPushEndpoint(subscription.endpoint, config.VITRINA_ENV)) {
          return { subscription, outcome: { ok: false as const, gone: false, status: null, error: "endpoint not allowed" } };
        }
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
      console.error("new-order push failed", order.saleId, originOf(subscription.endpoint), outcome.status, outcome.error);
    }
    report.gone = gone.length;
    await forgetSubscriptions(services.db, order.storeId, gone);
  } catch (error) {
    console.error("new-order push failed", order.saleId, error);
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
