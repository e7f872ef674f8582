import { eq } from "drizzle-orm";
import type { Db } from "~/services/db";
import { platformTexts } from "../../db/schema";
import { DEFAULT_PLATFORM_TEXTS, DEFAULT_TEXTS_UPDATED, type PlatformText, type PlatformTextKey } from "./legal-texts";

/** The writer of `platform_texts`: the operator's terms and privacy policy, saved on /SSS. */

const updatedFormat = new Intl.DateTimeFormat("es", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** The page's text: the operator's when saved, else the default in the code. One statement. */
export async function platformText(db: Db, key: PlatformTextKey): Promise<PlatformText> {
  const [row] = await db.select().from(platformTexts).where(eq(platformTexts.key, key)).limit(1);
  if (!row) return { body: DEFAULT_PLATFORM_TEXTS[key], custom: false, updated: DEFAULT_TEXTS_UPDATED };
  return { body: row.body, custom: true, updated: updatedFormat.format(row.updatedAt) };
}

/** Saves the operator's text; an empty one goes back to the default. */
export async function savePlatformText(db: Db, key: PlatformTextKey, body: string, now: Date): Promise<void> {
  if (!body.trim()) {
    await db.delete(platformTexts).where(eq(platformTexts.key, key));
    return;
  }
  await db
    .insert(platformTexts)
    .values({ key, body, updatedAt: now })
    .onConflictDoUpdate({ target: platformTexts.key, set: { body, updatedAt: now } });
}
