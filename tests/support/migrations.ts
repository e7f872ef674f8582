import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { migrateDatabase } from "../../server/migrate";
import { TMP_DIR } from "./paths";

/** A fresh database migrated up to, not including, the migration whose tag starts with `tag` ('0014'). */
export async function databaseBefore(tag: string): Promise<Client> {
  const dir = join(TMP_DIR, `migration-${crypto.randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  const before = join(dir, "migrations-before");
  cpSync("migrations", before, { recursive: true });
  const journalPath = join(before, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8"));
  journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < tag);
  writeFileSync(journalPath, JSON.stringify(journal));
  const client = createClient({ url: `file:${join(dir, "db.sqlite")}` });
  await migrateDatabase(client, before);
  return client;
}
