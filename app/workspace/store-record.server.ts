/**
 * The stores table's one writer (and its former slugs'): a store created, its settings saved, its public
 * version bumped, deleted. Every feature of a store's workspace changes the store's row through here; the
 * row's `updatedAt` is the version the public pages' cache validators and edge cache key read, so any
 * change to what the public site shows bumps it with `touchStore`, in the same batch as the change.
 */
import { and, eq, isNotNull, isNull, ne, type SQL, sql } from "drizzle-orm";
import { settingChanges } from "~/domain/activity";
import { ID_DIGITS, randomDigits } from "~/domain/ids";
import { translatorFor } from "~/domain/message-catalogs";
import { defineMessages, type Translate } from "~/domain/messages";
import { cleanStoreName, slugify, slugProblem } from "~/domain/slug";
import { type Db, isUniqueViolation } from "~/services/db";
import { storeSlugHistory, stores } from "../../db/schema";
import { StoreError } from "./action-results.server";
import { type Actor, activityStatement, type EntrySummary, IF_CHANGED } from "./activity.server";
import type { Store } from "./context.server";

const MAX_ID_TRIES = 5;

/** A name that cannot be the store's, in the merchant's variant. */
export const STORE_MESSAGES = defineMessages({
  nameTakenTitle: { id: "stores.refusal.nameTakenTitle", defaultMessage: "Nombre no disponible" },
  nameTaken: { id: "stores.refusal.nameTaken", defaultMessage: "Ya existe una tienda con el nombre {name}" },
  nameTooShort: {
    id: "stores.refusal.nameTooShort",
    defaultMessage: "El nombre de la tienda debe tener al menos 3 letras o números",
  },
  nameReserved: { id: "stores.refusal.nameReserved", defaultMessage: "Ese nombre está reservado. Elige otro." },
});

/** A taken name's refusal, in `t`'s variant. */
export const nameTakenError = (name: string, t: Translate) =>
  new StoreError(t(STORE_MESSAGES.nameTaken, { name }), "name", t(STORE_MESSAGES.nameTakenTitle));

/** The public site's version of the store: bumped with every change it shows (batch it with the change). */
export const touchStore = (db: Db, storeId: string, now: Date) =>
  db.update(stores).set({ updatedAt: now }).where(eq(stores.id, storeId));

/** touchStore, only when the statement just before it in the batch changed a row. */
export const touchStoreIfChanged = (db: Db, storeId: string, now: Date) =>
  db
    .update(stores)
    .set({ updatedAt: now })
    .where(and(eq(stores.id, storeId), sql`changes() > 0`));

export type NewStore = Omit<typeof stores.$inferInsert, "id" | "createdAt" | "updatedAt">;

/** A store's insert with the given id (to batch with the account that owns it). */
export const insertStoreStatement = (db: Db, id: string, store: NewStore, now: Date) =>
  db.insert(stores).values({ ...store, id, createdAt: now, updatedAt: now });

/** Inserts a store with a fresh random 10-digit id (retried on the rare collision). */
export async function insertStore(db: Db, store: NewStore, now: Date): Promise<Store> {
  for (let attempt = 1; ; attempt++) {
    try {
      const [row] = await insertStoreStatement(db, randomDigits(ID_DIGITS.store), store, now).returning();
      if (!row) throw new Error("store insert returned nothing");
      return row;
    } catch (error) {
      if (attempt < MAX_ID_TRIES && isUniqueViolation(error, "stores.id")) continue;
      throw error;
    }
  }
}

/**
 * A new store of `ownerId`, inserted only while the owner has fewer stores than their limit
 * (`ownedStores`: their count, read in the same statement): past it, nothing is inserted.
 */
export const insertStoreWithinLimit = (
  db: Db,
  id: string,
  store: NewStore & { ownerId: string; country: string; currency: string },
  ownedStores: SQL,
  now: Date,
) =>
  db.run(sql`insert into ${stores} (id, owner_id, name, url, category, time_zone, country, currency, qr_png_key,
      qr_svg_key, created_at, updated_at)
    select ${id}, ${store.ownerId}, ${store.name}, ${store.url}, ${store.category}, ${store.timeZone}, ${store.country},
      ${store.currency}, ${store.qrPngKey}, ${store.qrSvgKey}, ${now.getTime()}, ${now.getTime()}
    where ${ownedStores} < (select stores_limit from users where id = ${store.ownerId})`);

/** What the merchant's pages set on the store's row (its information, delivery methods, listings, logo, QR). */
export type StoreSettings = Partial<
  Pick<
    Store,
    | "name"
    | "url"
    | "category"
    | "currency"
    | "description"
    | "mainTitle"
    | "storeTitle"
    | "saleNumber"
    | "attentionNumber"
    | "location"
    | "instagram"
    | "facebook"
    | "tiktok"
    | "hours"
    | "timeZone"
    | "country"
    | "hideSoldOut"
    | "pickupEnabled"
    | "homeDeliveryEnabled"
    | "arrangeEnabled"
    | "paymentHoldMinutes"
    | "logoKey"
    | "qrPngKey"
    | "qrSvgKey"
    | "logoColors"
    | "logoBrandImages"
    | "logoTabIcon"
    | "returnsPolicy"
    | "shippingPolicy"
    | "privacyPolicy"
    | "taxId"
    | "legalName"
  >
>;

/** Saves settings of the store's row and bumps its public version. */
export const updateStore = (db: Db, storeId: string, settings: StoreSettings, now: Date) =>
  db
    .update(stores)
    .set({ ...settings, updatedAt: now })
    .where(eq(stores.id, storeId));

/**
 * Saves settings with their entry in one batch: the sentence `what` ('Cambió las políticas: {fields}') with the settings
 * that differ from the store as the request read it (no entry when none does). `values`: a before → after worth
 * keeping (the hold's minutes).
 */
export async function saveStoreSettings(
  db: Db,
  actor: Actor,
  store: Store,
  settings: StoreSettings,
  what: SettingsSentence,
  now: Date,
  values: { before?: string; after?: string } = {},
): Promise<void> {
  const changed = settingChanges(store, settings);
  await db.batch([
    updateStore(db, store.id, settings, now),
    ...(changed.length ? [settingsEntry(db, actor, store.id, { says: what, values: { fields: changed } }, now, values)] : []),
  ]);
}

/** The sentences of a save of the store's settings, each followed by the settings it changed. */
type SettingsSentence = "storeInfoChanged" | "deliveryMethodsChanged" | "policiesChanged" | "logoChanged" | "paymentHoldChanged";

/** A settings entry, written when the statement before it changed the store's row. */
export const settingsEntry = (
  db: Db,
  actor: Actor,
  storeId: string,
  summary: EntrySummary,
  now: Date,
  values: { before?: string; after?: string } = {},
) => activityStatement(db, storeId, actor, { kind: "settings", summary, ...values }, now, IF_CHANGED);

/** The look being edited: shown only in its preview, so the public version stays. */
export const saveLookDraft = (db: Db, storeId: string, draft: string) =>
  db.update(stores).set({ lookDraft: draft }).where(eq(stores.id, storeId));

/** The preview's secret, for a store that has none yet (a concurrent first visit keeps the first one). */
export const setLookPreviewToken = (db: Db, storeId: string, token: string) =>
  db
    .update(stores)
    .set({ lookPreviewToken: token })
    .where(and(eq(stores.id, storeId), isNull(stores.lookPreviewToken)));

/**
 * The draft becomes the store's look, the public version is bumped (the pages' validators and the edge cache
 * change) and the preview's secret is renewed, so an old preview link shows the published look.
 */
export const publishLookDraft = (db: Db, storeId: string, token: string, now: Date) =>
  db
    .update(stores)
    .set({ look: sql`${stores.lookDraft}`, lookDraft: null, lookPreviewToken: token, updatedAt: now })
    .where(and(eq(stores.id, storeId), isNotNull(stores.lookDraft)));

/** Drops the draft; the preview's secret is renewed. */
export const discardLookDraft = (db: Db, storeId: string, token: string) =>
  db.update(stores).set({ lookDraft: null, lookPreviewToken: token }).where(eq(stores.id, storeId));

/**
 * Gives a store from before countries its country and its numbers read by that country's rules, unless its
 * country was set or its numbers changed since they were read (the merchant saved the page meanwhile).
 */
export const setCountryOfOlderStore = (
  db: Db,
  storeId: string,
  read: Pick<Store, "saleNumber" | "attentionNumber">,
  values: Pick<Store, "country" | "saleNumber" | "attentionNumber">,
) =>
  db
    .update(stores)
    .set(values)
    .where(
      and(
        eq(stores.id, storeId),
        eq(stores.country, ""),
        eq(stores.saleNumber, read.saleNumber),
        eq(stores.attentionNumber, read.attentionNumber),
      ),
    );

/**
 * Marks an older logo's tab icon made (the upkeep's backfill), only while the store still has that logo and bumps
 * the public version with it: the pages name the new icon. Whether it was marked already is not asked: two runs at
 * once both made the same file, and the upkeep deletes what it made when no row changed (a replaced logo's).
 */
export const setTabIconOfOlderLogo = (db: Db, storeId: string, logoKey: string, now: Date) =>
  db
    .update(stores)
    .set({ logoTabIcon: true, updatedAt: now })
    .where(and(eq(stores.id, storeId), eq(stores.logoKey, logoKey)));

/**
 * Saves settings that rename the store: its slug `from` goes to the history (it keeps redirecting), and
 * the new one, if the store had it before, leaves the history. One batch.
 */
export async function renameStore(db: Db, actor: Actor, store: Store, settings: StoreSettings & { url: string }, now: Date) {
  await db.batch([
    db.delete(storeSlugHistory).where(eq(storeSlugHistory.slug, settings.url)),
    db.insert(storeSlugHistory).values({ slug: store.url, storeId: store.id, replacedAt: now }),
    updateStore(db, store.id, settings, now),
    settingsEntry(db, actor, store.id, { says: "storeInfoChanged", values: { fields: settingChanges(store, settings) } }, now, {
      before: store.name,
      after: settings.name,
    }),
  ]);
}

/** Deletes the owner's store row: its products, sections, banners, sales and former slugs go with it by cascade. */
export const deleteStoreRow = (db: Db, storeId: string, ownerId: string) =>
  db.delete(stores).where(and(eq(stores.id, storeId), eq(stores.ownerId, ownerId)));

/**
 * The slug for a (new) store name, or why it cannot be used. Slugs of other stores, current or
 * former (they still redirect), are taken; the store's own former slugs may be taken back.
 */
export async function availableSlug(
  db: Db,
  name: string,
  ownStoreId?: string,
  t: Translate = translatorFor("es"),
): Promise<string> {
  const clean = cleanStoreName(name);
  const url = slugify(clean);
  const problem = slugProblem(url);
  if (problem === "too_short") throw new StoreError(t(STORE_MESSAGES.nameTooShort), "name");
  if (problem) throw new StoreError(t(STORE_MESSAGES.nameReserved), "name");
  const [current, former] = await db.batch([
    db
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.url, url), ownStoreId ? ne(stores.id, ownStoreId) : undefined)),
    db
      .select({ id: storeSlugHistory.storeId })
      .from(storeSlugHistory)
      .where(and(eq(storeSlugHistory.slug, url), ownStoreId ? ne(storeSlugHistory.storeId, ownStoreId) : undefined)),
  ]);
  if (current.length || former.length) throw nameTakenError(clean, t);
  return url;
}
