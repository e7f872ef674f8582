import { and, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { LIMIT_MESSAGES, type PlanLimits, photoUploadProblem } from "~/domain/limits";
import { defineMessages } from "~/domain/messages";
import type { Db } from "~/services/db";
import type { FileStore } from "~/services/files";
import { ruleRefusal, StoreError } from "~/workspace/action-results.server";
import { type Actor, activityStatement, type EntrySummary, IF_CHANGED } from "~/workspace/activity.server";
import type { IdRef } from "~/workspace/page-reads.server";
import { productPhotos, products } from "../../db/schema";

type Product = typeof products.$inferSelect;

import { asc } from "drizzle-orm";
import { touchStore } from "~/workspace/store-record.server";
import { keysNotInSales, type ProductImage } from "./product-files.server";

/**
 * A product's gallery (docs/decisions/0022-product-photo-gallery.md). The photo with the lowest
 * position is the cover: database triggers copy it into the product's image columns, so every
 * change here is also a change of the cover when the first photo changes. Every statement is scoped
 * to the store and the product, never to a photo id alone.
 */
export type ProductPhoto = typeof productPhotos.$inferSelect;

const PHOTO_MESSAGES = defineMessages({
  lastPhoto: {
    id: "products.refusal.lastPhoto",
    defaultMessage: "No puedes eliminar la única foto: un producto siempre tiene una portada",
  },
});

/** Where a photo goes: one place up or down, or first (the cover). */
export type PhotoMove = "up" | "down" | "cover";

const galleryOrder = [asc(productPhotos.position), asc(productPhotos.id)] as const;
const ofProduct = (product: Pick<Product, "id" | "storeId">) =>
  and(eq(productPhotos.productId, product.id), eq(productPhotos.storeId, product.storeId));

const productQuery = (db: Db, storeId: IdRef, productId: string) =>
  db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.storeId, storeId)))
    .limit(1);

/** The statements of a product of the store and its gallery, in order. */
export const productWithPhotosQueries = (db: Db, storeId: IdRef, productId: string) =>
  [
    productQuery(db, storeId, productId),
    db
      .select()
      .from(productPhotos)
      .where(and(eq(productPhotos.productId, productId), eq(productPhotos.storeId, storeId)))
      .orderBy(...galleryOrder),
  ] as const;

/** A product and its gallery from their statements' answers; undefined when the store has no such product. */
export const productWithPhotosOf = ([[product], photos]: BatchResponse<ReturnType<typeof productWithPhotosQueries>>) =>
  product ? { product, photos } : undefined;

/** The store's product and its photos in order, in one round trip; undefined when it is not this store's. */
export async function findProductWithPhotos(
  db: Db,
  storeId: string,
  productId: string,
): Promise<{ product: Product; photos: ProductPhoto[] } | undefined> {
  return productWithPhotosOf(await db.batch(productWithPhotosQueries(db, storeId, productId)));
}

/**
 * Appends photos to the gallery if all of them fit the plan: the first insert is conditioned on the
 * product being the store's and on the count, each next one on the previous having happened
 * (changes() = 1; the cover trigger's own update does not count), all in one batch, so two uploads at
 * once can never pass the limit: all or none. False when the product is not (or no longer) the store's.
 */
export async function addPhotos(
  db: Db,
  actor: Actor,
  product: Pick<Product, "id" | "storeId">,
  plan: PlanLimits,
  photos: ProductImage[],
  now: Date,
): Promise<boolean> {
  if (photos.length === 0) return true;
  const { id: productId, storeId } = product;
  const photoCount = sql`(select count(*) from product_photos where product_id = ${productId})`;
  const isTheStores = sql`exists (select 1 from products where id = ${productId} and store_id = ${storeId})`;
  const [first] = await db.batch([
    ...(photos.map((photo, i) =>
      db.run(sql`insert into product_photos (product_id, store_id, position, key, width, height, filename)
        select ${productId}, ${storeId},
          coalesce((select max(position) from product_photos where product_id = ${productId}), -1) + 1,
          ${photo.key}, ${photo.width}, ${photo.height}, ${photo.filename}
        where ${i === 0 ? sql`${isTheStores} and ${photoCount} + ${photos.length} <= ${plan.photosPerProduct}` : sql`changes() = 1`}`),
    ) as [ReturnType<Db["run"]>, ...ReturnType<Db["run"]>[]]),
    photoEntry(db, actor, product, { says: "photosAdded", count: photos.length }, now, IF_CHANGED),
    touchStore(db, storeId, now),
  ]);
  if (first.rowsAffected > 0) return true;
  const [[stillThere], [present]] = await db.batch([
    productQuery(db, product.storeId, product.id),
    db.select({ n: count() }).from(productPhotos).where(ofProduct(product)),
  ]);
  if (!stillThere) return false;
  throw new StoreError(
    photoUploadProblem(plan, present?.n ?? 0, photos.length) ?? LIMIT_MESSAGES.photos(plan.photosPerProduct),
    "photos",
  );
}

/**
 * The gallery's order after moving `photoId`: one place up or down, or to the front (the cover).
 * Null when the photo is not in `photos`.
 */
function reorderedPhotoIds(photos: Pick<ProductPhoto, "id">[], photoId: number, move: PhotoMove): number[] | null {
  const ids = photos.map((p) => p.id);
  const from = ids.indexOf(photoId);
  if (from < 0) return null;
  const to = move === "cover" ? 0 : move === "up" ? Math.max(0, from - 1) : Math.min(ids.length - 1, from + 1);
  ids.splice(from, 1);
  ids.splice(to, 0, photoId);
  return ids;
}

/**
 * Moves a photo of the product and renumbers the gallery 0…n-1 in one batch (the cover trigger then
 * copies the new first photo into the product); false when the photo is not this product's.
 */
export async function movePhoto(
  db: Db,
  actor: Actor,
  product: Pick<Product, "id" | "storeId">,
  photos: ProductPhoto[],
  photoId: number,
  move: PhotoMove,
  now: Date,
): Promise<boolean> {
  const order = reorderedPhotoIds(photos, photoId, move);
  if (!order) return false;
  const changed = order.flatMap((id, position) =>
    photos.find((p) => p.id === id)?.position === position ? [] : [{ id, position }],
  );
  if (changed.length === 0) return true;
  await db.batch([
    touchStore(db, product.storeId, now),
    photoEntry(db, actor, product, { says: move === "cover" ? "coverChanged" : "photosReordered" }, now),
    ...changed.map((c) =>
      db
        .update(productPhotos)
        .set({ position: c.position })
        .where(and(eq(productPhotos.id, c.id), ofProduct(product))),
    ),
  ]);
  return true;
}

/**
 * Deletes one photo of the product, never its last one (a product always has a cover): the delete is
 * conditioned on another photo remaining, so two deletes at once cannot empty the gallery. Its file
 * goes too unless another photo or a sale line shows it. False when the photo is not this product's.
 */
export async function deletePhoto(
  db: Db,
  actor: Actor,
  files: FileStore,
  product: Pick<Product, "id" | "storeId">,
  photoId: number,
  now: Date,
): Promise<boolean> {
  const [removed] = await db.batch([
    db
      .delete(productPhotos)
      .where(
        and(
          eq(productPhotos.id, photoId),
          ofProduct(product),
          sql`(select count(*) from product_photos where product_id = ${product.id}) > 1`,
        ),
      )
      .returning({ key: productPhotos.key }),
    photoEntry(db, actor, product, { says: "photoDeleted" }, now, IF_CHANGED),
    touchStore(db, product.storeId, now),
  ]);
  const key = removed[0]?.key;
  if (!key) {
    const exists = await db.$count(productPhotos, and(eq(productPhotos.id, photoId), ofProduct(product)));
    if (exists) throw ruleRefusal(PHOTO_MESSAGES.lastPhoto, {});
    return false;
  }
  const unused = await unusedProductFiles(db, product.id, [key]);
  if (unused.length) await files.delete(unused);
  return true;
}

/** A gallery change's entry ('Agregó 2 fotos a “Taza”'), for the store's own product only. */
function photoEntry(
  db: Db,
  actor: Actor,
  product: Pick<Product, "id" | "storeId">,
  what: { says: "photosAdded"; count: number } | { says: "coverChanged" | "photosReordered" | "photoDeleted" },
  now: Date,
  when?: SQL,
) {
  const name = sql`(select name from ${products} where id = ${product.id} and store_id = ${product.storeId})`;
  const summary: EntrySummary =
    what.says === "photosAdded"
      ? { says: what.says, values: { name, count: what.count } }
      : { says: what.says, values: { name } };
  return activityStatement(
    db,
    product.storeId,
    actor,
    { kind: "product", subject: product.id, summary },
    now,
    when ? sql`${when} and ${name} is not null` : sql`${name} is not null`,
  );
}

/**
 * Of a product's image files, those nothing shows any more: no photo of its gallery (an upload of
 * the same picture shares its content-addressed key) and no sale line (sales keep the picture of
 * what was bought).
 */
export async function unusedProductFiles(db: Db, productId: string, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const inGallery = await db
    .selectDistinct({ key: productPhotos.key })
    .from(productPhotos)
    .where(and(eq(productPhotos.productId, productId), inArray(productPhotos.key, keys)));
  const shown = new Set(inGallery.map((p) => p.key));
  return keysNotInSales(
    db,
    keys.filter((k) => !shown.has(k)),
  );
}

/**
 * The product's image as its gallery's first photo (the cover), for the batch that inserts the
 * product: it finds the product by id, so nothing is written when the product was not inserted.
 */
export function coverPhotoStatement(db: Db, storeId: string, productId: string, image: ProductImage) {
  return db.run(sql`insert into product_photos (product_id, store_id, position, key, width, height, filename)
    select id, store_id, 0, ${image.key}, ${image.width}, ${image.height}, ${image.filename} from products
    where id = ${productId} and store_id = ${storeId}`);
}

/** The cover (the gallery's first photo) replaced by `image`; the database copies it into the product. */
export function replaceCoverStatement(db: Db, product: Pick<Product, "id" | "storeId">, image: ProductImage) {
  const coverId = db
    .select({ id: productPhotos.id })
    .from(productPhotos)
    .where(eq(productPhotos.productId, product.id))
    .orderBy(asc(productPhotos.position), asc(productPhotos.id))
    .limit(1);
  return db
    .update(productPhotos)
    .set({ key: image.key, width: image.width, height: image.height, filename: image.filename })
    .where(and(eq(productPhotos.id, coverId), eq(productPhotos.storeId, product.storeId)));
}

/** One more photo at `position` of the store's product (the demo's gallery), its id returned. */
export async function insertPhoto(db: Db, product: Pick<Product, "id" | "storeId">, position: number, image: ProductImage) {
  const [row] = await db
    .insert(productPhotos)
    .values({ productId: product.id, storeId: product.storeId, position, ...image })
    .returning({ id: productPhotos.id });
  if (!row) throw new Error("photo insert returned nothing");
  return row;
}
