import { z } from "zod";
import type { Translate } from "~/domain/messages";
import { whenMissing } from "~/domain/validation-messages";
import { AUTH_MESSAGES as M, AUTH_TEXTS as T } from "./messages";

const PASSWORD_MIN = 6;
const PASSWORD_MAX = 128;

const requiredText = (required: string, max: number) => z.string(whenMissing(required)).trim().min(1, required).max(max);

const emailFieldOf = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(254)
    .toLowerCase()
    .pipe(z.email({ error: invalid }));

/** A new password's rules, in the visitor's variant (`t`). */
const passwordFieldOf = (t: Translate) =>
  z
    .string({ error: t(T.required) })
    .min(PASSWORD_MIN, t(T.passwordTooShort))
    .max(PASSWORD_MAX, t(T.passwordTooLong));

/** The same in neutral Spanish, for a form that does not speak its visitor's variant yet. */
export const passwordField = z
  .string({ error: M.required })
  .min(PASSWORD_MIN, M.passwordTooShort)
  .max(PASSWORD_MAX, M.passwordTooLong);

export const registrationStep1Schema = (t: Translate) =>
  z.object({
    name: requiredText(t(T.required), 80),
    lastname: requiredText(t(T.required), 80),
    email: emailFieldOf(t(T.required), t(T.emailInvalid)),
    password: passwordFieldOf(t),
    terms: z.literal("on", { error: t(T.terms) }),
  });

export const registrationStep2Schema = (t: Translate) => {
  const chooseCategory = t(T.categoryRequired);
  return z.object({
    storeName: requiredText(t(T.required), 60),
    category: z.coerce.number({ error: chooseCategory }).int().min(1, chooseCategory).max(11, chooseCategory),
    timeZone: z.string().max(64).optional(),
  });
};

/** Its message is never shown: a malformed code is checked (and refused) as a wrong one. */
export const codeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{5}$/, M.codeWrong),
});

/** Its messages are never shown: a malformed sign-in is answered as wrong credentials. */
export const loginSchema = z.object({
  email: emailFieldOf(M.required, M.emailInvalid),
  password: z.string(whenMissing(M.required)).min(1, M.required).max(PASSWORD_MAX),
  redirectTo: z.string().optional(),
});

export const forgotSchema = (t: Translate) => z.object({ email: emailFieldOf(t(T.required), t(T.emailInvalid)) });

export const resetSchema = (t: Translate) =>
  z
    .object({ password: passwordFieldOf(t), confirm: z.string() })
    .refine((v) => v.password === v.confirm, { message: t(T.passwordsDiffer), path: ["confirm"] });

/**
 * Only a path of this app may be a redirect target after login. Browsers drop tabs and line breaks
 * from URLs and read '\\' as '/', so '/\t/evil.example' would leave the site: any control character
 * or backslash refuses the target, and what is left must resolve to the same origin.
 */
export function safeRedirect(to: string | null | undefined, fallback = "/"): string {
  if (!to || to.length > 2000 || !to.startsWith("/") || hasControlOrBackslash(to)) return fallback;
  const base = "http://vitrina.invalid";
  let url: URL;
  try {
    url = new URL(to, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base || url.pathname.startsWith("//") || url.pathname.startsWith("/Auth")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

function hasControlOrBackslash(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}
