// `npm run bench`: builds, starts the single-machine server on a fresh data folder and prints,
// per public page, the figures DESIGN.md budgets: JS shipped, HTML size, DB round trips, latency.
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import autocannon from "autocannon";

const PORT = Number(process.env.BENCH_PORT ?? 3555);
const ORIGIN = `http://localhost:${PORT}`;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const PAGES = [
  { name: "home", path: "/site/demo", kind: "public" },
  { name: "login (merchant app)", path: "/Auth", kind: "merchant" },
];
const BUDGET = { js: 0, htmlBrotli: 14 * 1024, roundTrips: 1, merchantJsGzip: 130 * 1024 };

const br = (buf) => brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength;
const gz = (buf) => gzipSync(buf, { level: 9 }).byteLength;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

if (!process.argv.includes("--no-build")) {
  const b = spawnSync(resolve("node_modules/.bin/react-router"), ["build"], { stdio: "inherit" });
  if (b.status !== 0) process.exit(1);
}
const dataDir = resolve("tests/.tmp/bench-data");
rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, ["build/node/server/index.js"], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir },
  stdio: "ignore",
});

async function waitReady() {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${ORIGIN}${PAGES[0].path}`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not start");
}

try {
  await waitReady();
  const rows = [];
  for (const page of PAGES) {
    const res = await fetch(`${ORIGIN}${page.path}`);
    const html = Buffer.from(await res.arrayBuffer());
    const text = html.toString("utf8");
    const scriptSrcs = [...text.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
    const preloads = [...text.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    const inline = [...text.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("");
    let jsGzip = inline ? gz(Buffer.from(inline)) : 0;
    let jsBrotli = inline ? br(Buffer.from(inline)) : 0;
    for (const src of new Set([...scriptSrcs, ...preloads])) {
      const js = Buffer.from(await (await fetch(new URL(src, ORIGIN))).arrayBuffer());
      jsGzip += gz(js);
      jsBrotli += br(js);
    }
    const roundTrips = Number(res.headers.get("x-vitrina-db-round-trips"));
    const load = await autocannon({ url: `${ORIGIN}${page.path}`, connections: 10, duration: DURATION });
    rows.push({
      page: page.name,
      path: page.path,
      status: res.status,
      "JS gzip": kb(jsGzip),
      "JS brotli": kb(jsBrotli),
      "HTML raw": kb(html.byteLength),
      "HTML gzip": kb(gz(html)),
      "HTML brotli": kb(br(html)),
      "DB round trips": roundTrips,
      "p50 ms": load.latency.p50,
      "p99 ms": load.latency.p99,
      "req/s": Math.round(load.requests.average),
      errors: load.errors + load.non2xx,
      _ok:
        page.kind === "public"
          ? jsBrotli <= BUDGET.js && br(html) <= BUDGET.htmlBrotli && roundTrips <= BUDGET.roundTrips
          : jsGzip <= BUDGET.merchantJsGzip,
    });
  }
  console.log(`\nVitrina bench: ${DURATION}s of load per page, 10 connections, loopback, ${new Date().toISOString()}`);
  console.table(rows.map(({ _ok, ...r }) => r));
  console.log(
    `Budgets (DESIGN.md): public pages 0 framework JS, HTML ≤ ${kb(BUDGET.htmlBrotli)} brotli, ≤ ${BUDGET.roundTrips} DB round trip; merchant app first load ≤ ${kb(BUDGET.merchantJsGzip)} JS gzip.`,
  );
  for (const r of rows) console.log(`${r._ok ? "✓ within budget" : "✗ OVER BUDGET"}: ${r.page}`);
} finally {
  server.kill("SIGTERM");
}
