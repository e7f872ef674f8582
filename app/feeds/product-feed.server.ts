// A store's product feed (docs/decisions/0050-product-feed.md): read a page of published products at a time, with their
// enabled variants and their photos, and written as XML while the platform downloads it, so a 5,000-product
// catalog never sits in memory whole.
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { shortHash } from "~/domain/ids";
import {
  FEED_TAIL,
  type FeedChannel,
  type FeedProduct,
  type FeedStore,
  type FeedVariant,
  feedHead,
  feedItems,
  feedItemXml,
} from "~/domain/product-feed";
import type { Promotion } from "~/domain/promotions";
import type { Db } from "~/services/db";
import { fileUrl } from "~/services/files";
import type { Logger } from "~/services/log";
import { storeCacheTag } from "~/site/edge-cache";
import { productPhotos, products, productVariants, stores } from "../../db/schema";

/**
 * Products read per round trip. A product has at most 100 variants, so a read holds at most 25,000 variant rows; a
 * store of up to 250 products is one round trip, the one of its page's batch.
 */
const FEED_PRODUCTS_PER_READ = 250;
/** The stream hands the XML on in pieces of about this many characters. */
const CHUNK_CHARS = 64 * 1024;
/** Bumped when the feed's format changes, so every validator a platform kept becomes stale. */
const FEED_FORMAT = 1;

/** Where the next read starts: below the last product read, in the store's newest-first index order. */
type Cursor = { createdAt: number; id: string };

/** The published products of a page, newest first, walking (store_id, created_at, id): a product's date never changes. */
const pageOf = (storeId: SQL, after: Cursor | null) =>
  and(
    eq(products.storeId, storeId),
    eq(products.published, true),
    after ? sql`(${products.createdAt}, ${products.id}) < (${after.createdAt}, ${after.id})` : undefined,
  );
const pageOrder = [desc(products.createdAt), desc(products.id)] as const;

/** The statements of one read: a page of products, their enabled combinations, their photos. */
export function feedPageQueries(db: Db, storeId: SQL, after: Cursor | null) {
  const pageIds = db
    .select({ id: products.id })
    .from(products)
    .where(pageOf(storeId, after))
    .orderBy(...pageOrder)
    .limit(FEED_PRODUCTS_PER_READ);
  return [
    db
      .select({
        id: products.id,
        name: products.name,
        description: products.description,
        price: products.price,
        compareAtPrice: products.compareAtPrice,
        stock: products.stock,
        reserved: products.reserved,
        category: products.category,
        imageKey: products.imageKey,
        options: products.options,
        createdAt: products.createdAt,
      })
      .from(products)
      .where(pageOf(storeId, after))
      .orderBy(...pageOrder)
      .limit(FEED_PRODUCTS_PER_READ),
    // The page's enabled combinations, each with its own photo, product by product in the merchant's order.
    db
      .select({
        id: productVariants.id,
        productId: productVariants.productId,
        option1: productVariants.option1,
        option2: productVariants.option2,
        option3: productVariants.option3,
        price: productVariants.price,
        stock: productVariants.stock,
        reserved: productVariants.reserved,
        enabled: productVariants.enabled,
        photoKey: productPhotos.key,
      })
      .from(productVariants)
      .leftJoin(productPhotos, eq(productPhotos.id, productVariants.photoId))
      .where(and(inArray(productVariants.productId, pageIds), eq(productVariants.enabled, true)))
      .orderBy(asc(productVariants.productId), asc(productVariants.position)),
    // The page's galleries, each in its order (the cover first).
    db
      .select({ productId: productPhotos.productId, key: productPhotos.key })
      .from(productPhotos)
      .where(inArray(productPhotos.productId, pageIds))
      .orderBy(asc(productPhotos.productId), asc(productPhotos.position), asc(productPhotos.id)),
  ] as const;
}

type PageQueries = ReturnType<typeof feedPageQueries>;
type Rows<I extends number> = Awaited<PageQueries[I]>;
/** One read of the feed: a page of products with their variants and photos. */
export type FeedPage = [Rows<0>, Rows<1>, Rows<2>];

/**
 * What the feed's first round trip reads beside the store (loadSitePage's batch): the store's category (for products
 * without one) and the first page.
 */
export function firstFeedRead(db: Db, storeId: SQL) {
  return [
    db.select({ category: stores.category }).from(stores).where(eq(stores.id, storeId)).limit(1),
    ...feedPageQueries(db, storeId, null),
  ] as const;
}

async function nextPage(db: Db, storeId: string, after: Cursor): Promise<FeedPage> {
  const [productRows, variantRows, photoRows] = await db.batch(feedPageQueries(db, sql`${storeId}`, after));
  return [productRows, variantRows, photoRows];
}

function byProduct<T extends { productId: string }>(rows: readonly T[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const row of rows) {
    const list = grouped.get(row.productId);
    if (list) list.push(row);
    else grouped.set(row.productId, [row]);
  }
  return grouped;
}

/** The feed's XML in order: its head, each page's items (reading the next page once one is written), its tail. */
async function* feedXml(
  db: Db,
  storeId: string,
  store: FeedStore,
  channel: FeedChannel,
  first: FeedPage,
): AsyncGenerator<string> {
  yield feedHead(store);
  let page = first;
  for (;;) {
    const [productRows, variantRows, photoRows] = page;
    const variants = byProduct(variantRows);
    const photos = byProduct(photoRows);
    for (const product of productRows) {
      const keys = (photos.get(product.id) ?? []).map((p) => p.key);
      for (const item of feedItems(
        store,
        product satisfies FeedProduct,
        (variants.get(product.id) ?? []) satisfies FeedVariant[],
        keys,
        channel,
      ))
        yield feedItemXml(item);
    }
    const last = productRows.at(-1);
    if (!last || productRows.length < FEED_PRODUCTS_PER_READ) break;
    page = await nextPage(db, storeId, { createdAt: last.createdAt.getTime(), id: last.id });
  }
  yield FEED_TAIL;
}

/** A stream of the text's pieces as UTF-8, gathered into chunks of about CHUNK_CHARS; the next read waits for the reader. */
function streamOf(pieces: AsyncGenerator<string>, onError: (error: unknown) => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          let chunk = "";
          while (chunk.length < CHUNK_CHARS) {
            const next = await pieces.next();
            if (next.done) {
              if (chunk) controller.enqueue(encoder.encode(chunk));
              controller.close();
              return;
            }
            chunk += next.value;
          }
          controller.enqueue(encoder.encode(chunk));
        } catch (error) {
          onError(error);
          controller.error(error);
        }
      },
      async cancel() {
        await pieces.return(undefined);
      },
    },
    // Nothing is written before a reader asks: a 304 or a HEAD never reads the catalog's further pages.
    { highWaterMark: 0 },
  );
}

/** The validators of a store's feed: its public version (the merchant's edits, every product change) and the platform. */
function feedValidators(
  store: { id: string; updatedAt: Date; catalogVersion: number },
  channel: FeedChannel,
  base: string,
  promotions: readonly Promotion[],
): { ETag: string; "Last-Modified": string } {
  // A dated promotion starts or ends at midnight without any edit: the promotions that apply today are in the version.
  const live = promotions.map((p) => p.id).join(",");
  const version = [FEED_FORMAT, store.id, store.updatedAt.getTime(), store.catalogVersion, channel, base, live].join("|");
  return { ETag: `W/"${shortHash(version)}${shortHash(`${version}#`)}"`, "Last-Modified": store.updatedAt.toUTCString() };
}

/**
 * The feed's answer: XML streamed as it is written, with validators and the store's cache tag, so the edge keeps it
 * like the store's pages and a merchant's change purges it (docs/decisions/0013-edge-cache-for-public-pages.md).
 */
export function feedResponse(
  services: { db: Db; log: Logger },
  loaded: {
    store: { id: string; name: string; currency: string; updatedAt: Date; catalogVersion: number };
    base: string;
    read: readonly [{ category: number }[], ...FeedPage];
    /** The store's promotions that apply today (loadSitePage). */
    promotions: readonly Promotion[];
  },
  channel: FeedChannel,
): Response {
  const { store, base, read } = loaded;
  const [[category], ...first] = read;
  // Stored files answer at the root of the store's host, and of the app's (a store under /site/{url}).
  const origin = new URL(base).origin;
  const feedStore: FeedStore = {
    name: store.name,
    base,
    currency: store.currency,
    category: category?.category ?? 0,
    fileUrl: (key) => `${origin}${fileUrl(key)}`,
    promotions: loaded.promotions,
  };
  const pieces = feedXml(services.db, store.id, feedStore, channel, first as FeedPage);
  const body = streamOf(pieces, (error) => services.log.error("feed.failed", error, { storeId: store.id, channel }));
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      ...feedValidators(store, channel, base, loaded.promotions),
      "Cache-Control": "public, max-age=0, must-revalidate",
      "Cache-Tag": storeCacheTag(store.id),
      // A feed is for the platforms that read it, not for search results.
      "X-Robots-Tag": "noindex",
    },
  });
}
