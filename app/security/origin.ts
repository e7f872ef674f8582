/**
 * MercadoPago's webhooks, the platform's and each store's: their x-signature HMAC is verified by the
 * route (app/billing/webhook.server.ts).
 */
const SIGNED_ENDPOINT = /^\/webhooks\/mercadopago(\/stores\/\d+)?$/;

/**
 * Cross-site request check for every state-changing request:
 * the Origin must be the app's, or the store host the request itself came to.
 * Without Origin, `Sec-Fetch-Site: same-origin` is accepted; with neither, the request is refused.
 */
export function isSameSiteRequest(request: Request, appOrigin: string, storeHost: string | null): boolean {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return true;
  // Server-to-server notifications carry no Origin; they are authenticated by their own signature.
  const path = new URL(request.url).pathname;
  if (storeHost === null && SIGNED_ENDPOINT.test(path)) return true;
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") {
    if (origin === appOrigin) return true;
    return storeHost !== null && origin === new URL(request.url).origin;
  }
  return request.headers.get("Sec-Fetch-Site") === "same-origin";
}
