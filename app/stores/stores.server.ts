import { asc, desc, eq, sql } from "drizzle-orm";
import { addPaidStore } from "~/auth/users.server";
import { newStoreLocale, type StoreCountry } from "~/domain/countries";
import { restatePrice } from "~/domain/currencies";
import { ID_DIGITS, randomDigits } from "~/domain/ids";
import { translatorFor } from "~/domain/message-catalogs";
import type { Translate } from "~/domain/messages";
import { planPrice } from "~/domain/plans";
import { cleanStoreName } from "~/domain/slug";
import { HostnameError, removeHostname } from "~/domains/hostnames.server";
import { logoBrandKeys } from "~/media/renditions";
import { setProductPrices } from "~/products/products.server";
import { type Db, isUniqueViolation } from "~/services/db";
import type { Services } from "~/services/services";
import { StoreError } from "~/workspace/action-results.server";
import type { Actor } from "~/workspace/activity.server";
import type { Store } from "~/workspace/context.server";
import type { IdRef } from "~/workspace/page-reads.server";
import { writeStoreQr } from "~/workspace/store-qr.server";
import {
  availableSlug,
  deleteStoreRow,
  insertStoreWithinLimit,
  nameTakenError,
  renameStore,
  saveStoreSettings,
  settingsEntry,
  updateStore,
} from "~/workspace/store-record.server";
import { plans, products, sales, storeMembers, stores, users } from "../../db/schema";

const DEFAULT_TIME_ZONE = "America/Bogota";

/** What one more store would cost its owner: their plan's prices and billing period, and how many stores they own. */
export const ownerStoreCostQuery = (db: Db, ownerId: IdRef) =>
  db
    .select({
      billingPeriod: users.billingPeriod,
      priceMonthly: plans.priceMonthly,
      priceBiannual: plans.priceBiannual,
      priceAnnually: plans.priceAnnually,
      currency: plans.currency,
      ownedStores: sql<number>`(select count(*) from ${stores} where ${stores.ownerId} = ${users.id})`.mapWith(Number),
    })
    .from(users)
    .innerJoin(plans, eq(plans.id, users.plan))
    .where(eq(users.id, ownerId))
    .limit(1);

export type NewStoreOutcome =
  | { kind: "created"; store: Store }
  /** At the limit: creating one more adds `extraPerBill` (minor units of the billing currency) to every bill. */
  | { kind: "needs_confirmation"; extraPerBill: number; currency: string };

/**
 * /newStore: creates a store (with QR) within the merchant's storesLimit. At the limit the store is
 * created only when the merchant accepted the extra cost: storesLimit + 1 and bill.total + price(plan,
 * period). Both writes are conditioned statements in one batch (one atomic, uninterrupted write), so
 * racing or repeated submits cannot overshoot the limit or charge twice for one store.
 */
export async function createStore(
  services: Services,
  ownerId: string,
  input: { name: string; category: number; timeZone: string | null },
  acceptExtraCost: boolean,
  t: Translate = translatorFor("es"),
): Promise<NewStoreOutcome> {
  const { db, files, config, clock } = services;
  const name = cleanStoreName(input.name);
  const url = await availableSlug(db, name, undefined, t);
  const [owner] = await ownerStoreCostQuery(db, ownerId);
  if (!owner) throw new StoreError("Cuenta no encontrada");
  const extraPerBill = planPrice(owner, owner.billingPeriod);
  const now = clock.now();
  const storeId = randomDigits(ID_DIGITS.store);
  const qr = await writeStoreQr(files, config.APP_ORIGIN, storeId);
  const ownedStores = sql`(select count(*) from stores where owner_id = ${ownerId})`;
  try {
    // The browser's zone tells the country (where the store's WhatsApp numbers are read) and the money it prices in.
    const timeZone = input.timeZone ?? DEFAULT_TIME_ZONE;
    const store = { ownerId, name, url, category: input.category, timeZone, ...newStoreLocale(input.timeZone), ...qr };
    const [, inserted] = await db.batch([
      addPaidStore(db, ownerId, extraPerBill, acceptExtraCost, ownedStores),
      insertStoreWithinLimit(db, storeId, store, ownedStores, now),
    ]);
    if (inserted.rowsAffected === 0) {
      await files.delete([qr.qrPngKey, qr.qrSvgKey]);
      return { kind: "needs_confirmation", extraPerBill, currency: owner.currency };
    }
  } catch (error) {
    await files.delete([qr.qrPngKey, qr.qrSvgKey]);
    if (isUniqueViolation(error, "stores.url")) throw nameTakenError(name, t);
    throw error;
  }
  const store = await db.query.stores.findFirst({ where: eq(stores.id, storeId) });
  if (!store) throw new Error("created store missing");
  return { kind: "created", store };
}

export interface StoreInfoInput {
  name: string;
  category: number;
  description: string;
  mainTitle: string;
  storeTitle: string;
  saleNumber: string;
  attentionNumber: string;
  location: string;
  instagram?: string;
  facebook?: string;
  tiktok?: string;
  hours?: string;
  timeZone: string;
  country: StoreCountry;
  /** Sold-out products left out of the listings; absent keeps the store's choice. */
  hideSoldOut?: boolean;
}

/**
 * Saves the info form. A new name gets a new slug; the old slug goes to the history (it keeps
 * redirecting) and a former slug of this store taken back leaves the history.
 */
export async function updateStoreInfo(
  db: Db,
  actor: Actor,
  store: Store,
  input: StoreInfoInput,
  now: Date,
  t: Translate = translatorFor("es"),
): Promise<Store> {
  const name = cleanStoreName(input.name);
  const url = name === store.name ? store.url : await availableSlug(db, name, store.id, t);
  const values = { ...input, name, url };
  try {
    if (url === store.url) await saveStoreSettings(db, actor, store, values, "storeInfoChanged", now);
    else await renameStore(db, actor, store, values, now);
  } catch (error) {
    if (isUniqueViolation(error, "stores.url") || isUniqueViolation(error, "store_slug_history.slug"))
      throw nameTakenError(name, t);
    throw error;
  }
  return { ...store, ...values, updatedAt: now };
}

/**
 * Changes the store currency, restating every product price (and 'Precio anterior') so the amounts the
 * merchant typed stay. Rounding may bring an offer's old price down to its price: the site then shows no offer.
 */
export async function changeStoreCurrency(db: Db, actor: Actor, store: Store, currency: string, now: Date): Promise<void> {
  if (currency === store.currency) return;
  const rows = await db
    .select({ id: products.id, price: products.price, compareAtPrice: products.compareAtPrice })
    .from(products)
    .where(eq(products.storeId, store.id));
  const restate = (minor: number) => restatePrice(minor, store.currency, currency);
  await db.batch([
    updateStore(db, store.id, { currency }, now),
    settingsEntry(db, actor, store.id, { says: "currencyChanged", values: {} }, now, {
      before: store.currency,
      after: currency,
    }),
    ...rows.map((p) =>
      setProductPrices(db, store.id, p.id, restate(p.price), p.compareAtPrice === null ? null : restate(p.compareAtPrice)),
    ),
  ]);
}

/**
 * Replaces the logo key (with the colours it suggests for the look); returns the previous key (the caller
 * deletes that file once the row points away).
 */
export async function setStoreLogo(
  db: Db,
  actor: Actor,
  store: Store,
  logo: { key: string; palette?: string[]; renditions?: { key: string }[] },
  now: Date,
): Promise<string | null> {
  const brandKeys = logoBrandKeys(logo.key);
  const made = (key: string | undefined) => (logo.renditions ?? []).some((r) => r.key === key);
  await saveStoreSettings(
    db,
    actor,
    store,
    {
      logoKey: logo.key,
      logoColors: JSON.stringify(logo.palette ?? []),
      logoBrandImages: made(brandKeys?.icon),
      logoTabIcon: made(brandKeys?.tabIcon),
    },
    "logoChanged",
    now,
  );
  return store.logoKey;
}

/**
 * Deletes a store: the row (its products, sections, banners, sales and former slugs go with it by
 * cascade), then every file under its prefix (logo, banners, product and section media, QR).
 */
export async function deleteStore(services: Services, actor: Actor, store: Store): Promise<void> {
  await releaseHostname(services, actor, store.id);
  await deleteStoreRow(services.db, store.id, store.ownerId);
  const keys = await services.files.list(`stores/${store.id}/`);
  if (keys.length) await services.files.delete(keys);
}

/**
 * Its own hostname ('Dominio propio') leaves the provider before the store goes (decision 0061). A provider that does not
 * answer never keeps a merchant from deleting a store: the hostname left there is logged, for the operator to remove.
 */
async function releaseHostname(services: Services, actor: Actor, storeId: string) {
  try {
    await removeHostname(services, actor, storeId);
  } catch (error) {
    if (!(error instanceof HostnameError)) throw error;
    services.log.error("hostnames.left_at_provider", error, { storeId });
  }
}

/** The dashboard's store cards: newest first, with product and pending-sale counts (one query). */
export function listStoreSummaries(db: Db, ownerId: IdRef) {
  return db
    .select({
      id: stores.id,
      name: stores.name,
      url: stores.url,
      customHost: stores.customHost,
      category: stores.category,
      logoKey: stores.logoKey,
      qrPngKey: stores.qrPngKey,
      qrSvgKey: stores.qrSvgKey,
      saleNumber: stores.saleNumber,
      // Qualified by hand: in a one-table select the ORM writes stores.id as a bare "id", which
      // inside these subqueries would name the product's or the sale's own id.
      products: sql<number>`(select count(*) from ${products} where ${products.storeId} = "stores"."id")`,
      pendingSales: sql<number>`(select count(*) from ${sales} where ${sales.storeId} = "stores"."id" and ${sales.state} = 'Pendiente')`,
    })
    .from(stores)
    .where(eq(stores.ownerId, ownerId))
    .orderBy(desc(stores.createdAt));
}

/** The stores the user works on as staff (not their own), with their role there: the store list's second part. */
export function listMemberStores(db: Db, userId: IdRef) {
  return db
    .select({
      id: stores.id,
      name: stores.name,
      url: stores.url,
      customHost: stores.customHost,
      logoKey: stores.logoKey,
      role: storeMembers.role,
      pendingSales: sql<number>`(select count(*) from ${sales} where ${sales.storeId} = ${stores.id} and ${sales.state} = 'Pendiente')`,
    })
    .from(storeMembers)
    .innerJoin(stores, eq(stores.id, storeMembers.storeId))
    .where(eq(storeMembers.userId, userId))
    .orderBy(asc(stores.name));
}
