import { and, eq, lte, or, sql } from "drizzle-orm";
import { newStoreLocale } from "~/domain/countries";
import { ID_DIGITS, randomDigits, randomToken, sha256Hex } from "~/domain/ids";
import { translatorFor } from "~/domain/message-catalogs";
import { type Locale, type MessageDescriptor, neutralText, type Translate } from "~/domain/messages";
import { cleanStoreName } from "~/domain/slug";
import { validTimeZone } from "~/domain/time-zones";
import type { Db } from "~/services/db";
import { isUniqueViolation } from "~/services/db";
import type { Services } from "~/services/services";
import { StoreError } from "~/workspace/action-results.server";
import { writeStoreQr } from "~/workspace/store-qr.server";
import { availableSlug, insertStoreStatement, STORE_MESSAGES } from "~/workspace/store-record.server";
import { registrations, users, verificationCodes } from "../../db/schema";
import { verificationCodeEmail } from "./emails";
import { AUTH_TEXTS as T } from "./messages";
import { hashPassword, passwordHashParams } from "./password.server";
import { insertUser } from "./users.server";

export type Registration = typeof registrations.$inferSelect;

const CODE_TTL_MS = 10 * 60_000;
const CODE_MAX_TRIES = 5;
const CODE_RESEND_MS = 60_000;
const REGISTRATION_TTL_MS = 24 * 3600_000;

/** A refused step: `text` is its message in the catalog (the page says it in the visitor's variant), `message` neutral. */
export class RegistrationError extends Error {
  constructor(
    readonly text: MessageDescriptor,
    readonly field: string = "form",
    readonly values: Record<string, number> = {},
  ) {
    super(neutralText(text, values));
  }
}

async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db.query.users.findFirst({
    where: and(eq(users.email, email), eq(users.accountCreated, true)),
    columns: { id: true },
  });
  return Boolean(row);
}

async function storeUrlFor(db: Db, name: string): Promise<{ url: string } | { refused: MessageDescriptor }> {
  try {
    return { url: await availableSlug(db, name) };
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    return { refused: error.message === STORE_MESSAGES.nameTooShort.defaultMessage ? T.storeNameTooShort : T.storeNameTaken };
  }
}

/** The store url for a name, or the reason it cannot be used (in `t`'s variant; neutral without it). */
export async function availableStoreUrl(db: Db, name: string, t?: Translate): Promise<{ url: string } | { error: string }> {
  const found = await storeUrlFor(db, name);
  if ("url" in found) return found;
  return { error: t ? t(found.refused) : found.refused.defaultMessage };
}

export async function getRegistration(services: Services, id: string | null | undefined): Promise<Registration | null> {
  if (!id || typeof id !== "string") return null;
  const row = await services.db.query.registrations.findFirst({ where: eq(registrations.id, id) });
  return row && row.expiresAt > services.clock.now() ? row : null;
}

/** Step 1: keeps the merchant's details (password hashed) server-side; updates the same draft on a second visit. */
export async function saveStep1(
  services: Services,
  existingId: string | null,
  input: { name: string; lastname: string; email: string; password: string },
): Promise<string> {
  if (await isEmailTaken(services.db, input.email)) throw new RegistrationError(T.emailTaken, "email");
  const now = services.clock.now();
  const values = {
    name: input.name,
    lastname: input.lastname,
    email: input.email,
    passwordHash: await hashPassword(input.password, passwordHashParams(services.config)),
    expiresAt: new Date(now.getTime() + REGISTRATION_TTL_MS),
  };
  const existing = await getRegistration(services, existingId);
  if (existing) {
    await services.db.update(registrations).set(values).where(eq(registrations.id, existing.id));
    return existing.id;
  }
  const id = randomToken();
  await services.db.insert(registrations).values({ id, createdAt: now, ...values });
  return id;
}

/** Step 2: the first store's name and category, then a fresh code by email. */
export async function saveStep2(
  services: Services,
  registration: Registration,
  input: { storeName: string; category: number; timeZone?: string },
  options: { locale?: Locale } = {},
) {
  const available = await storeUrlFor(services.db, input.storeName);
  if ("refused" in available) throw new RegistrationError(available.refused, "storeName");
  await services.db
    .update(registrations)
    .set({
      storeName: cleanStoreName(input.storeName),
      storeUrl: available.url,
      storeCategory: input.category,
      timeZone: validTimeZone(input.timeZone),
    })
    .where(eq(registrations.id, registration.id));
  // Posting step 2 again follows the resend rules: the pending code stays until a new one may be sent.
  await sendCode(services, registration, { keepRecent: true, locale: options.locale });
}

const codeHash = (email: string, code: string) => sha256Hex(`${email}:${code}`);

/**
 * Sends a new 5-digit code, at most once a minute per email: one pending code per email, replaced
 * atomically, so concurrent requests send one email. Within the minute it refuses with the wait,
 * or with `keepRecent` keeps the pending code without sending.
 */
export async function sendCode(
  services: Services,
  registration: Registration,
  options: { keepRecent?: boolean; locale?: Locale } = {},
) {
  const now = services.clock.now();
  const code = randomDigits(ID_DIGITS.verificationCode);
  const values = {
    codeHash: await codeHash(registration.email, code),
    attempts: 0,
    sentAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  };
  const written = await services.db
    .insert(verificationCodes)
    .values({ email: registration.email, ...values })
    .onConflictDoUpdate({
      target: verificationCodes.email,
      set: values,
      setWhere: lte(verificationCodes.sentAt, new Date(now.getTime() - CODE_RESEND_MS)),
    })
    .returning({ email: verificationCodes.email });
  if (written.length === 0) {
    if (options.keepRecent) return;
    const current = await services.db.query.verificationCodes.findFirst({
      where: eq(verificationCodes.email, registration.email),
    });
    const wait = (current?.sentAt.getTime() ?? now.getTime()) + CODE_RESEND_MS - now.getTime();
    throw new RegistrationError(T.codeResendWait, "code", { seconds: Math.max(1, Math.ceil(wait / 1000)) });
  }
  // The visitor has no store yet: their browser's variant.
  const t = translatorFor(options.locale ?? "es");
  await services.mail.send(verificationCodeEmail(registration.email, registration.name, code, t));
}

/** Checks a code; every try counts, atomically, before comparing. */
export async function checkCode(services: Services, email: string, code: string): Promise<void> {
  const now = services.clock.now();
  const [row] = await services.db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.email, email))
    .returning();
  if (!row) throw new RegistrationError(T.codeExpired, "code");
  if (row.attempts > CODE_MAX_TRIES) throw new RegistrationError(T.codeTooManyTries, "code");
  if (row.expiresAt <= now) throw new RegistrationError(T.codeExpired, "code");
  if (row.codeHash !== (await codeHash(email, code))) {
    throw new RegistrationError(row.attempts >= CODE_MAX_TRIES ? T.codeTooManyTries : T.codeWrong, "code");
  }
}

/**
 * Step 3 done: creates the account and its first store (with QR) in one atomic batch and clears
 * the draft. QR files are written first and removed again if the batch fails, so nothing half-made stays.
 */
export async function completeRegistration(services: Services, registration: Registration): Promise<string> {
  const { db, clock, files, config } = services;
  if (!registration.storeName || !registration.storeUrl || !registration.storeCategory)
    throw new RegistrationError(T.storeNameTaken, "storeName");
  const now = clock.now();
  for (let attempt = 1; ; attempt++) {
    const userId = crypto.randomUUID();
    const storeId = randomDigits(ID_DIGITS.store);
    const qr = await writeStoreQr(files, config.APP_ORIGIN, storeId);
    try {
      await db.batch([
        insertUser(db, {
          id: userId,
          name: registration.name,
          lastname: registration.lastname,
          email: registration.email,
          passwordHash: registration.passwordHash,
          accountCreated: true,
          trialStarted: false,
          createdAt: now,
        }),
        insertStoreStatement(
          db,
          storeId,
          {
            ownerId: userId,
            name: registration.storeName,
            url: registration.storeUrl,
            category: registration.storeCategory,
            ...(registration.timeZone ? { timeZone: registration.timeZone } : {}),
            // The browser's zone tells the store's country and the money it prices in.
            ...newStoreLocale(registration.timeZone),
            ...qr,
          },
          now,
        ),
        db.delete(registrations).where(or(eq(registrations.id, registration.id), eq(registrations.email, registration.email))),
        db.delete(verificationCodes).where(eq(verificationCodes.email, registration.email)),
      ]);
      return userId;
    } catch (error) {
      await files.delete([qr.qrPngKey, qr.qrSvgKey]);
      if (isUniqueViolation(error, "users.email")) throw new RegistrationError(T.emailTaken, "email");
      if (isUniqueViolation(error, "stores.url")) throw new RegistrationError(T.storeNameTaken, "storeName");
      if (attempt < 3 && isUniqueViolation(error, "stores.id")) continue;
      throw error;
    }
  }
}
