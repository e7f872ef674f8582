import { type Config, ConfigError } from "~/services/config";
import { vapidKeysMatch } from "./web-push/vapid";

/** Configured Web Push keys must be one pair: caught at start, not at the first push service's 403. */
export async function checkVapidPair(config: Config): Promise<void> {
  if (config.vapid && !(await vapidKeysMatch(config.vapid))) {
    throw new ConfigError("Configuración inválida:\n  - VAPID_PRIVATE_KEY: no es la clave privada de VAPID_PUBLIC_KEY");
  }
}
