/**
 * Tenant (store) resolution from the request: `{url}.{STORES_DOMAIN}` Host or the `/site/{url}` path.
 * Both forms serve the same routes: a store-host request is routed as `/site/{url}{path}`.
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

export function routeStoreHost(
  request: Request,
  storesDomain: string | undefined,
): { request: Request; storeSlug: string | null } {
  const url = new URL(request.url);
  const storeSlug = storeSlugFromHost(request.headers.get("host") ?? url.host, storesDomain);
  const routed = routedPathname(url, storeSlug);
  if (routed === url.pathname) return { request, storeSlug: url.pathname.startsWith("/site/") ? null : storeSlug };
  url.pathname = routed;
  return { request: new Request(url, request), storeSlug };
}

/** The path the app routes a request to, without making a new request (one whose body was read can still be named). */
export function routedPath(request: Request, storesDomain: string | undefined): string {
  const url = new URL(request.url);
  return routedPathname(url, storeSlugFromHost(request.headers.get("host") ?? url.host, storesDomain));
}

function routedPathname(url: URL, storeSlug: string | null): string {
  if (!storeSlug || APP_WIDE_PREFIXES.some((p) => url.pathname.startsWith(p)) || url.pathname.startsWith("/site/")) {
    return url.pathname;
  }
  return `/site/${storeSlug}${url.pathname === "/" ? "" : url.pathname}`;
}

/** The prefix of a store's public links: '' on its own host, '/site/{url}' on the app host. */
export function siteBasePath(storeHostSlug: string | null, slug: string): string {
  return storeHostSlug === slug ? "" : `/site/${slug}`;
}
