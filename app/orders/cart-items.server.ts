// What a cart line can buy, read and priced from the database: the cart's products and variants of the
// store (batched with the page that shows the cart), and the items they make.
import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import { CART_MAX_LINES, type CartProduct } from "~/domain/cart";
import { lineName, MAX_VARIANTS, valuesOf, variantLabel, variantPrice } from "~/domain/variants";
import { variantColumns } from "~/products/variants.server";
import type { Db } from "~/services/db";
import { productPhotos, products, productVariants } from "../../db/schema";

/** The columns a product card, the cart and the checkout need. */
export const cardColumns = {
  id: products.id,
  name: products.name,
  price: products.price,
  compareAtPrice: products.compareAtPrice,
  stock: products.stock,
  category: products.category,
  imageKey: products.imageKey,
  imageWidth: products.imageWidth,
  imageHeight: products.imageHeight,
};

/** The cart's products of the store, published ones only: another store's or a hidden product's id finds nothing. */
export const cartProductsQuery = (db: Db, storeId: SQL, ids: string[]) =>
  db
    .select({ ...cardColumns, options: products.options })
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(products.id, ids), eq(products.published, true)));

/**
 * The variants of the given products with each one's own photo, in the merchant's order (cart lines,
 * product page). Only the store's: another store's product ids find nothing.
 */
export const cartVariantsQuery = (db: Db, storeId: SQL, productIds: string[]) =>
  db
    .select({
      ...variantColumns,
      photoKey: productPhotos.key,
      photoWidth: productPhotos.width,
      photoHeight: productPhotos.height,
    })
    .from(productVariants)
    .leftJoin(productPhotos, eq(productPhotos.id, productVariants.photoId))
    .where(and(eq(productVariants.storeId, storeId), inArray(productVariants.productId, productIds.length ? productIds : ["-"])))
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
    if (product.options.length === 0) return [{ ...base, key: product.id, variantId: null, variant: null }];
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
