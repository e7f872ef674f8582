import { appCookie } from "~/http/cookies.server";
import type { Config } from "~/services/config";

type Settings = Pick<Config, "VITRINA_ENV">;
const DAY_SECONDS = 24 * 3600;

export const SESSION_DAYS = 30;
/** A browser the owner has signed in from (app/auth/devices.server.ts). */
const KNOWN_DEVICE_DAYS = 365;

export const sessionCookie = (config: Settings) => appCookie(config, "vitrina_sesion", { maxAge: SESSION_DAYS * DAY_SECONDS });
export const knownDeviceCookie = (config: Settings) =>
  appCookie(config, "vitrina_dispositivo", { maxAge: KNOWN_DEVICE_DAYS * DAY_SECONDS });
export const registrationCookie = (config: Settings) => appCookie(config, "vitrina_registro", { maxAge: DAY_SECONDS });
