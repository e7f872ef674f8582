import { createReadStream } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { Readable } from "node:stream";
import { contentTypeForKey, type FileStore, isValidFileKey, type StoredFile } from "../app/services/files";
import { writeFileAtomically } from "./atomic-write";
import { OWNER_ONLY_FOLDER } from "./owner-only";

/** Files in a folder on disk (single-machine runs): the same contract as R2. */
export class DiskFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    if (!isValidFileKey(key)) throw new Error(`invalid file key: ${key}`);
    return join(this.root, ...key.split("/"));
  }

  async put(key: string, data: Uint8Array) {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true, mode: OWNER_ONLY_FOLDER });
    await writeFileAtomically(target, data);
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isValidFileKey(key)) return null;
    const target = this.path(key);
    try {
      const info = await stat(target);
      if (!info.isFile()) return null;
      return {
        body: Readable.toWeb(createReadStream(target)) as ReadableStream<Uint8Array>,
        size: info.size,
        contentType: contentTypeForKey(key) ?? "application/octet-stream",
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(keys: string[]) {
    const all = keys.filter(isValidFileKey);
    await Promise.all(all.map((key) => rm(this.path(key), { force: true })));
  }

  async list(prefix: string): Promise<string[]> {
    const base = join(this.root, ...prefix.split("/").filter(Boolean));
    const out: string[] = [];
    const walk = async (dir: string) => {
      let entries: import("node:fs").Dirent[];
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const full = join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (!entry.name.endsWith(".tmp")) out.push(relative(this.root, full).split(sep).join("/"));
      }
    };
    await walk(base);
    return out.filter((key) => key.startsWith(prefix)).sort();
  }
}
