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
    readonly status = 400,
  ) {
    super(`${title} — ${description}`);
  }
}

// A fixed hash so unknown emails cost the same time as wrong passwords.
let dummyHash: Promise<string> | undefined;

/** Email + password against the scrypt hash, rate-limited per account and per IP, re-hashing weak hashes. */
class EmailPasswordStrategy extends Strategy<string, { form: FormData; services: Services; ip: string }> {
  name = "email-password";
  constructor(
    private readonly services: Services,
    private readonly ip: string,
  ) {
    super(async ({ form, services, ip }) => verifyCredentials(services, ip, form));
  }
  async authenticate(request: Request): Promise<string> {
    return this.verify({ form: await request.formData(), services: this.services, ip: this.ip });
  }
}

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
  authenticator.use(new EmailPasswordStrategy(services, ip));
  return authenticator.authenticate("email-password", request);
}
