import { and, eq, gt, isNotNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";
import type { BillingState } from "~/domain/billing";
import type { StoreCountry } from "~/domain/countries";
import { randomToken, sha256Hex } from "~/domain/ids";
import type { PlanLimits } from "~/domain/limits";
import { PENDING_BADGE_CAP } from "~/domain/pending-badge";
import type { StoreRole } from "~/domain/staff-roles";
import type { Db } from "~/services/db";
import type { Services } from "~/services/services";
import type { Merchant, Store } from "~/workspace/context.server";
import { firstStoreColumn, firstStoreCountryOf } from "~/workspace/merchant-locale.server";
import type { ReadScope } from "~/workspace/page-reads.server";
import { planLimitColumns } from "~/workspace/plan-limits.server";
import { plans, sales, sessions, storeMembers, stores, users } from "../../db/schema";
import { SESSION_DAYS, sessionCookie } from "./cookies.server";

const DAY = 24 * 3600 * 1000;

/** Starts a new session (a fresh id at every login) and returns its Set-Cookie header. */
export async function createSession(
  services: Services,
  userId: string,
  kind: "merchant" | "admin" = "merchant",
): Promise<string> {
  const session = await newSession(services, userId, kind);
  await services.db.batch(session.statements);
  return session.cookie;
}

/**
 * A new session's random id (what its cookie carries) and the statements that save it hashed, lasting
 * `lifetimeMs`, sweeping expired ones first (to batch with others).
 */
export async function sessionStatements(
  db: Db,
  session: { userId: string | null; kind: "merchant" | "admin"; now: Date; lifetimeMs: number },
) {
  const id = randomToken();
  const { now } = session;
  const statements = [
    db.delete(sessions).where(lt(sessions.expiresAt, now)),
    db.insert(sessions).values({
      idHash: await sha256Hex(id),
      userId: session.userId,
      kind: session.kind,
      createdAt: now,
      expiresAt: new Date(now.getTime() + session.lifetimeMs),
    }),
  ] as const;
  return { id, statements };
}

/** The statements that start a merchant's session (to batch with others) and the cookie to send once they ran. */
export async function newSession(services: Services, userId: string, kind: "merchant" | "admin" = "merchant") {
  const now = services.clock.now();
  const { id, statements } = await sessionStatements(services.db, { userId, kind, now, lifetimeMs: SESSION_DAYS * DAY });
  return { statements, cookie: await sessionCookie(services.config).serialize(id) };
}

/** Ends every session of the user, when `condition` holds (a password reset still valid). */
export const endSessionsOf = (db: Db, userId: string, condition?: SQL) =>
  db.delete(sessions).where(and(eq(sessions.userId, userId), condition));

async function sessionIdOf(services: Services, request: Request): Promise<string | null> {
  const id = await sessionCookie(services.config).parse(request.headers.get("Cookie"));
  return typeof id === "string" && id.length >= 32 && id.length <= 64 ? id : null;
}

/**
 * The signed-in merchant, or null. Sliding lifetime: a session used more than a day after
 * its last extension is pushed 30 days ahead again. The merchant's plan limits come along (null
 * before a plan is chosen), and whether the user works on some store as staff. With `storeId` (a `/Store/{storeId}/…`
 * page) the same round trip also fetches that store if this session's user owns it or is one of its members (`store`:
 * null if neither), the user's role there, the owner's plan limits and bill (what the store's pages go by), and how many
 * of its sales are pending (the phone tab bar's badge), counted up to PENDING_BADGE_CAP.
 */
export async function getSessionUser(
  services: Services,
  request: Request,
  options: {
    storeId?: string;
    /**
     * A page's reads to send in the same batch (decision 0069), built on `sessionReadScope`: the roles that may read
     * the page, and its statements. Their answers come back as `pageResults`.
     */
    page?: { readers: readonly StoreRole[]; statements: (scope: ReadScope) => readonly BatchItem<"sqlite">[] };
  } = {},
): Promise<{
  user: Merchant;
  limits: PlanLimits | null;
  /** The country of the user's first store (null without one): the merchant pages' variant. */
  firstStoreCountry: StoreCountry | null;
  /** A member of some store's staff. */
  staff: boolean;
  store?: Store | null;
  storeAccess?: StoreAccess;
  pendingSales?: number;
  pageResults?: readonly unknown[];
  refreshCookie?: string;
} | null> {
  const id = await sessionIdOf(services, request);
  if (!id) return null;
  const idHash = await sha256Hex(id);
  const now = services.clock.now();
  const { db } = services;
  const liveSession = and(eq(sessions.idHash, idHash), eq(sessions.kind, "merchant"), gt(sessions.expiresAt, now));
  const userQuery = db
    // Plan columns flat: the ORM would turn a nested object whose first value is null (premium's
    // unlimited products) into null as if the plan were missing.
    .select({
      user: users,
      expiresAt: sessions.expiresAt,
      planId: plans.id,
      ...planLimitColumns,
      staff: sql<number>`exists (select 1 from ${storeMembers} where ${storeMembers.userId} = ${users.id})`,
      // The merchant pages speak as the first store's country does (decision 0067).
      firstStore: firstStoreColumn,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(plans, eq(plans.id, users.plan))
    .where(liveSession)
    .limit(1);
  const storeId = options.storeId;
  const page = options.page?.statements(sessionReadScope(idHash, now, storeId, options.page.readers)) ?? [];
  let found: Awaited<typeof userQuery>[number] | undefined;
  let store: Store | null | undefined;
  let storeAccess: StoreAccess | undefined;
  let pendingSales: number | undefined;
  let pageResults: readonly unknown[] | undefined;
  if (storeId !== undefined) {
    const owner = alias(users, "store_owner");
    const ownerPlan = alias(plans, "store_owner_plan");
    const [userRows, storeRows, ...pageRows] = await db.batch([
      userQuery,
      db
        .select({
          store: stores,
          role: sql<StoreRole>`case when ${stores.ownerId} = ${sessions.userId} then 'owner' else ${storeMembers.role} end`,
          ownerTrialStarted: owner.trialStarted,
          ownerBillDueAt: owner.billDueAt,
          ownerProducts: ownerPlan.products,
          ownerBanner: ownerPlan.banner,
          ownerSections: ownerPlan.sections,
          ownerItemsPerSection: ownerPlan.itemsPerSection,
          ownerPhotosPerProduct: ownerPlan.photosPerProduct,
          // Bounded: the badge shows "99+" past the cap, so a store with a huge backlog costs the same.
          pendingSales: sql<number>`(select count(*) from (select 1 from ${sales} where ${sales.storeId} = ${stores.id} and ${sales.state} = 'Pendiente' limit ${PENDING_BADGE_CAP}))`,
        })
        .from(stores)
        .innerJoin(sessions, liveSession)
        // Tenant scoping: the store by id, and the session's user its owner or one of its members.
        .leftJoin(storeMembers, and(eq(storeMembers.storeId, stores.id), eq(storeMembers.userId, sessions.userId)))
        .innerJoin(owner, eq(owner.id, stores.ownerId))
        .innerJoin(ownerPlan, eq(ownerPlan.id, owner.plan))
        .where(and(eq(stores.id, storeId), or(eq(stores.ownerId, sessions.userId), isNotNull(storeMembers.userId))))
        .limit(1),
      ...page,
    ]);
    found = userRows[0];
    if (options.page) pageResults = pageRows;
    const row = storeRows[0];
    store = row?.store ?? null;
    pendingSales = row?.pendingSales;
    if (row)
      storeAccess = {
        role: row.role,
        ownerBilling: { trialStarted: row.ownerTrialStarted, billDueAt: row.ownerBillDueAt },
        ownerLimits: {
          products: row.ownerProducts,
          banner: row.ownerBanner,
          sections: row.ownerSections,
          itemsPerSection: row.ownerItemsPerSection,
          photosPerProduct: row.ownerPhotosPerProduct,
        },
      };
  } else if (options.page) {
    const [userRows, ...pageRows] = await db.batch([userQuery, ...page]);
    found = userRows[0];
    pageResults = pageRows;
  } else {
    [found] = await userQuery;
  }
  if (!found) return null;
  const {
    planId,
    products,
    banner,
    sections: sectionCount,
    itemsPerSection,
    photosPerProduct,
    staff,
    firstStore,
    ...row
  } = found;
  const firstStoreCountry = firstStoreCountryOf(firstStore);
  const limits: PlanLimits | null =
    planId === null || banner === null || sectionCount === null || itemsPerSection === null || photosPerProduct === null
      ? null
      : { products, banner, sections: sectionCount, itemsPerSection, photosPerProduct };
  const fullExpiry = now.getTime() + SESSION_DAYS * DAY;
  if (fullExpiry - row.expiresAt.getTime() > DAY) {
    await db
      .update(sessions)
      .set({ expiresAt: new Date(fullExpiry) })
      .where(eq(sessions.idHash, idHash));
    return {
      user: row.user,
      limits,
      firstStoreCountry,
      staff: Boolean(staff),
      store,
      storeAccess,
      pendingSales,
      pageResults,
      refreshCookie: await sessionCookie(services.config).serialize(id),
    };
  }
  return { user: row.user, limits, firstStoreCountry, staff: Boolean(staff), store, storeAccess, pendingSales, pageResults };
}

/**
 * The scope of a page's reads sent in the guard's batch, before anything is checked (decision 0069): the user only
 * for a live merchant session of this hash, and the store only when that user may read the page there (its owner, or
 * a member whose role is one of `readers`). Anyone else gets null ids, so the page's statements read no rows.
 * Table aliases are written by hand: the ORM writes a one-table select's columns bare, which inside these subqueries
 * would name the outer statement's rows.
 */
function sessionReadScope(idHash: string, now: Date, storeId: string | undefined, readers: readonly StoreRole[]): ReadScope {
  const userId = sql<
    string | null
  >`(select scope_session.user_id from ${sessions} scope_session where scope_session.id_hash = ${idHash} and scope_session.kind = 'merchant' and scope_session.expires_at > ${now.getTime()})`;
  if (storeId === undefined) return { storeId: "", userId };
  const staffRoles = readers.filter((role) => role !== "owner");
  const asOwner = readers.includes("owner") ? sql`scope_store.owner_id = ${userId}` : sql`0`;
  const asMember = staffRoles.length
    ? sql`exists (select 1 from ${storeMembers} scope_member where scope_member.store_id = scope_store.id and scope_member.user_id = ${userId} and scope_member.role in (${sql.join(
        staffRoles.map((role) => sql`${role}`),
        sql`, `,
      )}))`
    : sql`0`;
  return {
    storeId: sql<
      string | null
    >`(select scope_store.id from ${stores} scope_store where scope_store.id = ${storeId} and (${asOwner} or ${asMember}))`,
    userId,
  };
}

/** The signed-in user's place in a store: their role, and the owner's bill and plan limits the store goes by. */
export interface StoreAccess {
  role: StoreRole;
  ownerBilling: BillingState;
  ownerLimits: PlanLimits;
}

/** Ends this browser's session; returns the Set-Cookie that clears it. */
export async function destroySession(services: Services, request: Request): Promise<string> {
  const id = await sessionIdOf(services, request);
  if (id) await services.db.delete(sessions).where(eq(sessions.idHash, await sha256Hex(id)));
  return sessionCookie(services.config).serialize("", { maxAge: 0 });
}
