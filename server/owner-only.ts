// The single-machine install's data (the database, the merchants' pictures and receipts, the outbox) and its backups
// are readable by the user the server runs as, and no other user of the machine: folders 0700, files 0600.
import { chmodSync, mkdirSync, statSync } from "node:fs";
import { chmod, readdir } from "node:fs/promises";
import { join } from "node:path";
import type { Logger } from "../app/services/log";

export const OWNER_ONLY_FOLDER = 0o700;
export const OWNER_ONLY_FILE = 0o600;
/** A process's files created with this umask are owner-only, the database's own among them (libSQL makes those). */
const OWNER_ONLY_UMASK = 0o077;

/**
 * At the server's start: every file the process makes from now on is owner-only, and the data folder is made (0700)
 * or, when an older install or another tool left it open to other users, closed, with a warning line.
 */
export function ownDataFolder(dataDir: string, log: Logger): void {
  process.umask(OWNER_ONLY_UMASK);
  mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY_FOLDER });
  const mode = statSync(dataDir).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  chmodSync(dataDir, OWNER_ONLY_FOLDER);
  log.warn("data_dir.closed", { was: mode.toString(8), now: OWNER_ONLY_FOLDER.toString(8) });
}

/** Makes `path` owner-only, and everything under it when it is a folder. */
export async function keepToOwner(path: string): Promise<void> {
  const entries = await readdir(path, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOTDIR") return null;
    throw error;
  });
  if (entries === null) return chmod(path, OWNER_ONLY_FILE);
  await chmod(path, OWNER_ONLY_FOLDER);
  for (const entry of entries) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) await keepToOwner(child);
    else if (entry.isFile()) await chmod(child, OWNER_ONLY_FILE);
  }
}
