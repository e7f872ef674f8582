import { and, eq, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { Strategy } from "remix-auth/strategy";
import { backoffSteps, FAILURES_FORGOTTEN_AFTER_MS, MAX_BACKOFF_MS, waitMinutes } from "~/domain/login-throttle";
import { type MessageDescriptor, neutralText } from "~/domain/messages";
import type { Db } from "~/services/db";
import type { Services } from "~/services/services";
import { loginThrottles, users } from "../../db/schema";
import { countDeviceFailure, deviceTokenHash, knownDeviceQuery, rememberDevice } from "./devices.server";
import { AUTH_TEXTS as T } from "./messages";
import { hashPassword, needsRehash, passwordHashParams, type ScryptParams, verifyPassword } from "./password.server";
import { addressKey, countAttempt, forgiveAttempt, isBlocked, LIMITS } from "./rate-limit.server";
import { newSession } from "./sessions.server";
import { setPasswordHash } from "./users.server";
import { loginSchema } from "./validation";

/** A refused sign-in: its title and description as the catalog's messages (the page says them in its variant). */
export class LoginError extends Error {
  constructor(
    readonly title: MessageDescriptor,
    readonly description: MessageDescriptor,
    readonly status: 401 | 429 = 401,
    readonly values: Record<string, number> = {},
  ) {
    super(`${title.defaultMessage} — ${neutralText(description, values)}`);
  }
}

/** A signed-in merchant: the cookies to send (session, and known device when new). */
export interface LoginSuccess {
  userId: string;
  cookies: string[];
}

// A fixed hash per cost, so unknown emails cost the same time as wrong passwords.
const dummyHashes = new Map<ScryptParams, Promise<string>>();
function dummyHash(params: ScryptParams): Promise<string> {
  const made = dummyHashes.get(params) ?? hashPassword("vitrina-no-user", params);
  dummyHashes.set(params, made);
  return made;
}

/** remix-auth strategy that hands the posted form to its verify function. */
class FormStrategy<User> extends Strategy<User, { form: FormData }> {
  name = "form";
  async authenticate(request: Request): Promise<User> {
    return this.verify({ form: await request.formData() });
  }
}

/**
 * Claims one try for the account, atomically: counted as a failure now (a success clears it), and
 * refused (no row returned) while the account waits after repeated failures.
 */
function claimTry(services: Services, email: string, now: Date) {
  const t = loginThrottles;
  const at = now.getTime();
  const forgotten = sql`${t.lastFailureAt} <= ${at - FAILURES_FORGOTTEN_AFTER_MS}`;
  const waitAfterNext = sql`case ${sql.join(
    backoffSteps().map((s) => sql`when ${t.failures} + 1 = ${s.failures} then ${s.waitMs}`),
    sql` `,
  )} else ${MAX_BACKOFF_MS} end`;
  return services.db
    .insert(t)
    .values({ email, failures: 1, lastFailureAt: now, nextTryAt: now })
    .onConflictDoUpdate({
      target: t.email,
      set: {
        failures: sql`case when ${forgotten} then 1 else ${t.failures} + 1 end`,
        nextTryAt: sql`case when ${forgotten} then ${at} else ${at} + ${waitAfterNext} end`,
        lastFailureAt: sql`${at}`,
      },
      setWhere: sql`${t.nextTryAt} <= ${at} or ${forgotten}`,
    })
    .returning({ failures: t.failures });
}

/**
 * Email + password against the scrypt hash. Per address, failures are limited (generously: shared
 * carrier addresses); per account, tries back off after repeated failures, except from a device the
 * owner has signed in from before. Two database round trips either way.
 */
async function verifyCredentials(services: Services, ip: string, request: Request, form: FormData): Promise<LoginSuccess> {
  const parsed = loginSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw new LoginError(T.invalidCredentialTitle, T.invalidCredentialBody);
  const { email, password } = parsed.data;
  const { db } = services;
  const now = services.clock.now();
  const addressLimitKey = `login:ip:${addressKey(ip)}`;
  const device = await deviceTokenHash(services, request);
  const [throttle, claimed, perAddress, [user], [knownDevice]] = await db.batch([
    db.select({ nextTryAt: loginThrottles.nextTryAt }).from(loginThrottles).where(eq(loginThrottles.email, email)),
    claimTry(services, email, now),
    countAttempt(db, addressLimitKey, LIMITS.loginFailuresPerAddress, now),
    db.select().from(users).where(eq(users.email, email)).limit(1),
    knownDeviceQuery(services, device),
  ]);
  const fromKnownDevice = user !== undefined && knownDevice?.userId === user.id;
  if (isBlocked(perAddress, LIMITS.loginFailuresPerAddress)) throw new LoginError(T.error, T.tooManyAttempts, 429);
  if (claimed.length === 0 && !fromKnownDevice) {
    const wait = (throttle[0]?.nextTryAt.getTime() ?? now.getTime()) - now.getTime();
    throw new LoginError(T.error, T.accountThrottled, 429, { minutes: waitMinutes(wait) });
  }
  const params = passwordHashParams(services.config);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash(params)));
  if (!user || !ok || !user.accountCreated) {
    if (fromKnownDevice && device) await countDeviceFailure(services, device);
    throw new LoginError(T.invalidCredentialTitle, T.invalidCredentialBody);
  }
  const session = await newSession(services, user.id);
  const remembered = await rememberDevice(services, user.id, fromKnownDevice ? device : null);
  const rehash = needsRehash(user.passwordHash, params)
    ? [setPasswordHash(db, user.id, await hashPassword(password, params))]
    : [];
  await db.batch([
    clearSignInWait(db, email),
    forgiveAttempt(db, addressLimitKey),
    ...session.statements,
    ...remembered.statements,
    ...rehash,
  ]);
  return { userId: user.id, cookies: [session.cookie, ...(remembered.cookie ? [remembered.cookie] : [])] };
}

/** Signs the merchant in, or throws LoginError with the spec's message. */
export async function authenticateLogin(services: Services, ip: string, request: Request): Promise<LoginSuccess> {
  const authenticator = new Authenticator<LoginSuccess>();
  authenticator.use(new FormStrategy(({ form }) => verifyCredentials(services, ip, request, form)));
  return authenticator.authenticate("form", request);
}

/** Forgets the account's failed sign-ins (a success, or a reset that proved the mailbox), when `condition` holds. */
export const clearSignInWait = (db: Db, email: string | SQLWrapper, condition?: SQL) =>
  db
    .delete(loginThrottles)
    .where(and(typeof email === "string" ? eq(loginThrottles.email, email) : inArray(loginThrottles.email, email), condition));
