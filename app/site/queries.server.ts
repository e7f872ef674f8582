import { and, asc, desc, eq, gte, type SQL, sql } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { LISTING_RANK } from "~/domain/catalog";
import { MOST_PHOTOS_PER_PRODUCT } from "~/domain/limits";
import type { Promotion } from "~/domain/promotions";
import { STORE_MARK } from "~/domain/search";
import {
  type CartProductRow,
  type CartVariantRow,
  cardColumns,
  cartProductsQuery,
  cartVariantsQuery,
} from "~/orders/cart-items.server";
import { enabledPromotionsQuery } from "~/promotions/promotions.server";
import type { Db } from "~/services/db";
import { productPhotos, products, sectionItems, sections, storeBanners, storeSlugHistory, stores, users } from "../../db/schema";

/**
 * The public site's reads. Every page is ONE database round trip (docs/architecture.md): a batch made of the
 * store lookup (with its owner's bill date for the 503 rule and a version for cache validators),
 * the old-slug lookup, the cart's products, and the page's own queries, which find the store
 * through a subquery on its url instead of waiting for its id. The subquery is compared with `=`:
 * SQLite then evaluates it once and walks the store's newest-first index, where `IN (subquery)`
 * would sort all of the store's products for every page (tests/data/query-plans.test.ts).
 *
 * Hidden products ('Oculto') are read by no public query. Listings (home, Tienda, search, sections)
 * also leave out sold-out products when the store hides them, and otherwise show them last: they walk
 * the (store, listing_rank, created_at, id) index from the highest rank down, so 'in stock first,
 * newest first' costs no sort (docs/decisions/0021-offers-visibility-and-sold-out.md).
 */
export const HOME_PRODUCT_LIMIT = 10;

/** How the request names its store: its url (slug), or its own active hostname ('Dominio propio'). */
export type StoreKey = string | { hostname: string };

const storeIdOfUrl = (key: StoreKey): SQL =>
  typeof key === "string"
    ? sql`(select ${stores.id} from ${stores} where ${stores.url} = ${key})`
    : sql`(select ${stores.id} from ${stores} where ${stores.customHost} = ${key.hostname})`;

/** The lowest listing rank the store lists (sold out too, unless it hides them), read with the page. */
const lowestListedRankOf = (storeId: SQL): SQL =>
  sql`(select case when ${stores.hideSoldOut} then ${LISTING_RANK.inStock} else ${LISTING_RANK.soldOut} end from ${stores} where ${stores.id} = ${storeId})`;

/** Products the store lists: published, and in stock unless the store lists sold-out ones too. */
const listed = (storeId: SQL) => gte(products.listingRank, lowestListedRankOf(storeId));

/**
 * Published products ('Publicado'), sold out or not: the products whose page answers. Written on the
 * column, not as `listing_rank >= 1`: a range on the rank makes SQLite walk the store's listing index
 * for the cart's lookups by id instead of fetching each id by its key (tests/data/query-plans.test.ts).
 */
const published = eq(products.published, true);

/** Listing order: in stock, then sold out, each newest first (index order of products_store_listing_idx). */
const listingOrder = [desc(products.listingRank), desc(products.createdAt), desc(products.id)] as const;

function storeQuery(db: Db, url: StoreKey) {
  return db
    .select({
      id: stores.id,
      name: stores.name,
      url: stores.url,
      currency: stores.currency,
      logoKey: stores.logoKey,
      logoBrandImages: stores.logoBrandImages,
      logoTabIcon: stores.logoTabIcon,
      active: stores.active,
      description: stores.description,
      mainTitle: stores.mainTitle,
      storeTitle: stores.storeTitle,
      saleNumber: stores.saleNumber,
      attentionNumber: stores.attentionNumber,
      location: stores.location,
      instagram: stores.instagram,
      facebook: stores.facebook,
      tiktok: stores.tiktok,
      hours: stores.hours,
      updatedAt: stores.updatedAt,
      ownerEmail: users.email,
      ownerName: users.name,
      ownerOrderMails: users.orderMails,
      ownerBillDueAt: users.billDueAt,
      catalogVersion: stores.catalogVersion,
      timeZone: stores.timeZone,
      country: stores.country,
      pickupEnabled: stores.pickupEnabled,
      homeDeliveryEnabled: stores.homeDeliveryEnabled,
      arrangeEnabled: stores.arrangeEnabled,
      paymentHoldMinutes: stores.paymentHoldMinutes,
      look: stores.look,
      lookDraft: stores.lookDraft,
      lookPreviewToken: stores.lookPreviewToken,
      taxId: stores.taxId,
      legalName: stores.legalName,
      customHost: stores.customHost,
    })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.ownerId))
    .where(typeof url === "string" ? eq(stores.url, url) : eq(stores.customHost, url.hostname))
    .limit(1);
}

function movedQuery(db: Db, url: string) {
  return db
    .select({ url: stores.url })
    .from(storeSlugHistory)
    .innerJoin(stores, eq(stores.id, storeSlugHistory.storeId))
    .where(eq(storeSlugHistory.slug, url))
    .limit(1);
}

export type SiteStoreRow = Awaited<ReturnType<typeof storeQuery>>[number];

type Item = BatchItem<"sqlite">;

/** Store, moved slug, the store's enabled promotions, cart products and the page's queries, in one batch. */
export async function loadSite<Q extends readonly Item[]>(
  db: Db,
  url: StoreKey,
  cartIds: string[],
  page: (storeId: SQL) => readonly [...Q],
): Promise<{
  store: SiteStoreRow | null;
  movedTo: string | null;
  /** Enabled ones; which apply today is the store's day's (site.server.ts). */
  promotions: Promotion[];
  cartProducts: CartProductRow[];
  cartVariants: CartVariantRow[];
  page: BatchResponse<Q>;
}> {
  // Most visits have no cart: their batch carries no cart statements at all.
  const cart = cartIds.length
    ? [cartProductsQuery(db, storeIdOfUrl(url), cartIds), cartVariantsQuery(db, storeIdOfUrl(url), cartIds)]
    : [];
  const queries = [
    storeQuery(db, url),
    movedQuery(db, typeof url === "string" ? url : ""),
    enabledPromotionsQuery(db, storeIdOfUrl(url)),
    ...cart,
    ...page(storeIdOfUrl(url)),
  ];
  const [storeRows, movedRows, promotionRows, ...rows] = (await db.batch(queries as unknown as [Item, ...Item[]])) as unknown[];
  const [cartRows = [], variantRows = []] = rows.splice(0, cart.length);
  return {
    store: (storeRows as SiteStoreRow[])[0] ?? null,
    movedTo: (movedRows as { url: string }[])[0]?.url ?? null,
    promotions: promotionRows as Promotion[],
    cartProducts: cartRows as CartProductRow[],
    cartVariants: variantRows as CartVariantRow[],
    page: rows as unknown as BatchResponse<Q>,
  };
}

// ---- page queries (each takes the store id subquery) ----

/** The store's own text for one of its pages ('Cambios y devoluciones', 'Envíos', 'Privacidad'); null keeps the template. */
export const storePolicyQuery = (db: Db, storeId: SQL, column: "returnsPolicy" | "shippingPolicy" | "privacyPolicy") =>
  db.select({ text: stores[column] }).from(stores).where(eq(stores.id, storeId)).limit(1);

export const bannersQuery = (db: Db, storeId: SQL) =>
  db
    .select({ key: storeBanners.key, width: storeBanners.width, height: storeBanners.height, link: storeBanners.link })
    .from(storeBanners)
    .where(eq(storeBanners.storeId, storeId))
    .orderBy(asc(storeBanners.position), asc(storeBanners.id));

export const sectionItemsQuery = (db: Db, storeId: SQL) =>
  db
    .select({
      sectionId: sections.id,
      title: sections.title,
      type: sectionItems.type,
      fileKey: sectionItems.fileKey,
      thumbKey: sectionItems.thumbKey,
      width: sectionItems.width,
      height: sectionItems.height,
      product: cardColumns,
    })
    .from(sections)
    .leftJoin(sectionItems, eq(sectionItems.sectionId, sections.id))
    // A product the store does not list leaves its item empty (the page skips it).
    .leftJoin(products, and(eq(products.id, sectionItems.productId), listed(storeId)))
    .where(eq(sections.storeId, storeId))
    .orderBy(asc(sections.position), asc(sections.createdAt), asc(sectionItems.position), asc(sectionItems.id));

/** The store's listed products, in stock first, each newest first; `limit + 1` rows tell whether more exist. */
export const productListQuery = (db: Db, storeId: SQL, opts: { limit: number; category?: number | null }) =>
  db
    .select(cardColumns)
    .from(products)
    .where(
      and(
        eq(products.storeId, storeId),
        opts.category == null ? undefined : eq(products.category, opts.category),
        listed(storeId),
      ),
    )
    .orderBy(...listingOrder)
    .limit(opts.limit + 1);

// ——— Full-text search (docs/decisions/0033-full-text-search.md) ———

/** The search results' orders: relevance (the name above the rest), price up or down, newest. */
export const SEARCH_SORTS = ["relevancia", "precio-asc", "precio-desc", "nuevos"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

const productsFts = sql`products_fts`;
/** The index's row of a product: its 7-digit id as a number (migrations/0010_full_text_search.sql). */
const indexedProduct = eq(products.id, sql`printf('%07d', products_fts.rowid)`);
/**
 * bm25 with the name worth ten times the description, category, options and SKUs (lower is better); the typo
 * column counts only in a typo search (an exact one does not read it).
 */
const relevance = sql`bm25(products_fts, 10.0, 1.0, 5.0)`;
/** The price a card shows (its cheapest combination on sale, for a product with options). */
const shownPrice = sql`coalesce(${cardColumns.priceFrom}, ${products.price})`;

const SORT_ORDERS: Record<SearchSort, SQL[]> = {
  relevancia: [sql`${relevance}`, desc(products.createdAt)],
  "precio-asc": [sql`${shownPrice} asc`, desc(products.createdAt)],
  "precio-desc": [sql`${shownPrice} desc`, desc(products.createdAt)],
  nuevos: [desc(products.createdAt), desc(products.id)],
};

/** The store's listed products matching a full-text expression, in a category or any. */
function searchConditions(storeId: SQL, expression: string, category: number | null) {
  return and(
    // The expression's store mark is replaced by the store's id, read in the same statement (app/domain/search.ts).
    sql`products_fts match replace(${expression}, ${STORE_MARK}, ${storeId})`,
    eq(products.storeId, storeId),
    listed(storeId),
    category == null ? undefined : eq(products.category, category),
  );
}

/**
 * Where a search reads from: the index, or with `unlessFound`, the index only when that other expression finds no
 * listed product of the store. The gate is a one-row table joined first (CROSS JOIN keeps it first), so when the
 * exact search found something, the typo search's index lookups never run.
 */
function searchSource(db: Db, storeId: SQL, unlessFound: string | undefined) {
  if (!unlessFound) return productsFts;
  const found = db
    .select({ one: sql`1` })
    .from(productsFts)
    .innerJoin(products, indexedProduct)
    .where(searchConditions(storeId, unlessFound, null));
  return sql`(select 1 where not exists ${found}) as search_gate cross join ${productsFts}`;
}

/**
 * The store's listed products matching a full-text expression, in stock first, then in the chosen order;
 * `limit + 1` rows tell whether more exist. `unlessFound`: nothing when that expression finds a product.
 */
export const searchQuery = (
  db: Db,
  storeId: SQL,
  opts: { expression: string; limit: number; category: number | null; sort: SearchSort; unlessFound?: string },
) =>
  db
    .select(cardColumns)
    .from(searchSource(db, storeId, opts.unlessFound))
    .innerJoin(products, indexedProduct)
    .where(searchConditions(storeId, opts.expression, opts.category))
    .orderBy(desc(products.listingRank), ...SORT_ORDERS[opts.sort])
    .limit(opts.limit + 1);

/** How many listed products of the store match, and in which categories (for the filter links). */
export const searchCategoriesQuery = (db: Db, storeId: SQL, expression: string, unlessFound?: string) =>
  db
    .select({ category: products.category, count: sql<number>`count(*)`.mapWith(Number) })
    .from(searchSource(db, storeId, unlessFound))
    .innerJoin(products, indexedProduct)
    .where(searchConditions(storeId, expression, null))
    .groupBy(products.category)
    .orderBy(products.category);

/**
 * The categories of the store's listed products, lowest first. Each step jumps to the next category
 * through the index on (store_id, category, listing_rank), so the cost is per category (at most 16),
 * never per product. The walk starts below the first category (-1) so that its first step is such a jump too:
 * a first `min(category)` of its own was planned on the listing index and read every listed product.
 */
export const categoriesQuery = (db: Db, storeId: SQL) =>
  db.all<{ category: number }>(sql`with recursive found(category) as (
      select -1
      union all
      select (select min(${products.category}) from ${products}
              where ${products.storeId} = ${storeId} and ${products.category} > found.category and ${listed(storeId)})
      from found where found.category is not null)
    select category from found where category >= 0`);

/** A published product's page: sold out or not, and whatever the store's listings show. */
export const productQuery = (db: Db, storeId: SQL, id: string) =>
  db
    .select({ ...cardColumns, description: products.description, options: products.options })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.id, id), published))
    .limit(1);

/**
 * A published product's gallery, cover first: walks (product_id, position, id) and stops at the most
 * any plan allows. A hidden product's photos are read by no public page.
 */
export const productPhotosQuery = (db: Db, storeId: SQL, productId: string) =>
  db
    .select({ key: productPhotos.key, width: productPhotos.width, height: productPhotos.height })
    .from(productPhotos)
    .innerJoin(products, eq(products.id, productPhotos.productId))
    .where(and(eq(productPhotos.productId, productId), eq(productPhotos.storeId, storeId), published))
    .orderBy(asc(productPhotos.position), asc(productPhotos.id))
    .limit(MOST_PHOTOS_PER_PRODUCT);

/** Every page that answers: the published products, sold-out ones too (their pages stay up), in stock first. */
export const sitemapProductsQuery = (db: Db, storeId: SQL) =>
  db
    .select({ id: products.id, name: products.name, createdAt: products.createdAt })
    .from(products)
    .where(and(eq(products.storeId, storeId), published))
    .orderBy(...listingOrder)
    .limit(5000);

/** Kept for the demo slice's data test: the store and its newest products, one round trip. */
export async function loadStoreHome(db: Db, url: string) {
  const result = await loadSite(db, url, [], (storeId) => [productListQuery(db, storeId, { limit: HOME_PRODUCT_LIMIT - 1 })]);
  const [productRows] = result.page;
  return { store: result.store, products: productRows, movedTo: result.movedTo };
}

export type CardProduct = Awaited<ReturnType<typeof productListQuery>>[number];
