/**
 * Tenant (store) resolution from the request: `{url}.{STORES_DOMAIN}` Host, the `/site/{url}` path, or a store's own
 * hostname ('Dominio propio'). All forms serve the same routes: a store-host request is routed as `/site/{url}{path}`,
 * an own hostname's as `/site/{hostname}{path}` (the page's batch finds the store by it, app/site/queries.server.ts).
 */
import { RESERVED_SLUGS } from "~/domain/slug";

const APP_WIDE_PREFIXES = ["/files/", "/assets/", "/_dev/", "/_sandbox/"];

export function storeSlugFromHost(host: string | null, storesDomain: string | undefined): string | null {
  if (!host || !storesDomain) return null;
  const hostname = host.toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  const suffix = `.${storesDomain.toLowerCase()}`;
  if (!hostname.endsWith(suffix)) return null;
  const label = hostname.slice(0, -suffix.length);
  // Reserved names are never stores: `app.{domain}` is the merchant app itself, `www.` the landing.
  return /^[a-z0-9-]{1,63}$/.test(label) && !RESERVED_SLUGS.has(label) ? label : null;
}

/**
 * A Host that can only be a store's own hostname: a name (not an IP address, not localhost) that is neither the app's
 * nor STORES_DOMAIN or under it. Whether a store has it active is the page's batch to find; none: the platform's 404.
 */
export function customHostFromHost(host: string | null, storesDomain: string | undefined, appOrigin: string): string | null {
  if (!host || host.startsWith("[")) return null;
  const hostname = host.toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  if (!/^[a-z0-9.-]+\.[a-z][a-z0-9-]*$/.test(hostname) || hostname.endsWith(".localhost")) return null;
  if (hostname === new URL(appOrigin).hostname) return null;
  const stores = storesDomain?.toLowerCase();
  if (stores && (hostname === stores || hostname.endsWith(`.${stores}`))) return null;
  return hostname;
}

/** The store a Host names: a subdomain's slug, or an own hostname (with `appOrigin`, which tells the app's host apart). */
function storeOfHost(request: Request, url: URL, storesDomain: string | undefined, appOrigin?: string) {
  const host = request.headers.get("host") ?? url.host;
  const slug = storeSlugFromHost(host, storesDomain);
  if (slug) return { storeSlug: slug, own: false };
  const own = appOrigin ? customHostFromHost(host, storesDomain, appOrigin) : null;
  return { storeSlug: own, own: own !== null };
}

export function routeStoreHost(
  request: Request,
  storesDomain: string | undefined,
  appOrigin?: string,
): { request: Request; storeSlug: string | null } {
  const url = new URL(request.url);
  const { storeSlug, own } = storeOfHost(request, url, storesDomain, appOrigin);
  const routed = routedPathname(url, storeSlug, own);
  if (routed === url.pathname) return { request, storeSlug: url.pathname.startsWith("/site/") && !own ? null : storeSlug };
  url.pathname = routed;
  return { request: new Request(url, request), storeSlug };
}

/** The path the app routes a request to, without making a new request (one whose body was read can still be named). */
export function routedPath(request: Request, storesDomain: string | undefined, appOrigin?: string): string {
  const url = new URL(request.url);
  const { storeSlug, own } = storeOfHost(request, url, storesDomain, appOrigin);
  return routedPathname(url, storeSlug, own);
}

/** An own hostname routes `/site/…` paths too: it shows its store only, never another one's `/site/{url}`. */
function routedPathname(url: URL, storeSlug: string | null, own = false): string {
  if (!storeSlug || APP_WIDE_PREFIXES.some((p) => url.pathname.startsWith(p)) || (!own && url.pathname.startsWith("/site/"))) {
    return url.pathname;
  }
  return `/site/${storeSlug}${url.pathname === "/" ? "" : url.pathname}`;
}

/** The prefix of a store's public links: '' on its own host, '/site/{url}' on the app host. */
export function siteBasePath(storeHostSlug: string | null, slug: string): string {
  return storeHostSlug === slug ? "" : `/site/${slug}`;
}

/** The own hostname a public page was asked on: the store host is a hostname (it has dots) and the route names it. */
export const ownHostOf = (storeHost: string | null, site: string): string | null =>
  storeHost?.includes(".") && storeHost === site ? storeHost : null;
