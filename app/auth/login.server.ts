import { eq } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { Strategy } from "remix-auth/strategy";
import type { Services } from "~/services/services";
import { users } from "../../db/schema";
import { AUTH_MESSAGES as M } from "./messages";
import { hashPassword, needsRehash, verifyPassword } from "./password.server";
import { hitLimit, LIMITS } from "./rate-limit.server";
import { loginSchema } from "./validation";

export class LoginError extends Error {
  constructor(
    readonly title: string,
    readonly description: string,
    readonly status: 401 | 429 = 401,
  ) {
    super(`${title} — ${description}`);
  }
}

// A fixed hash so unknown emails cost the same time as wrong passwords.
let dummyHash: Promise<string> | undefined;

/** remix-auth strategy that hands the posted form to its verify function. */
class FormStrategy<User> extends Strategy<User, { form: FormData }> {
  name = "form";
  async authenticate(request: Request): Promise<User> {
    return this.verify({ form: await request.formData() });
  }
}

/** Email + password against the scrypt hash, rate-limited per account and per IP, re-hashing weak hashes. */
async function verifyCredentials(services: Services, ip: string, form: FormData): Promise<string> {
  const parsed = loginSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw new LoginError(M.invalidCredentialTitle, M.invalidCredentialBody);
  const { email, password } = parsed.data;
  const now = services.clock.now();
  const [perIp, perAccount] = await Promise.all([
    hitLimit(services.db, `login:ip:${ip}`, LIMITS.loginPerIp, now),
    hitLimit(services.db, `login:account:${email}`, LIMITS.loginPerAccount, now),
  ]);
  if (perIp.blocked || perAccount.blocked) throw new LoginError("Error", M.tooManyAttempts, 429);
  const user = await services.db.query.users.findFirst({ where: eq(users.email, email) });
  dummyHash ??= hashPassword("vitrina-no-user");
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
  if (!user || !ok || !user.accountCreated) throw new LoginError(M.invalidCredentialTitle, M.invalidCredentialBody);
  if (needsRehash(user.passwordHash)) {
    await services.db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, user.id));
  }
  return user.id;
}

/** Returns the signed-in user's id, or throws LoginError with the spec's message. */
export async function authenticateLogin(services: Services, ip: string, request: Request): Promise<string> {
  const authenticator = new Authenticator<string>();
  authenticator.use(new FormStrategy(({ form }) => verifyCredentials(services, ip, form)));
  return authenticator.authenticate("form", request);
}
