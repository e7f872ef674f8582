/**
 * The users table's one writer: a merchant's account (registration, the demo), its password (sign-in's
 * rehash, a reset), its plan and bill (billing), its stores limit (a store past the limit). Each write is a
 * statement the caller runs in its own batch, conditioned as the caller's rule needs.
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/services/db";
import { users } from "../../db/schema";

type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
/** The plan and bill fields billing changes (plan, period, stores limit, bill, trial). */
export type AccountChanges = Partial<
  Pick<UserRow, "plan" | "billingPeriod" | "storesLimit" | "billTotal" | "billDueAt" | "trialStarted">
>;

export const insertUser = (db: Db, user: NewUser) => db.insert(users).values(user);

/** A new password hash, when `condition` (the reset still valid) holds; returns the user's id when it was set. */
export const setPasswordHash = (db: Db, userId: string, passwordHash: string, condition?: SQL) =>
  db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), condition))
    .returning({ id: users.id });

/** Plan and bill changes, when `condition` holds (the account unchanged since read, the trial not started…). */
export const changeAccount = (db: Db, userId: string, changes: AccountChanges, condition?: SQL) =>
  db
    .update(users)
    .set(changes)
    .where(and(eq(users.id, userId), condition))
    .returning({ id: users.id });

/**
 * One more store allowed and its price added to every bill, only when the merchant accepted the cost and
 * already owns as many stores as the limit (`ownedStores`: their count, read in the same statement).
 */
export const addPaidStore = (db: Db, ownerId: string, extraPerBill: number, accepted: boolean, ownedStores: SQL) =>
  db.run(sql`update ${users} set stores_limit = stores_limit + 1, bill_total = bill_total + ${extraPerBill}
    where id = ${ownerId} and ${accepted ? 1 : 0} = 1 and ${ownedStores} >= stores_limit`);

/** The merchant's email, for statements keyed by it (the sign-in throttle). */
export const emailOf = (db: Db, userId: string) => db.select({ email: users.email }).from(users).where(eq(users.id, userId));

/** The merchant's choice of the platform's optional emails (reminders, one per new order). */
export const setMailChoices = (db: Db, userId: string, choices: Pick<UserRow, "reminderMails" | "orderMails">) =>
  db.update(users).set(choices).where(eq(users.id, userId));
