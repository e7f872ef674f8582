// Data access for a product's options and variants (the rules: app/domain/variants.ts).
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { optionColumns } from "~/domain/variants";
import type { Db } from "~/services/db";
import type { IdRef } from "~/workspace/page-reads.server";
import { productPhotos, products, productVariants } from "../../db/schema";

/** One combination as the merchant set it: its values (one per option), stock, own price, SKU, photo, and whether it is sold. */
export interface VariantDraft {
  values: string[];
  price: number | null;
  sku: string | null;
  stock: number;
  enabled: boolean;
  /** The variant's photo, null for none; left out, a variant already there keeps the one it has. */
  photoId?: number | null;
}

/** What a variant is, as the pages that read several products' variants select it (site, export). */
export const variantColumns = {
  id: productVariants.id,
  productId: productVariants.productId,
  option1: productVariants.option1,
  option2: productVariants.option2,
  option3: productVariants.option3,
  price: productVariants.price,
  sku: productVariants.sku,
  stock: productVariants.stock,
  enabled: productVariants.enabled,
};

/**
 * The lowest (`min`) or highest (`max`) price among a product's combinations a shopper can buy: enabled, with units
 * no pending order holds (`isAvailable` in app/domain/variants.ts, on stock − reserved). A combination without its
 * own price sells at the product's. Null for a product without options, or with none left.
 *
 * The expression is wrapped in a fragment of its own: in a select from one table, drizzle writes the columns at a
 * field's top level without their table, which inside this subquery would read `price` of product_variants twice.
 */
function priceOnSale(bound: "min" | "max") {
  const onSale = sql`${productVariants.productId} = ${products.id} and ${productVariants.enabled} = 1 and ${productVariants.stock} > ${productVariants.reserved}`;
  const inner = sql`(select ${sql.raw(bound)}(coalesce(${productVariants.price}, ${products.price})) from ${productVariants} where ${onSale})`;
  return sql<number | null>`${inner}`;
}

/**
 * The price columns of every list that shows a product's price, the store's and the merchant's: the product's price
 * and 'Precio anterior', and the range its combinations on sale sell at. `cardPrice` (app/domain/catalog.ts) turns
 * them into what the list shows.
 */
export const listedPriceColumns = {
  price: products.price,
  compareAtPrice: products.compareAtPrice,
  priceFrom: priceOnSale("min"),
  priceTo: priceOnSale("max"),
};

/** The product's variants in the merchant's order. */
export function listVariants(db: Db, storeId: IdRef, productId: string) {
  return db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), eq(productVariants.storeId, storeId)))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
}

/**
 * Statements (for one batch) that make the product's variants exactly `drafts` (none without options).
 * A combination already there keeps its row (matched on its values), so sale lines keep pointing at it;
 * the others are removed. Nothing is written for a product that is not the store's. The product's own
 * row (its options, its stock without them) is products.server's `replaceVariantsStatements`.
 */
export function variantStatements(db: Db, storeId: string, productId: string, drafts: VariantDraft[]): BatchItem<"sqlite">[] {
  const ownVariants = and(eq(productVariants.productId, productId), eq(productVariants.storeId, storeId));
  if (drafts.length === 0) return [db.delete(productVariants).where(ownVariants)];
  const kept = sql.join(
    drafts.map((d) => {
      const o = optionColumns(d.values);
      return sql`(${o.option1}, ${o.option2}, ${o.option3})`;
    }),
    sql`, `,
  );
  const rows = drafts.map((d, position) => ({ d, position }));
  const choosing = rows.filter((r) => r.d.photoId !== undefined);
  const keeping = rows.filter((r) => r.d.photoId === undefined);
  return [
    db.delete(productVariants).where(and(ownVariants, sql`(option1, option2, option3) not in (values ${kept})`)),
    ...(choosing.length ? [upsertVariants(db, storeId, productId, choosing, true)] : []),
    ...(keeping.length ? [upsertVariants(db, storeId, productId, keeping, false)] : []),
  ];
}

/**
 * Inserts or updates the product's variants with these values, for the store's own product only.
 * `setPhoto`: the drafts choose each variant's photo; otherwise a variant already there keeps its own
 * (the catalog import, whose file has no photos) and a new one starts without.
 */
function upsertVariants(
  db: Db,
  storeId: string,
  productId: string,
  rows: Array<{ d: VariantDraft; position: number }>,
  setPhoto: boolean,
) {
  const values = rows.map(({ d, position }) => {
    const o = optionColumns(d.values);
    return sql`(${position}, ${o.option1}, ${o.option2}, ${o.option3}, ${d.price}, ${d.sku}, ${d.stock}, ${d.enabled ? 1 : 0}, ${d.photoId ?? null})`;
  });
  // VALUES names its columns column1…column9.
  return db.run(sql`insert into product_variants (product_id, store_id, position, option1, option2, option3, price, sku, stock, enabled, photo_id)
    select ${productId}, ${storeId}, column1, column2, column3, column4, column5, column6, column7, column8, column9
    from (values ${sql.join(values, sql`, `)})
    where exists (select 1 from products where id = ${productId} and store_id = ${storeId})
    on conflict (product_id, option1, option2, option3) do update set
      position = excluded.position, price = excluded.price, sku = excluded.sku, stock = excluded.stock,
      enabled = excluded.enabled${setPhoto ? sql`, photo_id = excluded.photo_id` : sql``}`);
}

/** The statements of a product of the store with its variants and the photos a variant may show (the edit form). */
export const productForEditingQueries = (db: Db, storeId: IdRef, productId: string) =>
  [
    db
      .select()
      .from(products)
      .where(and(eq(products.id, productId), eq(products.storeId, storeId)))
      .limit(1),
    listVariants(db, storeId, productId),
    db
      .select({ id: productPhotos.id, key: productPhotos.key, width: productPhotos.width, height: productPhotos.height })
      .from(productPhotos)
      .where(and(eq(productPhotos.productId, productId), eq(productPhotos.storeId, storeId)))
      .orderBy(asc(productPhotos.position), asc(productPhotos.id)),
  ] as const;

/** The edit form's product from its statements' answers; undefined when the store has no such product. */
export function productForEditingOf([[product], variants, photos]: BatchResponse<ReturnType<typeof productForEditingQueries>>) {
  return product && { product, variants, photos, photoIds: photos.map((p) => p.id) };
}

/**
 * A product of the store with its variants and the photos a variant may show, for the edit form, in
 * one round trip; undefined when the store has no such product.
 */
export async function productForEditing(db: Db, storeId: string, productId: string) {
  return productForEditingOf(await db.batch(productForEditingQueries(db, storeId, productId)));
}

const VARIANT_STOCK_CHANGES = {
  reserve: (q: number) => ({ reserved: sql`${productVariants.reserved} + ${q}` }),
  release: (q: number) => ({ reserved: sql`max(${productVariants.reserved} - ${q}, 0)` }),
  take: (q: number) => ({
    stock: sql`${productVariants.stock} - ${q}`,
    reserved: sql`max(${productVariants.reserved} - ${q}, 0)`,
  }),
  takeFree: (q: number) => ({ stock: sql`${productVariants.stock} - ${q}` }),
} satisfies Record<"reserve" | "release" | "take" | "takeFree", (q: number) => Partial<Record<"stock" | "reserved", SQL>>>;

/** A pending order's change to a variant's stock, when `condition` holds (as products.server's changeProductStock). */
export const changeVariantStock = (
  db: Db,
  change: keyof typeof VARIANT_STOCK_CHANGES,
  line: { storeId: string; variantId: number; quantity: number },
  condition: SQL,
) =>
  db
    .update(productVariants)
    .set(VARIANT_STOCK_CHANGES[change](line.quantity))
    .where(and(eq(productVariants.id, line.variantId), eq(productVariants.storeId, line.storeId), condition));
