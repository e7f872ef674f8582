import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TMP_DIR } from "./paths";

/**
 * A folder made once per test run and shared by every test file that needs it (each copies it): the first file to ask
 * makes it with `make`, the others wait for it to be ready. Null when it could not be made in time: the caller then
 * builds its own.
 */
export async function madeOncePerRun(name: string, make: (folder: string) => Promise<void>): Promise<string | null> {
  const folder = join(TMP_DIR, name);
  const ready = join(folder, ".ready");
  if (existsSync(ready)) return folder;
  try {
    mkdirSync(`${folder}.lock`, { recursive: true });
    mkdirSync(`${folder}.lock/owner`, { recursive: false });
  } catch {
    // Another test file is making it.
    const deadline = Date.now() + 90_000;
    while (!existsSync(ready)) {
      if (Date.now() > deadline) return null;
      await new Promise((wait) => setTimeout(wait, 200));
    }
    return folder;
  }
  try {
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    await make(folder);
    writeFileSync(ready, "");
    return folder;
  } catch (error) {
    rmSync(`${folder}.lock`, { recursive: true, force: true });
    throw error;
  }
}
