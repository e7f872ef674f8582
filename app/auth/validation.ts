import { z } from "zod";
import { whenMissing } from "~/domain/validation-messages";
import { AUTH_MESSAGES as M } from "./messages";

const PASSWORD_MIN = 6;
const PASSWORD_MAX = 128;

const requiredText = (max: number) => z.string(whenMissing(M.required)).trim().min(1, M.required).max(max);

const emailField = z
  .string({ error: M.required })
  .trim()
  .min(1, M.required)
  .max(254)
  .toLowerCase()
  .pipe(z.email({ error: M.emailInvalid }));

export const passwordField = z
  .string({ error: M.required })
  .min(PASSWORD_MIN, M.passwordTooShort)
  .max(PASSWORD_MAX, M.passwordTooLong);

export const registrationStep1Schema = z.object({
  name: requiredText(80),
  lastname: requiredText(80),
  email: emailField,
  password: passwordField,
  terms: z.literal("on", { error: M.terms }),
});

export const registrationStep2Schema = z.object({
  storeName: requiredText(60),
  category: z.coerce.number({ error: M.categoryRequired }).int().min(1, M.categoryRequired).max(11, M.categoryRequired),
  timeZone: z.string().max(64).optional(),
});

export const codeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{5}$/, M.codeWrong),
});

export const loginSchema = z.object({
  email: emailField,
  password: z.string(whenMissing(M.required)).min(1, M.required).max(PASSWORD_MAX),
  redirectTo: z.string().optional(),
});

export const forgotSchema = z.object({ email: emailField });

export const resetSchema = z
  .object({ password: passwordField, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: M.passwordsDiffer, path: ["confirm"] });

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
