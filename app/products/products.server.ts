import { and, count, desc, eq, getTableColumns, lt, notExists, type SQL, sql } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { productChanges } from "~/domain/activity";
import { LISTING_RANK, type ProductFilter } from "~/domain/catalog";
import { ID_DIGITS, randomDigits } from "~/domain/ids";
import { LIMIT_MESSAGES, type PlanLimits } from "~/domain/limits";
import { defineMessages } from "~/domain/messages";
import type { ProductFields } from "~/domain/product-fields";
import { productSearchColumns, SEARCH_VERSION, searchPattern } from "~/domain/search";
import { type ProductOption, VARIANT_MESSAGES } from "~/domain/variants";
import type { Db } from "~/services/db";
import { isRuleViolation, isUniqueViolation } from "~/services/db";
import type { FileStore } from "~/services/files";
import { ruleRefusal, StoreError } from "~/workspace/action-results.server";
import { type Actor, activityStatement, IF_CHANGED } from "~/workspace/activity.server";
import type { IdRef } from "~/workspace/page-reads.server";
import { touchStore } from "~/workspace/store-record.server";
import { products, productVariants, stores } from "../../db/schema";
import { coverPhotoStatement, replaceCoverStatement } from "./photos.server";
import { keysNotInSales, type ProductImage, productFilesPrefix } from "./product-files.server";
import { listedPriceColumns, type VariantDraft, variantStatements } from "./variants.server";

export type Product = typeof products.$inferSelect;
export type NewProductInput = Pick<Product, "storeId" | "name" | "price" | "stock"> &
  Partial<
    Pick<
      Product,
      "description" | "category" | "imageKey" | "imageWidth" | "imageHeight" | "filename" | "compareAtPrice" | "published"
    >
  >;

/** Inserts a product with a fresh 7-digit id; `id` may be reserved beforehand (its image key names it). */
export async function insertProduct(
  db: Db,
  /** `indexed`: the options and SKUs its variants will have, for the search index (the caller writes the variants). */
  { indexed, ...input }: NewProductInput & { id?: string; indexed?: { options: ProductOption[]; skus: string[] } },
  now: Date,
): Promise<Product> {
  for (let attempt = 1; ; attempt++) {
    const id = input.id ?? randomDigits(ID_DIGITS.product);
    try {
      const insert = db
        .insert(products)
        .values({
          ...input,
          id,
          ...productSearchColumns(input.storeId, { ...input, options: indexed?.options }, indexed?.skus),
          createdAt: now,
        })
        .returning();
      const { imageKey, imageWidth, imageHeight, filename } = input;
      const [[row]] = imageKey
        ? await db.batch([
            insert,
            coverPhotoStatement(db, input.storeId, id, {
              key: imageKey,
              width: imageWidth ?? 0,
              height: imageHeight ?? 0,
              filename: filename ?? "",
            }),
          ])
        : [await insert];
      if (!row) throw new Error("product insert returned nothing");
      return row;
    } catch (error) {
      if (!input.id && attempt < 5 && isUniqueViolation(error, "products.id")) continue;
      throw error;
    }
  }
}

export const PRODUCT_MESSAGES = defineMessages({
  imageRequired: { id: "products.refusal.imageRequired", defaultMessage: "La imagen del producto es obligatoria" },
  belowReserved: {
    id: "products.refusal.belowReserved",
    defaultMessage:
      "Hay {reserved, plural, one {{reserved} unidad reservada} other {{reserved} unidades reservadas}} en pedidos pendientes: el stock no puede ser menor. Completa o cancela esos pedidos primero.",
  },
  variantBelowReserved: {
    id: "products.refusal.variantBelowReserved",
    defaultMessage:
      "Una combinación quedaría con menos stock del que está reservado en pedidos pendientes. Completa o cancela esos pedidos primero.",
  },
});

/** A product's own fields as the form and the import give them (app/domain/product-fields.ts). */
export type ProductInput = ProductFields;

/** A product's options and the variants they make (none for a product sold as one thing). */
export interface ProductVariants {
  options: ProductOption[];
  drafts: VariantDraft[];
}
const NO_VARIANTS: ProductVariants = { options: [], drafts: [] };

/**
 * The merchant's message for a write the database refused: a SKU another product of the store already has (on
 * the variants), or stock set below what pending orders hold (the product's reserved as last read).
 */
const refuseWrite = (reserved: number) => (error: unknown) => {
  if (isUniqueViolation(error, "product_variants.store_id, product_variants.sku"))
    throw new StoreError(VARIANT_MESSAGES.skuTaken.defaultMessage, "variants");
  if (isRuleViolation(error, "product_variants_reserved_within_stock"))
    throw ruleRefusal(PRODUCT_MESSAGES.variantBelowReserved, {}, "variants");
  if (isRuleViolation(error, "products_reserved_within_stock"))
    throw ruleRefusal(PRODUCT_MESSAGES.belowReserved, { reserved }, "stock");
  throw error;
};

/** The merchant's order: newest first, the higher id breaking ties (index order of products_store_newest_idx). */
const newestFirst = [desc(products.createdAt), desc(products.id)] as const;

// Hidden products are rank 0 of the listing index: that filter walks it newest first.
const isHidden = eq(products.listingRank, LISTING_RANK.hidden);

/** A product as the merchant's lists read it: with the range its combinations on sale sell at (`listedPriceColumns`). */
export type ListedProduct = Product & { priceFrom: number | null; priceTo: number | null; mark: number | null };

/**
 * The merchant's product list: newest first, optionally filtered by visibility and the word-prefix
 * search, with the number matching, the store's whole count (for the plan limit: hidden products
 * count too) and its hidden count, in one round trip.
 */
export async function listProducts(
  db: Db,
  storeId: string,
  query: string,
  limit: number,
  filter: ProductFilter = "all",
  /** A 0/1 column another feature adds to each row (the 'Poco stock' mark of app/stock-alerts); null without one. */
  mark?: SQL<number | null>,
): Promise<{ rows: ListedProduct[]; total: number; all: number; hidden: number }> {
  return listedProducts(await db.batch(listProductsQueries(db, storeId, query, limit, filter, mark)));
}

/**
 * listProducts' statements, to batch with others: the store's products newest first (matching `query` and `filter`),
 * how many match, how many the store has and how many of them are hidden. `storeId` may be a page's scoped id.
 */
export function listProductsQueries(
  db: Db,
  storeId: IdRef,
  query: string,
  limit: number,
  filter: ProductFilter = "all",
  mark?: SQL<number | null>,
) {
  const own = eq(products.storeId, storeId);
  const where = listWhere(storeId, query, filter);
  const countOf = (condition: SQL | undefined) => db.select({ n: count() }).from(products).where(condition);
  const newest = db
    .select({ ...getTableColumns(products), ...listedPriceColumns, mark: (mark ?? sql<null>`null`).mapWith(Number) })
    .from(products)
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit);
  return [newest, countOf(where), countOf(own), countOf(and(own, isHidden))] as const;
}

/** The merchant's list's condition: the store's products matching `query` (word prefixes) and `filter`. */
function listWhere(storeId: IdRef, query: string, filter: ProductFilter) {
  const pattern = searchPattern(query);
  return and(
    eq(products.storeId, storeId),
    filter === "hidden" ? isHidden : filter === "published" ? eq(products.published, true) : undefined,
    pattern ? sql`${products.searchText} like ${pattern} escape '\\'` : undefined,
  );
}

/** The ids of the list's first `limit` products matching `query` and `filter`, newest first, to batch or nest. */
export const productSearchIdsQuery = (db: Db, storeId: IdRef, query: string, limit: number, filter: ProductFilter) =>
  db
    .select({ id: products.id })
    .from(products)
    .where(listWhere(storeId, query, filter))
    .orderBy(...newestFirst)
    .limit(limit);

/** listProductsQueries' answers as the list reads them. */
export function listedProducts([rows, [total], [all], [hidden]]: BatchResponse<ReturnType<typeof listProductsQueries>>): {
  rows: ListedProduct[];
  total: number;
  all: number;
  hidden: number;
} {
  return { rows, total: total?.n ?? 0, all: all?.n ?? 0, hidden: hidden?.n ?? 0 };
}

/** The store's products for a section's picker, newest first: only what it shows, and none of the list's counts. */
export function pickableProducts(db: Db, storeId: IdRef, limit: number) {
  return db
    .select({ id: products.id, name: products.name, ...listedPriceColumns, imageKey: products.imageKey })
    .from(products)
    .where(eq(products.storeId, storeId))
    .orderBy(...newestFirst)
    .limit(limit);
}

export function findProduct(db: Db, storeId: string, productId: string): Promise<Product | undefined> {
  return db.query.products.findFirst({ where: and(eq(products.id, productId), eq(products.storeId, storeId)) });
}

export function countProducts(db: Db, storeId: string) {
  return db.$count(products, eq(products.storeId, storeId));
}

/** How many products the store has, as a statement to batch (`storeId` may be a page's scoped id). */
export const productCountQuery = (db: Db, storeId: IdRef) =>
  db.select({ n: count() }).from(products).where(eq(products.storeId, storeId));

/** Creates a product under the plan's product limit: the insert is conditioned on the count, atomically. */
export async function createProduct(
  db: Db,
  actor: Actor,
  storeId: string,
  plan: PlanLimits,
  id: string,
  input: ProductInput,
  image: ProductImage,
  now: Date,
  variants: ProductVariants = NO_VARIANTS,
): Promise<Product> {
  const limit = plan.products ?? Number.MAX_SAFE_INTEGER;
  const found = searchColumnsOf(storeId, input, variants);
  const [inserted] = await db
    .batch([
      db.run(sql`insert into products (id, store_id, name, search_text, price, compare_at_price, stock, description, category,
        image_key, image_width, image_height, filename, created_at, published, search_name, search_body, search_fuzzy,
        search_version)
      select ${id}, ${storeId}, ${input.name}, ${found.searchText}, ${input.price}, ${input.compareAtPrice}, ${input.stock},
        ${input.description}, ${input.category}, ${image.key}, ${image.width}, ${image.height}, ${image.filename}, ${now.getTime()},
        ${input.published ? 1 : 0}, ${found.searchName}, ${found.searchBody}, ${found.searchFuzzy},
        ${found.searchVersion}
      where (select count(*) from products where store_id = ${storeId}) < ${limit}`),
      activityStatement(
        db,
        storeId,
        actor,
        {
          kind: "product",
          subject: id,
          summary: { says: "productCreated", values: { name: input.name } },
          after: storeMoney(storeId, input.price),
        },
        now,
        IF_CHANGED,
      ),
      coverPhotoStatement(db, storeId, id, image),
      // Written only for a product that exists: nothing when the limit refused it.
      ...replaceVariantsStatements(db, storeId, id, variants.options, variants.drafts, input.stock),
      touchStore(db, storeId, now),
    ])
    .catch(refuseWrite(0));
  if (inserted.rowsAffected === 0) throw new StoreError(LIMIT_MESSAGES.products);
  const row = await findProduct(db, storeId, id);
  if (!row) throw new Error("created product missing");
  return row;
}

/**
 * Saves an edit; a new image replaces the cover (the gallery's first photo, which the database copies
 * into the product). Returns the replaced image key to delete, if any.
 */
export async function updateProduct(
  db: Db,
  actor: Actor,
  /** The product and its variants as this request read them: what the entry names as changed. */
  { product, variantsBefore }: { product: Product; variantsBefore: readonly VariantDraft[] },
  input: ProductInput,
  image: ProductImage | null,
  now: Date,
  variants: ProductVariants = NO_VARIANTS,
): Promise<string | null> {
  const own = and(eq(products.id, product.id), eq(products.storeId, product.storeId));
  // The stock is set by replaceVariantsStatements, after the variants change (with options, their sum).
  const { stock: _stock, ...columns } = input;
  await db
    .batch([
      ...productEditEntries(db, actor, { product, variantsBefore }, input, image !== null, variants, now),
      db
        .update(products)
        .set({ ...columns, ...searchColumnsOf(product.storeId, input, variants) })
        .where(own),
      ...(image ? [replaceCoverStatement(db, product, image)] : []),
      ...replaceVariantsStatements(db, product.storeId, product.id, variants.options, variants.drafts, input.stock),
      touchStore(db, product.storeId, now),
    ])
    .catch(refuseWrite(product.reserved));
  return image && product.imageKey && product.imageKey !== image.key ? product.imageKey : null;
}

/**
 * Products whose search columns were made by an older version of the search rules, or never (those of a database
 * from before full-text search): made again, `limit` at a time, each update conditioned on the product being as
 * read and still older (a concurrent edit writes its own). Answers how many were looked at.
 */
export async function indexProductsForSearch(db: Db, limit = 500): Promise<number> {
  const rows = await db
    .select({
      id: products.id,
      storeId: products.storeId,
      name: products.name,
      description: products.description,
      category: products.category,
      options: products.options,
      skus: sql<
        string | null
      >`(select group_concat(${productVariants.sku}, char(31)) from ${productVariants} where ${productVariants.productId} = ${products.id})`,
    })
    .from(products)
    .where(lt(products.searchVersion, SEARCH_VERSION))
    .limit(limit);
  if (rows.length === 0) return 0;
  const [first, ...rest] = rows.map((r) =>
    db
      .update(products)
      .set(productSearchColumns(r.storeId, r, r.skus?.split("\u001f") ?? []))
      .where(
        and(
          eq(products.id, r.id),
          eq(products.name, r.name),
          eq(products.description, r.description),
          eq(products.category, r.category),
          lt(products.searchVersion, SEARCH_VERSION),
        ),
      ),
  );
  if (first) await db.batch([first, ...rest]);
  return rows.length;
}

/** What the full-text index reads of a product saved with these fields, options and variants (their SKUs). */
const searchColumnsOf = (storeId: string, input: ProductInput, variants: ProductVariants) =>
  productSearchColumns(
    storeId,
    { ...input, options: variants.options },
    variants.drafts.map((d) => d.sku),
  );

/** Deletes a product (its section items go by cascade) and its files; false when it is not this store's. */
export async function deleteProduct(
  db: Db,
  actor: Actor,
  files: FileStore,
  storeId: string,
  productId: string,
  now: Date,
): Promise<boolean> {
  const [, deleted] = await db.batch([
    // Read before the row goes: the entry names the product.
    activityStatement(
      db,
      storeId,
      actor,
      {
        kind: "product",
        subject: productId,
        summary: { says: "productDeleted", values: { name: sql`(select name from ${products} where id = ${productId})` } },
      },
      now,
      sql`exists (select 1 from ${products} where id = ${productId} and store_id = ${storeId})`,
    ),
    db
      .delete(products)
      .where(and(eq(products.id, productId), eq(products.storeId, storeId)))
      .returning({ id: products.id }),
    touchStore(db, storeId, now),
  ]);
  if (deleted.length === 0) return false;
  const keys = await keysNotInSales(db, await files.list(`${productFilesPrefix(storeId, productId)}/`));
  if (keys.length) await files.delete(keys);
  return true;
}

/**
 * The entries of a product's edit, written before its statements in the same batch: its price and its stock, each
 * with the value the row has then and the one it gets, only when they differ (with options the stock is the enabled
 * variants' sum, as the database keeps it); and what else changed, compared with the product as the request read it.
 */
function productEditEntries(
  db: Db,
  actor: Actor,
  before: { product: Product; variantsBefore: readonly VariantDraft[] },
  input: ProductInput,
  newImage: boolean,
  variants: ProductVariants,
  now: Date,
): [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] {
  const { product } = before;
  const store = { id: product.storeId };
  const withOptions = variants.options.length > 0 && variants.drafts.length > 0;
  const stockAfter = withOptions ? variants.drafts.reduce((sum, d) => sum + (d.enabled ? d.stock : 0), 0) : input.stock;
  const changed = productChanges(before, { ...input, options: variants.options, variants: variants.drafts, newImage });
  return [
    ...priceAndStockEntries(db, actor, store.id, product.id, input.name, input.price, stockAfter, now),
    ...(changed.length
      ? [
          activityStatement(
            db,
            store.id,
            actor,
            {
              kind: "product",
              subject: product.id,
              summary: { says: "productEdited", values: { name: input.name, fields: changed } },
            },
            now,
            sql`exists (select 1 from ${products} where id = ${product.id} and store_id = ${store.id})`,
          ),
        ]
      : []),
  ];
}

/**
 * The entries of a product's price and stock set to these values, for the batch that sets them, before its statements:
 * each with the value the row has then, written only when it differs.
 */
export function priceAndStockEntries(
  db: Db,
  actor: Actor,
  storeId: string,
  productId: string,
  name: string,
  price: number,
  stock: number,
  now: Date,
): [BatchItem<"sqlite">, BatchItem<"sqlite">] {
  const row = (column: SQL) => sql`(select ${column} from ${products} where id = ${productId} and store_id = ${storeId})`;
  return [
    activityStatement(
      db,
      storeId,
      actor,
      {
        kind: "price",
        subject: productId,
        summary: { says: "priceChanged", values: { name } },
        before: storeMoney(storeId, row(sql`price`)),
        after: storeMoney(storeId, price),
      },
      now,
      sql`${row(sql`price`)} <> ${price}`,
    ),
    activityStatement(
      db,
      storeId,
      actor,
      {
        kind: "stock",
        subject: productId,
        summary: { says: "stockChanged", values: { name } },
        before: row(sql`stock`),
        after: String(stock),
      },
      now,
      sql`${row(sql`stock`)} <> ${stock}`,
    ),
  ];
}

/** An amount as an entry keeps it ('<minor units> <currency>', app/domain/activity.ts), in the store's currency then. */
const storeMoney = (storeId: string, minor: number | SQL) =>
  // A number is bound as text: bound as a number it may be a real, and read back '1000.0'.
  sql`${typeof minor === "number" ? String(minor) : minor} || ' ' || (select currency from ${stores} where id = ${storeId})`;

/** The product's price and 'Precio anterior' set anew (the store's currency changed). */
export const setProductPrices = (db: Db, storeId: string, productId: string, price: number, compareAtPrice: number | null) =>
  db
    .update(products)
    .set({ price, compareAtPrice })
    .where(and(eq(products.id, productId), eq(products.storeId, storeId)));

/**
 * Statements (for one batch) that make the product's options `options` and its variants exactly `drafts`
 * (variants.server's `variantStatements`). Without options the product has no variants and its own stock
 * `stockWithoutOptions`; with options the database keeps its stock as the enabled variants' sum. Nothing
 * is written for a product that is not the store's.
 */
export function replaceVariantsStatements(
  db: Db,
  storeId: string,
  productId: string,
  options: ProductOption[],
  drafts: VariantDraft[],
  stockWithoutOptions: number,
): BatchItem<"sqlite">[] {
  const ownProduct = and(eq(products.id, productId), eq(products.storeId, storeId));
  // In this order: the variants go before the product takes its own stock back, and come after it takes its options.
  if (options.length === 0 || drafts.length === 0)
    return [
      ...variantStatements(db, storeId, productId, []),
      db.update(products).set({ options: [], stock: stockWithoutOptions }).where(ownProduct),
    ];
  return [db.update(products).set({ options }).where(ownProduct), ...variantStatements(db, storeId, productId, drafts)];
}

/** A product the catalog import creates (hidden: the file has no photo), with its created_at holding the plan's limit. */
export const insertImportedProduct = (
  db: Db,
  product: Omit<typeof products.$inferInsert, "createdAt"> & { createdAt: Date | SQL },
) => db.insert(products).values(product as typeof products.$inferInsert);

/** A product's own columns as the catalog import's file gives them. */
export const updateImportedProduct = (
  db: Db,
  storeId: string,
  productId: string,
  columns: Pick<
    Product,
    | "name"
    | "searchText"
    | "price"
    | "compareAtPrice"
    | "description"
    | "category"
    | "published"
    | "searchName"
    | "searchBody"
    | "searchFuzzy"
    | "searchVersion"
  >,
) =>
  db
    .update(products)
    .set(columns)
    .where(and(eq(products.id, productId), eq(products.storeId, storeId)));

/**
 * What a pending order does to a product sold as one thing: 'reserve' promises `quantity` units (refused by the
 * database when fewer are available: reserved may not pass stock), 'release' gives them back, 'take' turns the
 * reservation into stock gone ('Completar' of a reserved order), 'takeFree' takes units no order holds ('Completar'
 * of an order that holds none). Each runs when `condition` holds (the sale in the state it changes from). A product
 * that has gained options since keeps its stock in its variants (the database sums them): nothing is changed here then.
 */
export type StockChange = "reserve" | "release" | "take" | "takeFree";

const STOCK_CHANGES = {
  reserve: (q: number) => ({ reserved: sql`${products.reserved} + ${q}` }),
  release: (q: number) => ({ reserved: sql`max(${products.reserved} - ${q}, 0)` }),
  take: (q: number) => ({ stock: sql`${products.stock} - ${q}`, reserved: sql`max(${products.reserved} - ${q}, 0)` }),
  takeFree: (q: number) => ({ stock: sql`${products.stock} - ${q}` }),
} satisfies Record<StockChange, (q: number) => Partial<Record<"stock" | "reserved", SQL>>>;

export const changeProductStock = (
  db: Db,
  change: StockChange,
  line: { storeId: string; productId: string; quantity: number },
  condition: SQL,
) =>
  db
    .update(products)
    .set(STOCK_CHANGES[change](line.quantity))
    .where(
      and(
        eq(products.id, line.productId),
        eq(products.storeId, line.storeId),
        condition,
        notExists(db.select({ one: sql`1` }).from(productVariants).where(eq(productVariants.productId, line.productId))),
      ),
    );
