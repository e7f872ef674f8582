import { chmodSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { insertProduct } from "~/products/products.server";
import { jsonLogger } from "~/services/log";
import { backupData, restoreData } from "../../server/backup";
import { ownDataFolder } from "../../server/owner-only";
import { merchantWithStore } from "../support/merchants";
import { createTestServices } from "../support/services";

const rows = async (dbPath: string, sql: string) => {
  const client = createClient({ url: `file:${dbPath}` });
  try {
    return (await client.execute(sql)).rows.map((r) => ({ ...r }));
  } finally {
    client.close();
  }
};

const fresh = (name: string) => {
  const dir = join("tests/.tmp", `backup-${process.pid}-${crypto.randomUUID().slice(0, 8)}`, name);
  mkdirSync(dirname(dir), { recursive: true });
  return dir;
};

describe("backups of the embedded install", () => {
  it("a backup made while products and their pictures keep being written restores whole and consistent", async () => {
    const s = createTestServices();
    const dataDir = dirname(s.dbPath);
    const { store } = await merchantWithStore(s);
    const baseline = Number((await rows(s.dbPath, "select count(*) as n from products"))[0]?.n);
    let written = 0;
    const addOne = async () => {
      const key = `stores/${store.id}/products/x${written}/${crypto.randomUUID().replaceAll("-", "")}.webp`;
      // The picture first, then the row that names it, as the app does.
      await s.files.put(key, new Uint8Array(2048).fill(written % 256), "image/webp");
      await insertProduct(
        s.db,
        {
          storeId: store.id,
          name: `Producto ${written}`,
          price: 100 + written,
          stock: 1,
          imageKey: key,
          imageWidth: 1,
          imageHeight: 1,
        },
        s.clock.now(),
      );
      written++;
    };
    for (let i = 0; i < 40; i++) await addOne();

    // Writes go on during the backup.
    let writing = true;
    const writer = (async () => {
      while (writing) await addOne();
    })();
    const folder = fresh("copy");
    const before = written;
    const report = await backupData(dataDir, folder);
    const during = written;
    writing = false;
    await writer;
    expect(during).toBeGreaterThan(before);

    const restored = fresh("restored");
    await restoreData(folder, restored);
    const db = join(restored, "vitrina.db");
    expect(await rows(db, "PRAGMA integrity_check")).toEqual([{ integrity_check: "ok" }]);
    const copy = await rows(db, "select id, name, price, image_key from products order by id");
    // A snapshot of one instant: at least what was there before, no more than what was written by its end, each
    // row as it is in the live database.
    expect(copy.length).toBeGreaterThanOrEqual(baseline + before);
    expect(copy.length).toBeLessThanOrEqual(baseline + written);
    const live = new Map((await rows(s.dbPath, "select id, name, price, image_key from products")).map((r) => [r.id, r]));
    for (const row of copy) expect(live.get(row.id)).toEqual(row);
    // Every picture the copied database names is in the copied files.
    const files = new Set(
      (await readdir(join(restored, "files"), { recursive: true })).map((p) => String(p).split("\\").join("/")),
    );
    const missing = copy.filter((r) => r.image_key && !files.has(String(r.image_key)));
    expect(missing).toEqual([]);
    expect(report.files).toBeGreaterThanOrEqual(copy.filter((r) => r.image_key).length);
  });

  it("a damaged backup replaces nothing", async () => {
    const s = createTestServices();
    const dataDir = dirname(s.dbPath);
    const folder = fresh("damaged");
    mkdirSync(join(folder, "files"), { recursive: true });
    writeFileSync(join(folder, "vitrina.db"), "not a database");
    await expect(restoreData(folder, dataDir)).rejects.toThrow();
    expect(await rows(s.dbPath, "select count(*) as n from stores")).toEqual([{ n: expect.any(Number) }]);
  });

  it("never writes into a folder that has something in it", async () => {
    const s = createTestServices();
    const folder = fresh("busy");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "other.txt"), "x");
    await expect(backupData(dirname(s.dbPath), folder)).rejects.toThrow("is not empty");
  });
});

/** Every folder (the root among them) not 0700 and every file not 0600 under `root`, with its mode. */
async function openToOthers(root: string): Promise<string[]> {
  const entries = [root, ...(await readdir(root, { recursive: true })).map((p) => join(root, String(p)))];
  return entries.flatMap((path) => {
    const info = statSync(path);
    const mode = info.mode & 0o777;
    return mode === (info.isDirectory() ? 0o700 : 0o600) ? [] : [`${relative(root, path) || "."} ${mode.toString(8)}`];
  });
}

/** Runs `work` with the umask most systems start processes with, which leaves new files readable by everyone. */
async function withUsualUmask<T>(work: () => Promise<T>): Promise<T> {
  const previous = process.umask(0o022);
  try {
    return await work();
  } finally {
    process.umask(previous);
  }
}

describe("owner-only data", () => {
  it("a backup and its restore are readable by their owner only (folders 0700, files 0600), whatever the umask", async () => {
    await withUsualUmask(async () => {
      const s = createTestServices();
      const dataDir = dirname(s.dbPath);
      const { store } = await merchantWithStore(s);
      const key = `stores/${store.id}/logo/${crypto.randomUUID().replaceAll("-", "")}.webp`;
      await s.files.put(key, new Uint8Array(64), "image/webp");
      // The live folder as an older install left it: open to every user of the machine.
      chmodSync(dataDir, 0o755);
      chmodSync(s.dbPath, 0o644);

      const folder = fresh("private-copy");
      await backupData(dataDir, folder);
      expect(await readdir(folder)).toEqual(expect.arrayContaining(["vitrina.db", "backup.json", "files"]));
      expect(await openToOthers(folder)).toEqual([]);

      const restored = fresh("private-restored");
      await restoreData(folder, restored);
      expect(statSync(join(restored, "files", ...key.split("/"))).isFile()).toBe(true);
      expect(await openToOthers(restored)).toEqual([]);
    });
  });

  it("the disk file store writes owner-only folders and files, whatever the umask", async () => {
    await withUsualUmask(async () => {
      const s = createTestServices();
      const files = join(dirname(s.dbPath), "files");
      await s.files.put(`stores/1234567890/logo/${"a".repeat(32)}.webp`, new Uint8Array(8), "image/webp");
      expect(await openToOthers(files)).toEqual([]);
    });
  });

  it("the server's start makes the data folder owner-only, and closes one open to others with a warning", async () => {
    await withUsualUmask(async () => {
      const lines: string[] = [];
      const log = jsonLogger((line) => lines.push(line));
      const made = join(fresh("data-new"), "nested");
      ownDataFolder(made, log);
      expect(statSync(made).mode & 0o777).toBe(0o700);
      expect(lines).toEqual([]);
      // What the process makes from then on (the database and its journal, made by libSQL) is owner-only too.
      writeFileSync(join(made, "vitrina.db"), "");
      expect(statSync(join(made, "vitrina.db")).mode & 0o777).toBe(0o600);

      const open = fresh("data-open");
      mkdirSync(open);
      chmodSync(open, 0o755);
      ownDataFolder(open, log);
      expect(statSync(open).mode & 0o777).toBe(0o700);
      expect(lines.map((l) => JSON.parse(l))).toEqual([
        expect.objectContaining({ level: "warn", event: "data_dir.closed", was: "755", now: "700" }),
      ]);
    });
  });
});
