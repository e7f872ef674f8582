// The 'Estadísticas' page's reads (its second round trip) on a data set's big store, timed in process: no server, no
// build. For a data set made before the order rollups (decision 0053), run the migration on a copy of it first:
//
//   cp bench/.data/scale-100pct-<fp>/vitrina.db /work/copy.db
//   sed 's/--> statement-breakpoint//' migrations/0029_order_statistics_rollups.sql | sqlite3 /work/copy.db
//   node --import tsx bench/scale/statistics-reads.mjs --db=/work/copy.db --info=bench/.data/scale-100pct-<fp> [--runs=50]
//
// Without --db it reads the cached data set of --size (1 by default) as it is.
import { createClient } from "@libsql/client";
import { localDay, parsePeriod } from "../../app/domain/statistics.ts";
import { createDb } from "../../app/services/db.ts";
import { loadStatistics, statisticsQueries } from "../../app/stats/statistics.server.ts";
import { datasetDir, flag, readInfo } from "./dataset.mjs";

const RUNS = Number(flag("runs") ?? 50);
const dir = flag("info") ?? datasetDir(Number(flag("size") ?? 1));
const info = readInfo(dir);
const dbPath = flag("db") ?? `${dir}/vitrina.db`;
const client = createClient({ url: `file:${dbPath}` });
const db = createDb(client);
const [row] = (await client.execute({ sql: "select id, time_zone from stores where id = ?", args: [info.stores.big.id] })).rows;
const store = { id: String(row?.id), timeZone: String(row?.time_zone) };
const today = localDay(info.anchor, store.timeZone);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function timed(name, read) {
  await read();
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await read();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const ms = (v) => v.toFixed(1);
  console.log(`| ${name} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 99))} | ${ms(times.at(-1))} |`);
}

console.log(`${dbPath}: ${info.stores.big.name}, today ${today}, ${RUNS} runs each\n`);
console.log("| read | p50 ms | p99 ms | max ms |\n|---|---|---|---|");
for (const periodo of ["30", "12m"]) {
  const period = parsePeriod(new URLSearchParams({ periodo }), today);
  await timed(`statistics ${periodo}: the page's batch (five reads)`, () => loadStatistics(db, store, period));
  const names = [
    "visits per bar and source",
    "the funnel's page views",
    "products viewed most",
    "orders per bar and source",
    "products sold most (units and revenue)",
  ];
  for (const [i, name] of names.entries())
    await timed(`statistics ${periodo}: ${name}`, () => statisticsQueries(db, store, period)[i]);
}
client.close();
