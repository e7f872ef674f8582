/**
 * MercadoPago's webhooks, the platform's and each store's: their x-signature HMAC is verified by the
 * route (app/billing/webhook.server.ts).
 */
const SIGNED_ENDPOINT = /^\/webhooks\/mercadopago(\/stores\/\d+)?$/;

export const isSignedEndpoint = (path: string) => SIGNED_ENDPOINT.test(path);

/**
 * Cross-site request check for every state-changing request:
 * the Origin must be the app's, or the store host the request itself came to.
 * Without Origin, `Sec-Fetch-Site: same-origin` is accepted; with neither, the request is refused.
 */
export function isSameSiteRequest(request: Request, appOrigin: string, storeHost: string | null): boolean {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return true;
  // Server-to-server notifications carry no Origin; they are authenticated by their own signature.
  const path = new URL(request.url).pathname;
  if (storeHost === null && isSignedEndpoint(path)) return true;
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") {
    if (origin === appOrigin) return true;
    return storeHost !== null && origin === new URL(request.url).origin;
  }
  return request.headers.get("Sec-Fetch-Site") === "same-origin";
}

/**
 * A form on a page sent with 'Referrer-Policy: no-referrer' (a page whose address holds a secret: the
 * order page, reset links, the sandbox) posts with `Origin: null`. Once `isSameSiteRequest` has found it
 * same-origin by `Sec-Fetch-Site`, the opaque Origin is dropped, so React Router's own check (which
 * compares Origin with the request's host) lets it through as it does a request without Origin.
 */
export function withoutOpaqueOrigin(request: Request): Request {
  if (request.headers.get("Origin") !== "null" || request.headers.get("Sec-Fetch-Site") !== "same-origin") return request;
  const headers = new Headers(request.headers);
  headers.delete("Origin");
  return new Request(request, { headers, duplex: "half" } as RequestInit);
}
