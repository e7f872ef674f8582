import { z } from "zod";
import { AUTH_MESSAGES as M } from "./messages";

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

const requiredText = (max: number) => z.string({ error: M.required }).trim().min(1, M.required).max(max);

export const emailField = z
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
  password: z.string({ error: M.required }).min(1, M.required).max(PASSWORD_MAX),
  redirectTo: z.string().optional(),
});

export const forgotSchema = z.object({ email: emailField });

export const resetSchema = z
  .object({ password: passwordField, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: M.passwordsDiffer, path: ["confirm"] });

/** Field errors as { field: firstMessage } for forms. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/** Only same-app relative paths may be redirect targets after login. */
export function safeRedirect(to: string | null | undefined, fallback = "/"): string {
  if (!to?.startsWith("/") || to.startsWith("//") || to.startsWith("/\\") || to.startsWith("/Auth")) return fallback;
  return to;
}
