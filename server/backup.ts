// Backups of the single-machine install (the embedded libSQL file and the files folder), made while it serves,
// and their restore, both readable by their owner only (server/owner-only.ts). On Cloudflare, Turso's point-in-time
// restore and R2's object versioning do this job (README.md, Backups).
import { chmod, copyFile, cp, mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { createClient } from "@libsql/client";
import { keepToOwner, OWNER_ONLY_FILE, OWNER_ONLY_FOLDER } from "./owner-only";

export interface BackupReport {
  folder: string;
  databaseBytes: number;
  files: number;
}

/**
 * Copies `dataDir` (vitrina.db and files/) into `folder`, consistent while the server keeps writing: the files are
 * copied, then the database is copied by `VACUUM INTO` (one read transaction: a snapshot of one instant, whatever
 * commits meanwhile), then the files written since the first pass are copied, so every file the copied database
 * names is there. Files are never changed in place (a new picture is a new key), so a copied file is final.
 */
export async function backupData(dataDir: string, folder: string): Promise<BackupReport> {
  await mkdir(folder, { recursive: true, mode: OWNER_ONLY_FOLDER });
  if ((await readdir(folder)).length > 0) throw new Error(`the backup folder ${folder} is not empty`);
  // Closed before anything is copied in; what is copied keeps its source's mode until the end closes it too.
  await chmod(folder, OWNER_ONLY_FOLDER);
  const files = join(dataDir, "files");
  const copiedFiles = join(folder, "files");
  await mkdir(copiedFiles, { recursive: true, mode: OWNER_ONLY_FOLDER });
  await copyNewFiles(files, copiedFiles);
  const database = join(folder, "vitrina.db");
  const client = createClient({ url: `file:${join(dataDir, "vitrina.db")}`, timeout: 5000 });
  try {
    await client.execute({ sql: "VACUUM INTO ?", args: [database] });
  } finally {
    client.close();
  }
  const count = await copyNewFiles(files, copiedFiles);
  const report = { folder, databaseBytes: (await stat(database)).size, files: count };
  await writeFile(join(folder, "backup.json"), `${JSON.stringify({ ...report, madeAt: new Date().toISOString() }, null, 2)}\n`, {
    mode: OWNER_ONLY_FILE,
  });
  await keepToOwner(folder);
  return report;
}

/** Copies every file of `from` that `to` does not have yet; answers how many files `to` holds. */
async function copyNewFiles(from: string, to: string): Promise<number> {
  let count = 0;
  for (const path of await walk(from)) {
    const target = join(to, relative(from, path));
    count++;
    if (await exists(target)) continue;
    await mkdir(join(target, ".."), { recursive: true, mode: OWNER_ONLY_FOLDER });
    await copyFile(path, target);
  }
  return count;
}

async function walk(dir: string): Promise<string[]> {
  if (!(await exists(dir))) return [];
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // Half-written files of the atomic writer are not files yet.
    if (entry.name.startsWith(".")) continue;
    if (entry.isDirectory()) out.push(...(await walk(path)));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * Puts a backup back as `dataDir`'s database and files, replacing them. The server must be stopped: a running one
 * keeps the old database open. The backup is checked first (integrity), so a damaged copy replaces nothing.
 */
export async function restoreData(folder: string, dataDir: string): Promise<void> {
  const database = join(folder, "vitrina.db");
  const check = createClient({ url: `file:${database}` });
  try {
    const [row] = (await check.execute("PRAGMA integrity_check")).rows;
    if (row?.[0] !== "ok") throw new Error(`the backup's database is damaged: ${String(row?.[0])}`);
  } finally {
    check.close();
  }
  await mkdir(dataDir, { recursive: true, mode: OWNER_ONLY_FOLDER });
  await chmod(dataDir, OWNER_ONLY_FOLDER);
  for (const name of ["vitrina.db", "vitrina.db-wal", "vitrina.db-shm"]) await rm(join(dataDir, name), { force: true });
  await copyFile(database, join(dataDir, "vitrina.db"));
  await rm(join(dataDir, "files"), { recursive: true, force: true });
  await cp(join(folder, "files"), join(dataDir, "files"), { recursive: true });
  await keepToOwner(dataDir);
}
