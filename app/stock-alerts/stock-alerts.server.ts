// Low-stock alerts: a threshold of available units (stock − reserved) per product, or the store's default. A
// trigger on the products' stock makes one alert row when a product's units fall to or below it, and deletes it when
// they go back above (migrations: low_stock_crossing). The upkeep tells the merchant of each row once, a push notice
// to the store's devices and an email to its owner, claimed by a conditioned update so runs side by side send one.
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { translatorFor } from "~/domain/message-catalogs";
import { notifyStoreDevices } from "~/notifications/new-order-push.server";
import { storeSubscriptionsQuery } from "~/notifications/push-subscriptions.server";
import type { PushNotice } from "~/pwa/sw-rules";
import type { Db } from "~/services/db";
import type { Services } from "~/services/services";
import { type Actor, activityStatement } from "~/workspace/activity.server";
import { firstStoreOf, merchantLocaleOf } from "~/workspace/merchant-locale.server";
import type { IdRef } from "~/workspace/page-reads.server";
import { lowStockAlerts, productStockThresholds, products, stockAlertSettings, stores, users } from "../../db/schema";
import { lowStockEmail } from "./emails";

/** Alerts one upkeep run sends at most; the rest wait for the next minute. */
const ALERTS_PER_RUN = 20;

/** The store's default threshold (null: no default) and each product's own, in one batch with the page's products. */
export const storeThresholdQuery = (db: Db, storeId: IdRef) =>
  db.select({ threshold: stockAlertSettings.threshold }).from(stockAlertSettings).where(eq(stockAlertSettings.storeId, storeId));

export const productThresholdsQuery = (db: Db, storeId: IdRef) =>
  db
    .select({ productId: productStockThresholds.productId, threshold: productStockThresholds.threshold })
    .from(productStockThresholds)
    .where(eq(productStockThresholds.storeId, storeId));

/** The store's default threshold: a number of units, or null to alert only products with their own. */
export async function setStoreThreshold(db: Db, actor: Actor, storeId: string, threshold: number | null, now: Date) {
  const entry = activityStatement(
    db,
    storeId,
    actor,
    {
      kind: "settings",
      summary: { says: "storeStockAlertChanged", values: {} },
      before: sql`(select threshold from ${stockAlertSettings} where store_id = ${storeId})`,
      after: threshold === null ? null : String(threshold),
    },
    now,
    sql`(select threshold from ${stockAlertSettings} where store_id = ${storeId}) is not ${threshold}`,
  );
  if (threshold === null) {
    await db.batch([entry, db.delete(stockAlertSettings).where(eq(stockAlertSettings.storeId, storeId))]);
    return;
  }
  await db.batch([
    entry,
    db
      .insert(stockAlertSettings)
      .values({ storeId, threshold, updatedAt: now })
      .onConflictDoUpdate({ target: stockAlertSettings.storeId, set: { threshold, updatedAt: now } }),
  ]);
}

/** A product's own threshold (null: the store's default); false when the product is not the store's. */
export async function setProductThreshold(
  db: Db,
  actor: Actor,
  storeId: string,
  productId: string,
  threshold: number | null,
  now: Date,
): Promise<boolean> {
  const own = and(eq(products.id, productId), eq(products.storeId, storeId));
  const name = sql`(select name from ${products} where id = ${productId} and store_id = ${storeId})`;
  const current = sql`(select threshold from ${productStockThresholds} where product_id = ${productId} and store_id = ${storeId})`;
  const entry = activityStatement(
    db,
    storeId,
    actor,
    {
      kind: "settings",
      subject: productId,
      summary: { says: "productStockAlertChanged", values: { name } },
      before: current,
      after: threshold === null ? null : String(threshold),
    },
    now,
    sql`${name} is not null and ${current} is not ${threshold}`,
  );
  if (threshold === null) {
    const [[found]] = await db.batch([
      db.select({ id: products.id }).from(products).where(own),
      entry,
      db
        .delete(productStockThresholds)
        .where(and(eq(productStockThresholds.productId, productId), eq(productStockThresholds.storeId, storeId))),
    ]);
    return Boolean(found);
  }
  const [, written] = await db.batch([
    entry,
    db
      .insert(productStockThresholds)
      .select(
        db
          .select({
            productId: products.id,
            storeId: products.storeId,
            threshold: sql`${threshold}`.as("threshold"),
            updatedAt: sql`${now.getTime()}`.as("updated_at"),
          })
          .from(products)
          .where(own),
      )
      .onConflictDoUpdate({ target: productStockThresholds.productId, set: { threshold, updatedAt: now } })
      .returning({ productId: productStockThresholds.productId }),
  ]);
  return written.length > 0;
}

/**
 * Of these products of the store, those whose available units are at or below their threshold (their own, else the
 * store's): the products list marks them 'Poco stock'. Reads the listed products by key, never the store's catalog.
 */
export const lowStockAmongQuery = (db: Db, storeId: string, productIds: readonly string[]) =>
  db
    .select({ id: products.id })
    .from(products)
    .leftJoin(productStockThresholds, eq(productStockThresholds.productId, products.id))
    .where(
      and(
        eq(products.storeId, storeId),
        inArray(products.id, productIds as string[]),
        sql`${products.stock} - ${products.reserved} <= coalesce(${productStockThresholds.threshold}, (select ${stockAlertSettings.threshold} from ${stockAlertSettings} where ${stockAlertSettings.storeId} = ${storeId}))`,
      ),
    );

/**
 * Tells each merchant of their products that crossed their threshold and were not told yet: every device of the
 * store gets a notice, the owner an email. Each alert is claimed first (notified_at, conditioned on being unset), so
 * runs side by side tell once. Answers how many were sent.
 */
export async function sendLowStockAlerts(
  services: Pick<Services, "db" | "clock" | "mail" | "log" | "config" | "vapid">,
): Promise<number> {
  const { db } = services;
  const due = await db
    .select({
      productId: lowStockAlerts.productId,
      storeId: lowStockAlerts.storeId,
      available: sql<number>`${products.stock} - ${products.reserved}`.mapWith(Number),
      productName: products.name,
      storeName: stores.name,
      ownerEmail: users.email,
      // The owner reads it in the merchant pages' variant: their first store's country (decision 0067).
      ownerFirstStore: firstStoreOf(sql`${users.id}`),
    })
    .from(lowStockAlerts)
    .innerJoin(products, eq(products.id, lowStockAlerts.productId))
    .innerJoin(stores, eq(stores.id, lowStockAlerts.storeId))
    .innerJoin(users, eq(users.id, stores.ownerId))
    .where(isNull(lowStockAlerts.notifiedAt))
    .orderBy(asc(lowStockAlerts.crossedAt))
    .limit(ALERTS_PER_RUN);
  let sent = 0;
  for (const alert of due) {
    const claimed = await db
      .update(lowStockAlerts)
      .set({ notifiedAt: services.clock.now() })
      .where(and(eq(lowStockAlerts.productId, alert.productId), isNull(lowStockAlerts.notifiedAt)))
      .returning({ productId: lowStockAlerts.productId });
    if (claimed.length === 0) continue;
    sent += 1;
    const productsPage = `/Store/${alert.storeId}/products/poco-stock`;
    const t = translatorFor(merchantLocaleOf(alert.ownerFirstStore));
    const payload = JSON.stringify({
      title: t({ id: "stockAlerts.push.title", defaultMessage: "Poco stock: {product}" }, { product: alert.productName }),
      body: t(
        {
          id: "stockAlerts.push.body",
          defaultMessage:
            "{available, plural, one {Queda {available} unidad disponible} other {Quedan {available} unidades disponibles}}",
        },
        { available: alert.available },
      ),
      url: productsPage,
    } satisfies PushNotice);
    const subscriptions = await storeSubscriptionsQuery(db, alert.storeId);
    await notifyStoreDevices(services, subscriptions, { storeId: alert.storeId, saleId: `stock-${alert.productId}` }, payload);
    try {
      await services.mail.send(
        lowStockEmail({
          to: alert.ownerEmail,
          storeName: alert.storeName,
          productName: alert.productName,
          available: alert.available,
          pageUrl: `${services.config.APP_ORIGIN}${productsPage}`,
          t,
        }),
      );
    } catch (error) {
      services.log.error("mail.failed", error, { mail: "low-stock", storeId: alert.storeId, productId: alert.productId });
    }
  }
  return sent;
}

/**
 * 1 when a products row's available units are at or below its threshold (its own, else the store's), for the
 * merchant's product list ('Poco stock'): two lookups by key per listed row, never a read of the catalog.
 */
export const lowStockMark = (storeId: IdRef) =>
  sql<
    number | null
  >`(${products.stock} - ${products.reserved} <= coalesce((select ${productStockThresholds.threshold} from ${productStockThresholds} where ${productStockThresholds.productId} = ${products.id}), (select ${stockAlertSettings.threshold} from ${stockAlertSettings} where ${stockAlertSettings.storeId} = ${storeId})))`;

/** Products the alerts page lists: the store's newest 200 (by its index), with their available units. */
export const storeProductsForAlertsQuery = (db: Db, storeId: IdRef) =>
  db
    .select({
      id: products.id,
      name: products.name,
      available: sql<number>`${products.stock} - ${products.reserved}`.mapWith(Number),
    })
    .from(products)
    .where(eq(products.storeId, storeId))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(200);
