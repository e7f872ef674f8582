// The 'Estadísticas' page's reads (its second round trip) on a data set's big store, timed in process: no server, no
// build. For a data set made before the order rollups (decision 0053), run the migration on a copy of it first:
//
//   cp bench/.data/scale-100pct-<fp>/vitrina.db /work/copy.db
//   sed 's/--> statement-breakpoint//' migrations/0029_order_statistics_rollups.sql | sqlite3 /work/copy.db
//   node --import tsx bench/scale/statistics-reads.mjs --db=/work/copy.db --info=bench/.data/scale-100pct-<fp> [--runs=50]
//
// Without --db it reads the cached data set of --size (1 by default) as it is.
import { createClient } from "@libsql/client";
import Database from "libsql";
import { localDay, parsePeriod } from "../../app/domain/statistics.ts";
import { beforeEachRoundTrip, createDb } from "../../app/services/db.ts";
import { loadStatistics, statisticsQueries } from "../../app/stats/statistics.server.ts";
import { datasetDir, flag, readInfo } from "./dataset.mjs";

const RUNS = Number(flag("runs") ?? 50);
const dir = flag("info") ?? datasetDir(Number(flag("size") ?? 1));
const info = readInfo(dir);
const dbPath = flag("db") ?? `${dir}/vitrina.db`;
/** The statements of the latest batch, for their SQLite steps below. */
let sent = [];
const client = beforeEachRoundTrip(createClient({ url: `file:${dbPath}` }), (method, args) => {
  if (method === "batch") sent = args[0].map((s) => (typeof s === "string" ? { sql: s, args: [] } : s));
});
const db = createDb(client);
const [row] = (await client.execute({ sql: "select id, time_zone from stores where id = ?", args: [info.stores.big.id] })).rows;
const store = { id: String(row?.id), timeZone: String(row?.time_zone) };
const today = localDay(info.anchor, store.timeZone);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Wall time and this process's CPU time of each run (SQLite runs in it: on a busy machine the CPU is the steadier). */
async function timed(name, read) {
  await read();
  const times = [];
  const cpu = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const used = process.cpuUsage();
    await read();
    const spent = process.cpuUsage(used);
    times.push(performance.now() - start);
    cpu.push((spent.user + spent.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const ms = (v) => v.toFixed(1);
  console.log(
    `| ${name} | ${ms(percentile(times, 50))} / ${ms(percentile(times, 99))} | ${ms(percentile(cpu, 50))} / ${ms(percentile(cpu, 99))} |`,
  );
}

console.log(`${dbPath}: ${info.stores.big.name}, today ${today}, ${RUNS} runs each\n`);
console.log("| read | wall ms p50 / p99 | CPU ms p50 / p99 |\n|---|---|---|");
const steps = [];
for (const periodo of ["30", "12m"]) {
  const period = parsePeriod(new URLSearchParams({ periodo }), today);
  await timed(`statistics ${periodo}: the page's batch (six reads)`, () => loadStatistics(db, store, period));
  const names = [
    "visits per bar and source",
    "the funnel's page views",
    "products viewed most",
    "orders per bar and source",
    "products sold most (units and revenue)",
    "orders recovered from abandoned carts",
  ];
  for (const [i, name] of names.entries())
    await timed(`statistics ${periodo}: ${name}`, () => statisticsQueries(db, store, period)[i]);
  await loadStatistics(db, store, period);
  steps.push([periodo, sent]);
}
client.close();

// SQLite's virtual-machine steps and rows of each read of the batch (the machine's load does not change them), read
// from the sqlite_stmt table after running it once on another connection.
const replay = new Database(dbPath, { readonly: true });
console.log("\n| period | read | rows | VM steps |\n|---|---|---|---|");
for (const [periodo, statements] of steps) {
  let total = 0;
  for (const [n, statement] of statements.entries()) {
    const tagged = `${statement.sql} /* statistics read ${n} ${Math.random()} */`;
    const rows = replay
      .prepare(tagged)
      .raw(true)
      .all(statement.args ?? []).length;
    const [stat] = replay.prepare("select nstep from sqlite_stmt where sql = ?").all(tagged);
    total += stat.nstep;
    console.log(`| ${periodo} | ${n + 1} | ${rows} | ${stat.nstep.toLocaleString("en")} |`);
  }
  console.log(`| ${periodo} | all | | ${total.toLocaleString("en")} |`);
}
replay.close();
