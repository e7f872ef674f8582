import { desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/services/db";
import { products, storeSlugHistory, stores } from "../../db/schema";

export const HOME_PRODUCT_LIMIT = 10;

const storeIdOfUrl = (url: string) => sql`(select ${stores.id} from ${stores} where ${stores.url} = ${url})`;

/**
 * Everything the store home needs, in one database round trip (a batch):
 * the store, its newest products, and the new slug if `url` is an old one.
 */
export async function loadStoreHome(db: Db, url: string) {
  const [storeRows, productRows, movedRows] = await db.batch([
    db.select().from(stores).where(eq(stores.url, url)).limit(1),
    db
      .select({
        id: products.id,
        name: products.name,
        price: products.price,
        stock: products.stock,
        imageKey: products.imageKey,
        imageWidth: products.imageWidth,
        imageHeight: products.imageHeight,
      })
      .from(products)
      .where(inArray(products.storeId, storeIdOfUrl(url)))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(HOME_PRODUCT_LIMIT),
    db
      .select({ url: stores.url })
      .from(storeSlugHistory)
      .innerJoin(stores, eq(stores.id, storeSlugHistory.storeId))
      .where(eq(storeSlugHistory.slug, url))
      .limit(1),
  ]);
  return { store: storeRows[0] ?? null, products: productRows, movedTo: movedRows[0]?.url ?? null };
}
