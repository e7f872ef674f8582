import { desc, eq } from "drizzle-orm";
import { ID_DIGITS, randomDigits, sha256Hex } from "~/domain/ids";
import type { Db } from "~/services/db";
import type { FileStore } from "~/services/files";
import { stores } from "../../db/schema";
import { qrPng, qrSvg, qrTarget } from "./qr.server";

export type Store = typeof stores.$inferSelect;
export type NewStoreInput = Pick<Store, "ownerId" | "name" | "url" | "category"> &
  Partial<
    Pick<
      Store,
      "currency" | "timeZone" | "description" | "mainTitle" | "storeTitle" | "saleNumber" | "attentionNumber" | "location"
    >
  >;

const MAX_ID_TRIES = 5;

export function isUniqueViolation(error: unknown, column?: string): boolean {
  const message =
    String((error as { message?: unknown })?.message ?? "") +
    String((error as { cause?: { message?: unknown } })?.cause?.message ?? "");
  return message.includes("UNIQUE constraint failed") && (!column || message.includes(column));
}

/** Inserts a store with a fresh random 10-digit id (retried on the rare collision). */
export async function insertStore(db: Db, input: NewStoreInput, now: Date): Promise<Store> {
  for (let attempt = 1; ; attempt++) {
    const id = randomDigits(ID_DIGITS.store);
    try {
      const [row] = await db
        .insert(stores)
        .values({ ...input, id, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error("store insert returned nothing");
      return row;
    } catch (error) {
      if (attempt < MAX_ID_TRIES && isUniqueViolation(error, "stores.id")) continue;
      throw error;
    }
  }
}

/** Generates the store's QR (PNG and SVG) pointing at /QR/{id} and stores both files. */
export async function writeStoreQr(
  files: FileStore,
  appOrigin: string,
  storeId: string,
): Promise<{ qrPngKey: string; qrSvgKey: string }> {
  const target = qrTarget(appOrigin, storeId);
  const png = qrPng(target);
  const svg = new TextEncoder().encode(qrSvg(target));
  const qrPngKey = `stores/${storeId}/qr/${(await sha256Hex(png)).slice(0, 32)}.png`;
  const qrSvgKey = `stores/${storeId}/qr/${(await sha256Hex(svg)).slice(0, 32)}.svg`;
  await files.put(qrPngKey, png, "image/png");
  await files.put(qrSvgKey, svg, "image/svg+xml");
  return { qrPngKey, qrSvgKey };
}

export async function findStoreByUrl(db: Db, url: string): Promise<Store | undefined> {
  return db.query.stores.findFirst({ where: eq(stores.url, url) });
}

export async function listStoresOfOwner(db: Db, ownerId: string): Promise<Store[]> {
  return db.select().from(stores).where(eq(stores.ownerId, ownerId)).orderBy(desc(stores.createdAt));
}
