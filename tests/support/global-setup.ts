import { mkdirSync, rmSync } from "node:fs";
import { createClient } from "@libsql/client";
import { migrateDatabase } from "../../server/migrate";
import { BASE_DB, TMP_DIR } from "./paths";

/** Migrates one base database; every test file works on its own copy of it. */
export default async function setup() {
  rmSync(TMP_DIR, { recursive: true, force: true });
  mkdirSync(TMP_DIR, { recursive: true });
  const client = createClient({ url: `file:${BASE_DB}` });
  await migrateDatabase(client, "migrations");
  client.close();
}
