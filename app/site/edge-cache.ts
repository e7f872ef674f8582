import { CODE_LINK_PARAM } from "~/domain/code-links";
import { CART_COOKIE, CODE_NOTICE_COOKIE, ORDER_COOKIE } from "./cookies";
import { routeStoreHost } from "./tenant";

/**
 * The storefront's rules for the shared cache in front of it (docs/decisions/0013-edge-cache-for-public-pages.md):
 * anonymous store pages are kept at the edge under their store's tag; every merchant change to a
 * store purges that tag (app/workspace/context.server.ts).
 */
/** How long the edge may keep a store page; a purge ends it sooner, so this only bounds clock-driven changes (the grace period ending). */
export const EDGE_TTL_SECONDS = 600;

export const storeCacheTag = (storeId: string) => `store-${storeId}`;

/** A page's own shorter limit, in seconds, for the edge (a dated promotion changing at the store's midnight). */
export const EDGE_TTL_HEADER = "Vitrina-Edge-TTL";

const PERSONAL_PAGES = /^\/site\/[^/]+\/(cart|checkout|order|carrito)(\/|$)/i;

function hasShopperCookie(request: Request): boolean {
  const cookie = request.headers.get("Cookie") ?? "";
  return cookie.split(";").some((part) => {
    const name = part.split("=")[0]?.trim();
    return name === CART_COOKIE || name === ORDER_COOKIE || name === CODE_NOTICE_COOKIE;
  });
}

/**
 * The key under which the edge may share this request's answer, or null when it must reach the
 * app: only GETs of store pages by a shopper without a cart, never the cart, checkout or order (nor an abandoned
 * cart's links), never a discount link (`?codigo=`, answered with the shopper's cookies) nor the page that shows what
 * one did (decision 0055).
 * The host is part of the key because `{store}.{domain}/` of every store has the same path (a store's own hostname,
 * given `appOrigin`, is cached the same way, under its own host).
 */
export function publicPageCacheKey(request: Request, storesDomain: string | undefined, appOrigin?: string): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const routed = new URL(routeStoreHost(request, storesDomain, appOrigin).request.url);
  if (!routed.pathname.startsWith("/site/") || PERSONAL_PAGES.test(routed.pathname)) return null;
  if (hasShopperCookie(request)) return null;
  const url = new URL(request.url);
  if (url.searchParams.has(CODE_LINK_PARAM)) return null;
  const host = (request.headers.get("host") ?? url.host).toLowerCase();
  return `${host}${url.pathname}${url.search}`;
}

/**
 * What the cache behind the gateway stores: a full page (never a 304 for one browser), kept for
 * EDGE_TTL_SECONDS when the app marked it public and tagged it with its store. Browsers still get
 * `max-age=0, must-revalidate` and revalidate with the ETag.
 */
export function forEdge(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("If-None-Match");
  headers.delete("If-Modified-Since");
  headers.delete("Cookie");
  return new Request(request, { headers });
}

export function withEdgeTtl(response: Response): Response {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  const storable = response.status === 200 && response.headers.has("Cache-Tag") && /\bpublic\b/.test(cacheControl);
  const headers = new Headers(response.headers);
  // Only a store's tagged pages are kept: anything else (redirects, sitemap, errors) would otherwise
  // get the edge's heuristic TTL with no tag to purge it by.
  const own = Number(response.headers.get(EDGE_TTL_HEADER) ?? EDGE_TTL_SECONDS);
  const ttl = Number.isFinite(own) ? Math.min(EDGE_TTL_SECONDS, Math.max(0, Math.floor(own))) : EDGE_TTL_SECONDS;
  headers.delete(EDGE_TTL_HEADER);
  headers.set("Cloudflare-CDN-Cache-Control", storable && ttl > 0 ? `public, max-age=${ttl}` : "no-store");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
