/**
 * What browsers may keep and send on of a response, decided once for every response (both runtimes):
 * pages that depend on the session are never kept (a shared computer's Back button after 'Cerrar sesión'
 * must not show the previous merchant's sales), and pages whose address carries a secret send no Referer
 * to the sites they link to (the buyer's order link, reset links, payment returns).
 */

/** Addresses whose path or query holds a secret: the buyer's order page (and the confirmation that leads to it), an abandoned cart's links, reset links, team invitations, the sandbox, payment returns, the OAuth callback. */
const SECRET_PATHS = [
  /^\/site\/[^/]+\/Order(?:\/|\.data|$)/,
  /^\/site\/[^/]+\/carrito\//,
  /^\/Auth\/ResetPassword\//,
  /^\/equipo\/invitacion\//,
  /^\/_sandbox\//,
  /^\/paymentCompleted\//,
  /^\/Store\/oauth\//,
];

/** Anonymous addresses whose answers say themselves how long they may be kept: the stores, stored files, QR redirects, webhooks. */
const PUBLIC_PATHS = [/^\/site\//, /^\/files\//, /^\/QR\//, /^\/webhooks\//];

const carriesSecret = (pathname: string) => SECRET_PATHS.some((p) => p.test(pathname));

/** Every other answer depends on who is signed in (merchant, account and admin pages, their data, CSV exports, redirects). */
const dependsOnSession = (pathname: string) => !PUBLIC_PATHS.some((p) => p.test(pathname));

const SITE_REFERRER_POLICY = "strict-origin-when-cross-origin";

/** The response with the cache and referrer rules of the (routed) address it answers. */
export function withPrivacyHeaders(pathname: string, response: Response): Response {
  if (dependsOnSession(pathname)) {
    response.headers.set("Cache-Control", "private, no-store");
    response.headers.delete("ETag");
  }
  if (carriesSecret(pathname)) response.headers.set("Referrer-Policy", "no-referrer");
  else if (!response.headers.has("Referrer-Policy")) response.headers.set("Referrer-Policy", SITE_REFERRER_POLICY);
  return response;
}
