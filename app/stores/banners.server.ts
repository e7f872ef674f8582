import { and, asc, count, eq, sql } from "drizzle-orm";
import { bannerUploadProblem, type PlanLimits } from "~/domain/limits";
import { type Direction, swapWithNeighbour } from "~/domain/ordering";
import type { Db } from "~/services/db";
import type { FileStore } from "~/services/files";
import { storeBanners, stores } from "../../db/schema";
import { StoreError } from "./stores.server";

export type Banner = typeof storeBanners.$inferSelect;
export interface NewBanner {
  key: string;
  name: string;
  width: number;
  height: number;
}

export function listBanners(db: Db, storeId: string): Promise<Banner[]> {
  return db.select().from(storeBanners).where(eq(storeBanners.storeId, storeId)).orderBy(asc(storeBanners.position));
}

/** Appends banners if they fit the plan's slots, checked inside the write transaction (no double-submit overflow). */
export async function addBanners(db: Db, storeId: string, plan: PlanLimits, banners: NewBanner[], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ n: count(), last: sql<number>`coalesce(max(${storeBanners.position}), 0)` })
      .from(storeBanners)
      .where(eq(storeBanners.storeId, storeId));
    const present = row?.n ?? 0;
    const problem = bannerUploadProblem(plan, present, banners.length);
    if (problem) throw new StoreError(problem, "banner");
    await tx.insert(storeBanners).values(banners.map((b, i) => ({ ...b, storeId, position: (row?.last ?? 0) + i + 1 })));
    await tx.update(stores).set({ updatedAt: now }).where(eq(stores.id, storeId));
  });
}

/** Removes one banner of this store and its file unless another banner shares it; false when it is not this store's. */
export async function deleteBanner(db: Db, files: FileStore, storeId: string, bannerId: number, now: Date): Promise<boolean> {
  const [removed] = await db.batch([
    db
      .delete(storeBanners)
      .where(and(eq(storeBanners.id, bannerId), eq(storeBanners.storeId, storeId)))
      .returning({ key: storeBanners.key }),
    db.update(stores).set({ updatedAt: now }).where(eq(stores.id, storeId)),
  ]);
  const key = removed[0]?.key;
  if (!key) return false;
  const shared = await db.$count(storeBanners, and(eq(storeBanners.storeId, storeId), eq(storeBanners.key, key)));
  if (shared === 0) await files.delete([key]);
  return true;
}

/** Moves a banner one place; false when it is not this store's banner. */
export async function moveBanner(db: Db, storeId: string, bannerId: number, direction: Direction, now: Date): Promise<boolean> {
  const updates = swapWithNeighbour(await listBanners(db, storeId), bannerId, direction);
  if (!updates) return false;
  if (updates.length === 0) return true;
  await db.batch([
    db.update(stores).set({ updatedAt: now }).where(eq(stores.id, storeId)),
    ...updates.map((u) =>
      db
        .update(storeBanners)
        .set({ position: u.position })
        .where(and(eq(storeBanners.id, u.id), eq(storeBanners.storeId, storeId))),
    ),
  ]);
  return true;
}
