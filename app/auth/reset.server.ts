import { and, eq, gt, isNull } from "drizzle-orm";
import { randomToken, sha256Hex } from "~/domain/ids";
import type { Services } from "~/services/services";
import { passwordResets, sessions, users } from "../../db/schema";
import { passwordResetEmail } from "./emails";
import { hashPassword } from "./password.server";

const RESET_TTL_MS = 3600_000;

/** Sends a reset link when the email has an account; the caller answers the same either way. */
export async function requestPasswordReset(services: Services, email: string): Promise<void> {
  const user = await services.db.query.users.findFirst({ where: and(eq(users.email, email), eq(users.accountCreated, true)) });
  if (!user) return;
  const token = randomToken();
  const now = services.clock.now();
  await services.db.insert(passwordResets).values({
    tokenHash: await sha256Hex(token),
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_TTL_MS),
  });
  // Built from the configured origin, never from the request's Host.
  const link = `${services.config.APP_ORIGIN}/Auth/ResetPassword/${token}`;
  await services.mail.send(passwordResetEmail(user.email, user.name, link));
}

export async function findValidReset(services: Services, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  return (
    (await services.db.query.passwordResets.findFirst({
      where: and(
        eq(passwordResets.tokenHash, await sha256Hex(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, services.clock.now()),
      ),
    })) ?? null
  );
}

/** Sets the new password, uses the token up and ends every session of the user, atomically. */
export async function completePasswordReset(services: Services, token: string, password: string): Promise<boolean> {
  const reset = await findValidReset(services, token);
  if (!reset) return false;
  const now = services.clock.now();
  const passwordHash = await hashPassword(password);
  const [used] = await services.db.batch([
    services.db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, reset.tokenHash), isNull(passwordResets.usedAt)))
      .returning({ userId: passwordResets.userId }),
  ]);
  if (used.length === 0) return false;
  await services.db.batch([
    services.db.update(users).set({ passwordHash }).where(eq(users.id, reset.userId)),
    services.db.delete(sessions).where(eq(sessions.userId, reset.userId)),
    services.db.delete(passwordResets).where(eq(passwordResets.userId, reset.userId)),
  ]);
  return true;
}
