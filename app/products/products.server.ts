import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { LISTING_RANK, type ProductFilter } from "~/domain/catalog";
import { ID_DIGITS, randomDigits } from "~/domain/ids";
import { LIMIT_MESSAGES, type PlanLimits } from "~/domain/limits";
import type { ProductFields } from "~/domain/product-fields";
import { searchPattern, searchTextOf } from "~/domain/search";
import { type ProductOption, VARIANT_MESSAGES } from "~/domain/variants";
import { renditionSourceKey } from "~/media/renditions";
import type { Db } from "~/services/db";
import { isUniqueViolation } from "~/services/db";
import type { FileStore } from "~/services/files";
import { StoreError } from "~/workspace/action-results.server";
import { productPhotos, products, saleLines, stores } from "../../db/schema";
import { replaceVariantsStatements, type VariantDraft } from "./variants.server";

export type Product = typeof products.$inferSelect;
export type NewProductInput = Pick<Product, "storeId" | "name" | "price" | "stock"> &
  Partial<
    Pick<
      Product,
      "description" | "category" | "imageKey" | "imageWidth" | "imageHeight" | "filename" | "compareAtPrice" | "published"
    >
  >;

/** Every file of a product lives under this prefix (deleted with the product). */
export function productFilesPrefix(storeId: string, productId: string): string {
  return `stores/${storeId}/products/${productId}`;
}

/** Inserts a product with a fresh 7-digit id; `id` may be reserved beforehand (its image key names it). */
export async function insertProduct(db: Db, input: NewProductInput & { id?: string }, now: Date): Promise<Product> {
  for (let attempt = 1; ; attempt++) {
    const id = input.id ?? randomDigits(ID_DIGITS.product);
    try {
      const insert = db
        .insert(products)
        .values({ ...input, id, searchText: searchTextOf(input.name), createdAt: now })
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

/**
 * The product's image as its gallery's first photo (the cover), for the batch that inserts the
 * product: it finds the product by id, so nothing is written when the product was not inserted.
 */
function coverPhotoStatement(db: Db, storeId: string, productId: string, image: ProductImage) {
  return db.run(sql`insert into product_photos (product_id, store_id, position, key, width, height, filename)
    select id, store_id, 0, ${image.key}, ${image.width}, ${image.height}, ${image.filename} from products
    where id = ${productId} and store_id = ${storeId}`);
}

export const PRODUCT_MESSAGES = {
  imageRequired: "La imagen del producto es obligatoria",
} as const;

/** A product's own fields as the form and the import give them (app/domain/product-fields.ts). */
export type ProductInput = ProductFields;

export interface ProductImage {
  key: string;
  width: number;
  height: number;
  filename: string;
}

/** A product's options and the variants they make (none for a product sold as one thing). */
export interface ProductVariants {
  options: ProductOption[];
  drafts: VariantDraft[];
}
const NO_VARIANTS: ProductVariants = { options: [], drafts: [] };

/** A SKU another product of the store already has: the merchant's message, on the variants. */
function refuseTakenSku(error: unknown): never {
  if (isUniqueViolation(error, "product_variants.store_id, product_variants.sku"))
    throw new StoreError(VARIANT_MESSAGES.skuTaken, "variants");
  throw error;
}

/** The merchant's order: newest first, the higher id breaking ties (index order of products_store_newest_idx). */
const newestFirst = [desc(products.createdAt), desc(products.id)] as const;

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
): Promise<{ rows: Product[]; total: number; all: number; hidden: number }> {
  const pattern = searchPattern(query);
  const own = eq(products.storeId, storeId);
  // Hidden products are rank 0 of the listing index: that filter walks it newest first.
  const isHidden = eq(products.listingRank, LISTING_RANK.hidden);
  const where = and(
    own,
    filter === "hidden" ? isHidden : filter === "published" ? eq(products.published, true) : undefined,
    pattern ? sql`${products.searchText} like ${pattern} escape '\\'` : undefined,
  );
  const countOf = (condition: SQL | undefined) => db.select({ n: count() }).from(products).where(condition);
  const newest = db
    .select()
    .from(products)
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit);
  const [rows, [total], [all], [hidden]] = await db.batch([newest, countOf(where), countOf(own), countOf(and(own, isHidden))]);
  return { rows, total: total?.n ?? 0, all: all?.n ?? 0, hidden: hidden?.n ?? 0 };
}

/** The store's products for a section's picker, newest first: only what it shows, and none of the list's counts. */
export function pickableProducts(db: Db, storeId: string, limit: number) {
  return db
    .select({ id: products.id, name: products.name, price: products.price, imageKey: products.imageKey })
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

/** Creates a product under the plan's product limit: the insert is conditioned on the count, atomically. */
export async function createProduct(
  db: Db,
  storeId: string,
  plan: PlanLimits,
  id: string,
  input: ProductInput,
  image: ProductImage,
  now: Date,
  variants: ProductVariants = NO_VARIANTS,
): Promise<Product> {
  const limit = plan.products ?? Number.MAX_SAFE_INTEGER;
  const [inserted] = await db
    .batch([
      db.run(sql`insert into products (id, store_id, name, search_text, price, compare_at_price, stock, description, category,
        image_key, image_width, image_height, filename, created_at, published)
      select ${id}, ${storeId}, ${input.name}, ${searchTextOf(input.name)}, ${input.price}, ${input.compareAtPrice}, ${input.stock},
        ${input.description}, ${input.category}, ${image.key}, ${image.width}, ${image.height}, ${image.filename}, ${now.getTime()},
        ${input.published ? 1 : 0}
      where (select count(*) from products where store_id = ${storeId}) < ${limit}`),
      coverPhotoStatement(db, storeId, id, image),
      // Written only for a product that exists: nothing when the limit refused it.
      ...replaceVariantsStatements(db, storeId, id, variants.options, variants.drafts, input.stock),
      db.update(stores).set({ updatedAt: now }).where(eq(stores.id, storeId)),
    ])
    .catch(refuseTakenSku);
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
  product: Product,
  input: ProductInput,
  image: ProductImage | null,
  now: Date,
  variants: ProductVariants = NO_VARIANTS,
): Promise<string | null> {
  const own = and(eq(products.id, product.id), eq(products.storeId, product.storeId));
  const coverId = db
    .select({ id: productPhotos.id })
    .from(productPhotos)
    .where(eq(productPhotos.productId, product.id))
    .orderBy(asc(productPhotos.position), asc(productPhotos.id))
    .limit(1);
  await db
    .batch([
      db
        .update(products)
        .set({ ...input, searchText: searchTextOf(input.name) })
        .where(own),
      ...(image
        ? [
            db
              .update(productPhotos)
              .set({ key: image.key, width: image.width, height: image.height, filename: image.filename })
              .where(and(eq(productPhotos.id, coverId), eq(productPhotos.storeId, product.storeId))),
          ]
        : []),
      ...replaceVariantsStatements(db, product.storeId, product.id, variants.options, variants.drafts, input.stock),
      db.update(stores).set({ updatedAt: now }).where(eq(stores.id, product.storeId)),
    ])
    .catch(refuseTakenSku);
  return image && product.imageKey && product.imageKey !== image.key ? product.imageKey : null;
}

/** Deletes a product (its section items go by cascade) and its files; false when it is not this store's. */
export async function deleteProduct(db: Db, files: FileStore, storeId: string, productId: string, now: Date): Promise<boolean> {
  const [deleted] = await db.batch([
    db
      .delete(products)
      .where(and(eq(products.id, productId), eq(products.storeId, storeId)))
      .returning({ id: products.id }),
    db.update(stores).set({ updatedAt: now }).where(eq(stores.id, storeId)),
  ]);
  if (deleted.length === 0) return false;
  const keys = await keysNotInSales(db, await files.list(`${productFilesPrefix(storeId, productId)}/`));
  if (keys.length) await files.delete(keys);
  return true;
}

/**
 * The image files no sale line shows: sales keep the picture of what was bought, so a replaced or
 * deleted product's image stays while a sale refers to it (the store's deletion removes it).
 */
export async function keysNotInSales(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  // A half-size rendition is in use while its image is.
  const imageOf = (key: string) => renditionSourceKey(key) ?? key;
  const images = [...new Set(keys.map(imageOf))];
  const used = await db.selectDistinct({ key: saleLines.imageKey }).from(saleLines).where(inArray(saleLines.imageKey, images));
  const inUse = new Set(used.map((u) => u.key));
  return keys.filter((k) => !inUse.has(imageOf(k)));
}
