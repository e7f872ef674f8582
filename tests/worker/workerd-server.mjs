// The Worker build running in local workerd (`wrangler dev --local`) against a seeded database:
// shared by the workerd smoke (smoke.mjs) and the Playwright journeys (workerd-e2e-server.mjs).
import { spawn, spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { freePort } from "../support/free-port.mjs";
import { copySeededDemo, seedFolder } from "../support/seeded-demo.mjs";
import { startHranaServer } from "./hrana-server.mjs";

export const bin = (name) => resolve("node_modules/.bin", name);
const toolEnv = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true", NO_COLOR: "1" };
export const WORKER_CONFIG = "build/cloudflare/server/wrangler.json";

/** Runs a command to its end; `quiet` keeps only its error output. */
export function run(cmd, args, extraEnv = {}, { quiet = false } = {}) {
  const stdio = quiet ? ["ignore", "ignore", "inherit"] : "inherit";
  const r = spawnSync(cmd, args, { stdio, env: { ...toolEnv, ...extraEnv } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (${r.status})`);
}

export function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

async function waitFor(url, predicate = () => true, timeoutMs = 60_000, alive = () => true) {
  const start = Date.now();
  for (;;) {
    try {
      const r = await fetch(url);
      if (predicate(r)) return r;
      await r.body?.cancel();
    } catch {}
    if (!alive()) throw new Error(`the process serving ${url} exited`);
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${url}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** A migrated database with the demo merchant and store: the built Node server does exactly that at start. */
export async function seedDatabase(dataDir) {
  if (!copySeededDemo(dataDir)) await seedFolder(dataDir);
  return join(dataDir, "vitrina.db");
}

/** Every process running now, from /proc/{pid}/stat: its id, command name, parent and process group. */
export function processes() {
  const found = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const [, ppid, pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      found.push({ pid: Number(name), command, ppid: Number(ppid), pgrp: Number(pgrp) });
    } catch {}
  }
  return found;
}

/** Every process under `pid` (children, grandchildren…). */
function descendants(pid) {
  const all = processes();
  const found = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift();
    for (const child of all) {
      if (child.ppid === parent) {
        found.push(child.pid);
        queue.push(child.pid);
      }
    }
  }
  return found;
}

/**
 * Starts the Worker build in workerd, talking Hrana over HTTP to the libSQL file `dbPath`, with R2
 * kept under `stateDir`; resolves once it serves the demo store. `detached` puts wrangler and its
 * workerd processes in their own process group (`pid`); otherwise they stay in the caller's, so
 * whoever kills the caller's group also stops them. `stop()` ends both the Worker and the database endpoint.
 */
export async function startWorkerd({ dbPath, stateDir, port, detached = true, logTo }) {
  const hrana = await startHranaServer({ path: dbPath });
  const appPort = port ?? (await freePort());
  const inspectorPort = await freePort();
  const origin = `http://localhost:${appPort}`;
  const wrangler = spawn(
    bin("wrangler"),
    [
      "dev",
      "--config",
      WORKER_CONFIG,
      "--local",
      "--ip",
      "127.0.0.1",
      "--port",
      String(appPort),
      "--inspector-port",
      String(inspectorPort),
      "--persist-to",
      stateDir,
      "--show-interactive-dev-session=false",
      // GET /cdn-cgi/local/scheduled runs the Cron Trigger's handler (the orders' upkeep).
      "--test-scheduled",
      "--var",
      "VITRINA_ENV:local",
      "--var",
      `APP_ORIGIN:${origin}`,
      "--var",
      "STORES_DOMAIN:localhost",
      "--var",
      `DATABASE_URL:http://127.0.0.1:${hrana.port}`,
    ],
    { env: toolEnv, stdio: ["ignore", "pipe", "pipe"], detached },
  );
  let log = "";
  const collect = (d) => {
    log += d;
    logTo?.write(d);
  };
  wrangler.stdout.on("data", collect);
  wrangler.stderr.on("data", collect);
  let exited = false;
  const exit = new Promise((r) => wrangler.on("exit", r));
  exit.then(() => {
    exited = true;
  });

  let stopped;
  const stop = () => {
    stopped ??= (async () => {
      const processes = detached ? [] : descendants(wrangler.pid);
      try {
        if (detached) process.kill(-wrangler.pid, "SIGTERM");
        else wrangler.kill("SIGTERM");
      } catch {}
      await Promise.race([exit, new Promise((r) => setTimeout(r, 5000))]);
      for (const pid of processes) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {}
      }
      if (detached) {
        try {
          process.kill(-wrangler.pid, "SIGKILL");
        } catch {}
      }
      await new Promise((r) => hrana.server.close(r));
    })();
    return stopped;
  };

  try {
    const ready = await waitFor(
      `http://127.0.0.1:${appPort}/site/demo`,
      (r) => r.status !== 503,
      90_000,
      () => !exited,
    );
    await ready.body?.cancel();
    return { port: appPort, origin, pid: wrangler.pid, log: () => log, stop };
  } catch (error) {
    await stop();
    throw new Error(`${error.message}\n${log.slice(-4000)}`);
  }
}

/** Whether `output` is missing or older than any file it is built from. */
export function isStale(output, sources) {
  let built;
  try {
    built = statSync(output).mtimeMs;
  } catch {
    return true;
  }
  const newest = (path) => {
    const s = statSync(path, { throwIfNoEntry: false });
    if (!s) return 0;
    if (!s.isDirectory()) return s.mtimeMs;
    return Math.max(s.mtimeMs, ...filesUnder(path).map((f) => statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? 0));
  };
  return sources.some((source) => newest(source) > built);
}
