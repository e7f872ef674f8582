import { type CookieOptions, createCookie } from "react-router";
import type { Config } from "~/services/config";

/**
 * The app's cookies carry random ids only; everything else stays in the database. In production
 * they are `__Host-` cookies (Secure, Path=/, no Domain), so no other host can set or read them.
 */
export function appCookie(
  config: Pick<Config, "VITRINA_ENV">,
  name: string,
  options: { maxAge: number; sameSite?: CookieOptions["sameSite"] },
) {
  const production = config.VITRINA_ENV === "production";
  return createCookie(production ? `__Host-${name}` : name, {
    path: "/",
    httpOnly: true,
    sameSite: options.sameSite ?? "lax",
    secure: production,
    maxAge: options.maxAge,
  });
}
