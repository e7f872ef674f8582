// The built Node server on a data folder, for the generator (to migrate and seed) and the bench.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { ROOT } from "./dataset.mjs";

export const SERVER_ENTRY = join(ROOT, "build/node/server/index.js");

export function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

/**
 * Starts the server on `dataDir` (always that folder's file, never a database the shell points at)
 * and resolves once it prints its URLs. `env` adds variables; `nodeArgs` go before the entry.
 */
export async function startBuiltServer(dataDir, { env: extraEnv = {}, nodeArgs = [] } = {}) {
  const port = await freePort();
  const { DATABASE_URL: _url, DATABASE_AUTH_TOKEN: _token, ...env } = process.env;
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    cwd: ROOT,
    env: { ...env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  const collect = (c) => {
    printed += c;
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise((done) => child.once("exit", done));
  const stop = async () => {
    child.kill("SIGTERM");
    await exited;
  };
  await new Promise((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${printed}`)), 120_000);
    child.stdout.on("data", () => {
      if (printed.includes("Vitrina lista en")) {
        clearTimeout(timer);
        ready();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`server exited with ${code}:\n${printed}`));
    });
  });
  return { port, origin: `http://localhost:${port}`, stop };
}
