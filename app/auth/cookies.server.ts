import { createCookie } from "react-router";
import type { Config } from "~/services/config";

/** Cookies carry random ids only; everything else stays in the database. */
function named(config: Pick<Config, "VITRINA_ENV">, name: string, maxAge: number) {
  const production = config.VITRINA_ENV === "production";
  return createCookie(production ? `__Host-${name}` : name, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: production,
    maxAge,
  });
}

export const SESSION_DAYS = 30;

export const sessionCookie = (config: Pick<Config, "VITRINA_ENV">) => named(config, "vitrina_sesion", SESSION_DAYS * 24 * 3600);
/** Marks a browser the owner has signed in from (app/auth/devices.server.ts). */
export const KNOWN_DEVICE_DAYS = 365;
export const knownDeviceCookie = (config: Pick<Config, "VITRINA_ENV">) =>
  named(config, "vitrina_dispositivo", KNOWN_DEVICE_DAYS * 24 * 3600);
export const registrationCookie = (config: Pick<Config, "VITRINA_ENV">) => named(config, "vitrina_registro", 24 * 3600);
