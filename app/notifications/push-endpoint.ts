/**
 * Where the server may send push messages. The endpoint comes from the browser, so it is input the
 * server will POST to: only the browsers' own push services are accepted (no private networks, no
 * arbitrary hosts, no ports, no credentials in the URL). Local runs also accept the loopback stand-in
 * the tests start (http://127.0.0.1:port or http://localhost:port).
 */
const EXACT_HOSTS = new Set(["fcm.googleapis.com", "updates.push.services.mozilla.com", "web.push.apple.com"]);
const HOST_SUFFIXES = [".push.services.mozilla.com", ".notify.windows.com", ".push.apple.com"];
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost"]);

export const MAX_ENDPOINT_LENGTH = 1000;

export function isAllowedPushEndpoint(endpoint: string, env: "local" | "production"): boolean {
  if (endpoint.length > MAX_ENDPOINT_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname;
  if (url.protocol === "https:") {
    if (url.port !== "") return false;
    return EXACT_HOSTS.has(host) || HOST_SUFFIXES.some((suffix) => host.endsWith(suffix) && host.length > suffix.length);
  }
  return env === "local" && url.protocol === "http:" && LOOPBACK_HOSTS.has(host) && url.port !== "";
}
