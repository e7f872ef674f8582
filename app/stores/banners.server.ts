import { and, asc, eq, sql } from "drizzle-orm";
import { bannerUploadProblem, LIMIT_MESSAGES, type PlanLimits } from "~/domain/limits";
import { type Direction, swapWithNeighbour } from "~/domain/ordering";
import type { Db } from "~/services/db";
import type { FileStore } from "~/services/files";
import { StoreError } from "~/workspace/action-results.server";
import { type Actor, activityStatement } from "~/workspace/activity.server";
import type { IdRef } from "~/workspace/page-reads.server";
import { settingsEntry, touchStore, touchStoreIfChanged } from "~/workspace/store-record.server";
import { storeBanners } from "../../db/schema";

/** The newest products a banner can lead to, offered in its select. */
export const BANNER_PRODUCT_CHOICES = 200;

const BANNER_MESSAGES = {
  /** The same picture (its content-addressed key) is a banner already, or twice in one upload. */
  repeated: "Esa imagen ya está en tus banners.",
} as const;

export interface NewBanner {
  key: string;
  name: string;
  width: number;
  height: number;
}

/** Sets where a banner leads ('' for nowhere); false when the store has no such banner. */
export async function setBannerLink(
  db: Db,
  actor: Actor,
  storeId: string,
  bannerId: number,
  link: string,
  now: Date,
): Promise<boolean> {
  const [updated] = await db.batch([
    db
      .update(storeBanners)
      .set({ link })
      .where(and(eq(storeBanners.id, bannerId), eq(storeBanners.storeId, storeId))),
    touchStoreIfChanged(db, storeId, now),
    settingsEntry(db, actor, storeId, { says: "bannerLinkChanged", values: {} }, now),
  ]);
  return updated.rowsAffected > 0;
}

export function listBanners(db: Db, storeId: IdRef) {
  return db.select().from(storeBanners).where(eq(storeBanners.storeId, storeId)).orderBy(asc(storeBanners.position));
}

/**
 * Appends banners if all of them fit the plan's slots and none is a picture the store's banners already show (keys
 * are content-addressed: an upload sent twice has the same keys). The first insert is conditioned on both, each
 * next one on the previous having happened (changes() = 1), all in one batch (one uninterrupted write), so
 * concurrent uploads cannot overshoot nor repeat a picture: all or none.
 */
export async function addBanners(
  db: Db,
  actor: Actor,
  storeId: string,
  plan: PlanLimits,
  banners: NewBanner[],
  now: Date,
): Promise<void> {
  if (banners.length === 0) return;
  const keys = banners.map((b) => b.key);
  if (new Set(keys).size < keys.length) throw new StoreError(BANNER_MESSAGES.repeated, "banner");
  const present = sql`(select count(*) from store_banners where store_id = ${storeId})`;
  const shown = sql`exists (select 1 from store_banners where store_id = ${storeId} and key in (${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )}))`;
  const [first] = await db.batch([
    ...(banners.map((b, i) =>
      db.run(sql`insert into store_banners (store_id, key, name, width, height, position)
        select ${storeId}, ${b.key}, ${b.name}, ${b.width}, ${b.height},
          coalesce((select max(position) from store_banners where store_id = ${storeId}), 0) + 1
        where ${i === 0 ? sql`${present} + ${banners.length} <= ${plan.banner} and not ${shown}` : sql`changes() = 1`}`),
    ) as [ReturnType<Db["run"]>, ...ReturnType<Db["run"]>[]]),
    settingsEntry(db, actor, storeId, { says: "bannersAdded", values: { count: banners.length } }, now),
    touchStore(db, storeId, now),
  ]);
  if (first.rowsAffected === 0) {
    // Too few slots is told first, as the browser tells it before uploading.
    const present = await listBanners(db, storeId);
    const problem = bannerUploadProblem(plan, present.length, banners.length);
    if (!problem && present.some((b) => keys.includes(b.key))) throw new StoreError(BANNER_MESSAGES.repeated, "banner");
    throw new StoreError(problem ?? LIMIT_MESSAGES.noBannerSlots, "banner");
  }
}

/** Removes one banner of this store and its file unless another banner shares it; false when it is not this store's. */
export async function deleteBanner(
  db: Db,
  actor: Actor,
  files: FileStore,
  storeId: string,
  bannerId: number,
  now: Date,
): Promise<boolean> {
  const [removed] = await db.batch([
    db
      .delete(storeBanners)
      .where(and(eq(storeBanners.id, bannerId), eq(storeBanners.storeId, storeId)))
      .returning({ key: storeBanners.key }),
    settingsEntry(db, actor, storeId, { says: "bannerDeleted", values: {} }, now),
    touchStore(db, storeId, now),
  ]);
  const key = removed[0]?.key;
  if (!key) return false;
  const shared = await db.$count(storeBanners, and(eq(storeBanners.storeId, storeId), eq(storeBanners.key, key)));
  if (shared === 0) await files.delete([key]);
  return true;
}

/** Moves a banner one place; false when it is not this store's banner. */
export async function moveBanner(
  db: Db,
  actor: Actor,
  storeId: string,
  bannerId: number,
  direction: Direction,
  now: Date,
): Promise<boolean> {
  const updates = swapWithNeighbour(await listBanners(db, storeId), bannerId, direction);
  if (!updates) return false;
  if (updates.length === 0) return true;
  await db.batch([
    touchStore(db, storeId, now),
    activityStatement(db, storeId, actor, { kind: "settings", summary: { says: "bannersReordered", values: {} } }, now),
    ...updates.map((u) =>
      db
        .update(storeBanners)
        .set({ position: u.position })
        .where(and(eq(storeBanners.id, u.id), eq(storeBanners.storeId, storeId))),
    ),
  ]);
  return true;
}
