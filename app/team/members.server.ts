/**
 * A store's staff ('Equipo', docs/decisions/0064-staff-roles.md): the one writer of store_members and
 * store_invitations. The owner invites a person by email with a role; the emailed link (its token saved hashed, valid
 * INVITATION_DAYS, used once) adds them as a member; the owner changes a member's role or removes them, which ends
 * their access at the next request (the workspace's lookup joins this table).
 */
import { and, asc, desc, eq, gt, isNull, ne, notExists, type SQL, sql } from "drizzle-orm";
import { hashPassword, passwordHashParams } from "~/auth/password.server";
import { endSessionsOf, newSession } from "~/auth/sessions.server";
import { insertUser } from "~/auth/users.server";
import { actorLabel } from "~/domain/activity";
import { randomToken, sha256Hex } from "~/domain/ids";
import { storeTranslator, translatorFor } from "~/domain/message-catalogs";
import type { Translate } from "~/domain/messages";
import { INVITATION_DAYS, ROLE_LABELS, STAFF_ROLES, type StaffRole } from "~/domain/staff-roles";
import { type Db, isNotNullViolation, isUniqueViolation } from "~/services/db";
import type { Services } from "~/services/services";
import { StoreError } from "~/workspace/action-results.server";
import { type Actor, activityStatement, IF_CHANGED } from "~/workspace/activity.server";
import type { Merchant, Store } from "~/workspace/context.server";
import type { IdRef } from "~/workspace/page-reads.server";
import { storeInvitations, storeMembers, stores, users } from "../../db/schema";
import { invitationEmail } from "./emails";
import { PENDING_INVITATIONS_MAX, TEAM_MESSAGES } from "./messages";

const DAY_MS = 24 * 3600 * 1000;

/** The store's members (name, email, role) and its invitations still waiting, for the 'Equipo' page. */
export async function listTeam(db: Db, storeId: string, now: Date) {
  const [members, invitations] = await db.batch(teamQueries(db, storeId, now));
  return { members, invitations };
}

/** listTeam's statements, to batch (`storeId` may be a page's scoped id): the members, then the pending invitations. */
export function teamQueries(db: Db, storeId: IdRef, now: Date) {
  return [
    db
      .select({
        userId: storeMembers.userId,
        role: storeMembers.role,
        addedAt: storeMembers.addedAt,
        name: users.name,
        lastname: users.lastname,
        email: users.email,
      })
      .from(storeMembers)
      .innerJoin(users, eq(users.id, storeMembers.userId))
      .where(eq(storeMembers.storeId, storeId))
      .orderBy(asc(storeMembers.addedAt)),
    db
      .select({
        id: storeInvitations.tokenHash,
        email: storeInvitations.email,
        role: storeInvitations.role,
        expiresAt: storeInvitations.expiresAt,
      })
      .from(storeInvitations)
      .where(pendingIn(storeId, now))
      .orderBy(desc(storeInvitations.createdAt)),
  ] as const;
}

const pendingIn = (storeId: IdRef, now: Date) =>
  and(eq(storeInvitations.storeId, storeId), isNull(storeInvitations.usedAt), gt(storeInvitations.expiresAt, now));

/**
 * Sends an invitation to `email` for `role` in the owner's store. Refused (StoreError) for the owner's own email, a
 * person already in the team, and past PENDING_INVITATIONS_MAX waiting (in the owner's words, `t`). Returns the link (the
 * email carries it, in the store's voice).
 */
export async function inviteMember(
  services: Services,
  store: Store,
  owner: Merchant,
  invite: { email: string; role: StaffRole },
  t: Translate = storeTranslator(store),
): Promise<string> {
  const { db, clock, config } = services;
  const now = clock.now();
  if (invite.email === owner.email) throw new StoreError(t(TEAM_MESSAGES.ownerEmail), "email");
  const [[member], [pending]] = await db.batch([
    db
      .select({ one: sql`1` })
      .from(storeMembers)
      .innerJoin(users, eq(users.id, storeMembers.userId))
      .where(and(eq(storeMembers.storeId, store.id), eq(users.email, invite.email)))
      .limit(1),
    db.select({ count: sql<number>`count(*)` }).from(storeInvitations).where(pendingIn(store.id, now)),
  ]);
  if (member) throw new StoreError(t(TEAM_MESSAGES.alreadyMember), "email");
  if ((pending?.count ?? 0) >= PENDING_INVITATIONS_MAX)
    throw new StoreError(t(TEAM_MESSAGES.tooManyPending, { max: PENDING_INVITATIONS_MAX }), "email");
  const token = randomToken();
  await db.batch([
    db.insert(storeInvitations).values({
      tokenHash: await sha256Hex(token),
      storeId: store.id,
      email: invite.email,
      role: invite.role,
      invitedBy: owner.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
    }),
    activityStatement(
      db,
      store.id,
      { userId: owner.id, label: actorLabel(owner) },
      {
        kind: "member",
        subject: invite.email,
        summary: { says: "memberInvited", values: { email: invite.email, role: invite.role } },
      },
      now,
    ),
  ]);
  // Built from the configured origin, never from the request's Host.
  const link = `${config.APP_ORIGIN}/equipo/invitacion/${token}`;
  await services.mail.send(
    invitationEmail(
      invite.email,
      {
        inviter: `${owner.name} ${owner.lastname}`,
        store: store.name,
        role: ROLE_LABELS[invite.role],
        link,
      },
      storeTranslator(store),
    ),
  );
  return link;
}

/** Cancels an invitation still waiting (by its id, the token's hash) in this store. */
export const cancelInvitation = (db: Db, actor: Actor, storeId: string, id: string, now: Date) =>
  db.batch([
    db
      .delete(storeInvitations)
      .where(and(eq(storeInvitations.storeId, storeId), eq(storeInvitations.tokenHash, id), isNull(storeInvitations.usedAt)))
      .returning({ email: storeInvitations.email }),
    activityStatement(
      db,
      storeId,
      actor,
      { kind: "member", summary: { says: "invitationCancelled", values: {} } },
      now,
      IF_CHANGED,
    ),
  ]);

/** A role's name in SQL, for an entry's before and after read in its batch. */
const roleLabelSql = (role: SQL) =>
  sql`case ${role} ${sql.join(
    STAFF_ROLES.map((r) => sql`when ${r} then ${ROLE_LABELS[r]}`),
    sql` `,
  )} end`;

/** A member as an entry names them: their name and email (SQL, read in the batch). */
const memberLabelSql = (userId: string) =>
  sql`(select name || ' ' || lastname || ' (' || email || ')' from ${users} where id = ${userId})`;

/** A member's new role; false when they are not in this store's team. */
export async function changeMemberRole(
  db: Db,
  actor: Actor,
  storeId: string,
  userId: string,
  role: StaffRole,
  now: Date,
): Promise<boolean> {
  const current = sql`(select role from ${storeMembers} where store_id = ${storeId} and user_id = ${userId})`;
  const [, rows] = await db.batch([
    activityStatement(
      db,
      storeId,
      actor,
      {
        kind: "member",
        subject: userId,
        summary: { says: "roleChanged", values: { member: memberLabelSql(userId) } },
        before: roleLabelSql(current),
        after: ROLE_LABELS[role],
      },
      now,
      sql`${current} <> ${role}`,
    ),
    db
      .update(storeMembers)
      .set({ role })
      .where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.userId, userId)))
      .returning({ userId: storeMembers.userId }),
  ]);
  return rows.length > 0;
}

/**
 * Removes a member from the store's team: their next request to it is refused (the workspace's lookup joins the
 * team). In the same batch their sessions end when nothing is left to them (no store of their own, no other team),
 * so a removed helper is signed out everywhere; someone who still works elsewhere keeps their sign-in.
 */
export async function removeMember(db: Db, actor: Actor, storeId: string, userId: string, now: Date): Promise<boolean> {
  const others = db
    .select({ one: sql`1` })
    .from(storeMembers)
    .where(and(eq(storeMembers.userId, userId), ne(storeMembers.storeId, storeId)));
  const owned = db.select({ one: sql`1` }).from(stores).where(eq(stores.ownerId, userId));
  const [, removed] = await db.batch([
    activityStatement(
      db,
      storeId,
      actor,
      { kind: "member", subject: userId, summary: { says: "memberRemoved", values: { member: memberLabelSql(userId) } } },
      now,
      sql`exists (select 1 from ${storeMembers} where store_id = ${storeId} and user_id = ${userId})`,
    ),
    db
      .delete(storeMembers)
      .where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.userId, userId)))
      .returning({ userId: storeMembers.userId }),
    endSessionsOf(db, userId, and(notExists(others), notExists(owned), sql`changes() > 0`)),
  ]);
  return removed.length > 0;
}

/** An invitation that may still be accepted, with its store's name and whether its email has an account already. */
export async function findInvitation(db: Db, token: string, now: Date) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db
    .select({
      tokenHash: storeInvitations.tokenHash,
      storeId: storeInvitations.storeId,
      email: storeInvitations.email,
      role: storeInvitations.role,
      storeName: stores.name,
      ownerId: stores.ownerId,
      accountId: users.id,
    })
    .from(storeInvitations)
    .innerJoin(stores, eq(stores.id, storeInvitations.storeId))
    .leftJoin(users, eq(users.email, storeInvitations.email))
    .where(
      and(
        eq(storeInvitations.tokenHash, await sha256Hex(token)),
        isNull(storeInvitations.usedAt),
        gt(storeInvitations.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

export type Invitation = NonNullable<Awaited<ReturnType<typeof findInvitation>>>;

/**
 * The statements that use an invitation up for `userId` (to batch with others, as an account's creation): the member
 * added (or their role set, when already in the team) and the invitation marked used, each conditioned on the
 * invitation being still unused and unexpired, so two submits of one link add the member once. Never the owner.
 */
function acceptStatements(db: Db, invitation: Invitation, userId: string, now: Date) {
  const valid = sql`exists (select 1 from ${storeInvitations} where ${storeInvitations.tokenHash} = ${invitation.tokenHash}
    and ${storeInvitations.usedAt} is null and ${storeInvitations.expiresAt} > ${now.getTime()})`;
  return [
    db.run(sql`insert into ${storeMembers} (store_id, user_id, role, added_at)
      select ${invitation.storeId}, ${userId}, ${invitation.role}, ${now.getTime()}
      where ${valid} and not exists (select 1 from ${stores} where ${stores.id} = ${invitation.storeId} and ${stores.ownerId} = ${userId})
      on conflict (store_id, user_id) do update set role = excluded.role`),
    db
      .update(storeInvitations)
      .set({ usedAt: now })
      .where(
        and(
          eq(storeInvitations.tokenHash, invitation.tokenHash),
          isNull(storeInvitations.usedAt),
          gt(storeInvitations.expiresAt, now),
        ),
      )
      .returning({ storeId: storeInvitations.storeId }),
    joinedEntry(db, invitation, userId, now),
  ] as const;
}

/** The entry of a person joining through an invitation, made by them; written when the invitation was just used. */
const joinedEntry = (db: Db, invitation: Invitation, userId: string, now: Date) =>
  activityStatement(
    db,
    invitation.storeId,
    { userId, label: memberLabelSql(userId) },
    { kind: "member", subject: userId, summary: { says: "memberJoined", values: { role: invitation.role } } },
    now,
    IF_CHANGED,
  );

/** Uses an invitation up for a signed-in user; false when it was used or expired meanwhile (or they own the store). */
export async function acceptInvitation(db: Db, invitation: Invitation, userId: string, now: Date): Promise<boolean> {
  if (invitation.ownerId === userId) return false;
  const [, used] = await db.batch(acceptStatements(db, invitation, userId, now));
  return used.length > 0;
}

/**
 * A person without an account joins through the invitation: their account (the link proved the email is theirs, so no
 * code is asked, and no plan: they work on the owner's store), the membership and a session, in one batch. Returns the
 * session's cookie, or null when the invitation was used or expired meanwhile (and no account is left made); a
 * StoreError when the email has an account already.
 */
export async function registerMember(
  services: Services,
  invitation: Invitation,
  person: { name: string; lastname: string; password: string },
  t: Translate = translatorFor("es"),
): Promise<string | null> {
  const { db, clock, config } = services;
  const now = clock.now();
  const userId = crypto.randomUUID();
  const passwordHash = await hashPassword(person.password, passwordHashParams(config));
  const session = await newSession(services, userId);
  const [, markUsed] = acceptStatements(db, invitation, userId, now);
  try {
    await db.batch([
      insertUser(db, {
        id: userId,
        name: person.name,
        lastname: person.lastname,
        email: invitation.email,
        passwordHash,
        accountCreated: true,
        trialStarted: false,
        createdAt: now,
      }),
      // The role read from the invitation still valid: a used or expired one gives none, the NOT NULL refuses it and
      // the whole batch (the account with it) is undone.
      db.run(sql`insert into ${storeMembers} (store_id, user_id, role, added_at) values (${invitation.storeId}, ${userId},
        (select ${storeInvitations.role} from ${storeInvitations} where ${storeInvitations.tokenHash} = ${invitation.tokenHash}
          and ${storeInvitations.usedAt} is null and ${storeInvitations.expiresAt} > ${now.getTime()}), ${now.getTime()})`),
      markUsed,
      joinedEntry(db, invitation, userId, now),
      ...session.statements,
    ]);
    return session.cookie;
  } catch (error) {
    if (isNotNullViolation(error, "store_members.role")) return null;
    if (isUniqueViolation(error, "users.email")) throw new StoreError(t(TEAM_MESSAGES.accountExists), "form");
    throw error;
  }
}
