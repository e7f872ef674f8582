// The data folder the built server leaves after its first start: migrated, with the demo merchant and store seeded.
// Seeding draws the demo's pictures and sends them through the image pipeline, about 9 s of CPU. `npm test` makes the
// folder once, right after the build (tests/run-all.mjs), and names it in SEEDED_DEMO_DIR. Every local server the
// tests start (HTTP tests, journeys, workerd's database) copies it instead of seeding again. A stage run on its own
// has no such folder, and its servers seed as before. tests/data/seed.test.ts is the test of the seeding itself.
import { spawn } from "node:child_process";
import { cpSync, existsSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port.mjs";

const READY = ".ready";

/**
 * Copies a seeded folder, by default this run's, into `dataDir`. False when there is none ready: the server then seeds
 * its own.
 */
export function copySeededDemo(dataDir, folder = process.env.SEEDED_DEMO_DIR) {
  if (!folder || !existsSync(join(folder, READY))) return false;
  cpSync(folder, dataDir, { recursive: true, filter: (path) => !path.endsWith(READY) });
  return true;
}

/** Starts the built server on an empty `folder`, waits for it to be ready, and stops it: the folder is then seeded. */
export async function seedFolder(folder) {
  rmSync(folder, { recursive: true, force: true });
  const server = spawn(process.execPath, [resolve("build/node/server/index.js")], {
    // The demo merchant's password hashed as the test servers hash (tests/support/services.ts).
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: folder,
      PORT: String(await freePort()),
      PASSWORD_HASHING: "fast-for-tests",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((done) => server.once("exit", done));
  let printed = "";
  await new Promise((ready, fail) => {
    server.stdout.on("data", (chunk) => {
      printed += chunk;
      if (printed.includes("Vitrina lista en")) ready();
    });
    server.once("exit", (code) => fail(new Error(`the server exited with ${code} before it was ready:\n${printed}`)));
  });
  server.kill("SIGTERM");
  const code = await exited;
  if (code !== 0) throw new Error(`the server stopped with ${code}:\n${printed}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const folder = process.argv[2];
  if (!folder) throw new Error("usage: node tests/support/seeded-demo.mjs <folder>");
  await seedFolder(resolve(folder));
  writeFileSync(join(resolve(folder), READY), "");
  console.log(`Demo seeded in ${folder}`);
}
