import type { Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";

/** Applies every pending migration under `migrationsFolder` (drizzle-kit's journal). */
export async function migrateDatabase(client: Client, migrationsFolder: string): Promise<void> {
  await client.execute("PRAGMA foreign_keys = ON");
  await migrate(drizzle(client), { migrationsFolder });
}
