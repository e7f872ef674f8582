/**
 * 'Diseño': the look being edited (a draft shown only in its preview), published or discarded. The store's row
 * is written through its one writer; the workspace purges the store's pages from the edge after each change.
 */
import { randomToken } from "~/domain/ids";
import { colorProblems, type Look, parseLook, serializeLook } from "~/domain/look";
import type { Db } from "~/services/db";
import type { Store } from "~/workspace/context.server";
import { discardLookDraft, publishLookDraft, saveLookDraft, setLookPreviewToken } from "~/workspace/store-record.server";

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

/** The preview's secret, made on the look page's first visit. */
export async function previewToken(db: Db, store: Store): Promise<string> {
  if (store.lookPreviewToken) return store.lookPreviewToken;
  await setLookPreviewToken(db, store.id, randomToken(18));
  const [row] = await db.query.stores.findMany({ columns: { lookPreviewToken: true }, where: (s, { eq }) => eq(s.id, store.id) });
  return row?.lookPreviewToken ?? "";
}

/** Saves the draft, unless its colours are unreadable (then nothing is saved and the reasons come back). */
export async function saveDraft(db: Db, store: Store, look: Look) {
  const problems = colorProblems(look.colors);
  if (Object.keys(problems).length > 0) return { saved: false as const, problems };
  await saveLookDraft(db, store.id, serializeLook(look));
  return { saved: true as const };
}

/** Publishes the draft; false when there was none (already published or discarded elsewhere). */
export async function publishDraft(db: Db, store: Store, now: Date): Promise<boolean> {
  const result = await publishLookDraft(db, store.id, randomToken(18), now);
  return result.rowsAffected > 0;
}

export async function discardDraft(db: Db, store: Store): Promise<void> {
  await discardLookDraft(db, store.id, randomToken(18));
}
