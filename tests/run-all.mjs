// `npm test`: every check the project has, in order, on a fresh build.
// typecheck → lint → build → vitest (domain + data on real libSQL) → Playwright (Chromium, JS on/off)
// → Worker bundle budget and workerd smoke → Playwright journeys on the Worker in workerd.
// Ends with one line: "N passed, N failed".
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";

const bin = (name) => resolve("node_modules/.bin", name);
const tmp = resolve("tests/.tmp");
mkdirSync(tmp, { recursive: true });
const vitestJson = resolve(tmp, "vitest.json");
const workerdJson = resolve(tmp, "playwright-workerd.json");
/**
 * The Node journeys run in this many Playwright processes at once, each on its own share of the spec files with its
 * own server, port and data folder (E2E_SHARDS). One shard keeps about two thirds of this 2-core machine busy
 * (Chromium's rendering most of it): two took 6.5 minutes instead of 7.5 but left picture uploads and timed checks
 * short of their 5 s now and then, and four overloaded it. One by default, so a run's result does not depend on luck.
 */
const SHARDS = Number(process.env.E2E_SHARDS ?? 1);
const shardJson = (n) => resolve(tmp, `playwright-${n}.json`);
const shards = Array.from({ length: SHARDS }, (_, i) => i + 1);
for (const report of [vitestJson, workerdJson, ...shards.map(shardJson)]) rmSync(report, { force: true });

/** The Playwright shards, in parallel; each line of their output is prefixed with its shard. Resolves to the exit codes. */
function playwrightShards() {
  const run = (n) =>
    new Promise((done) => {
      const child = spawn(bin("playwright"), ["test", `--shard=${n}/${SHARDS}`, "--reporter=list,json"], {
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          ...process.env,
          PLAYWRIGHT_JSON_OUTPUT_NAME: shardJson(n),
          E2E_PORT: String(3110 + n),
          E2E_DATA_DIR: resolve(tmp, `e2e-data-${n}`),
          E2E_OUTPUT_DIR: resolve("test-results", `shard-${n}`),
        },
      });
      for (const stream of [child.stdout, child.stderr]) {
        let rest = "";
        stream.on("data", (chunk) => {
          const lines = (rest + chunk).split("\n");
          rest = lines.pop() ?? "";
          for (const line of lines) console.log(`[${n}/${SHARDS}] ${line}`);
        });
        stream.on("end", () => rest && console.log(`[${n}/${SHARDS}] ${rest}`));
      }
      child.on("close", (code) => done(code ?? 1));
    });
  return Promise.all(shards.map(run));
}

const steps = [
  ["typecheck", bin("react-router"), ["typegen"]],
  ["typecheck", bin("tsc"), ["--noEmit"]],
  ["lint", bin("biome"), ["check", "."]],
  ["build", bin("react-router"), ["build"]],
  ["vitest", bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`]],
  ["playwright", "shards"],
  ["worker", process.execPath, ["tests/worker/smoke.mjs"]],
  // After the smoke, whose Worker build the journeys reuse.
  [
    "workerd-e2e",
    bin("playwright"),
    ["test", "-c", "playwright.workerd.config.ts", "--reporter=list,json"],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: workerdJson },
  ],
];

let passed = 0;
let failed = 0;
const failedSteps = [];
/** Seconds per stage, printed at the end. */
const times = new Map();
const startedAll = Date.now();
for (const [name, cmd, args, env] of steps) {
  const shown =
    cmd === "shards"
      ? `${SHARDS} × playwright test --shard=n/${SHARDS}`
      : [cmd.replace(`${process.cwd()}/`, ""), ...args].join(" ");
  console.log(`\n▶ ${name}: ${shown}`);
  const started = Date.now();
  const result =
    cmd === "shards"
      ? { status: (await playwrightShards()).every((code) => code === 0) ? 0 : 1 }
      : spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  times.set(name, (times.get(name) ?? 0) + (Date.now() - started) / 1000);
  if (result.status !== 0) failedSteps.push(name);
  if (["typecheck", "lint", "build", "worker"].includes(name)) {
    if (result.status === 0) passed += name === "worker" ? 1 : 0;
    else failed += 1;
  }
  if (result.status !== 0 && ["typecheck", "build"].includes(name)) break;
}

if (existsSync(vitestJson)) {
  const v = JSON.parse(readFileSync(vitestJson, "utf8"));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
}
for (const report of [...shards.map(shardJson), workerdJson]) {
  if (!existsSync(report)) continue;
  const p = JSON.parse(readFileSync(report, "utf8"));
  passed += p.stats.expected;
  failed += p.stats.unexpected + p.stats.flaky;
}
console.log("\nStage times:");
for (const [name, seconds] of times) console.log(`  ${name.padEnd(12)} ${seconds.toFixed(0).padStart(4)} s`);
console.log(`  ${"total".padEnd(12)} ${((Date.now() - startedAll) / 1000).toFixed(0).padStart(4)} s`);
if (failedSteps.length) console.log(`\nFailed steps: ${[...new Set(failedSteps)].join(", ")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
