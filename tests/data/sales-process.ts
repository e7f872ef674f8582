// One "server process" for the cross-process confirmation test: opens its own libSQL client on the shared file
// (WAL, busy timeout as server/main.ts), says "ready", waits for "go" on stdin, confirms the given sales concurrently
// and prints the results as one JSON array.
import { createInterface } from "node:readline";
import { createClient } from "@libsql/client";
import { createDb } from "~/services/db";
import { confirmSale } from "../support/orders";

const TEST_ACTOR = { userId: "test-actor", label: "Equipo de pruebas (pruebas@vitrina.test)" };
const [dbPath, storeId, ...saleIds] = process.argv.slice(2) as [string, string, ...string[]];
const client = createClient({ url: `file:${dbPath}`, timeout: 5000 });
await client.execute("PRAGMA journal_mode = WAL");
const db = createDb(client);
const clock = { now: () => new Date("2026-03-10T15:00:00Z") };
const lines = createInterface({ input: process.stdin });
process.stdout.write("ready\n");
for await (const line of lines) {
  if (line !== "go") continue;
  try {
    const results = await Promise.all(
      saleIds.map((saleId) =>
        confirmSale({ db, clock }, TEST_ACTOR, storeId, saleId).catch((error) => ({ error: String(error?.message ?? error) })),
      ),
    );
    process.stdout.write(`${JSON.stringify(results)}\n`);
  } catch (error) {
    process.stdout.write(`${JSON.stringify([{ error: String((error as Error)?.message ?? error) }])}\n`);
  }
  break;
}
client.close();
process.exit(0);
