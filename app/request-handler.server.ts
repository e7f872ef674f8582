import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { isSameSiteRequest } from "./security/origin";
import { clientIpContext, type Services, servicesContext, storeHostContext } from "./services/services";
import { routeStoreHost } from "./site/tenant";

export const ROUND_TRIPS_HEADER = "x-vitrina-db-round-trips";

/** The one request path both runtimes share: services in context, store-host routing, then React Router. */
export function createFetchHandler(build: ServerBuild, buildServices: (request: Request) => Services | Promise<Services>) {
  const handle = createRequestHandler(build);
  return async (request: Request, clientIp = "unknown"): Promise<Response> => {
    const services = await buildServices(request);
    const routed = routeStoreHost(request, services.config.STORES_DOMAIN);
    if (!isSameSiteRequest(request, services.config.APP_ORIGIN, routed.storeSlug)) {
      return new Response("Solicitud rechazada", { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(storeHostContext, routed.storeSlug);
    context.set(clientIpContext, clientIp);
    const response = await handle(routed.request, context);
    if (services.config.devTools) {
      // Lets the benchmark and tests count database round trips per request.
      const headers = new Headers(response.headers);
      headers.set(ROUND_TRIPS_HEADER, String(services.roundTrips.count));
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }
    return response;
  };
}
