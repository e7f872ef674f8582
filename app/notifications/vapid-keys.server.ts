import { eq } from "drizzle-orm";
import type { Config, VapidKeys } from "~/services/config";
import type { Db } from "~/services/db";
import { localVapidKeys } from "../../db/schema";
import { generateVapidKeyPair } from "./web-push/vapid";

/**
 * The Web Push keys of this deployment, resolved once by the runtime entry at start:
 * - configured (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY): as given, once the entry has checked them with its settings
 *   (checkVapidPair);
 * - otherwise (local runs only: the config refuses production without them): the pair kept in `local_vapid_keys`, generated at the first start,
 *   so `npm start` needs no set-up and browsers' subscriptions survive restarts.
 */
export async function resolveVapidKeys(config: Config, db: Db, now: Date): Promise<VapidKeys> {
  if (config.vapid) return config.vapid;
  const saved = () => db.select().from(localVapidKeys).where(eq(localVapidKeys.id, 1));
  let [row] = await saved();
  if (!row) {
    const pair = await generateVapidKeyPair();
    // Two processes starting on one database at once: the first pair written is the one both use.
    await db
      .insert(localVapidKeys)
      .values({ id: 1, ...pair, createdAt: now })
      .onConflictDoNothing();
    [row] = await saved();
    if (!row) throw new Error("local VAPID keys were not saved");
  }
  return { publicKey: row.publicKey, privateKey: row.privateKey, subject: config.vapidSubject };
}
