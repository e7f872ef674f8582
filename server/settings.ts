import { join, resolve } from "node:path";
import { checkVapidPair } from "../app/notifications/vapid-pair";
import { type Config, parseConfig } from "../app/services/config";

export interface ServerSettings {
  config: Config;
  port: number;
  /** The libSQL file (unless DATABASE_URL names another), the stored files and the outbox. */
  dataDir: string;
}

/**
 * The single-machine server's settings from its environment, checked whole: a missing or wrong setting throws a
 * ConfigError naming it. Small on purpose: the entry reads them before it loads the app, so a deployment that lacks
 * one stops at once.
 */
export async function readSettings(env: NodeJS.ProcessEnv): Promise<ServerSettings> {
  const port = Number(env.PORT ?? 3000);
  const dataDir = resolve(env.DATA_DIR ?? ".data");
  // Production names its public origin; a local run is served on this machine.
  const production = env.VITRINA_ENV === "production";
  const config = parseConfig({
    RUNTIME: "node",
    ...env,
    APP_ORIGIN: env.APP_ORIGIN ?? (production ? undefined : `http://localhost:${port}`),
    STORES_DOMAIN: env.STORES_DOMAIN ?? "localhost",
    DATABASE_URL: env.DATABASE_URL ?? `file:${join(dataDir, "vitrina.db")}`,
  });
  await checkVapidPair(config);
  return { config, port, dataDir };
}
