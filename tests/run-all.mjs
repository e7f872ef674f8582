// `npm test`: every check the project has, in order, on a fresh build.
// typecheck → lint → build → vitest (domain + data on real libSQL) → Playwright (Chromium, JS on/off)
// → Worker bundle budget and workerd smoke → Playwright journeys on the Worker in workerd.
// Ends with one line: "N passed, N failed".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";

const bin = (name) => resolve("node_modules/.bin", name);
const tmp = resolve("tests/.tmp");
mkdirSync(tmp, { recursive: true });
const vitestJson = resolve(tmp, "vitest.json");
const playwrightJson = resolve(tmp, "playwright.json");
const workerdJson = resolve(tmp, "playwright-workerd.json");
for (const report of [vitestJson, playwrightJson, workerdJson]) rmSync(report, { force: true });

const steps = [
  ["typecheck", bin("react-router"), ["typegen"]],
  ["typecheck", bin("tsc"), ["--noEmit"]],
  ["lint", bin("biome"), ["check", "."]],
  ["build", bin("react-router"), ["build"]],
  ["vitest", bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`]],
  ["playwright", bin("playwright"), ["test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson }],
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
for (const [name, cmd, args, env] of steps) {
  console.log(`\n▶ ${name}: ${[cmd.replace(`${process.cwd()}/`, ""), ...args].join(" ")}`);
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
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
for (const report of [playwrightJson, workerdJson]) {
  if (!existsSync(report)) continue;
  const p = JSON.parse(readFileSync(report, "utf8"));
  passed += p.stats.expected;
  failed += p.stats.unexpected + p.stats.flaky;
}
if (failedSteps.length) console.log(`\nFailed steps: ${[...new Set(failedSteps)].join(", ")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
