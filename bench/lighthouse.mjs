// `npm run bench:lighthouse`: Lighthouse mobile (default throttling) on the merchant pages a phone
// user lives in and on the demo store, signed in as the demo merchant, against the built Node server.
// `--repeat`: the merchant pages opened again, the app's service worker installed and its caches kept (a merchant
// coming back to the app): one visit that installs the worker, one that fills its cache, then the measured runs.
// A blank page served beside it is measured the same way: the floor of a repeat visit under this throttling.
// `--pages=home,products,…`: only the named pages (the names of `pages` below; `merchant` and `public` name each kind).
//   node bench/lighthouse.mjs [--runs=3] [--no-build] [--repeat] [--reports=folder] [--pages=names]
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { resolve } from "node:path";
import { createClient } from "@libsql/client";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildApp, forgetEarlierVisits, freePort, signInAsDemo, startBuiltServer } from "./server.mjs";

const runsArg = process.argv.find((a) => a.startsWith("--runs="));
const RUNS = Math.max(1, Number(runsArg?.slice("--runs=".length) ?? 1));
const REPEAT = process.argv.includes("--repeat");
/** A folder to keep each measured run's report in (`--reports=folder`), to read its trace afterwards. */
const REPORTS = process.argv.find((a) => a.startsWith("--reports="))?.slice("--reports=".length);
const PAGES = process.argv
  .find((a) => a.startsWith("--pages="))
  ?.slice("--pages=".length)
  .split(",");
/**
 * Public pages: 100, their LCP ≤ 1.0 s; merchant pages: 100 too, their LCP ≤ 1.2 s on a first load (decisions 0070,
 * 0071). A merchant page opened again: the goal was an LCP ≤ 0.5 s, below what a blank page measures under this
 * throttling (decision 0072), so each is held within 0.1 s of the blank page measured in the same run.
 */
const BUDGET = {
  merchantPerformance: 100,
  merchantLcpMs: 1200,
  publicPerformance: 100,
  publicLcpMs: 1000,
  repeatGoalLcpMs: 500,
  repeatOverBlankMs: 100,
  accessibility: 100,
};

/** A page with a heading and nothing else, as small as a page can be: a repeat visit's floor (`--repeat`). */
async function startBlankPage() {
  const port = await freePort();
  const blank = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    response.end(
      '<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Página en blanco</title></head><body><main><h1>Página en blanco</h1></main></body></html>',
    );
  });
  await new Promise((listening) => blank.listen(port, "127.0.0.1", listening));
  return { url: `http://127.0.0.1:${port}/`, stop: () => new Promise((closed) => blank.close(closed)) };
}

if (!process.argv.includes("--no-build") && !buildApp()) process.exit(1);
const dataDir = resolve("tests/.tmp/lighthouse-data");
rmSync(dataDir, { recursive: true, force: true });
const server = await startBuiltServer(dataDir, { port: Number(process.env.BENCH_PORT ?? 3556) });
const ORIGIN = server.origin;

/** The public pages of the demo's T-shirt (options) and mug (gallery), found by name in the seeded database. */
async function demoProductPaths() {
  const db = createClient({ url: `file:${resolve(dataDir, "vitrina.db")}` });
  const { rows } = await db.execute(
    "select id, name from products where name in ('Camiseta estampada', 'Taza de cerámica artesanal') order by name",
  );
  db.close();
  const slugs = { "Camiseta estampada": "camiseta-estampada", "Taza de cerámica artesanal": "taza-de-ceramica-artesanal" };
  return rows.map((r) => ({ path: `/site/demo/Product/${slugs[r.name]}/${r.id}`, kind: "public" }));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let chrome;
try {
  const { cookie, storeId } = await signInAsDemo(ORIGIN);
  const workspace = (name, path) => ({ name, path: `/Store/${storeId}/${path}`, kind: "merchant" });
  const allPages = [
    { name: "home", path: "/", kind: "merchant" },
    workspace("products", "products"),
    workspace("sales", "sales"),
    workspace("info", "info"),
    workspace("new", "products/new"),
    workspace("statistics", "estadisticas"),
    workspace("promotions", "promociones"),
    workspace("carts", "carritos"),
    workspace("domain", "dominio"),
    workspace("team", "equipo"),
    { name: "store", path: "/site/demo", kind: "public" },
    // The demo's product with options (3 sizes × 2 colours, a photo per colour) and its gallery product (4 photos).
    ...(await demoProductPaths()).map((p, i) => ({ ...p, name: `product${i + 1}` })),
  ];
  const pages = PAGES ? allPages.filter((p) => PAGES.includes(p.name) || PAGES.includes(p.kind)) : allPages;
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  const rows = [];
  const blank = REPEAT ? await startBlankPage() : null;
  const measure = (page, disableStorageReset) =>
    lighthouse(page.url ?? `${ORIGIN}${page.path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      extraHeaders: page.kind === "merchant" ? { Cookie: cookie } : {},
      disableStorageReset,
    });
  const measured = REPEAT
    ? [...pages.filter((p) => p.kind === "merchant"), { path: "/", url: blank.url, kind: "blank", name: "(página en blanco)" }]
    : pages;
  for (const page of measured) {
    // A first visit from a clean browser (the worker registers), then one the worker controls (its cache fills).
    if (REPEAT) {
      await measure(page, false);
      await measure(page, true);
    }
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      if (!REPEAT) await forgetEarlierVisits(chrome.port, ORIGIN);
      const result = await measure(page, REPEAT);
      const lhr = result.lhr;
      if (REPORTS) {
        mkdirSync(REPORTS, { recursive: true });
        writeFileSync(resolve(REPORTS, `${page.path.replace(/\W+/g, "_")}-${i}.json`), JSON.stringify(lhr));
      }
      if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(page.url ?? `${ORIGIN}${page.path}`).pathname)
        throw new Error(`${page.path} ended at ${lhr.finalDisplayedUrl}`);
      runs.push({
        performance: Math.round(lhr.categories.performance.score * 100),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        lcp: lhr.audits["largest-contentful-paint"].numericValue,
        fcp: lhr.audits["first-contentful-paint"].numericValue,
        tbt: lhr.audits["total-blocking-time"].numericValue,
        cls: lhr.audits["cumulative-layout-shift"].numericValue,
        kb: lhr.audits["total-byte-weight"].numericValue / 1024,
      });
    }
    const pick = (key) => median(runs.map((r) => r[key]));
    const performance = pick("performance");
    const accessibility = pick("accessibility");
    const minimum = page.kind === "merchant" ? BUDGET.merchantPerformance : BUDGET.publicPerformance;
    const lcpLimit = page.kind === "public" ? BUDGET.publicLcpMs : BUDGET.merchantLcpMs;
    rows.push({
      page: page.kind === "blank" ? page.name : page.path,
      performance,
      accessibility,
      "FCP s": (pick("fcp") / 1000).toFixed(2),
      "LCP s": (pick("lcp") / 1000).toFixed(2),
      "TBT ms": Math.round(pick("tbt")),
      CLS: pick("cls").toFixed(3),
      "transferred KB": Math.round(pick("kb")),
      _lcp: pick("lcp"),
      _kind: page.kind,
      _ok: performance >= minimum && accessibility >= BUDGET.accessibility && (REPEAT || pick("lcp") <= lcpLimit),
    });
  }
  await blank?.stop();
  const blankLcp = rows.find((r) => r._kind === "blank")?._lcp;
  if (REPEAT) for (const r of rows) r._ok &&= r._lcp <= blankLcp + BUDGET.repeatOverBlankMs;
  console.log(
    `\nLighthouse mobile (default throttling)${REPEAT ? ", merchant pages opened again (service worker and caches kept)" : ""}, median of ${RUNS} run(s), ${new Date().toISOString()}`,
  );
  console.table(rows.map(({ _ok, _lcp, _kind, ...r }) => r));
  console.log(
    REPEAT
      ? `Budgets: performance ≥ ${BUDGET.merchantPerformance}, accessibility ${BUDGET.accessibility}, LCP within ${BUDGET.repeatOverBlankMs / 1000} s of the blank page's ${(blankLcp / 1000).toFixed(2)} s. The goal of ${BUDGET.repeatGoalLcpMs / 1000} s is ${blankLcp > BUDGET.repeatGoalLcpMs ? "under what the blank page itself measures" : "within reach"}.`
      : `Budgets: merchant pages performance ≥ ${BUDGET.merchantPerformance} with LCP ≤ ${BUDGET.merchantLcpMs / 1000} s, public pages ≥ ${BUDGET.publicPerformance} with LCP ≤ ${BUDGET.publicLcpMs / 1000} s, accessibility ${BUDGET.accessibility}.`,
  );
  for (const r of rows.filter((r) => r._kind !== "blank"))
    console.log(`${r._ok ? "✓ within budget" : "✗ UNDER BUDGET"}: ${r.page}`);
} finally {
  await chrome?.kill();
  await server.stop();
}
