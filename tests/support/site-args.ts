import { RouterContextProvider } from "react-router";
import { type Services, servicesContext, storeHostContext } from "../../app/services/services";

export interface SiteRequestInit extends RequestInit {
  /** Route params beside `site` (a product page's `title` and `id`). */
  params?: Record<string, string>;
  /** The Cookie header the shopper's browser sends. */
  cookie?: string;
  /** The store's own host when the request came through it; null (the default): `/site/{slug}` on the app host. */
  storeHost?: string | null;
}

/**
 * What React Router hands a public site loader or action for `/site/{site}{path}`: the request on the
 * app's origin (a POST carries that Origin, as a browser's form does), the route params and a context
 * holding the services. Route modules type their params per route, so their callers cast (`as never`).
 */
export function siteArgs(
  services: Services,
  site: string,
  path = "",
  { params, cookie, storeHost = null, ...init }: SiteRequestInit = {},
) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(storeHostContext, storeHost);
  const headers = new Headers(init.headers);
  if (cookie) headers.set("Cookie", cookie);
  if (init.method === "POST") headers.set("Origin", services.config.APP_ORIGIN);
  const request = new Request(`${services.config.APP_ORIGIN}/site/${site}${path}`, { ...init, headers });
  return { request, params: { site, ...params }, context };
}
