// Logos uploaded before tab icons have the 192-px icon only, which the pages named as the browser tab's icon (about
// 30 KB for a detailed logo, asked for while a slow phone is still painting). The upkeep makes their 48-px tab icon
// from the stored icon, a few stores per run, as it gives older stores their country.
import { and, eq, isNotNull } from "drizzle-orm";
import { tabIconFromStoredIcon } from "~/media/brand-images";
import { logoBrandKeys } from "~/media/renditions";
import type { Services } from "~/services/services";
import { setTabIconOfOlderLogo } from "~/workspace/store-record.server";
import { stores } from "../../db/schema";

/** Stores given their tab icon per run at most: each is a file read, a small decode and a file written. */
const BATCH = 20;
/** A stored 192-px icon is at most about 150 KB (its pixels unpacked); anything heavier is not one. */
const MAX_ICON_BYTES = 256 * 1024;

/**
 * Makes the tab icon of logos that have the 192-px icon and no tab icon yet; answers how many stores were done.
 * A store whose icon file is missing or not an icon is marked done too, so the next runs never read it again: its
 * pages then name the tab icon, which the files route answers with the 192-px icon when there is none (as it
 * answers a missing half-size rendition with its image).
 */
export async function giveLogosTheirTabIcon(
  services: Pick<Services, "db" | "files" | "clock" | "log">,
  limit = BATCH,
): Promise<number> {
  const { db, files, clock, log } = services;
  const rows = await db
    .select({ id: stores.id, logoKey: stores.logoKey })
    .from(stores)
    // The partial index stores_logo_tab_icon_due_idx holds exactly these.
    .where(and(eq(stores.logoBrandImages, true), eq(stores.logoTabIcon, false), isNotNull(stores.logoKey)))
    .limit(Math.min(limit, BATCH));
  const marked = [];
  const written: string[] = [];
  for (const row of rows) {
    if (!row.logoKey) continue;
    const keys = logoBrandKeys(row.logoKey);
    const tabIcon = keys ? await tabIconOf(files, keys.icon) : null;
    if (keys && tabIcon) {
      await files.put(keys.tabIcon, tabIcon, "image/png");
      written.push(keys.tabIcon);
    } else log.warn("logos.tab_icon_not_made", { storeId: row.id, logoKey: row.logoKey });
    marked.push({ statement: setTabIconOfOlderLogo(db, row.id, row.logoKey, clock.now()), tabIconKey: keys?.tabIcon });
  }
  const [first, ...rest] = marked.map((m) => m.statement);
  if (!first) return 0;
  const results = await db.batch([first, ...rest]);
  // A logo replaced meanwhile keeps its own files: the icon made for the one it replaced goes.
  const orphans = marked.flatMap((m, i) =>
    results[i]?.rowsAffected === 0 && m.tabIconKey && written.includes(m.tabIconKey) ? [m.tabIconKey] : [],
  );
  if (orphans.length) await files.delete(orphans);
  return rows.length;
}

async function tabIconOf(files: Services["files"], iconKey: string): Promise<Uint8Array | null> {
  const stored = await files.get(iconKey);
  if (!stored) return null;
  if (stored.size > MAX_ICON_BYTES) {
    await stored.body.cancel();
    return null;
  }
  try {
    return tabIconFromStoredIcon(new Uint8Array(await new Response(stored.body).arrayBuffer()));
  } catch {
    return null;
  }
}
