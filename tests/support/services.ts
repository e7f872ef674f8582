import { copyFileSync, cpSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { createServices } from "../../app/compose-services.server";
import { seedDemo } from "../../app/demo/seed.server";
import { deletingRenditions } from "../../app/media/renditions";
import type { Clock } from "../../app/services/clock";
import { parseConfig, type VapidKeys } from "../../app/services/config";
import type { FaultSwitch } from "../../app/services/faults";
import { silentLogger } from "../../app/services/log";
import type { Mailer, MailMessage } from "../../app/services/mail";
import type { Services } from "../../app/services/services";
import { DiskFileStore } from "../../server/disk-files";
import { madeOncePerRun } from "./once-per-run";
import { BASE_DB, TMP_DIR } from "./paths";

export class MemoryMailer implements Mailer {
  sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
}

export class TestClock implements Clock {
  constructor(public current = new Date("2026-03-10T15:00:00Z")) {}
  now() {
    return new Date(this.current);
  }
}

/** A VAPID key pair made for the tests (published here, never used anywhere else). */
export const TEST_VAPID: VapidKeys = {
  publicKey: "BOwgCPyxnNybiEaBYbb4KSXYIp7feGtl2ZVHbPS5YXPXRNRJkM1aCiqzQMgFLP2iVUYAT1ds2IrLebGd4A980Zw",
  privateKey: "mnS3kRJ_DQC3QIxkm3jCrnqCXLxO8kmwExW_bFC9ofI",
  subject: "mailto:avisos@vitrina.test",
};

/**
 * How the test servers and services hash passwords: the cheap cost production refuses, since the suite registers and
 * signs in hundreds of times (app/auth/password.server.ts). The Worker's tests keep the standard cost.
 */
export const TEST_PASSWORD_HASHING = { PASSWORD_HASHING: "fast-for-tests" } as const;

/** Real services on the data folder `dir` (its vitrina.db and files/), with the test clock, outbox and keys. */
function servicesIn(dir: string, wrapClient?: (client: Client) => Client, faults?: FaultSwitch) {
  const dbPath = join(dir, "vitrina.db");
  const config = parseConfig({
    RUNTIME: "node",
    APP_ORIGIN: "http://localhost:3999",
    STORES_DOMAIN: "localhost",
    DATABASE_URL: `file:${dbPath}`,
    ...TEST_PASSWORD_HASHING,
  });
  const direct = createClient({ url: config.DATABASE_URL, timeout: 5000 });
  const client = wrapClient ? wrapClient(direct) : direct;
  const outbox = new MemoryMailer();
  const testClock = new TestClock();
  const services = createServices({
    config,
    client,
    files: deletingRenditions(new DiskFileStore(join(dir, "files"))),
    outbox,
    clock: testClock,
    vapid: TEST_VAPID,
    // The log's own tests read it (tests/unit/log.test.ts, tests/http/log.test.ts); here it would only be noise.
    log: silentLogger,
    faults,
  });
  return { ...services, outbox, testClock, dbPath };
}

/**
 * A fresh copy of the migrated base database and an empty files folder, with real services on top.
 * `wrapClient` sees every statement the services send (the query-plan test records them); `from` is a data folder
 * to start from instead (`demoTestServices`); `faults` makes outside services fail on demand (app/services/faults.ts).
 */
export function createTestServices(
  options: { wrapClient?: (client: Client) => Client; from?: string; faults?: FaultSwitch } = {},
): Services & { outbox: MemoryMailer; testClock: TestClock; dbPath: string } {
  const dir = join(TMP_DIR, `run-${process.pid}-${crypto.randomUUID().slice(0, 8)}`);
  mkdirSync(dir, { recursive: true });
  if (options.from) cpSync(options.from, dir, { recursive: true, filter: (path) => !path.endsWith(".ready") });
  else copyFileSync(BASE_DB, join(dir, "vitrina.db"));
  return servicesIn(dir, options.wrapClient, options.faults);
}

/**
 * createTestServices on a copy of the demo merchant and store, seeded with its pictures once per run (the image work
 * takes seconds; only tests/data/seed.test.ts is about the seeding itself).
 */
export async function demoTestServices(): Promise<ReturnType<typeof createTestServices>> {
  const folder = await madeOncePerRun("demo-seeded", async (made) => {
    copyFileSync(BASE_DB, join(made, "vitrina.db"));
    const seeding = servicesIn(made);
    await seedDemo(seeding);
    seeding.db.$client.close();
  });
  const services = createTestServices(folder ? { from: folder } : {});
  if (!folder) await seedDemo(services);
  return services;
}
