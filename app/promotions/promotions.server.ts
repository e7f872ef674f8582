import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { translatorFor } from "~/domain/message-catalogs";
import type { Translate } from "~/domain/messages";
import type { PromotionInput } from "~/domain/promotion-form";
import { MOST_PROMOTIONS, promotionFormMessage } from "~/domain/promotion-form";
import type { Promotion, PromotionUse } from "~/domain/promotions";
import type { Db } from "~/services/db";
import { StoreError } from "~/workspace/action-results.server";
import { type Actor, activityStatement, IF_CHANGED } from "~/workspace/activity.server";
import type { IdRef } from "~/workspace/page-reads.server";
import { touchStore } from "~/workspace/store-record.server";
import { promotions } from "../../db/schema";

/**
 * A store's automatic promotions ('Promociones'): the merchant's pages, the public pages' read, and the counters each
 * order writes in its own batch. Every statement names the store: an id from a form is only looked for among the
 * owned store's promotions. A change bumps the store's public version (its cached pages show promotions).
 */
const promotionColumns = {
  id: promotions.id,
  name: promotions.name,
  kind: promotions.kind,
  scope: promotions.scope,
  productIds: promotions.productIds,
  category: promotions.category,
  percent: promotions.percent,
  amount: promotions.amount,
  buy: promotions.buyQuantity,
  pay: promotions.payQuantity,
  minQuantity: promotions.minQuantity,
  zoneIds: promotions.zoneIds,
  startsOn: promotions.startsOn,
  endsOn: promotions.endsOn,
  enabled: promotions.enabled,
};

export type PromotionRow = Promotion & { orders: number; revenue: number };

/**
 * The store's enabled promotions, for a public page's batch (its store id subquery) and the checkout; which of them
 * apply today is the domain's (`livePromotions`), on the store's day.
 */
export const enabledPromotionsQuery = (db: Db, storeId: SQL | string) =>
  db
    .select(promotionColumns)
    .from(promotions)
    .where(and(eq(promotions.storeId, storeId), eq(promotions.enabled, true)))
    .orderBy(promotions.id)
    .limit(MOST_PROMOTIONS);

/** The store's promotions with their counters, newest first (a statement, for the page's batch). */
export function listPromotions(db: Db, storeId: IdRef) {
  return db
    .select({ ...promotionColumns, orders: promotions.orders, revenue: promotions.revenue })
    .from(promotions)
    .where(eq(promotions.storeId, storeId))
    .orderBy(desc(promotions.id))
    .limit(MOST_PROMOTIONS);
}

/** The store's promotion `id` (a statement, for a page's batch). */
export const promotionQuery = (db: Db, storeId: IdRef, id: number) =>
  db
    .select({ ...promotionColumns, orders: promotions.orders, revenue: promotions.revenue })
    .from(promotions)
    .where(and(eq(promotions.id, id), eq(promotions.storeId, storeId)))
    .limit(1);

/** How many promotions the store has (a statement, for a page's batch). */
export const promotionCountQuery = (db: Db, storeId: IdRef) =>
  db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(promotions)
    .where(eq(promotions.storeId, storeId));

export async function findPromotion(db: Db, storeId: string, id: number): Promise<PromotionRow | undefined> {
  const [row] = await promotionQuery(db, storeId, id);
  return row;
}

const columnsOf = (input: PromotionInput) => ({
  name: input.name,
  kind: input.kind,
  scope: input.scope,
  productIds: [...input.productIds],
  category: input.category,
  percent: input.percent,
  amount: input.amount,
  buyQuantity: input.buy,
  payQuantity: input.pay,
  minQuantity: input.minQuantity,
  zoneIds: [...input.zoneIds],
  startsOn: input.startsOn,
  endsOn: input.endsOn,
  enabled: input.enabled,
});

/** A promotion's entry, named by its name. */
const promotionEntry = (
  db: Db,
  actor: Actor,
  storeId: string,
  name: string | SQL,
  says: "promotionCreated" | "promotionEdited" | "promotionDeleted",
  now: Date,
  when: SQL,
) => activityStatement(db, storeId, actor, { kind: "promotion", subject: name, summary: { says, values: { name } } }, now, when);

/** Adds a promotion while the store has fewer than MOST_PROMOTIONS (a conditioned insert: two tabs cannot pass it). */
export async function createPromotion(
  db: Db,
  actor: Actor,
  storeId: string,
  input: PromotionInput,
  now: Date,
  t: Translate = translatorFor("es"),
): Promise<number> {
  const c = columnsOf(input);
  const [[inserted]] = await db.batch([
    db.all<{ id: number }>(sql`insert into promotions
        (store_id, name, kind, scope, product_ids, category, percent, amount, buy_quantity, pay_quantity, min_quantity,
         zone_ids, starts_on, ends_on, enabled, orders, revenue, created_at)
      select ${storeId}, ${c.name}, ${c.kind}, ${c.scope}, ${JSON.stringify(c.productIds)}, ${c.category}, ${c.percent},
        ${c.amount}, ${c.buyQuantity}, ${c.payQuantity}, ${c.minQuantity}, ${JSON.stringify(c.zoneIds)}, ${c.startsOn},
        ${c.endsOn}, ${c.enabled ? 1 : 0}, 0, 0, ${now.getTime()}
      where (select count(*) from promotions where store_id = ${storeId}) < ${MOST_PROMOTIONS}
      returning id`),
    promotionEntry(db, actor, storeId, input.name, "promotionCreated", now, IF_CHANGED),
    touchStore(db, storeId, now),
  ]);
  if (!inserted) throw new StoreError(promotionFormMessage(t, "limit"));
  return Number(inserted.id);
}

/** Saves the form over the store's promotion `id` (its counters stay); false when the store has no such promotion. */
export async function updatePromotion(
  db: Db,
  actor: Actor,
  storeId: string,
  id: number,
  input: PromotionInput,
  now: Date,
): Promise<boolean> {
  const [updated] = await db.batch([
    db
      .update(promotions)
      .set(columnsOf(input))
      .where(and(eq(promotions.id, id), eq(promotions.storeId, storeId)))
      .returning({ id: promotions.id }),
    promotionEntry(db, actor, storeId, input.name, "promotionEdited", now, IF_CHANGED),
    touchStore(db, storeId, now),
  ]);
  return updated.length > 0;
}

/** Switches the store's promotion on or off; false when the store has no such promotion. */
export async function setPromotionEnabled(
  db: Db,
  actor: Actor,
  storeId: string,
  id: number,
  enabled: boolean,
  now: Date,
): Promise<boolean> {
  const name = sql`(select name from ${promotions} where id = ${id} and store_id = ${storeId})`;
  const [, updated] = await db.batch([
    activityStatement(
      db,
      storeId,
      actor,
      {
        kind: "promotion",
        subject: name,
        summary: { says: enabled ? "promotionEnabled" : "promotionPaused", values: { name } },
        before: enabled ? "Pausada" : "Activa",
        after: enabled ? "Activa" : "Pausada",
      },
      now,
      sql`(select enabled from ${promotions} where id = ${id} and store_id = ${storeId}) = ${enabled ? 0 : 1}`,
    ),
    db
      .update(promotions)
      .set({ enabled })
      .where(and(eq(promotions.id, id), eq(promotions.storeId, storeId)))
      .returning({ id: promotions.id }),
    touchStore(db, storeId, now),
  ]);
  return updated.length > 0;
}

/** Deletes the store's promotion (its orders keep its name and savings); undefined when none. */
export async function deletePromotion(
  db: Db,
  actor: Actor,
  storeId: string,
  id: number,
  now: Date,
): Promise<{ name: string } | undefined> {
  const name = sql`(select name from ${promotions} where id = ${id} and store_id = ${storeId})`;
  const [, [deleted]] = await db.batch([
    promotionEntry(db, actor, storeId, name, "promotionDeleted", now, sql`${name} is not null`),
    db
      .delete(promotions)
      .where(and(eq(promotions.id, id), eq(promotions.storeId, storeId)))
      .returning({ name: promotions.name }),
    touchStore(db, storeId, now),
  ]);
  return deleted;
}

/**
 * One more order for each promotion it took, and what its products came to after it, for the batch that saves the
 * sale: an increment in SQL, exact however many orders are saved at once.
 */
export const promotionUseStatements = (db: Db, storeId: string, uses: readonly PromotionUse[]) =>
  uses.map((use) =>
    db
      .update(promotions)
      .set({ orders: sql`${promotions.orders} + 1`, revenue: sql`${promotions.revenue} + ${use.revenue}` })
      .where(and(eq(promotions.id, use.id), eq(promotions.storeId, storeId))),
  );

/** What a cancelled sale added given back, when `condition` holds (the sale being cancelled now, once). */
export const promotionReturnStatements = (db: Db, storeId: string, uses: readonly PromotionUse[], condition: SQL) =>
  uses.map((use) =>
    db
      .update(promotions)
      .set({
        orders: sql`max(${promotions.orders} - 1, 0)`,
        revenue: sql`max(${promotions.revenue} - ${use.revenue}, 0)`,
      })
      .where(and(eq(promotions.id, use.id), eq(promotions.storeId, storeId), condition)),
  );
