/**
 * The ad platforms' ViewContent of every product page a shopper opened, sent by the runtime's entry with its counts
 * rather than by the page: a page the edge cache answers never reaches the app, and on Cloudflare most product views
 * are such pages (docs/decisions/0052-ad-conversions-from-the-server.md). A view is the page view the entry counted
 * (the same shoppers: no robot, prefetch or merchant) with the client the platforms match on (address, browser, ad
 * click), held in memory until the next write, seconds later, and never stored.
 */
import { inArray, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { sendConversion } from "~/conversions/events.server";
import { sendsConversions } from "~/conversions/settings.server";
import { conversionEvent } from "~/conversions/shopper.server";
import type { ConversionEvent } from "~/domain/conversions";
import { chosenVariant } from "~/domain/variants";
import type { StatsEvent } from "~/domain/visits";
import {
  type CartProductRow,
  type CartVariantRow,
  cartItemsOf,
  cartProductsQuery,
  cartVariantsQuery,
} from "~/orders/cart-items.server";
import { publicStoreUrl } from "~/services/config";
import type { Services } from "~/services/services";
import { storeConversionSettings, stores } from "../../db/schema";
import type { CountingSettings } from "./count-visit.server";

export interface ProductView {
  store: string;
  productId: string;
  /** The variant the address asked for (`?variante=`), as the page shows it. */
  variantId: number | null;
  /** The page's path under the store's public address, without its query. */
  path: string;
  /** The event without its product: the page's price is read when it is sent. */
  event: ConversionEvent;
}

/** The product views among a request's counted events, with what the platforms need of the request. */
export function productViewsOf(
  request: Request,
  events: readonly StatsEvent[],
  settings: Pick<CountingSettings, "routedPath">,
  clientIp: string,
  now: number,
): ProductView[] {
  const views: ProductView[] = [];
  for (const event of events) {
    if (event.type !== "view" || event.kind !== "product" || !event.productId) continue;
    const path = settings.routedPath(request).slice(`/site/${event.store}`.length) || "/";
    const asked = Number(new URL(request.url).searchParams.get("variante"));
    views.push({
      store: event.store,
      productId: event.productId,
      variantId: Number.isSafeInteger(asked) && asked > 0 ? asked : null,
      path,
      event: conversionEvent(request, clientIp, new Date(now), {
        name: "ViewContent",
        pageUrl: "",
        currency: "",
        value: 0,
        items: [],
      }),
    });
  }
  return views;
}

/** The views waiting to be sent; a full buffer (the database or the platforms away) drops the oldest. */
export class ProductViewBuffer {
  private views: ProductView[] = [];
  constructor(private readonly limit = 5_000) {}

  push(view: ProductView): void {
    if (this.views.length >= this.limit) this.views.shift();
    this.views.push(view);
  }

  take(): ProductView[] {
    const taken = this.views;
    this.views = [];
    return taken;
  }
}

type Sending = Pick<Services, "db" | "clock" | "config" | "conversions" | "log">;

/**
 * Sends each view to the platforms its store set up: one batch reads the stores and their settings, one more the
 * viewed products of the stores that send (published ones only, priced as their page shows them).
 */
export async function sendProductViews(services: Sending, views: readonly ProductView[]): Promise<void> {
  if (views.length === 0) return;
  const { db } = services;
  const urls = [...new Set(views.map((v) => v.store))];
  // A view on a store's own hostname names the store by it (decision 0061).
  const named = or(inArray(stores.url, urls), inArray(stores.customHost, urls));
  const storeIds = db.select({ id: stores.id }).from(stores).where(named);
  const [storeRows, settingsRows] = await db.batch([
    db
      .select({ id: stores.id, url: stores.url, customHost: stores.customHost, currency: stores.currency })
      .from(stores)
      .where(named),
    db.select().from(storeConversionSettings).where(inArray(storeConversionSettings.storeId, storeIds)),
  ]);
  const settingsOf = new Map(settingsRows.map((row) => [row.storeId, row]));
  const sending = storeRows.filter((store) => sendsConversions(settingsOf.get(store.id)));
  if (sending.length === 0) return;
  const reads = sending.flatMap((store): BatchItem<"sqlite">[] => {
    const ids = [...new Set(views.filter((v) => v.store === store.url || v.store === store.customHost).map((v) => v.productId))];
    return [cartProductsQuery(db, sql`${store.id}`, ids), cartVariantsQuery(db, sql`${store.id}`, ids)];
  });
  const rows = (await db.batch(reads as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[];
  for (const [index, store] of sending.entries()) {
    const settings = settingsOf.get(store.id);
    if (!sendsConversions(settings)) continue;
    const products = rows[index * 2] as CartProductRow[];
    const variants = rows[index * 2 + 1] as CartVariantRow[];
    const items = cartItemsOf(products, variants);
    const canonicalBase = publicStoreUrl(services.config, store).replace(/\/$/, "");
    for (const view of views) {
      if (view.store !== store.url && view.store !== store.customHost) continue;
      const shown = chosenVariant(
        variants.filter((v) => v.productId === view.productId),
        view.variantId,
      );
      const item = items.find((i) => i.id === view.productId && i.variantId === (shown?.id ?? null));
      if (!item) continue;
      await sendConversion(services, settings, {
        ...view.event,
        sourceUrl: `${canonicalBase}${view.path}`,
        currency: store.currency,
        value: item.price,
        items: [{ id: item.key, name: item.name, quantity: 1, price: item.price }],
      });
    }
  }
}

/** The runtime's writer of its counts, which also sends the product views held since the last write. */
export function withProductViews(
  writer: { flush: () => Promise<void> },
  buffer: ProductViewBuffer,
  services: () => Sending,
): { flush: () => Promise<void> } {
  return {
    flush: async () => {
      const views = buffer.take();
      await Promise.all([
        writer.flush(),
        sendProductViews(services(), views).catch((error: unknown) =>
          services().log.error("conversion.views_failed", error, { views: views.length }),
        ),
      ]);
    },
  };
}
