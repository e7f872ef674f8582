// A product's files: where they live, and which of them no sale still shows (sales keep the picture of
// what was bought). Shared by the product and its gallery.
import { inArray } from "drizzle-orm";
import { renditionSourceKey } from "~/media/renditions";
import type { Db } from "~/services/db";
import { saleLines } from "../../db/schema";

/** A product's picture as it is stored: its file and size, and the name the merchant uploaded. */
export interface ProductImage {
  key: string;
  width: number;
  height: number;
  filename: string;
}

export function productFilesPrefix(storeId: string, productId: string): string {
  return `stores/${storeId}/products/${productId}`;
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
