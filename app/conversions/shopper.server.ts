// The request's side of an ad conversion: who did it (address and browser, as Meta wants them for matching) and the
// ad click they arrived from, kept in the store's `clic` cookie from the landing address (fbclid, gclid).
import {
  type ConversionEvent,
  type ConversionEventName,
  clickIdsOfUrl,
  parseClickIds,
  serializeClickIds,
} from "~/domain/conversions";
import { isPrefetch, isRobot } from "~/domain/visits";
import type { Config } from "~/services/config";

const CLICK_COOKIE = "clic";
/** How long an ad click is remembered: Meta attributes up to 90 days after it (its fbc cookie's life). */
const CLICK_MAX_AGE = 90 * 24 * 3600;

function cookieValue(request: Request, name: string): string | null {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * A store page opened from an ad (its address has fbclid or gclid): the answer keeps the click in the store's cookie
 * and, since it now carries a cookie, is nobody else's to cache. `routed`: the request as routed to /site/{store}/…;
 * `storeHost`: set when it came through the store's own host.
 */
export function withClickCookie(
  routed: Request,
  storeHost: string | null,
  response: Response,
  config: Pick<Config, "VITRINA_ENV">,
  now: Date,
): Response {
  if (routed.method !== "GET" || response.status !== 200) return response;
  const url = new URL(routed.url);
  // A store's url, or its own hostname ('Dominio propio', which has dots).
  const store = url.pathname.match(/^\/site\/([a-z0-9.-]{1,253})(?:\/|$)/)?.[1];
  if (!store || !(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return response;
  const clicks = clickIdsOfUrl(url, now.getTime());
  if (!clicks) return response;
  const path = storeHost ? "/" : `/site/${store}`;
  const attributes = [
    `${CLICK_COOKIE}=${serializeClickIds(clicks)}`,
    `Path=${path}`,
    `Max-Age=${CLICK_MAX_AGE}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (config.VITRINA_ENV === "production") attributes.push("Secure");
  response.headers.append("Set-Cookie", attributes.join("; "));
  response.headers.set("Cache-Control", "private, no-store");
  return response;
}

/**
 * A request no shopper made: a crawler, a link preview, or a page fetched ahead of a click. It sends no view, add or
 * checkout (an order placed is always sent).
 */
export const notAShopper = (request: Request) => isRobot(request.headers.get("User-Agent")) || isPrefetch(request.headers);

/**
 * An event of this request: the page it happened on (`pagePath` under the store's public address, no query: an
 * order's page holds its secret there), the client, and the ad click (kept in the cookie, or in the landing's address). `id` defaults to a new one.
 */
export function conversionEvent(
  request: Request,
  clientIp: string,
  now: Date,
  event: Pick<ConversionEvent, "currency" | "value" | "items" | "orderId"> & {
    name: ConversionEventName;
    pageUrl: string;
    id?: string;
  },
): ConversionEvent {
  return {
    id: event.id ?? crypto.randomUUID(),
    name: event.name,
    time: now,
    sourceUrl: event.pageUrl,
    currency: event.currency,
    value: event.value,
    items: event.items,
    ...(event.orderId ? { orderId: event.orderId } : {}),
    client: { ip: clientIp, userAgent: request.headers.get("User-Agent") },
    // The landing itself has the click in its address; the cookie keeps it for what follows.
    clicks: parseClickIds(cookieValue(request, CLICK_COOKIE)) ?? clickIdsOfUrl(new URL(request.url), now.getTime()),
  };
}
