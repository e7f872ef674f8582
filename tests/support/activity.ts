import { asc, eq } from "drizzle-orm";
import type { ActivityKind, Actor } from "~/domain/activity";
import { activitySummaryText } from "~/domain/activity-entries";
import { translatorFor } from "~/domain/message-catalogs";
import type { Locale } from "~/domain/messages";
import type { Db } from "~/services/db";
import { storeActivity } from "../../db/schema";

/**
 * A store's 'Actividad' entries as kept, oldest first, each with `summary` said as a reader of `locale` reads it (the
 * neutral base unless told): what an entry says is kept as a sentence and its values (`summaryId`, `summaryValues`).
 */
export async function activityEntries(s: { db: Db }, storeId: string, locale: Locale = "es") {
  const t = translatorFor(locale);
  const rows = await s.db.select().from(storeActivity).where(eq(storeActivity.storeId, storeId)).orderBy(asc(storeActivity.id));
  return rows.map((row) => ({ ...row, summary: activitySummaryText(row, t) }));
}

/**
 * An entry as written before entries kept their sentence and values (migration 0040): its finished sentence only.
 * Written as that migration left the table, like the migration tests write the tables they start from.
 */
export async function entryWrittenBefore(
  s: { db: Db },
  storeId: string,
  actor: Actor,
  entry: { kind: ActivityKind; summary: string },
  at: Date,
): Promise<void> {
  await s.db.insert(storeActivity).values({ storeId, at, actorUserId: actor.userId, actorLabel: actor.label, ...entry });
}
