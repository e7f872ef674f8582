import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { withClickCookie } from "./conversions/shopper.server";
import { applySpanishValidationMessages } from "./domain/validation-messages";
import { answerHealth } from "./http/health.server";
import { withPrivacyHeaders } from "./http/private-responses";
import { bodyLimitFor, limitBody } from "./security/body-limit";
import { notAForm } from "./security/form-body";
import { isSameSiteRequest, withoutOpaqueOrigin } from "./security/origin";
import { loggedPath } from "./services/log";
import {
  clientIpContext,
  outageContext,
  requestIdContext,
  type Services,
  servicesContext,
  storeHostContext,
} from "./services/services";
import { routeStoreHost } from "./site/tenant";
import { unavailableData } from "./ui/unavailable";

const ROUND_TRIPS_HEADER = "x-vitrina-db-round-trips";

// Every message a visitor can see is Spanish, also zod's for schemas that give none of their own.
applySpanishValidationMessages();

/**
 * The one request path both runtimes share: services in context, store-host routing, health
 * (app/http/health.server.ts), the cross-site, form-body and body-size checks, then React Router; every answer
 * leaves with the no-framing, cache and referrer rules (app/http/private-responses.ts).
 */
export function createFetchHandler(build: ServerBuild, buildServices: (request: Request) => Services | Promise<Services>) {
  const handle = createRequestHandler(build);
  return async (request: Request, clientIp = "unknown"): Promise<Response> => {
    const started = Date.now();
    const requestId = crypto.randomUUID();
    const services = await buildServices(request);
    services.log = services.log.with({ requestId });
    const routed = routeStoreHost(request, services.config.STORES_DOMAIN, services.config.APP_ORIGIN);
    const path = new URL(routed.request.url).pathname;
    let response: Response;
    try {
      response = await answer(handle, request, routed, path, services, { clientIp, requestId });
    } catch (error) {
      services.log.error("request.failed", error, { method: request.method, path: loggedPath(path) });
      await services.errorReports?.flush();
      throw error;
    }
    response.headers.set("X-Request-Id", requestId);
    services.log.info("request", {
      method: request.method,
      path: loggedPath(path),
      ...storeOfPath(path),
      status: response.status,
      durationMs: Date.now() - started,
      roundTrips: services.roundTrips.count,
    });
    // Only a request that reported an error waits, for its report to leave before the runtime may stop.
    await services.errorReports?.flush();
    return response;
  };
}

/** The store a path names, for the request's line: a workspace's store id, or a public site's slug. */
function storeOfPath(path: string): { storeId?: string; site?: string } {
  const workspace = path.match(/^\/Store\/(\d{10})(?:\/|$)/);
  if (workspace) return { storeId: workspace[1] };
  const site = path.match(/^\/site\/([^/]+)/);
  return site ? { site: site[1] } : {};
}

/** One request's answer (`path`: the routed request's, store hosts rewritten to /site/…). */
async function answer(
  handle: ReturnType<typeof createRequestHandler>,
  request: Request,
  routed: ReturnType<typeof routeStoreHost>,
  path: string,
  services: Services,
  client: { clientIp: string; requestId: string },
): Promise<Response> {
  if (!routed.storeSlug && request.method === "GET") {
    const health = await answerHealth(path, services);
    if (health) return health;
  }
  if (!isSameSiteRequest(request, services.config.APP_ORIGIN, routed.storeSlug)) {
    return new Response("Solicitud rechazada", { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const unreadable = notAForm(request, path, routed.storeSlug);
  if (unreadable) return unreadable;
  const limited = limitBody(withoutOpaqueOrigin(routed.request), bodyLimitFor(path));
  if (limited instanceof Response) return limited;
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(storeHostContext, routed.storeSlug);
  context.set(clientIpContext, client.clientIp);
  context.set(requestIdContext, client.requestId);
  const outage = { database: false };
  context.set(outageContext, outage);
  const handled = await handle(limited, context);
  // A document request already got the plain page (app/entry.server.tsx); a JavaScript navigation gets its answer.
  const unavailable = outage.database && path.endsWith(".data") ? unavailableData(client.requestId) : null;
  const response = withClickCookie(
    limited,
    routed.storeSlug,
    withPrivacyHeaders(path, withFrameDenied(unavailable ?? handled)),
    services.config,
    services.clock.now(),
  );
  if (services.config.devTools) {
    // Lets the benchmark and tests count database round trips per request.
    response.headers.set(ROUND_TRIPS_HEADER, String(services.roundTrips.count));
  }
  return response;
}

/**
 * No page of Vitrina may be shown inside another site's frame (clickjacking): not the merchant
 * app, and not the stores either, whose cart and checkout rely on first-party cookies. The one
 * exception, a draft look's preview, asks for its own origin only (`frame-ancestors 'self'`).
 */
function withFrameDenied(response: Response): Response {
  const mutable = new Response(response.body, response);
  const policy = mutable.headers.get("Content-Security-Policy");
  mutable.headers.set("X-Frame-Options", policy === "frame-ancestors 'self'" ? "SAMEORIGIN" : "DENY");
  if (!policy) mutable.headers.set("Content-Security-Policy", "frame-ancestors 'none'");
  else if (!policy.includes("frame-ancestors"))
    mutable.headers.set("Content-Security-Policy", `${policy}; frame-ancestors 'none'`);
  return mutable;
}
