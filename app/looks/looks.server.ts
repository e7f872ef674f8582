/**
 * 'Diseño': the look being edited (a draft shown only in its preview), published or discarded. The store's row
 * is written through its one writer; the workspace purges the store's pages from the edge after each change.
 */
import { eq } from "drizzle-orm";
import { randomToken } from "~/domain/ids";
import { colorProblems, type Look, parseLook, serializeLook } from "~/domain/look";
import { translatorFor } from "~/domain/message-catalogs";
import type { Translate } from "~/domain/messages";
import type { Db } from "~/services/db";
import { type Actor, activityStatement, IF_CHANGED } from "~/workspace/activity.server";
import type { Store } from "~/workspace/context.server";
import { discardLookDraft, publishLookDraft, saveLookDraft, setLookPreviewToken } from "~/workspace/store-record.server";
import { stores } from "../../db/schema";

/** What the look page edits: the draft when one waits, the published look otherwise. */
export const editedLook = (store: Store): Look => parseLook(store.lookDraft ?? store.look);

export const publishedLook = (store: Store): Look => parseLook(store.look);

/** The colours the store's logo suggested when it was uploaded. */
export function logoSuggestions(store: Store): string[] {
  try {
    const colors: unknown = JSON.parse(store.logoColors);
    return Array.isArray(colors) ? colors.filter((c): c is string => typeof c === "string" && /^#[0-9a-f]{6}$/.test(c)) : [];
  } catch {
    return [];
  }
}

/**
 * The preview's secret: the store's own field, or, on the look page's first visit, one made now (a second visit at the
 * same moment keeps the first one's), the only time the page takes a round trip of its own.
 */
export async function lookPreviewToken(db: Db, store: Store): Promise<string> {
  if (store.lookPreviewToken) return store.lookPreviewToken;
  const [, [row]] = await db.batch([
    setLookPreviewToken(db, store.id, randomToken(18)),
    db.select({ token: stores.lookPreviewToken }).from(stores).where(eq(stores.id, store.id)),
  ]);
  return row?.token ?? "";
}

/** Saves the draft, unless its colours are unreadable (then nothing is saved and the reasons come back, in `t`'s words). */
export async function saveDraft(db: Db, store: Store, look: Look, t: Translate = translatorFor("es")) {
  const problems = colorProblems(look.colors, t);
  if (Object.keys(problems).length > 0) return { saved: false as const, problems };
  await saveLookDraft(db, store.id, serializeLook(look));
  return { saved: true as const };
}

/** Publishes the draft; false when there was none (already published or discarded elsewhere). */
export async function publishDraft(db: Db, actor: Actor, store: Store, now: Date): Promise<boolean> {
  const [result] = await db.batch([
    publishLookDraft(db, store.id, randomToken(18), now),
    activityStatement(db, store.id, actor, { kind: "look", summary: { says: "lookPublished", values: {} } }, now, IF_CHANGED),
  ]);
  return result.rowsAffected > 0;
}

export async function discardDraft(db: Db, store: Store): Promise<void> {
  await discardLookDraft(db, store.id, randomToken(18));
}
