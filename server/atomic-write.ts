import { randomUUID } from "node:crypto";
import { rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { OWNER_ONLY_FILE } from "./owner-only";

/**
 * Writes a file whole or not at all: to a temp name, then renamed over the target, so a reader
 * (or a restart after kill -9) never sees half a file. The temp name is unique per call, so
 * concurrent writes of one target never share it, and it starts with '.' and ends in '.tmp',
 * so listings can skip it.
 */
export async function writeFileAtomically(target: string, data: Uint8Array | string): Promise<void> {
  const temp = join(dirname(target), `.${randomUUID()}.tmp`);
  try {
    // Every file written so is the install's data (pictures, receipts, mails): its owner's only.
    await writeFile(temp, data, { mode: OWNER_ONLY_FILE });
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
