import { randomUUID } from "node:crypto";
import { rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/**
 * Writes a file whole or not at all: to a temp name, then renamed over the target, so a reader
 * (or a restart after kill -9) never sees half a file. The temp name is unique per call, so
 * concurrent writes of one target never share it, and it starts with '.' and ends in '.tmp',
 * so listings can skip it.
 */
export async function writeFileAtomically(target: string, data: Uint8Array | string): Promise<void> {
  const temp = join(dirname(target), `.${randomUUID()}.tmp`);
  try {
    await writeFile(temp, data);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
