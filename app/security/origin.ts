/**
 * Cross-site request check for every state-changing request (product-decisions.md):
 * the Origin must be the app's, or the store host the request itself came to.
 * Without Origin, `Sec-Fetch-Site: same-origin` is accepted; with neither, the request is refused.
 */
export function isSameSiteRequest(request: Request, appOrigin: string, storeHost: string | null): boolean {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return true;
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") {
    if (origin === appOrigin) return true;
    return storeHost !== null && origin === new URL(request.url).origin;
  }
  return request.headers.get("Sec-Fetch-Site") === "same-origin";
}
