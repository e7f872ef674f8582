import { FEED_CHANNEL_PARAM, feedChannel } from "~/domain/product-feed";
import { asResource, loadSitePage } from "~/site/site.server";
import { feedResponse, firstFeedRead } from "../product-feed.server";
import type { Route } from "./+types/product-feed";

/**
 * /site/{store}/feed.xml (and {store}.{domain}/feed.xml): the store's product feed for Google Merchant Center, or
 * with `?canal=meta` for Meta Commerce Manager. One round trip for the store and the first products, one more for each
 * further page while the platform downloads it.
 */
export function loader(args: Route.LoaderArgs) {
  return asResource(async () => {
    const channel = feedChannel(new URL(args.request.url).searchParams.get(FEED_CHANNEL_PARAM));
    if (!channel)
      return new Response("Esta página fue eliminada", {
        status: 404,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    const p = await loadSitePage(args, (storeId, db) => firstFeedRead(db, storeId));
    return feedResponse(
      p.services,
      { store: p.store, base: p.site.canonicalBase, read: p.page, promotions: p.promotions },
      channel,
    );
  });
}
