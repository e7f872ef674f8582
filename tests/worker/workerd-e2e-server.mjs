// Playwright's web server for the journeys in tests/workerd: the Worker build in local workerd on
// PORT, against a freshly seeded database (tests/.tmp/workerd-e2e). Either build is made only when it
// is missing or older than its sources, so a run right after `npm test`'s builds starts at once.
import { createWriteStream, mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { bin, isStale, run, seedDatabase, startWorkerd } from "./workerd-server.mjs";

const tmp = resolve("tests/.tmp/workerd-e2e");
const port = Number(process.env.PORT);
if (!port) throw new Error("PORT is required");

const shared = ["app", "db", "migrations", "vite.config.ts", "react-router.config.ts", "package-lock.json"];
if (isStale("build/node/server/index.js", [...shared, "server"])) {
  console.log("workerd e2e: building the Node server (it seeds the database)");
  run(bin("react-router"), ["build"], {}, { quiet: true });
}
if (isStale("build/cloudflare/server/index.js", [...shared, "workers", "wrangler.toml"])) {
  console.log("workerd e2e: building the Worker");
  run(bin("react-router"), ["build"], { VITRINA_TARGET: "cloudflare" }, { quiet: true });
}

rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });
const dbPath = await seedDatabase(join(tmp, "data"));
const logFile = join(tmp, "wrangler.log");
// Not detached: wrangler and workerd stay in this process group, which Playwright ends as a whole.
const worker = await startWorkerd({
  dbPath,
  stateDir: join(tmp, "state"),
  port,
  detached: false,
  logTo: createWriteStream(logFile),
});
console.log(`workerd e2e: the Worker answers on ${worker.origin} (its log: ${logFile})`);

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => worker.stop().then(() => process.exit(0)));
}
