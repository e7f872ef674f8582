import type { CartProduct } from "~/domain/cart";
import { lineName, valuesOf, variantLabel, variantPrice } from "~/domain/variants";
import type { CartProductRow, VariantRow } from "./queries.server";

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

export function cartItemsOf(products: CartProductRow[], variants: VariantRow[]): CartItem[] {
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
