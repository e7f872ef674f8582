// How Vitrina's pages grow with data: the built Node server on each cached data set (generated first
// when missing), pages loaded with autocannon, one markdown table.
//
//   node --import tsx bench/scale/run.mjs [--sizes=1,10,100] [--duration=10] [--warmup=2] [--connections=10] [--pages=search] [--no-build] [--no-sql]
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import Database from "libsql";
import { slugify } from "../../app/domain/slug.ts";
import { buildApp, freePort, SERVER_ENTRY, signIn, startBuiltServer } from "../server.mjs";
import { CACHE_DIR, flag, parseSizes, RARE_PRODUCT_NAME, ROOT } from "./dataset.mjs";
import { ensureDataset } from "./generate.mjs";

const SIZES = parseSizes(flag("sizes"));
const DURATION = Number(flag("duration") ?? 10);
const WARMUP = Number(flag("warmup") ?? 2);
const CONNECTIONS = Number(flag("connections") ?? 10);
const SQL_PASS = flag("no-sql") === undefined;
const RTT = process.env.DB_RTT_MS ?? "";
/** Only the pages whose name contains this (e.g. `--pages=search`). */
const ONLY = flag("pages");

// ---- the server ----

/**
 * Starts the built server on a data set. The app's test clock is set to the data set's "now" (midday
 * in Bogotá on the day it was generated, written to DATA_DIR/reloj.json), so 'Hoy' and the bill
 * dates mean the same whenever the cached file is used.
 */
async function startServer(dir, info, options = {}) {
  // Written as the linter formats JSON.
  writeFileSync(join(dir, "reloj.json"), `{ "offsetMs": ${info.anchor - Date.now()} }\n`);
  return startBuiltServer(dir, options);
}

// ---- the pages ----

function pagesOf(info, merchantCookie) {
  const pages = allPagesOf(info, merchantCookie);
  return ONLY ? pages.filter((p) => p.name.includes(ONLY)) : pages;
}

function allPagesOf(info, merchantCookie) {
  const big = info.stores.big;
  const medium = info.stores.medium;
  const site = `/site/${big.url}`;
  const desk = `/Store/${big.id}`;
  const cart = big.cart.map((l) => `${l.id}:${l.quantity}`).join("|");
  const merchant = { cookie: merchantCookie };
  return [
    { name: "home, big store", path: site },
    { name: "Tienda, big store", path: `${site}/Store` },
    { name: "Tienda `?pagina=10`", path: `${site}/Store?pagina=10` },
    { name: "product page", path: `${site}/Product/${slugify(big.product.name) || "producto"}/${big.product.id}` },
    { name: `search, common word “${big.search.common.word}”`, path: `${site}/Search?q=${big.search.common.word}` },
    {
      name: `search, rare word “${big.search.rare.word}” (1 hit)`,
      path: `${site}/Search?q=${big.search.rare.word}`,
      expect: RARE_PRODUCT_NAME,
    },
    {
      name: "search, three words in another order “hierro tetera nambu”",
      path: `${site}/Search?q=hierro+tetera+nambu`,
      expect: "Nambu",
    },
    { name: "search, a typo “nanbu” (closest)", path: `${site}/Search?q=nanbu`, expect: "Quisiste decir" },
    { name: "cart, 3 items", path: `${site}/Cart`, headers: { cookie: `carrito=${cart}` } },
    { name: `home, ${medium.products}-product store`, path: `/site/${medium.url}` },
    { name: `Tienda, ${medium.products}-product store`, path: `/site/${medium.url}/Store` },
    { name: "sales 'Últimas 20', big sales store", path: `${desk}/sales`, headers: merchant },
    { name: "sales 'Hoy'", path: `${desk}/sales?view=today`, headers: merchant },
    { name: "sales after 10 × 'Cargar más' (220)", path: `${desk}/sales?limit=220`, headers: merchant },
    { name: "sales by exact code", path: `${desk}/sales?code=${big.saleCode}`, headers: merchant, expect: big.saleCode },
    { name: "merchant products list, big store", path: `${desk}/products`, headers: merchant },
    { name: "statistics, 30 days, big store", path: `${desk}/estadisticas?periodo=30`, headers: merchant, expect: "Embudo" },
    { name: "statistics, 12 months, big store", path: `${desk}/estadisticas?periodo=12m`, headers: merchant, expect: "Embudo" },
  ];
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One unloaded look at a page: status, what it shows, round trips, and the median time to first byte of 5. */
async function inspect(origin, page) {
  const headers = { "accept-encoding": "br", ...page.headers };
  const times = [];
  let res;
  let html = "";
  for (let i = 0; i < 6; i++) {
    const start = performance.now();
    res = await fetch(`${origin}${page.path}`, { headers, redirect: "manual" });
    const elapsed = performance.now() - start;
    html = await res.text();
    if (i > 0) times.push(elapsed);
  }
  if (res.status !== 200)
    return { status: res.status, ttfb: median(times), roundTrips: null, htmlKB: html.length / 1024, shown: null };
  if (page.expect && !html.includes(page.expect)) throw new Error(`${page.path} does not show “${page.expect}”`);
  const shown = html.match(/Mostrando (\d+) venta/)?.[1];
  return {
    status: 200,
    ttfb: median(times),
    roundTrips: res.headers.get("x-vitrina-db-round-trips"),
    htmlKB: html.length / 1024,
    shown: shown === undefined ? null : Number(shown),
  };
}

async function load(origin, page, seconds) {
  const result = await autocannon({
    url: `${origin}${page.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { "accept-encoding": "br", ...page.headers },
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    bad: result.errors + result.timeouts + result.non2xx,
  };
}

// ---- the SQL pass ----

const revive = (value) => {
  if (Array.isArray(value)) return value.map(revive);
  if (value && typeof value === "object") {
    if ("$bigint" in value) return BigInt(value.$bigint);
    if ("$base64" in value) return Buffer.from(value.$base64, "base64");
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v)]));
  }
  return value;
};

/**
 * Replays a page's reads on a separate connection and reads SQLite's own counters for each from the
 * sqlite_stmt table: virtual-machine steps and full-scan steps. libSQL's rows-read counter is not
 * reachable from Node (README.md), so these stand in for it.
 */
function replay(db, statements) {
  let vmSteps = 0;
  let scanSteps = 0;
  let rows = 0;
  let reads = 0;
  const plans = new Set();
  for (const [n, s] of statements.entries()) {
    if (!s.reader || /^\s*(insert|update|delete|replace)\b/i.test(s.sql)) continue;
    reads++;
    const tagged = `${s.sql} /* scale replay ${n} ${Math.random()} */`;
    const args = revive(s.args);
    const stmt = db.prepare(tagged);
    rows += stmt.raw(true).all(args).length;
    const [stat] = db.prepare("select nstep, nscan from sqlite_stmt where sql = ?").all(tagged);
    vmSteps += stat.nstep;
    scanSteps += stat.nscan;
    for (const step of db.prepare(`EXPLAIN QUERY PLAN ${s.sql}`).all(args)) {
      if (/^SCAN (products|sales|sale_lines|stores|users|sessions)\b|TEMP B-TREE/.test(step.detail)) plans.add(step.detail);
    }
  }
  return { statements: statements.length, reads, rows, vmSteps, scanSteps, plans: [...plans] };
}

async function sqlPass(dir, info) {
  const capturePort = await freePort();
  const server = await startServer(dir, info, {
    nodeArgs: ["--import", join(ROOT, "bench/scale/sql-capture.mjs")],
    env: { SCALE_SQL_CAPTURE_PORT: String(capturePort), DB_RTT_MS: "" },
  });
  const control = (what) => fetch(`http://127.0.0.1:${capturePort}/${what}`, { method: "POST" }).then((r) => r.json());
  const db = new Database(join(dir, "vitrina.db"));
  db.exec("PRAGMA query_only = ON");
  try {
    const cookie = await signIn(server.origin, info.stores.big.ownerEmail, info.password);
    const out = [];
    for (const page of pagesOf(info, cookie)) {
      // Once unrecorded so every lazily prepared path is warm, then recorded.
      await (await fetch(`${server.origin}${page.path}`, { headers: page.headers })).text();
      await control("start");
      await (await fetch(`${server.origin}${page.path}`, { headers: page.headers })).text();
      out.push(replay(db, await control("stop")));
    }
    return out;
  } finally {
    db.close();
    await server.stop();
  }
}

// ---- one size ----

async function measureSize(size) {
  const { dir, info, cached } = await ensureDataset(size);
  console.log(
    `\n${size} %: ${cached ? "cached" : "generated"} data set ${dir} (${(info.dbBytes / 1e6).toFixed(0)} MB, generated in ${info.seconds} s)`,
  );
  const server = await startServer(dir, info);
  const results = [];
  try {
    const cookie = await signIn(server.origin, info.stores.big.ownerEmail, info.password);
    for (const page of pagesOf(info, cookie)) {
      const look = await inspect(server.origin, page);
      if (look.status !== 200) {
        // Reported in the table instead of measured: an error page's speed says nothing.
        results.push({ page: page.name, ...look });
        console.log(`  ${page.name}: HTTP ${look.status} (${page.path}), not measured`);
        continue;
      }
      if (WARMUP > 0) await load(server.origin, page, WARMUP);
      const measured = await load(server.origin, page, DURATION);
      if (measured.bad) throw new Error(`${page.path}: ${measured.bad} failed requests under load`);
      results.push({ page: page.name, ...look, ...measured });
      console.log(
        `  ${page.name}: p50 ${measured.p50} ms, p99 ${measured.p99} ms, ${Math.round(measured.rps)} req/s, TTFB ${look.ttfb.toFixed(0)} ms`,
      );
    }
  } finally {
    await server.stop();
  }
  if (SQL_PASS) {
    const sql = await sqlPass(dir, info);
    for (const [i, r] of sql.entries()) results[i].sql = r;
  }
  return { size, info, results };
}

// ---- the report ----

const fmt = (n) => (n >= 100 ? Math.round(n) : Math.round(n * 10) / 10);

function report(runs) {
  const first = runs[0];
  const last = runs.at(-1);
  const ratioHeader = runs.length > 1 ? `p99 ${last.size} %/${first.size} %` : null;
  const head = [
    "page",
    ...runs.map((r) => `${r.size} %`),
    ...(ratioHeader ? [ratioHeader] : []),
    `TTFB ms (${runs.map((r) => `${r.size} %`).join(" / ")})`,
  ];
  const sizes = runs.map((r) => `${r.size} %`).join(" / ");
  const each = (pick) => runs.map((r) => pick(r.info.stores.big).toLocaleString("en")).join(" / ");
  const lines = [
    `Big store "${first.info.stores.big.name}" at ${sizes}: ${each((b) => b.products)} products (“${first.info.stores.big.search.common.word}” in ${each((b) => b.search.common.hits)}), ${each((b) => b.sales)} sales (${each((b) => b.todaySales)} today). The control store has ${first.info.stores.medium.products} products at every size.`,
    "",
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
  ];
  first.results.forEach((row, i) => {
    const cells = runs.map((r) => {
      const x = r.results[i];
      return x.status === 200 ? `${fmt(x.p50)}/${fmt(x.p99)} (${Math.round(x.rps)})` : `HTTP ${x.status}`;
    });
    const [a, b] = [first.results[i].p99, last.results[i].p99];
    const ratio = ratioHeader ? [a && b ? (b / a).toFixed(1) : "-"] : [];
    const ttfb = runs.map((r) => r.results[i].ttfb.toFixed(0)).join(" / ");
    lines.push(`| ${[row.page, ...cells, ...ratio, ttfb].join(" | ")} |`);
  });
  const details = [
    "",
    "Per page and size: DB round trips (server header), HTML (decoded KB), rows shown (sales), and the page's reads replayed on the same file",
    "(statements read / rows returned / SQLite VM steps / full-scan steps; plans that scan a big table or sort in a temp b-tree):",
    "",
    `| page | ${runs.map((r) => `${r.size} %`).join(" | ")} |`,
    `|---|${runs.map(() => "---").join("|")}|`,
  ];
  first.results.forEach((row, i) => {
    const cells = runs.map((r) => {
      const x = r.results[i];
      const sql = x.sql
        ? `; ${x.sql.reads} reads, ${x.sql.rows} rows, ${x.sql.vmSteps.toLocaleString("en")} VM steps, ${x.sql.scanSteps} scan steps${x.sql.plans.length ? `; ${x.sql.plans.join("; ")}` : ""}`
        : "";
      if (x.status !== 200) return `HTTP ${x.status}${sql}`;
      return `${x.roundTrips} trip(s), ${x.htmlKB.toFixed(0)} KB${x.shown === null ? "" : `, ${x.shown} shown`}${sql}`;
    });
    details.push(`| ${[row.page, ...cells].join(" | ")} |`);
  });
  return [...lines, ...details].join("\n");
}

function commit() {
  const rev = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).stdout.trim();
  const dirty = spawnSync("git", ["status", "--porcelain", "--", "app", "db", "migrations", "server"], {
    cwd: ROOT,
    encoding: "utf8",
  }).stdout.trim();
  return `${rev}${dirty ? " (+ uncommitted changes in app/db/migrations/server)" : ""}`;
}

if (process.argv.includes("--no-build")) {
  if (!existsSync(SERVER_ENTRY)) throw new Error("no build: run without --no-build");
} else if (!buildApp()) {
  console.error("The build failed (app/ may be mid-edit): retry in a minute, or pass --no-build to use the last build.");
  process.exit(1);
}

const runs = [];
for (const size of SIZES) runs.push(await measureSize(size));
const title = `Vitrina scale bench, ${new Date().toISOString()}, ${commit()}: Node server on each data set, autocannon ${CONNECTIONS} connections × ${DURATION} s after a ${WARMUP} s warm-up, loopback, ${cpus().length} cores${RTT ? `, DB_RTT_MS=${RTT}` : ""}. Cells: p50/p99 ms (req/s).`;
const table = `${title}\n\n${report(runs)}\n`;
console.log(`\n${table}`);
mkdirSync(CACHE_DIR, { recursive: true });
const saved = join(CACHE_DIR, `scale-results-${new Date().toISOString().replace(/[:.]/g, "-")}.md`);
writeFileSync(saved, table);
console.log(`Saved to ${saved}`);
