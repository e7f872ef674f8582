import { and, desc, eq, lte, type SQL, sql } from "drizzle-orm";
import { type DiscountCodeInput, discountFormMessage, MOST_DISCOUNT_CODES } from "~/domain/discount-code-form";
import { codeKey } from "~/domain/discounts";
import { translatorFor } from "~/domain/message-catalogs";
import type { Translate } from "~/domain/messages";
import { type Db, isUniqueViolation } from "~/services/db";
import { StoreError } from "~/workspace/action-results.server";
import { type Actor, activityStatement, IF_CHANGED } from "~/workspace/activity.server";
import type { IdRef } from "~/workspace/page-reads.server";
import { discountCodes } from "../../db/schema";

/**
 * A store's discount codes, as its merchant manages them ('Descuentos'). Every statement names the
 * store: a code id from a form is only ever looked for among the owned store's codes.
 */
export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** The store's codes, newest first. */
export function listDiscountCodes(db: Db, storeId: IdRef) {
  return db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.storeId, storeId))
    .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id))
    .limit(MOST_DISCOUNT_CODES);
}

/** How many codes the store has (a statement, for a page's batch). */
export const discountCodeCountQuery = (db: Db, storeId: IdRef) =>
  db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(discountCodes)
    .where(eq(discountCodes.storeId, storeId));

/** The store's code `id` (by its id and the store's). */
export const discountCodeQuery = (db: Db, storeId: IdRef, id: number) =>
  db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.id, id), eq(discountCodes.storeId, storeId)))
    .limit(1);

export async function findDiscountCode(db: Db, storeId: string, id: number): Promise<DiscountCodeRow | undefined> {
  const [row] = await discountCodeQuery(db, storeId, id);
  return row;
}

const takenCode = (error: unknown) =>
  isUniqueViolation(error, "discount_codes.store_id") || isUniqueViolation(error, "discount_codes.code_key");

/**
 * Adds a code while the store has fewer than MOST_DISCOUNT_CODES (a conditioned insert, so two tabs
 * cannot pass the limit together); a code whose upper-case key the store already has is refused.
 */
export async function createDiscountCode(
  db: Db,
  actor: Actor,
  storeId: string,
  input: DiscountCodeInput,
  now: Date,
  t: Translate = translatorFor("es"),
): Promise<number> {
  try {
    const [[inserted]] = await db.batch([
      db.all<{ id: number }>(sql`insert into discount_codes
          (store_id, code, code_key, kind, value, min_purchase, starts_on, ends_on, max_uses, uses, active, once_per_customer, created_at)
        select ${storeId}, ${input.code}, ${codeKey(input.code)}, ${input.kind}, ${input.value}, ${input.minPurchase},
          ${input.startsOn}, ${input.endsOn}, ${input.maxUses}, 0, ${input.active ? 1 : 0}, ${input.oncePerCustomer ? 1 : 0}, ${now.getTime()}
        where (select count(*) from discount_codes where store_id = ${storeId}) < ${MOST_DISCOUNT_CODES}
        returning id`),
      codeEntry(db, actor, storeId, input.code, "codeCreated", now, IF_CHANGED),
    ]);
    if (!inserted) throw new StoreError(discountFormMessage(t, "limit"));
    return Number(inserted.id);
  } catch (error) {
    if (takenCode(error)) throw new StoreError(discountFormMessage(t, "taken"), "code");
    throw error;
  }
}

/**
 * Saves the form over the store's code `id`; false when the store has no such code. The new use limit
 * is checked against the uses counted at the moment of writing (a checkout may count one meanwhile).
 */
export async function updateDiscountCode(
  db: Db,
  actor: Actor,
  storeId: string,
  id: number,
  input: DiscountCodeInput,
  now: Date,
  t: Translate = translatorFor("es"),
): Promise<boolean> {
  let updated: { id: number }[];
  try {
    [updated] = await db.batch([
      db
        .update(discountCodes)
        .set({
          code: input.code,
          codeKey: codeKey(input.code),
          kind: input.kind,
          value: input.value,
          minPurchase: input.minPurchase,
          startsOn: input.startsOn,
          endsOn: input.endsOn,
          maxUses: input.maxUses,
          active: input.active,
          oncePerCustomer: input.oncePerCustomer ?? false,
        })
        .where(
          and(
            eq(discountCodes.id, id),
            eq(discountCodes.storeId, storeId),
            input.maxUses === null ? undefined : lte(discountCodes.uses, input.maxUses),
          ),
        )
        .returning({ id: discountCodes.id }),
      codeEntry(db, actor, storeId, input.code, "codeEdited", now, IF_CHANGED),
    ]);
  } catch (error) {
    if (takenCode(error)) throw new StoreError(discountFormMessage(t, "taken"), "code");
    throw error;
  }
  if (updated.length > 0) return true;
  const current = await findDiscountCode(db, storeId, id);
  if (!current) return false;
  throw new StoreError(discountFormMessage(t, "belowUses", current.uses), "maxUses");
}

/** Switches the store's code on or off; false when the store has no such code. */
export async function setDiscountCodeActive(
  db: Db,
  actor: Actor,
  storeId: string,
  id: number,
  active: boolean,
  now: Date,
): Promise<boolean> {
  const code = sql`(select code from ${discountCodes} where id = ${id} and store_id = ${storeId})`;
  const [, updated] = await db.batch([
    activityStatement(
      db,
      storeId,
      actor,
      {
        kind: "promotion",
        subject: code,
        summary: { says: active ? "codeActivated" : "codePaused", values: { code } },
        before: active ? "Pausado" : "Activo",
        after: active ? "Activo" : "Pausado",
      },
      now,
      sql`(select active from ${discountCodes} where id = ${id} and store_id = ${storeId}) = ${active ? 0 : 1}`,
    ),
    db
      .update(discountCodes)
      .set({ active })
      .where(and(eq(discountCodes.id, id), eq(discountCodes.storeId, storeId)))
      .returning({ id: discountCodes.id }),
  ]);
  return updated.length > 0;
}

/** Deletes the store's code (its sales keep the code's text; their link to it becomes null); undefined when none. */
export async function deleteDiscountCode(
  db: Db,
  actor: Actor,
  storeId: string,
  id: number,
  now: Date,
): Promise<DiscountCodeRow | undefined> {
  const code = sql`(select code from ${discountCodes} where id = ${id} and store_id = ${storeId})`;
  const [, [deleted]] = await db.batch([
    codeEntry(db, actor, storeId, code, "codeDeleted", now, sql`${code} is not null`),
    db
      .delete(discountCodes)
      .where(and(eq(discountCodes.id, id), eq(discountCodes.storeId, storeId)))
      .returning(),
  ]);
  return deleted;
}

/** A discount code's entry, named by the code (what buyers type: no secret). */
const codeEntry = (
  db: Db,
  actor: Actor,
  storeId: string,
  code: string | SQL,
  says: "codeCreated" | "codeEdited" | "codeDeleted",
  now: Date,
  when: SQL,
) => activityStatement(db, storeId, actor, { kind: "promotion", subject: code, summary: { says, values: { code } } }, now, when);

/** The store's code with this key (upper case), if any: inactive ones too, judged by the caller. */
export const discountByKeyQuery = (db: Db, storeId: SQL, key: string) =>
  db
    .select({
      id: discountCodes.id,
      code: discountCodes.code,
      kind: discountCodes.kind,
      value: discountCodes.value,
      minPurchase: discountCodes.minPurchase,
      startsOn: discountCodes.startsOn,
      endsOn: discountCodes.endsOn,
      maxUses: discountCodes.maxUses,
      uses: discountCodes.uses,
      active: discountCodes.active,
      oncePerCustomer: discountCodes.oncePerCustomer,
    })
    .from(discountCodes)
    .where(and(eq(discountCodes.storeId, storeId), eq(discountCodes.codeKey, key)))
    .limit(1);

/**
 * One more use of the store's code, for the batch that saves the sale carrying it: the table's CHECK keeps
 * uses within max_uses, so at the limit the statement fails and the whole batch (the sale) with it.
 */
export const codeUseStatement = (db: Db, storeId: string, codeId: number) =>
  db
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(and(eq(discountCodes.id, codeId), eq(discountCodes.storeId, storeId)));

/** The use a cancelled sale took given back, when `condition` holds (the sale cancelled now, its use not returned yet). */
export const codeReturnStatement = (db: Db, storeId: string, codeId: number, condition: SQL) =>
  db
    .update(discountCodes)
    .set({ uses: sql`max(${discountCodes.uses} - 1, 0)` })
    .where(and(eq(discountCodes.id, codeId), eq(discountCodes.storeId, storeId), condition));
