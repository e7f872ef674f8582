import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { isDatabaseUnavailable } from "./services/faults";
import { jsonLogger, loggedPath } from "./services/log";
import { getServices, outageContext, requestIdContext } from "./services/services";
import { unavailablePage } from "./ui/unavailable";

/**
 * An unexpected error in a loader or action: logged with the request's id (the page says that id to the visitor),
 * never an aborted request's. A client's bad request (an unknown address, a method the route does not take) is no
 * error: its request line has its 4xx.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const provider = context as RouterContextProvider;
  if (isDatabaseUnavailable(error)) provider.get(outageContext).database = true;
  // A 5xx React Router made itself carries the error behind it.
  const thrown = isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error) : error;
  getServices(provider).log.error("unexpected", thrown, { path: loggedPath(new URL(request.url).pathname) });
};

/** Web-streams rendering: the same code runs in Node and in workerd (the Node-streams default fails there). */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // Marked by handleError from the error itself: in production the errors handed to rendering are sanitized.
  if (loadContext.get(outageContext).database) return unavailablePage(loadContext.get(requestIdContext), responseHeaders);
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
