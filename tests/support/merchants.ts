// The one builder of merchants and their stores for every kind of test: data tests write through their services,
// HTTP tests and browser journeys through a libSQL client on their server's database. Rows go in through the app's
// own insert functions, so a fixture is what the app itself would have written.
import type { Client } from "@libsql/client";
import { hashPassword, passwordHashParams } from "../../app/auth/password.server";
import { createSession } from "../../app/auth/sessions.server";
import { countryOfTimeZone } from "../../app/domain/countries";
import type { StaffRole } from "../../app/domain/staff-roles";
import { createDb, type Db } from "../../app/services/db";
import { insertStore, type NewStore } from "../../app/workspace/store-record.server";
import { storeMembers, users } from "../../db/schema";
import { type createTestServices, TEST_PASSWORD_HASHING } from "./services";

type S = ReturnType<typeof createTestServices>;
type Plan = "standard" | "premium";
export type AccountFields = Partial<typeof users.$inferInsert>;
export type StoreFields = Partial<Omit<NewStore, "ownerId">>;

/** A stored password hash as the test servers' own sign-up would make it. */
export const testPasswordHash = (password: string) => hashPassword(password, passwordHashParams(TEST_PASSWORD_HASHING));

/** Where a fixture is written: a data test's services (their clock), or a client on a server's database (now). */
export type FixtureTarget = { db: Db; clock: { now(): Date } } | Client;

function resolve(target: FixtureTarget): { db: Db; now: Date } {
  if ("clock" in target) return { db: target.db, now: target.clock.now() };
  return { db: createDb(target), now: new Date() };
}

/**
 * A merchant in good standing: signed up, `plan` chosen, its bill due in 20 days. `fields` sets any other column
 * (a name, a password hash, no trial, an overdue bill…). Its id.
 */
export async function merchantAccount(target: FixtureTarget, plan: Plan = "standard", fields: AccountFields = {}) {
  const { db, now } = resolve(target);
  const id = fields.id ?? crypto.randomUUID();
  await db.insert(users).values({
    id,
    name: "Ana",
    lastname: "Ruiz",
    email: `${id}@correo.test`,
    passwordHash: "x",
    trialStarted: true,
    plan,
    billTotal: plan === "standard" ? 499 : 999,
    billDueAt: new Date(now.getTime() + 20 * 86_400_000),
    createdAt: now,
    ...fields,
  });
  return id;
}

/** A merchant (merchantAccount) with one store; `store` sets its fields (url, currency…), `account` the merchant's. */
export async function merchantWithStore(
  target: FixtureTarget,
  plan: Plan = "standard",
  store: StoreFields = {},
  account: AccountFields = {},
) {
  // Resolved once: the merchant and the store share one database handle and one moment.
  const { db, now } = resolve(target);
  const id = await merchantAccount({ db, clock: { now: () => now } }, plan, account);
  // On a running server a store without a country gets its zone's from the minute upkeep, which changes how its
  // prices read between one minute and the next: a journey's store has it from the start.
  const country = "clock" in target ? {} : { country: countryOfTimeZone(store.timeZone ?? "America/Bogota") };
  const created = await insertStore(
    db,
    { ownerId: id, name: `Tienda ${id.slice(0, 8)}`, url: `tienda-${id.slice(0, 8)}`, category: 6, ...country, ...store },
    now,
  );
  return { id, store: created };
}

/** merchantWithStore, signed in: `cookie` is what a request sends for its session. */
export async function signedInMerchant(s: S, plan: Plan = "standard", store: StoreFields = {}) {
  const merchant = await merchantWithStore(s, plan, store);
  const cookie = (await createSession(s, merchant.id)).split(";")[0] ?? "";
  return { ...merchant, cookie };
}

/**
 * A member of `storeId`'s team with `role`: an account without a plan of its own (as the invitation's sign-up makes
 * it), `fields` set as merchantAccount's. Its id.
 */
export async function staffMember(target: FixtureTarget, storeId: string, role: StaffRole, fields: AccountFields = {}) {
  const { db, now } = resolve(target);
  const id = await merchantAccount({ db, clock: { now: () => now } }, "standard", {
    trialStarted: false,
    billTotal: 0,
    billDueAt: null,
    ...fields,
  });
  await db.insert(storeMembers).values({ storeId, userId: id, role, addedAt: now });
  return id;
}

/** Who the data tests' direct writes are made by (their entries in 'Actividad'). */
export const TEST_ACTOR = { userId: "test-actor", label: "Equipo de pruebas (pruebas@vitrina.test)" } as const;
