import { and, eq, exists, gt, isNull, sql } from "drizzle-orm";
import { randomToken, sha256Hex } from "~/domain/ids";
import { translatorFor } from "~/domain/message-catalogs";
import type { Locale } from "~/domain/messages";
import type { Services } from "~/services/services";
import { firstStoreColumn, merchantLocaleOf } from "~/workspace/merchant-locale.server";
import { passwordResets, users } from "../../db/schema";
import { passwordResetEmail } from "./emails";
import { clearSignInWait } from "./login.server";
import { hashPassword, passwordHashParams } from "./password.server";
import { endSessionsOf } from "./sessions.server";
import { emailOf, setPasswordHash } from "./users.server";

const RESET_TTL_MS = 3600_000;
/** One reset email a minute per account is enough for its owner and keeps strangers from flooding the mailbox. */
const RESET_EMAIL_INTERVAL_MS = 60_000;

/**
 * Sends a reset link when the email has an account; the caller answers the same either way. In the merchant's variant
 * (their first store's country; `visitorLocale`, the browser's, without a store).
 */
export async function requestPasswordReset(services: Services, email: string, visitorLocale: Locale = "es"): Promise<void> {
  const now = services.clock.now();
  const { db } = services;
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      firstStore: firstStoreColumn,
      sentLately: exists(
        db
          .select({ one: sql`1` })
          .from(passwordResets)
          .where(
            and(
              eq(passwordResets.userId, users.id),
              gt(passwordResets.createdAt, new Date(now.getTime() - RESET_EMAIL_INTERVAL_MS)),
            ),
          ),
      ).mapWith(Boolean),
    })
    .from(users)
    .where(and(eq(users.email, email), eq(users.accountCreated, true)))
    .limit(1);
  if (!user || user.sentLately) return;
  const token = randomToken();
  await services.db.insert(passwordResets).values({
    tokenHash: await sha256Hex(token),
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_TTL_MS),
  });
  // Built from the configured origin, never from the request's Host.
  const link = `${services.config.APP_ORIGIN}/Auth/ResetPassword/${token}`;
  const t = translatorFor(merchantLocaleOf(user.firstStore, visitorLocale));
  await services.mail.send(passwordResetEmail(user.email, user.name, link, t));
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

/**
 * Sets the new password, ends every session of the user and uses the link up, in one atomic batch.
 * Each write is conditioned on the link still being valid, so two submits of one link change it once.
 */
export async function completePasswordReset(services: Services, token: string, password: string): Promise<boolean> {
  const reset = await findValidReset(services, token);
  if (!reset) return false;
  const { db } = services;
  const stillValid = exists(
    db
      .select({ one: sql`1` })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.tokenHash, reset.tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, services.clock.now()),
        ),
      ),
  );
  const passwordHash = await hashPassword(password, passwordHashParams(services.config));
  const [changed] = await db.batch([
    setPasswordHash(db, reset.userId, passwordHash, stillValid),
    endSessionsOf(db, reset.userId, stillValid),
    // Proof of the mailbox: sign-in tries start afresh, whatever a stranger did to the account.
    clearSignInWait(db, emailOf(db, reset.userId), stillValid),
    db.delete(passwordResets).where(eq(passwordResets.userId, reset.userId)),
  ]);
  return changed.length === 1;
}
