/**
 * What the service worker does with each request and each push, as plain functions (the worker
 * itself, app/pwa/service-worker.ts, only wires them to its events). docs/decisions/0018.
 */

/**
 * - `cache-first`: the icons, which never change under their name within a build;
 * - `network-first`: a merchant or sign-in page opened in the browser (a navigation): always from
 *   the network, never stored (it is the merchant's private data); the offline page when the network fails;
 * - `network`: everything else, untouched, as if there were no service worker. Hashed build files among them:
 *   the browser's HTTP cache keeps them a year (app/pwa/cache-policy.ts) and answers a repeat visit from memory or
 *   disk, where the worker's cache would add a hop through the worker for each of a page's twenty files.
 */
export type Handling = "cache-first" | "network-first" | "network";

export interface RequestFacts {
  method: string;
  url: string;
  /** `Request.mode`: "navigate" for a page the browser opens. */
  mode: string;
}

/**
 * Never answered by the worker: the public stores and what they use (their files, printed QR codes),
 * the payment provider's notifications and the local tools. Route paths match regardless of case.
 */
const PASS_THROUGH_PREFIXES = ["/site", "/files", "/webhooks", "/_sandbox", "/_dev", "/qr"] as const;

/** The app's icons. */
const IMMUTABLE_PREFIXES = ["/icons/"] as const;

/**
 * Paths the browser sends straight to the network (and its HTTP cache) without waking the worker, where it
 * supports the worker's static routes; the fetch handler answers them the same way elsewhere ("network").
 */
export const NETWORK_ROUTES = ["/assets/*", ...PASS_THROUGH_PREFIXES.map((prefix) => `${prefix}/*`)] as const;

export function handlingFor(request: RequestFacts, origin: string): Handling {
  if (request.method !== "GET") return "network";
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return "network";
  }
  if (url.origin !== origin) return "network";
  const path = url.pathname.toLowerCase();
  if (PASS_THROUGH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return "network";
  if (IMMUTABLE_PREFIXES.some((prefix) => path.startsWith(prefix))) return "cache-first";
  if (request.mode !== "navigate") return "network";
  // A file rather than a page: React Router's data requests (`.data`), the sales CSV, robots.txt…
  if (/\.[a-z0-9]+$/.test(path.slice(path.lastIndexOf("/")))) return "network";
  return "network-first";
}

/** One cache per build: its name changes with every build, and activation deletes the others. */
const CACHE_PREFIX = "vitrina-";
export const cacheNameFor = (version: string) => `${CACHE_PREFIX}${version}`;
export const isStaleCache = (name: string, current: string) => name.startsWith(CACHE_PREFIX) && name !== current;

/** What a push shows: JSON `{"title": string, "body": string, "url": string}` (the server side sends it). */
export interface PushNotice {
  title: string;
  body: string;
  /** A path of this app (same origin), opened when the notification is clicked. */
  url: string;
}

/**
 * Shown when a push carries no payload this worker understands: the merchant still learns to look. Worded with no
 * 'tú' verb, like the offline page and the manifest: one static text for every merchant needs no 'vos' variant.
 */
export const GENERIC_NOTICE: PushNotice = {
  title: "Nuevo pedido",
  body: "Hay novedades en Vitrina: tus pedidos están en la app.",
  url: "/",
};

const MAX_TITLE = 120;
const MAX_BODY = 500;

export function parsePushPayload(text: string | null | undefined, origin: string): PushNotice {
  let payload: unknown;
  try {
    payload = JSON.parse(text ?? "");
  } catch {
    return GENERIC_NOTICE;
  }
  if (typeof payload !== "object" || payload === null) return GENERIC_NOTICE;
  const { title, body, url } = payload as Record<string, unknown>;
  if (typeof title !== "string" || typeof body !== "string" || !title.trim()) return GENERIC_NOTICE;
  return {
    title: title.trim().slice(0, MAX_TITLE),
    body: body.trim().slice(0, MAX_BODY),
    url: appPath(url, origin) ?? "/",
  };
}

/**
 * `url` as a path of this app (path, query and fragment), or null when it is not a string or leads
 * to another origin (another site, `javascript:`, `//host`…): a notification opens only this app.
 */
export function appPath(url: unknown, origin: string): string | null {
  if (typeof url !== "string" || url === "") return null;
  let resolved: URL;
  try {
    resolved = new URL(url, origin);
  } catch {
    return null;
  }
  if (resolved.origin !== origin) return null;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** Notifications of the same page replace each other instead of piling up. */
export const notificationTag = (notice: PushNotice) => `vitrina:${notice.url}`;
