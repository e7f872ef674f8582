import { ID_DIGITS, randomDigits } from "~/domain/ids";
import { searchTextOf } from "~/domain/search";
import type { Db } from "~/services/db";
import { isUniqueViolation } from "~/stores/stores.server";
import { products } from "../../db/schema";

export type Product = typeof products.$inferSelect;
export type NewProductInput = Pick<Product, "storeId" | "name" | "price" | "stock"> &
  Partial<Pick<Product, "description" | "category" | "imageKey" | "imageWidth" | "imageHeight" | "filename">>;

export function productImageKey(storeId: string, productId: string, hash: string, ext: string): string {
  return `stores/${storeId}/products/${productId}/${hash}.${ext}`;
}

/** Inserts a product with a fresh 7-digit id; `id` may be reserved beforehand (its image key names it). */
export async function insertProduct(db: Db, input: NewProductInput & { id?: string }, now: Date): Promise<Product> {
  for (let attempt = 1; ; attempt++) {
    const id = input.id ?? randomDigits(ID_DIGITS.product);
    try {
      const [row] = await db
        .insert(products)
        .values({ ...input, id, searchText: searchTextOf(input.name), createdAt: now })
        .returning();
      if (!row) throw new Error("product insert returned nothing");
      return row;
    } catch (error) {
      if (!input.id && attempt < 5 && isUniqueViolation(error, "products.id")) continue;
      throw error;
    }
  }
}
