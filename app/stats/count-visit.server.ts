/**
 * Counting a store's page views at each runtime's entry, after the answer (docs/decisions/0051-visit-statistics.md):
 * server/main.ts after the app answered, workers/app.ts's gateway (cached pages never reach the app) with
 * `waitUntil`. Nothing personal is kept: the visitor's key is a hash of the address and the browser with a salt that
 * changes every day and is never stored, so a visitor can be counted once a day and never followed to the next.
 */
import { createHash, createHmac } from "node:crypto";
import { cartSource, lineKey, parseCart } from "~/domain/cart";
import {
  type CartAdd,
  isPrefetch,
  isRobot,
  OWN_VISIT_COOKIE,
  OWN_VISIT_PARAM,
  OWN_VISIT_VALUE,
  type PageView,
  type StatsEvent,
  storePageOf,
  visitSource,
} from "~/domain/visits";
import type { Config } from "~/services/config";

export interface CountingSettings {
  appOrigin: string;
  /** The secret the daily salt is derived from (STATS_SECRET, or the development one). */
  secret: string;
  /** The merchant's session cookie's name: a signed-in merchant's views are not counted. */
  sessionCookie: string;
  /** The cart cookie's name (app/site/cookies.ts). */
  cartCookie: string;
  /** The request's path as the app routes it: a store's own host's `/x` is `/site/{store}/x` (app/site/tenant.ts). */
  routedPath: (request: Request) => string;
}

const salts = new Map<string, string>();

/** The day's salt: HMAC of the secret and the UTC day. Kept in memory for the day, never written anywhere. */
export function dailySalt(secret: string, at: number): string {
  const day = new Date(at).toISOString().slice(0, 10);
  const key = `${secret}|${day}`;
  let salt = salts.get(key);
  if (!salt) {
    if (salts.size > 4) salts.clear();
    salt = createHmac("sha256", secret).update(`visitor-salt|${day}`).digest("base64url");
    salts.set(key, salt);
  }
  return salt;
}

/** The visitor's key for the day: 96 bits of a salted SHA-256 of the address and the browser. */
export function visitorKey(secret: string, at: number, ip: string, userAgent: string): string {
  return createHash("sha256")
    .update(`${dailySalt(secret, at)}|${ip}|${userAgent}`)
    .digest("base64url")
    .slice(0, 16);
}

function hasCookie(request: Request, name: string): boolean {
  const cookie = request.headers.get("Cookie");
  if (!cookie) return false;
  return cookie.split(";").some((part) => part.split("=")[0]?.trim() === name);
}

/** The signed-in merchant (their session cookie), or the browser they look at their store with (the own-visit mark). */
function isOwnVisit(request: Request, settings: CountingSettings): boolean {
  if (hasCookie(request, settings.sessionCookie) || hasCookie(request, OWN_VISIT_COOKIE)) return true;
  return new URL(request.url).searchParams.get(OWN_VISIT_PARAM) === OWN_VISIT_VALUE;
}

/**
 * The cookie that marks the merchant's browser on their store's host, for an answer to the workspace's 'Visitar tienda'
 * link (`?visita=propia`): a month, like the session. Null for any other request.
 */
function ownVisitCookie(request: Request, production: boolean): string | null {
  if (request.method !== "GET" || new URL(request.url).searchParams.get(OWN_VISIT_PARAM) !== OWN_VISIT_VALUE) return null;
  return `${OWN_VISIT_COOKIE}=1; Path=/; Max-Age=${30 * 86_400}; HttpOnly; SameSite=Lax${production ? "; Secure" : ""}`;
}

/** The answer with the own-visit cookie when the request asks for it (a new Response: a redirect's headers are immutable). */
export function withOwnVisitCookie(request: Request, response: Response, production: boolean): Response {
  const cookie = ownVisitCookie(request, production);
  if (!cookie) return response;
  const headers = new Headers(response.headers);
  headers.append("Set-Cookie", cookie);
  headers.set("Cache-Control", "private, no-store");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The page view a request was, or null when it is not one to count: only a GET of a store page answered 200 or 304
 * (a browser revalidating its copy still viewed the page), never a robot's, a link preview's or a prefetch, never the
 * signed-in merchant's (their session cookie, or a click from the merchant's pages on the app).
 */
export function visitFromRequest(
  request: Request,
  status: number,
  settings: CountingSettings,
  clientIp: string,
  now: number,
): PageView | null {
  if (request.method !== "GET" || (status !== 200 && status !== 304)) return null;
  const headers = request.headers;
  const userAgent = headers.get("User-Agent");
  if (isRobot(userAgent) || isPrefetch(headers)) return null;
  const url = new URL(request.url);
  const page = storePageOf(settings.routedPath(request));
  if (!page || isOwnVisit(request, settings)) return null;
  // The checkout's later steps (decision 0057) are the same checkout: the funnel counts its first page.
  if (page.kind === "checkout" && url.searchParams.has("paso")) return null;
  const referrer = headers.get("Referer");
  const appHost = new URL(settings.appOrigin).hostname;
  const host = (headers.get("host") ?? url.host).toLowerCase().replace(/:\d+$/, "");
  if (referrer) {
    try {
      const from = new URL(referrer);
      // A click from the merchant's own pages on the app (a printed QR's redirect page aside) is the merchant looking.
      if (from.hostname === appHost && !/^\/(site|QR)\//.test(from.pathname)) return null;
    } catch {
      // A malformed referrer is no referrer.
    }
  }
  const ownHosts = [host, appHost];
  const source = visitSource(url.searchParams, referrer, ownHosts);
  const inside = referrer !== null && source === "direct" && !url.searchParams.has("ref");
  return {
    type: "view",
    store: page.store,
    at: now,
    kind: page.kind,
    productId: page.productId,
    source,
    visitorKey: visitorKey(settings.secret, now, clientIp, userAgent ?? ""),
    entrance: !inside,
  };
}

function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * The products a cart's answer added (its cookie before, in the request, and after, in the answer): one event per
 * product whose quantity grew, `started` when the cart was empty, with the source the cart now keeps.
 */
export function cartAddsFromExchange(request: Request, response: Response, settings: CountingSettings, now: number): CartAdd[] {
  if (request.method !== "POST" || response.status !== 303) return [];
  const page = storePageOf(settings.routedPath(request));
  if (page?.kind !== "cart") return [];
  const name = settings.cartCookie;
  const set = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!set) return [];
  const after = set.slice(name.length + 1).split(";")[0] ?? "";
  const before = parseCart(cookieValue(request.headers.get("Cookie"), name));
  const had = new Map(before.map((l) => [lineKey(l), l.quantity]));
  const source = cartSource(after) ?? "direct";
  return parseCart(after)
    .filter((l) => l.quantity > (had.get(lineKey(l)) ?? 0))
    .map((l) => ({ type: "cart", store: page.store, at: now, productId: l.productId, started: before.length === 0, source }));
}

/** Every event of one request and its answer: a page view, or the products a cart's answer added. */
export function statsEventsOf(
  request: Request,
  response: Response,
  settings: CountingSettings,
  clientIp: string,
  now: number,
): StatsEvent[] {
  if (request.method === "POST") {
    if (isOwnVisit(request, settings) || isRobot(request.headers.get("User-Agent"))) return [];
    return cartAddsFromExchange(request, response, settings, now);
  }
  const view = visitFromRequest(request, response.status, settings, clientIp, now);
  return view ? [view] : [];
}

/** The counting settings of a runtime, from its configuration and the site's names (given by the entry). */
export function countingSettings(
  config: Pick<Config, "APP_ORIGIN" | "statsSecret">,
  names: Pick<CountingSettings, "sessionCookie" | "cartCookie" | "routedPath">,
): CountingSettings {
  return { appOrigin: config.APP_ORIGIN, secret: config.statsSecret, ...names };
}

/**
 * The events waiting to be written, shared by the requests of one process (Node) or isolate (Worker). The writer
 * takes them all at once, so each flush is one batch whatever the traffic; a full buffer drops the oldest rather
 * than grow without bound while the database is away.
 */
export class StatsBuffer {
  private events: StatsEvent[] = [];
  /** The events a write took and has not finished writing: they still answer `sourceOf`. */
  private writing: StatsEvent[] = [];
  constructor(private readonly limit = 50_000) {}

  push(event: StatsEvent): void {
    if (this.events.length >= this.limit) this.events.shift();
    this.events.push(event);
  }

  take(): StatsEvent[] {
    const taken = this.events;
    this.events = [];
    this.writing = taken;
    return taken;
  }

  /** The taken events are written (or given up): from now on the database answers for them. */
  written(): void {
    this.writing = [];
  }

  get size(): number {
    return this.events.length;
  }

  /**
   * The source of the visitor's first entrance to the store among the views being written or not written yet (the
   * oldest first), as the database keeps a visitor's day: by its first visit.
   */
  sourceOf(store: string, visitorKey: string): string | null {
    for (const event of [...this.writing, ...this.events])
      if (event.type === "view" && event.entrance && event.store === store && event.visitorKey === visitorKey)
        return event.source;
    return null;
  }
}
