// What a cart line can buy, read and priced from the database: the cart's products and variants of the
// store (batched with the page that shows the cart), and the items they make.
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { CART_MAX_LINES, type CartProduct } from "~/domain/cart";
import { lineName, MAX_VARIANTS, valuesOf, variantLabel, variantPrice } from "~/domain/variants";
import { listedPriceColumns, variantColumns } from "~/products/variants.server";
import type { Db } from "~/services/db";
import { storeBesideIds } from "~/workspace/page-reads.server";
import { productPhotos, products, productVariants } from "../../db/schema";

/**
 * The columns a product card, the cart and the checkout need. `stock` and `reserved` both: what can be bought is
 * stock − reserved (units promised to pending orders), which the cards and the cart's items read (`availableOf`).
 * The prices are every listing's (`listedPriceColumns`).
 */
export const cardColumns = {
  id: products.id,
  name: products.name,
  ...listedPriceColumns,
  stock: products.stock,
  reserved: products.reserved,
  category: products.category,
  imageKey: products.imageKey,
  imageWidth: products.imageWidth,
  imageHeight: products.imageHeight,
};

/** The store's condition: by its index beside a list of ids, beside a subquery of ids as `storeBesideIds` says. */
const ofStore = (column: SQLiteColumn, storeId: SQL, ids: string[] | SQL) =>
  Array.isArray(ids) ? eq(column, storeId) : storeBesideIds(column, storeId);

/**
 * The cart's products of the store, published ones only: another store's or a hidden product's id finds nothing.
 * `ids` may be a subquery of product ids.
 */
export const cartProductsQuery = (db: Db, storeId: SQL, ids: string[] | SQL) =>
  db
    .select({ ...cardColumns, options: products.options })
    .from(products)
    .where(and(ofStore(products.storeId, storeId, ids), inArray(products.id, ids), eq(products.published, true)));

/** Units of a product no pending order holds: what a shopper can buy. */
export const availableOf = (p: { stock: number; reserved: number }) => Math.max(0, p.stock - p.reserved);

/**
 * The variants of the given products with each one's own photo, in the merchant's order (cart lines,
 * product page), each with the units a shopper can buy as its `stock`. Only the store's: another store's
 * product ids find nothing.
 */
export const cartVariantsQuery = (db: Db, storeId: SQL, productIds: string[] | SQL) =>
  db
    .select({
      ...variantColumns,
      stock: sql<number>`max(${productVariants.stock} - ${productVariants.reserved}, 0)`.mapWith(Number),
      photoKey: productPhotos.key,
      photoWidth: productPhotos.width,
      photoHeight: productPhotos.height,
    })
    .from(productVariants)
    .leftJoin(productPhotos, eq(productPhotos.id, productVariants.photoId))
    .where(
      and(
        ofStore(productVariants.storeId, storeId, productIds),
        inArray(productVariants.productId, Array.isArray(productIds) && productIds.length === 0 ? ["-"] : productIds),
      ),
    )
    .orderBy(asc(productVariants.productId), asc(productVariants.position))
    .limit(CART_MAX_LINES * MAX_VARIANTS);

export type CartProductRow = Awaited<ReturnType<typeof cartProductsQuery>>[number];
export type CartVariantRow = Awaited<ReturnType<typeof cartVariantsQuery>>[number];

/**
 * What a cart line can buy, from the rows the page read: a product without options is one item (key:
 * its id); a product with options is one item per enabled variant (key '{id}-{variant id}'), named,
 * priced and stocked as that variant, with its photo when it has one. A product with options offers
 * no item of its own and a disabled variant none at all, so such lines drop out of the cart.
 */
export interface CartItem extends CartProduct, Omit<CartProductRow, "name"> {
  /** The product's own name (its page's address); `name` adds the variant. */
  productName: string;
  variantId: number | null;
  /** 'Talla M, Color Azul', or null for a product without options. */
  variant: string | null;
}

export function cartItemsOf(products: CartProductRow[], variants: CartVariantRow[]): CartItem[] {
  return products.flatMap((product): CartItem[] => {
    const base = { ...product, productName: product.name };
    if (product.options.length === 0)
      return [{ ...base, stock: availableOf(product), key: product.id, variantId: null, variant: null }];
    return variants
      .filter((v) => v.productId === product.id && v.enabled)
      .map((v) => {
        const variant = variantLabel(product.options, valuesOf(v, product.options.length));
        const photo = v.photoKey ? { imageKey: v.photoKey, imageWidth: v.photoWidth, imageHeight: v.photoHeight } : {};
        return {
          ...base,
          ...photo,
          key: `${product.id}-${v.id}`,
          name: lineName(product.name, variant),
          price: variantPrice(product.price, v),
          stock: v.stock,
          variantId: v.id,
          variant,
        };
      });
  });
}

/**
 * How many units of each of these lines' products (sold as one thing, by product id) and variants (by variant id)
 * no order holds now: stock − reserved. One round trip.
 */
export async function availableUnits(
  db: Db,
  storeId: string,
  lines: ReadonlyArray<{ productId: string; variantId?: number | null }>,
): Promise<Map<string | number, number>> {
  const productIds = lines.filter((l) => l.variantId == null).map((l) => l.productId);
  const variantIds = lines.flatMap((l) => (l.variantId == null ? [] : [l.variantId]));
  const [productRows, variantRows] = await db.batch([
    db
      .select({ id: products.id, available: sql<number>`${products.stock} - ${products.reserved}` })
      .from(products)
      .where(and(eq(products.storeId, storeId), inArray(products.id, productIds.length ? productIds : ["-"]))),
    db
      .select({ id: productVariants.id, available: sql<number>`${productVariants.stock} - ${productVariants.reserved}` })
      .from(productVariants)
      .where(and(eq(productVariants.storeId, storeId), inArray(productVariants.id, variantIds.length ? variantIds : [-1]))),
  ]);
  return new Map<string | number, number>([
    ...productRows.map((r) => [r.id, r.available] as const),
    ...variantRows.map((r) => [r.id, r.available] as const),
  ]);
}
