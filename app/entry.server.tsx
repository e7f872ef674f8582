import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { isDatabaseUnavailable } from "./services/faults";
import { jsonLogger } from "./services/log";
import { getServices, requestIdContext } from "./services/services";
import { escapeHtml } from "./ui/html";

/**
 * An unexpected error in a loader or action: logged with the request's id (the page says that id to the visitor),
 * never an aborted request's.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  getServices(context as RouterContextProvider).log.error("unexpected", error, { path: new URL(request.url).pathname });
};

/** Web-streams rendering: the same code runs in Node and in workerd (the Node-streams default fails there). */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const errors = Object.values(routerContext.staticHandlerContext.errors ?? {});
  if (errors.some(isDatabaseUnavailable)) return unavailablePage(loadContext.get(requestIdContext), responseHeaders);
  let status = responseStatusCode;
  const stream = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} />, {
    signal: request.signal,
    onError(error: unknown) {
      status = 500;
      if (!request.signal.aborted) jsonLogger().error("render.failed", error);
    },
  });
  // Pages are small: send them whole, so crawlers, no-JS shoppers and caches get complete HTML.
  await stream.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("X-Content-Type-Options", "nosniff");
  return new Response(stream, { headers: responseHeaders, status });
}

/**
 * The database did not answer: a plain Spanish page (no app to hydrate, nothing that needs the database) with 503
 * and a Retry-After, so a shopper knows nothing was saved and to try again, and caches and crawlers come back later.
 */
function unavailablePage(requestId: string, headers: Headers): Response {
  const id = requestId
    ? `<p class="muted">Si escribes a soporte, indica este código: <code>${escapeHtml(requestId)}</code></p>`
    : "";
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>No pudimos atenderte en este momento</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}.muted{color:#666}</style></head><body><main class="error-page"><h1>No pudimos atenderte en este momento</h1><p>Tenemos un problema técnico pasajero y no se guardó ningún cambio. Vuelve a intentarlo en unos minutos.</p>${id}</main></body></html>`;
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Retry-After", "30");
  headers.set("Cache-Control", "no-store");
  headers.set("X-Content-Type-Options", "nosniff");
  return new Response(html, { status: 503, headers });
}
