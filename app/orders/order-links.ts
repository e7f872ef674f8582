import { type Config, publicStoreUrl } from "~/services/config";

/**
 * The buyer's order page: `{store}/Order/{code}?t={token}`. The token (the sale's access token) is what
 * lets the page open; the code alone shows nothing.
 */
export function orderPagePath(basePath: string, saleId: string, token: string): string {
  return `${basePath}/Order/${saleId}?t=${encodeURIComponent(token)}`;
}

/** The order page's absolute URL, for messages that leave the site (WhatsApp, email, payment return). */
export function orderPageUrl(
  config: Pick<Config, "APP_ORIGIN" | "STORES_DOMAIN">,
  storeSlug: string,
  saleId: string,
  token: string,
): string {
  const base = publicStoreUrl(config, storeSlug).replace(/\/$/, "");
  return orderPagePath(base, saleId, token);
}
