import { FEED_CHANNEL_PARAM, type FeedChannel } from "~/domain/product-feed";
import { type Config, publicStoreUrl } from "~/services/config";

/** The address a platform downloads the store's feed from: Google's without a query, Meta's with `?canal=meta`. */
export function feedUrl(
  config: Pick<Config, "APP_ORIGIN" | "STORES_DOMAIN">,
  slug: Parameters<typeof publicStoreUrl>[1],
  channel: FeedChannel,
): string {
  const feed = `${publicStoreUrl(config, slug).replace(/\/$/, "")}/feed.xml`;
  return channel === "google" ? feed : `${feed}?${FEED_CHANNEL_PARAM}=${channel}`;
}
