import { and, asc, eq, exists, inArray, isNotNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { z } from "zod";
import { ID_DIGITS, randomDigits } from "~/domain/ids";
import { LIMIT_MESSAGES, type PlanLimits, sectionItemsProblem } from "~/domain/limits";
import { type Direction, swapWithNeighbour } from "~/domain/ordering";
import { listedPriceColumns } from "~/products/variants.server";
import type { Db } from "~/services/db";
import { isUniqueViolation } from "~/services/db";
import type { FileStore } from "~/services/files";
import { StoreError } from "~/workspace/action-results.server";
import { type Actor, activityStatement, type EntrySummary, IF_CHANGED } from "~/workspace/activity.server";
import type { IdRef } from "~/workspace/page-reads.server";
import { touchStore } from "~/workspace/store-record.server";
import { products, sectionItems, sections } from "../../db/schema";

export type Section = typeof sections.$inferSelect;
export interface FileItemInput {
  type: "image" | "video";
  fileKey: string;
  thumbKey: string | null;
  width: number | null;
  height: number | null;
}

export function listSections(db: Db, storeId: IdRef) {
  return db
    .select({
      id: sections.id,
      storeId: sections.storeId,
      title: sections.title,
      position: sections.position,
      createdAt: sections.createdAt,
      // Qualified by hand: the ORM writes sections.id as a bare "id" here, which inside the
      // subquery would name the item's own id.
      items: sql<number>`(select count(*) from ${sectionItems} where ${sectionItems.sectionId} = "sections"."id")`,
    })
    .from(sections)
    .where(eq(sections.storeId, storeId))
    .orderBy(asc(sections.position));
}

export function findSection(db: Db, storeId: string, sectionId: string): Promise<Section | undefined> {
  return db.query.sections.findFirst({ where: and(eq(sections.id, sectionId), eq(sections.storeId, storeId)) });
}

/** The statements of a section of the store and its items (none when the section is not the store's). */
export const sectionWithItemsQueries = (db: Db, storeId: IdRef, sectionId: string) =>
  [
    db
      .select()
      .from(sections)
      .where(and(eq(sections.id, sectionId), eq(sections.storeId, storeId)))
      .limit(1),
    listSectionItems(db, sectionId, storeId),
  ] as const;

/** A section and its items from their statements' answers; undefined when the store has no such section. */
export const sectionWithItemsOf = ([[section], items]: BatchResponse<ReturnType<typeof sectionWithItemsQueries>>) =>
  section ? { section, items } : undefined;

/** A section's title, as the info page creates it and the section page renames it. */
export const sectionTitleSchema = z.object({ title: z.string().trim().min(1).max(80) });

/**
 * A section's items in order, product items with the product's name, image and prices (as every list reads them);
 * with `storeId`, only while the section is that store's.
 */
export function listSectionItems(db: Db, sectionId: string, storeId?: IdRef) {
  return db
    .select({
      id: sectionItems.id,
      position: sectionItems.position,
      type: sectionItems.type,
      productId: sectionItems.productId,
      fileKey: sectionItems.fileKey,
      thumbKey: sectionItems.thumbKey,
      width: sectionItems.width,
      height: sectionItems.height,
      productName: products.name,
      productImageKey: products.imageKey,
      productPrice: listedPriceColumns.price,
      productCompareAtPrice: listedPriceColumns.compareAtPrice,
      productPriceFrom: listedPriceColumns.priceFrom,
      productPriceTo: listedPriceColumns.priceTo,
      productPublished: products.published,
    })
    .from(sectionItems)
    .leftJoin(products, eq(products.id, sectionItems.productId))
    .where(
      and(
        eq(sectionItems.sectionId, sectionId),
        storeId === undefined
          ? undefined
          : exists(
              db
                .select({ one: sql`1` })
                .from(sections)
                .where(and(eq(sections.id, sectionId), eq(sections.storeId, storeId))),
            ),
      ),
    )
    .orderBy(asc(sectionItems.position));
}

/** A section's entry (its id as the subject). */
const sectionEntry = (
  db: Db,
  actor: Actor,
  section: Pick<Section, "id" | "storeId">,
  summary: EntrySummary,
  now: Date,
  when?: SQL,
  values: { before?: string; after?: string } = {},
) => activityStatement(db, section.storeId, actor, { kind: "section", subject: section.id, summary, ...values }, now, when);

/** Creates a section while the store has fewer than the plan's sections (a conditioned insert, atomic). */
export async function createSection(
  db: Db,
  actor: Actor,
  storeId: string,
  plan: PlanLimits,
  title: string,
  now: Date,
): Promise<Section> {
  for (let attempt = 1; ; attempt++) {
    const id = randomDigits(ID_DIGITS.section);
    try {
      const [inserted] = await db.batch([
        db.run(sql`insert into sections (id, store_id, title, position, created_at)
          select ${id}, ${storeId}, ${title}, coalesce((select max(position) from sections where store_id = ${storeId}), 0) + 1, ${now.getTime()}
          where (select count(*) from sections where store_id = ${storeId}) < ${plan.sections}`),
        sectionEntry(db, actor, { id, storeId }, { says: "sectionCreated", values: { title } }, now, IF_CHANGED),
        touchStore(db, storeId, now),
      ]);
      if (inserted.rowsAffected === 0) throw new StoreError(LIMIT_MESSAGES.sections);
      const section = await findSection(db, storeId, id);
      if (!section) throw new Error("created section missing");
      return section;
    } catch (error) {
      if (attempt < 5 && isUniqueViolation(error, "sections.id")) continue;
      throw error;
    }
  }
}

export async function renameSection(db: Db, actor: Actor, section: Section, title: string, now: Date): Promise<void> {
  await db.batch([
    db
      .update(sections)
      .set({ title })
      .where(and(eq(sections.id, section.id), eq(sections.storeId, section.storeId), ne(sections.title, title))),
    sectionEntry(db, actor, section, { says: "sectionRenamed", values: { title: section.title } }, now, IF_CHANGED, {
      before: section.title,
      after: title,
    }),
    touchStore(db, section.storeId, now),
  ]);
}

/** Deletes a section, its items (cascade) and its files. */
export async function deleteSection(db: Db, actor: Actor, files: FileStore, section: Section, now: Date): Promise<void> {
  await db.batch([
    db.delete(sections).where(and(eq(sections.id, section.id), eq(sections.storeId, section.storeId))),
    sectionEntry(db, actor, section, { says: "sectionDeleted", values: { title: section.title } }, now, IF_CHANGED),
    touchStore(db, section.storeId, now),
  ]);
  const keys = await files.list(`stores/${section.storeId}/sections/${section.id}/`);
  if (keys.length) await files.delete(keys);
}

export async function moveSection(
  db: Db,
  actor: Actor,
  storeId: string,
  sectionId: string,
  direction: Direction,
  now: Date,
): Promise<boolean> {
  const listed = await listSections(db, storeId);
  const updates = swapWithNeighbour(listed, sectionId, direction);
  if (!updates) return false;
  if (updates.length === 0) return true;
  const title = listed.find((s) => s.id === sectionId)?.title ?? "";
  await db.batch([
    touchStore(db, storeId, now),
    sectionEntry(db, actor, { id: sectionId, storeId }, { says: "sectionMoved", values: { title, direction } }, now),
    ...updates.map((u) =>
      db
        .update(sections)
        .set({ position: u.position })
        .where(and(eq(sections.id, u.id), eq(sections.storeId, storeId))),
    ),
  ]);
  return true;
}

/**
 * Appends items if all of them fit the plan's items per section: the first insert is conditioned on the
 * count, each next one on the previous having happened (changes() = 1), all in one batch (one
 * uninterrupted write), so racing uploads cannot overshoot: all or none.
 */
async function appendItems(db: Db, actor: Actor, section: Section, plan: PlanLimits, items: NewItem[], now: Date): Promise<void> {
  if (items.length === 0) return;
  const present = sql`(select count(*) from section_items where section_id = ${section.id})`;
  const [first] = await db.batch([
    ...(items.map((item, i) =>
      db.run(sql`insert into section_items (section_id, position, type, product_id, file_key, thumb_key, width, height)
        select ${section.id}, coalesce((select max(position) from section_items where section_id = ${section.id}), 0) + 1,
          ${item.type}, ${item.productId ?? null}, ${item.fileKey ?? null}, ${item.thumbKey ?? null}, ${item.width ?? null}, ${item.height ?? null}
        where ${i === 0 ? sql`${present} + ${items.length} <= ${plan.itemsPerSection}` : sql`changes() = 1`}`),
    ) as [ReturnType<Db["run"]>, ...ReturnType<Db["run"]>[]]),
    sectionEntry(
      db,
      actor,
      section,
      { says: "sectionItemsAdded", values: { count: items.length, title: section.title } },
      now,
      IF_CHANGED,
    ),
    touchStore(db, section.storeId, now),
  ]);
  if (first.rowsAffected === 0) {
    const count = await db.$count(sectionItems, eq(sectionItems.sectionId, section.id));
    throw new StoreError(sectionItemsProblem(plan, count, items.length) ?? LIMIT_MESSAGES.sectionItems(0));
  }
}

type NewItem = Pick<typeof sectionItems.$inferInsert, "type" | "productId" | "fileKey" | "thumbKey" | "width" | "height">;

/**
 * Adds products of the section's own store not already in it. False (nothing added) when any id is not
 * a product of that store.
 */
export async function addProductItems(
  db: Db,
  actor: Actor,
  section: Section,
  plan: PlanLimits,
  productIds: string[],
  now: Date,
): Promise<boolean> {
  const wanted = [...new Set(productIds)];
  const owned = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.storeId, section.storeId), inArray(products.id, wanted)));
  if (owned.length !== wanted.length) return false;
  const present = await db
    .select({ id: sectionItems.productId })
    .from(sectionItems)
    .where(and(eq(sectionItems.sectionId, section.id), isNotNull(sectionItems.productId)));
  const fresh = wanted.filter((id) => !present.some((p) => p.id === id));
  if (fresh.length === 0) return true;
  await appendItems(
    db,
    actor,
    section,
    plan,
    fresh.map((productId) => ({ type: "product" as const, productId })),
    now,
  );
  return true;
}

export async function addFileItems(
  db: Db,
  actor: Actor,
  section: Section,
  plan: PlanLimits,
  items: FileItemInput[],
  now: Date,
): Promise<void> {
  await appendItems(db, actor, section, plan, items, now);
}

export async function moveItem(
  db: Db,
  actor: Actor,
  section: Section,
  itemId: number,
  direction: Direction,
  now: Date,
): Promise<boolean> {
  const updates = swapWithNeighbour(await listSectionItems(db, section.id), itemId, direction);
  if (!updates) return false;
  if (updates.length === 0) return true;
  await db.batch([
    touchStore(db, section.storeId, now),
    sectionEntry(db, actor, section, { says: "sectionItemsReordered", values: { title: section.title } }, now),
    ...updates.map((u) =>
      db
        .update(sectionItems)
        .set({ position: u.position })
        .where(and(eq(sectionItems.id, u.id), eq(sectionItems.sectionId, section.id))),
    ),
  ]);
  return true;
}

/** Removes an item; its files (image, video, thumbnail) are deleted. False when it is not in this section. */
export async function removeItem(
  db: Db,
  actor: Actor,
  files: FileStore,
  section: Section,
  itemId: number,
  now: Date,
): Promise<boolean> {
  const [removed] = await db.batch([
    db
      .delete(sectionItems)
      .where(and(eq(sectionItems.id, itemId), eq(sectionItems.sectionId, section.id)))
      .returning({ fileKey: sectionItems.fileKey, thumbKey: sectionItems.thumbKey }),
    sectionEntry(db, actor, section, { says: "sectionItemRemoved", values: { title: section.title } }, now, IF_CHANGED),
    touchStore(db, section.storeId, now),
  ]);
  const item = removed[0];
  if (!item) return false;
  const keys = [item.fileKey, item.thumbKey].filter((k): k is string => Boolean(k));
  // Content-addressed: the same upload twice in a section shares one file.
  const stillUsed = keys.length
    ? await db
        .select({ fileKey: sectionItems.fileKey, thumbKey: sectionItems.thumbKey })
        .from(sectionItems)
        .where(
          and(
            eq(sectionItems.sectionId, section.id),
            or(inArray(sectionItems.fileKey, keys), inArray(sectionItems.thumbKey, keys)),
          ),
        )
    : [];
  const unused = keys.filter((k) => !stillUsed.some((u) => u.fileKey === k || u.thumbKey === k));
  if (unused.length) await files.delete(unused);
  return true;
}
