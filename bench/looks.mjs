// `npm run bench:looks`: the demo store's home in every preset of 'Diseño', against the built Node server:
// the bytes a phone receives (the HTML as brotli, the web font when the preset has one) and Lighthouse mobile
// (default throttling: performance, accessibility, best practices, SEO), with the LCP beside the plain look's.
// The demo gets three banners first (uploaded through 'Logo y banner' as a merchant does), so the home's largest
// picture is the first banner, as on most stores; `--no-banners` measures the home as the demo is seeded.
//   node --import tsx bench/looks.mjs [--runs=3] [--no-build] [--no-banners] [--presets=a,b] [--reports=folder]
//     [--screenshots=folder]
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { createClient } from "@libsql/client";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { drawPicture } from "../app/demo/pictures.ts";
import { DEFAULT_LOOK, PRESET_IDS, PRESETS, withPreset } from "../app/domain/look.ts";
import { BANNER_RECOMMENDED } from "../app/media/image-rules.ts";
import { encodePng } from "../app/media/png.ts";
import { buildApp, forgetEarlierVisits, signInAsDemo, startBuiltServer, transferred } from "./server.mjs";

const argument = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const RUNS = Math.max(1, Number(argument("runs") ?? 1));
const SCREENSHOTS = argument("screenshots");
/** Some presets only (`--presets=clasico,oscuro`); Clásico, the reference, is always measured first. */
const ONLY = argument("presets")?.split(",");
/** A folder to keep each run's Lighthouse report in (`--reports=folder`), to read its trace afterwards. */
const REPORTS = argument("reports");
/** The rules of 'Diseño': every preset at 100 in each category, its LCP ≤ 1.0 s and within 0.1 s of the plain look's. */
const BUDGET = { score: 100, lcpMs: 1000, lcpSlackMs: 100, fontKb: 50 };

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (!process.argv.includes("--no-build") && !buildApp()) process.exit(1);
const dataDir = resolve("tests/.tmp/looks-bench-data");
rmSync(dataDir, { recursive: true, force: true });
const server = await startBuiltServer(dataDir, { port: Number(process.env.BENCH_PORT ?? 3557) });
const ORIGIN = server.origin;
const HOME = `${ORIGIN}/site/demo`;
const BANNERS = !process.argv.includes("--no-banners");

/** Three banners at the size 'Logo y banner' recommends, drawn like the demo's products, sent through its form. */
async function uploadBanners() {
  const { cookie, storeId } = await signInAsDemo(ORIGIN);
  const form = new FormData();
  form.set("intent", "banner");
  const { width, height } = BANNER_RECOMMENDED;
  for (const [i, shape] of ["bag", "mug", "plant"].entries()) {
    const png = encodePng(drawPicture({ shape, hue: 20 + i * 110, backdropHue: 40 + i * 90 }, width, height), width, height);
    form.append("banner", new Blob([png], { type: "image/png" }), `banner-${i + 1}.png`);
  }
  const res = await fetch(`${ORIGIN}/Store/${storeId}/brand`, {
    method: "POST",
    headers: { cookie, Origin: ORIGIN },
    body: form,
    redirect: "manual",
  });
  const shown = await (await fetch(HOME)).text();
  if (res.status >= 400 || !shown.includes('class="carousel"'))
    throw new Error(`the demo's banners were not added (${res.status})`);
}
if (BANNERS) await uploadBanners();

async function publish(look) {
  const db = createClient({ url: `file:${resolve(dataDir, "vitrina.db")}` });
  try {
    await db.execute({
      sql: "update stores set look = ?, updated_at = updated_at + 1000 where url = 'demo'",
      args: [JSON.stringify(look)],
    });
  } finally {
    db.close();
  }
}

let chrome;
let browser;
try {
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  if (SCREENSHOTS) {
    mkdirSync(SCREENSHOTS, { recursive: true });
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
  }
  const rows = [];
  for (const preset of PRESET_IDS.filter((id) => !ONLY || id === "clasico" || ONLY.includes(id))) {
    await publish(withPreset(DEFAULT_LOOK, preset));
    const html = await (await fetch(HOME)).text();
    const font = html.match(/data-font-src="([^"]+)"/)?.[1] ?? null;
    const htmlBr = await transferred(HOME, "br");
    const fontBytes = font ? await transferred(`${ORIGIN}${font}`, "br") : 0;
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      await forgetEarlierVisits(chrome.port, ORIGIN);
      const { lhr } = await lighthouse(HOME, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      // The script asks for the font only after the load on a first visit: asked before, the run was not one.
      const fontAsked = lhr.audits["network-requests"].details.items.find((r) => r.resourceType === "Font");
      const { observedLoad } = lhr.audits.metrics.details.items[0];
      if (fontAsked && fontAsked.rendererStartTime < observedLoad)
        throw new Error(`${preset}, run ${i + 1}: the font was asked before the load, as on a later visit`);
      if (REPORTS) {
        mkdirSync(REPORTS, { recursive: true });
        writeFileSync(resolve(REPORTS, `${preset}-${i}.json`), JSON.stringify(lhr));
      }
      runs.push({
        performance: Math.round(lhr.categories.performance.score * 100),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        bestPractices: Math.round(lhr.categories["best-practices"].score * 100),
        seo: Math.round(lhr.categories.seo.score * 100),
        lcp: lhr.audits["largest-contentful-paint"].numericValue,
      });
      if (process.env.LOOKS_DEBUG)
        console.log(preset, "simulated LCP", Math.round(lhr.audits["largest-contentful-paint"].numericValue));
    }
    const pick = (key) => median(runs.map((r) => r[key]));
    rows.push({
      preset: PRESETS[preset].label.defaultMessage,
      "HTML br KB": (htmlBr / 1024).toFixed(1),
      "font KB": (fontBytes / 1024).toFixed(1),
      performance: pick("performance"),
      accessibility: pick("accessibility"),
      "best practices": pick("bestPractices"),
      SEO: pick("seo"),
      "LCP s": (pick("lcp") / 1000).toFixed(2),
      _lcp: pick("lcp"),
      _font: fontBytes,
    });
    if (browser) {
      const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
      await page.goto(HOME);
      // The store's font comes after the page's load (app/ui/look-view.ts): the picture shows it.
      await page.waitForFunction(
        () => !document.querySelector("[data-font-src]") || [...document.fonts].some((face) => face.status === "loaded"),
        undefined,
        { timeout: 10_000 },
      );
      await page.screenshot({ path: resolve(SCREENSHOTS, `demo-${preset}-360.png`) });
      await page.close();
    }
  }
  const plainLcp = rows[0]._lcp;
  console.log(
    `\nThe demo's home ${BANNERS ? "with 3 banners" : "as seeded (no banner)"} in each preset: Lighthouse mobile (default throttling), median of ${RUNS} run(s), ${new Date().toISOString()}`,
  );
  console.table(
    rows.map(({ _lcp, _font, ...r }) => ({
      ...r,
      "LCP vs Clásico": `${_lcp - plainLcp >= 0 ? "+" : ""}${((_lcp - plainLcp) / 1000).toFixed(2)} s`,
    })),
  );
  console.log(
    `Budgets: ${BUDGET.score} in every category, LCP ≤ ${BUDGET.lcpMs / 1000} s and within ${BUDGET.lcpSlackMs / 1000} s of Clásico, a font file ≤ ${BUDGET.fontKb} KB.`,
  );
  for (const r of rows) {
    const ok =
      [r.performance, r.accessibility, r["best practices"], r.SEO].every((score) => score >= BUDGET.score) &&
      r._lcp <= BUDGET.lcpMs &&
      r._lcp - plainLcp <= BUDGET.lcpSlackMs &&
      r._font <= BUDGET.fontKb * 1024;
    console.log(`${ok ? "✓ within budget" : "✗ OVER BUDGET"}: ${r.preset}`);
  }
} finally {
  await publish(DEFAULT_LOOK).catch(() => undefined);
  await browser?.close();
  await chrome?.kill();
  await server.stop();
}
