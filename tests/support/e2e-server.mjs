// Starts the built server on a fresh data folder for the end-to-end run.
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { copySeededDemo } from "./seeded-demo.mjs";

const dataDir = resolve(process.env.E2E_DATA_DIR ?? "tests/.tmp/e2e-data");
rmSync(dataDir, { recursive: true, force: true });
copySeededDemo(dataDir);
mkdirSync(dataDir, { recursive: true });
const child = spawn(process.execPath, ["build/node/server/index.js"], {
  // Its output also goes to server.log in the data folder: a journey can wait for the line of a request the browser
  // gave up on (tests/e2e/helpers.ts: serverRequests).
  stdio: ["ignore", "pipe", "inherit"],
  // ADMIN_SECRET: the /SSS journey signs in with it (tests/e2e/billing.spec.ts).
  // PASSWORD_HASHING: the tests' cheap hashes (tests/support/services.ts).
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: process.env.PORT ?? "3111",
    ADMIN_SECRET: "clave-admin-e2e",
    PASSWORD_HASHING: "fast-for-tests",
  },
});
const log = createWriteStream(resolve(dataDir, "server.log"));
child.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  log.write(chunk);
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
