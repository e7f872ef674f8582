// `npm test`: every check the project has, on a fresh build.
// Stages run in lanes side by side, as this 2-core machine allows (see "Lanes" below):
//   route types → lint (but knip) | Node build → the demo seeded once, then
//   the HTTP tests that time the server's answers, alone, then
//   Playwright with JavaScript on, on the Node build | typecheck → knip → vitest's domain and data tests → the other HTTP
//   tests → Worker build → Worker smoke → journeys in workerd → Playwright with JavaScript off, on the Node build (its
//   own servers).
// Ends with each stage's time and one line: "N passed, N failed".
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";

const bin = (name) => resolve("node_modules/.bin", name);
const tmp = resolve("tests/.tmp");
mkdirSync(tmp, { recursive: true });
/** The stages that write a JSON report of their tests, and where each writes it. */
const TEST_STAGES = ["vitest-http-timed", "vitest", "vitest-http", "playwright js", "playwright no-js", "workerd-e2e"];
const report = (stage) => resolve(tmp, `report-${stage.replace(" ", "-")}.json`);
for (const stage of TEST_STAGES) rmSync(report(stage), { force: true });

const startedAll = Date.now();
const sinceStart = (time) => ((time - startedAll) / 1000).toFixed(0);
/** Seconds per stage, printed at the end. */
const times = new Map();
const failedSteps = [];

/**
 * Runs one command, each line of its output prefixed with the stage's name (lanes print at the same time).
 * Resolves to true when it exits with 0.
 */
function step(name, cmd, args, env = {}) {
  const shown = [cmd.replace(`${process.cwd()}/`, ""), ...args].join(" ");
  const started = Date.now();
  // When each step starts and ends, in seconds from the start of the run: where the lanes wait shows here.
  console.log(`▶ [${name}] at ${sinceStart(started)} s: ${shown}`);
  return new Promise((done) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = "";
      stream.on("data", (chunk) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) console.log(`[${name}] ${line}`);
      });
      stream.on("end", () => rest && console.log(`[${name}] ${rest}`));
    }
    child.on("close", (code) => {
      console.log(`■ [${name}] at ${sinceStart(Date.now())} s: exit ${code}`);
      times.set(name, (times.get(name) ?? 0) + (Date.now() - started) / 1000);
      if (code !== 0) failedSteps.push(name);
      done(code === 0);
    });
  });
}

/** Commands of one lane, one after the other; a lane stops at its first failure. */
async function lane(...steps) {
  for (const run of steps) if (!(await run())) return false;
  return true;
}

const SEEDED_DEMO_DIR = resolve(tmp, "seeded-demo");
process.env.SEEDED_DEMO_DIR = SEEDED_DEMO_DIR;

let passed = 0;
let failed = 0;

/*
 * Lanes. The machine's two cores are the limit: Playwright's journeys keep about one and a third of them busy
 * (Chromium, the server and the runner), vitest one. More at once only slows every process down, and a journey that
 * waits longer polls longer, so the suite runs two lanes (docs/decisions/0045). The JavaScript-on journeys are the
 * longest stage, so their lane starts as soon as there is something to serve: the Node build, then the demo seeded
 * once for every server of the run (tests/support/seeded-demo.mjs). Beside it the other lane writes the route modules'
 * types and lints, which takes about as long. The HTTP tests that time how fast the server answers others while it
 * reads a hostile upload (under 100 ms) then run alone: with anything beside them, they would measure the machine
 * instead. Then the JavaScript-on journeys run in one lane; the other type-checks, runs knip and vitest's files (one
 * at a time), builds the Worker's bundle (build/cloudflare, used only by the Worker stages, so it never touches the
 * Node build the journeys are served from), and runs the Worker's smoke test, the journeys in workerd and last the
 * JavaScript-off journeys (two workers, so the cores stay busy whichever lane ends first): both lanes end near the same
 * time.
 */
const vitest = (name, files) =>
  step(name, bin("vitest"), ["run", ...files, "--reporter=default", "--reporter=json", `--outputFile.json=${report(name)}`]);
/** The HTTP tests that time the server: run alone (see "Lanes"). */
const TIMED = ["tests/http/catalog-import.test.ts"];

const playwrightProject = (project, port, workers) => () =>
  step(`playwright ${project}`, bin("playwright"), ["test", `--project=${project}`, "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: report(`playwright ${project}`),
    E2E_PORT: String(port),
    E2E_WORKERS: String(workers),
    E2E_DATA_DIR: resolve(tmp, `e2e-data-${project}`),
    E2E_OUTPUT_DIR: resolve("test-results", project),
  });

/** The type check and knip: both read the route types written before the lanes. */
async function typecheckAndKnip() {
  // TypeScript 7's native compiler: the same checks as tsc 6 in a fifth of the time (docs/decisions/0047).
  const typechecked = await step("typecheck", bin("tsgo"), ["--noEmit"]);
  // Dead code and unlisted packages. In the second lane: before the lanes, it held the journeys back 7 s.
  const knipped = await step("lint", bin("knip"), []);
  return typechecked && knipped;
}

const [linted, built] = await Promise.all([
  lane(
    // The route modules' types first: the type check and knip read them.
    () => step("typecheck", bin("react-router"), ["typegen"]),
    () => step("lint", bin("biome"), ["check", "."]),
    // The Spanish of the UI and the English of the code (cspell.json).
    () => step("lint", bin("cspell"), ["--no-progress", "app"]),
    // The message catalog: none missing, none unused, every variant compiles and overrides only the base's ids.
    () => step("lint", process.execPath, ["app/messages/check.mjs"]),
    () => step("lint", bin("depcruise"), ["app", "db", "server", "workers", "tests", "--config", ".dependency-cruiser.cjs"]),
  ),
  lane(
    () => step("build", bin("react-router"), ["build"]),
    () => step("seed", process.execPath, ["tests/support/seeded-demo.mjs", SEEDED_DEMO_DIR]),
  ),
]);
failed += [linted, built].filter((ok) => !ok).length;

if (built) {
  await vitest("vitest-http-timed", TIMED);
  const [, [checked, workerSmoke]] = await Promise.all([
    playwrightProject("js", 3111, 1)(),
    (async () => {
      const checked = await typecheckAndKnip();
      await vitest("vitest", ["tests/unit", "tests/data"]);
      await vitest("vitest-http", ["tests/http", ...TIMED.map((file) => `--exclude=${file}`)]);
      // The Worker's smoke test and its journeys run on its own bundle; a failed build counts as the smoke test failed.
      const smoke =
        (await step("build", bin("react-router"), ["build"], { VITRINA_TARGET: "cloudflare" })) &&
        (await step("worker", process.execPath, ["tests/worker/smoke.mjs"], { WORKER_BUILT: "1" }));
      await step("workerd-e2e", bin("playwright"), ["test", "-c", "playwright.workerd.config.ts", "--reporter=list,json"], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: report("workerd-e2e"),
      });
      // Last, with two workers: one would leave a core partly idle beside the other lane's one, and once the other lane
      // is done, the two keep both cores busy to the end.
      await playwrightProject("no-js", 3121, 2)();
      return [checked, smoke];
    })(),
  ]);
  if (!checked) failed += 1;
  if (workerSmoke) passed += 1;
  else failed += 1;
} else if (!(await typecheckAndKnip())) failed += 1;

for (const stage of TEST_STAGES) {
  if (!existsSync(report(stage))) {
    // A test stage that failed without writing its report (its server never started, say) counts as one failure.
    if (failedSteps.includes(stage)) failed += 1;
    continue;
  }
  const results = JSON.parse(readFileSync(report(stage), "utf8"));
  if (stage.startsWith("vitest")) {
    passed += results.numPassedTests;
    failed += results.numFailedTests;
  } else {
    passed += results.stats.expected;
    failed += results.stats.unexpected + results.stats.flaky;
  }
}
console.log("\nStage times (lanes overlap, so they add up to more than the total):");
for (const [name, seconds] of times) console.log(`  ${name.padEnd(17)} ${seconds.toFixed(0).padStart(4)} s`);
console.log(`  ${"total".padEnd(17)} ${((Date.now() - startedAll) / 1000).toFixed(0).padStart(4)} s`);
if (failedSteps.length) console.log(`\nFailed steps: ${[...new Set(failedSteps)].join(", ")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
