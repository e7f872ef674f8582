// Worker check: builds the Cloudflare bundle, measures it against the 1.5 MB gzip budget,
// then boots it in workerd (wrangler dev --local) against a seeded database and requests the demo store.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { createClient } from "@libsql/client";
import { phoneJpeg } from "../http/pictures.ts";
import { bin, filesUnder, processes, run, seedDatabase, startWorkerd, WORKER_CONFIG } from "./workerd-server.mjs";

const BUDGET_GZIP = 1.5 * 1024 * 1024;
const tmp = resolve("tests/.tmp/worker");

/** fetch() cannot set Host; the store-subdomain form needs it. */
function getWithHost(url, host) {
  return new Promise((resolvePromise, reject) => {
    const req = httpRequest(url, { headers: { host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => {
        body += c;
      });
      res.on("end", () => resolvePromise({ status: res.statusCode, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** The workerd processes wrangler started (its process group), by pid. */
const workerdPids = (group) => processes().flatMap((p) => (p.command === "workerd" && p.pgrp === group ? [p.pid] : []));

const statusMiB = (pid, field) =>
  Number(
    readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((l) => l.startsWith(`${field}:`))
      ?.replace(/\D+/g, ""),
  ) / 1024;

/**
 * A 12 MP phone photo uploaded as a new product, as a browser without JavaScript sends it; measures
 * workerd's peak resident memory while the Worker processes it (Linux: the high-water mark in /proc).
 */
async function uploadPhoto(origin, group) {
  const signIn = await fetch(`${origin}/Auth`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "demo@vitrina.local", password: "vitrina-demo-2026", redirectTo: "/" }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const home = await (await fetch(`${origin}/`, { headers: { cookie } })).text();
  const storeId = home.match(/\/Store\/(\d+)\//)?.[1];
  if (!storeId) {
    const answer = (await signIn.text())
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .slice(0, 600);
    throw new Error(`no store on the merchant's home (sign-in answered ${signIn.status}: ${answer})`);
  }
  const photo = phoneJpeg(4000, 3000);
  const form = new FormData();
  for (const [k, v] of Object.entries({
    intent: "create",
    name: "Foto 12 MP",
    price: "10",
    stock: "1",
    category: "1",
    description: "",
  }))
    form.append(k, v);
  form.append("image", new Blob([photo], { type: "image/jpeg" }), "foto.jpg");
  // wrangler runs two workerd processes (its proxy and the Worker): the Worker's is the one that grows.
  const pids = workerdPids(group);
  if (pids.length === 0) throw new Error("workerd process not found");
  const before = pids.map((pid) => statusMiB(pid, "VmRSS"));
  for (const pid of pids) writeFileSync(`/proc/${pid}/clear_refs`, "5");
  const reply = await fetch(`${origin}/Store/${storeId}/products/new`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, cookie },
    body: form,
  });
  const peak = Math.max(...pids.map((pid, i) => statusMiB(pid, "VmHWM") - (before[i] ?? 0)));
  const list = await (await fetch(`${origin}/Store/${storeId}/products`, { headers: { cookie } })).text();
  console.log(`workerd: a ${(photo.byteLength / 1e6).toFixed(1)} MB, 12 MP photo took ${peak.toFixed(1)} MiB at peak`);
  return { status: reply.status, listed: list.includes("Foto 12 MP"), peak, cookie, storeId };
}

/** A catalog file previewed in the Worker: csv-parse through workerd's streams, the file kept privately in R2. */
async function previewCatalog(origin, cookie, storeId) {
  const header =
    "ID;Nombre;Descripción;Categoría;Precio;Precio anterior;Visibilidad;Opción 1;Valor 1;Opción 2;Valor 2;Opción 3;Valor 3;SKU;Precio variante;Stock;Activa";
  const form = new FormData();
  form.append("intent", "preview");
  form.append(
    "file",
    new Blob([`\uFEFF${header}\r\n;"Mate ""imperial""";Calabaza;Hogar;12,50;;Publicado;;;;;;;;;3;\r\n`], { type: "text/csv" }),
    "c.csv",
  );
  const reply = await fetch(`${origin}/Store/${storeId}/products/import`, {
    method: "POST",
    headers: { Origin: origin, cookie },
    body: form,
  });
  const html = await reply.text();
  const kept = await fetch(`${origin}/files/stores/${storeId}/private/catalog-import.csv`);
  await kept.text();
  return (
    reply.status === 200 &&
    /1(<!-- -->)? (<!-- -->)?producto se creará/.test(html) &&
    html.includes("Mate &quot;imperial&quot;") &&
    kept.status === 404
  );
}

/**
 * A logo uploaded in workerd makes its 48-px tab icon (photon's workerd build), which the store's pages name as their
 * icon; a store marked as from before tab icons is given it again by the Cron Trigger (its 192-px icon read from R2).
 */
async function logoTabIcon(origin, dbPath, cookie, storeId) {
  const form = new FormData();
  form.set("intent", "logo");
  form.set("logo", new Blob([readFileSync("tests/fixtures/jpeg/ycc420.jpg")], { type: "image/jpeg" }), "logo.jpg");
  const upload = await fetch(`${origin}/Store/${storeId}/brand`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, cookie },
    body: form,
  });
  await upload.text();
  const tabIcon = async () => {
    const html = await (await fetch(`${origin}/site/demo`, { headers: { cookie } })).text();
    const href = html.match(/<link rel="icon" href="([^"]+-icon-48\.png)"/)?.[1];
    if (!href) return false;
    const bytes = Buffer.from(await (await fetch(`${origin}${href}`)).arrayBuffer());
    return bytes.length > 24 && bytes.readUInt32BE(16) === 48 && bytes.length < 6 * 1024;
  };
  const made = upload.status === 302 && (await tabIcon());
  const db = createClient({ url: `file:${dbPath}` });
  try {
    await db.execute({ sql: "update stores set logo_tab_icon = 0 where id = ?", args: [storeId] });
    await (await fetch(`${origin}/cdn-cgi/local/scheduled?cron=*+*+*+*+*`)).text();
    let marked = false;
    for (let i = 0; i < 50 && !marked; i++) {
      const row = (await db.execute({ sql: "select logo_tab_icon from stores where id = ?", args: [storeId] })).rows[0];
      marked = Number(row?.logo_tab_icon) === 1;
      if (!marked) await new Promise((r) => setTimeout(r, 100));
    }
    return made && marked && (await tabIcon());
  } finally {
    db.close();
  }
}

/**
 * The Cron Trigger in workerd: an unpaid online order of the demo store whose time to pay ran out (seeded in the
 * database, holding one unit) gets its unit back when the scheduled handler runs, once.
 */
async function scheduledUpkeep(origin, dbPath) {
  const db = createClient({ url: `file:${dbPath}` });
  try {
    const [product] = (
      await db.execute(
        "select products.id, products.store_id from products join stores on stores.id = products.store_id where stores.url = 'demo' and products.stock - products.reserved > 0 and not exists (select 1 from product_variants v where v.product_id = products.id) limit 1",
      )
    ).rows;
    const saleId = "9000000001";
    await db.batch(
      [
        {
          sql: "insert into sales (id, store_id, state, subtotal, total, currency, buyer_name, delivery, access_token, payment_method, payment_status, stock_state, reserved_until, created_at) values (?, ?, 'Pendiente', 100, 100, 'USD', 'Lucía', 'pickup', 'token-de-prueba-1234567890', 'online', 'pending', 'held', 1, 1)",
          args: [saleId, product.store_id],
        },
        {
          sql: "insert into sale_lines (sale_id, position, product_id, name, unit_price, quantity) values (?, 0, ?, 'Prueba', 100, 1)",
          args: [saleId, product.id],
        },
        { sql: "update products set reserved = reserved + 1 where id = ?", args: [product.id] },
      ],
      "write",
    );
    const reservedOf = async () =>
      Number((await db.execute({ sql: "select reserved from products where id = ?", args: [product.id] })).rows[0]?.reserved);
    const before = await reservedOf();
    const runs = await Promise.all([
      fetch(`${origin}/cdn-cgi/local/scheduled?cron=*+*+*+*+*`),
      fetch(`${origin}/cdn-cgi/local/scheduled?cron=*+*+*+*+*`),
    ]);
    await Promise.all(runs.map((r) => r.text()));
    // waitUntil work may finish after the answer.
    let state = "";
    for (let i = 0; i < 50 && state !== "released"; i++) {
      state = String(
        (await db.execute({ sql: "select stock_state from sales where id = ?", args: [saleId] })).rows[0]?.stock_state,
      );
      if (state !== "released") await new Promise((r) => setTimeout(r, 100));
    }
    const after = await reservedOf();
    return runs.every((r) => r.ok) && state === "released" && after === before - 1;
  } finally {
    db.close();
  }
}

async function main() {
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });

  // 1. Build (unless npm test has just built it) and measure the bundle wrangler would upload.
  if (!process.env.WORKER_BUILT) run(bin("react-router"), ["build"], { VITRINA_TARGET: "cloudflare" });
  const outdir = join(tmp, "dist");
  run(bin("wrangler"), ["deploy", "--dry-run", "--outdir", outdir, "--config", WORKER_CONFIG]);
  const uploaded = filesUnder(outdir).filter((f) => /\.(m?js|wasm)$/.test(f));
  const raw = uploaded.reduce((n, f) => n + statSync(f).size, 0);
  const gzip = uploaded.reduce((n, f) => n + gzipSync(readFileSync(f), { level: 9 }).byteLength, 0);
  console.log(
    `Worker bundle: ${(raw / 1024).toFixed(1)} KiB raw, ${(gzip / 1024).toFixed(1)} KiB gzip (budget ${BUDGET_GZIP / 1024} KiB)`,
  );
  if (gzip > BUDGET_GZIP) throw new Error("Worker bundle over its 1.5 MB gzip budget");

  // 2. A migrated, seeded database: the Node server does exactly that at start.
  const dbPath = await seedDatabase(join(tmp, "data"));

  // 3. Boot the Worker in workerd, talking Hrana over HTTP to that database.
  const worker = await startWorkerd({ dbPath, stateDir: join(tmp, "state") });
  const { port, origin } = worker;
  try {
    const home = await fetch(`http://127.0.0.1:${port}/site/demo`);
    const html = await home.text();
    if (home.status !== 200) console.log(`GET /site/demo answered ${home.status}:\n${html.slice(0, 2000)}`);
    const checks = {
      "status 200": home.status === 200,
      "store name from the database": html.includes("<title>Demo</title>"),
      "products from the database": html.includes("Taza de cerámica artesanal"),
      // Only the inline loader of the public site's own enhancement script (its hashed URL from the Worker's client
      // build), which asks for it after the page's load.
      "no framework JS": (html.match(/<script[^>]*>/g) ?? []).every((tag) =>
        /^<script data-site-script="\/assets\/site-[\w-]+\.js">$/.test(tag),
      ),
    };
    // The gateway sends anonymous store pages through the cached PublicSite entrypoint, tagged for
    // purging; a shopper with a cart and the merchant app go straight to the app. (Local workerd
    // does not emulate Workers Cache itself, so hits and purges are not observable here.)
    const edgeTtl = (r) => r.headers.get("cloudflare-cdn-cache-control");
    const withCart = await fetch(`http://127.0.0.1:${port}/site/demo`, { headers: { cookie: "carrito=1234567:1" } });
    const auth = await fetch(`http://127.0.0.1:${port}/Auth`);
    checks["anonymous store page cached at the edge, tagged"] =
      edgeTtl(home) === "public, max-age=600" && /^store-\d{10}$/.test(home.headers.get("cache-tag") ?? "");
    checks["shopper with a cart and merchant app bypass the edge"] =
      withCart.status === 200 && edgeTtl(withCart) === null && auth.status === 200 && edgeTtl(auth) === null;
    await Promise.all([withCart.text(), auth.text()]);
    // The installable app's files, from the Worker's asset server (docs/decisions/0018).
    const asset = async (path) => {
      const r = await fetch(`http://127.0.0.1:${port}${path}`, { redirect: "manual" });
      return {
        status: r.status,
        type: r.headers.get("content-type"),
        cache: r.headers.get("cache-control"),
        body: await r.text(),
      };
    };
    const [sw, manifest, offline, icon, favicon] = await Promise.all(
      ["/sw.js", "/manifest.webmanifest", "/offline.html", "/icons/icon-512.png", "/favicon.ico"].map(asset),
    );
    // A build file named by its content hash: kept a year without asking, as the Node server sends it.
    const hashed = await asset(html.match(/\/assets\/site-[\w-]+\.js/)?.[0] ?? "/assets/site-missing.js");
    checks["hashed /assets/* files immutable for a year"] =
      hashed.status === 200 && /javascript/.test(hashed.type ?? "") && hashed.cache === "public, max-age=31536000, immutable";
    checks["installable app: /sw.js revalidated every time, the manifest, the offline page at its name, the icons"] =
      sw.status === 200 &&
      /javascript/.test(sw.type ?? "") &&
      sw.cache === "no-cache" &&
      manifest.status === 200 &&
      manifest.type === "application/manifest+json" &&
      JSON.parse(manifest.body).start_url === "/" &&
      offline.status === 200 &&
      offline.body.includes("Sin conexión") &&
      icon.status === 200 &&
      icon.type === "image/png";
    // The asset server names it by its registered type; the Node server by the one browsers have long used.
    checks["/favicon.ico from the asset server, not a 404"] =
      favicon.status === 200 && /^image\/(x-icon|vnd\.microsoft\.icon)$/.test(favicon.type ?? "");
    const storeHost = await getWithHost(`http://127.0.0.1:${port}/`, `demo.localhost:${port}`);
    checks["store subdomain form"] = storeHost.status === 200 && storeHost.body.includes("<title>Demo</title>");
    const missing = await fetch(`http://127.0.0.1:${port}/site/no-existe`);
    checks["unknown store 404"] = missing.status === 404 && (await missing.text()).includes("Esta página fue eliminada");
    // Health on the Worker: the process, then Turso (here the Hrana stand-in) and R2 answer.
    const live = await fetch(`http://127.0.0.1:${port}/healthz`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    checks["health: /healthz and /readyz answer, database and R2 ready, not cached"] =
      live.status === 200 &&
      ready.status === 200 &&
      ready.headers.get("cache-control") === "no-store" &&
      JSON.stringify(await ready.json()) === JSON.stringify({ status: "ok", checks: { database: "ok", files: "ok" } });

    // The test clock of local runs works on the Worker too: 3650 days on, the demo merchant is long
    // overdue and the store answers 503; reset, it is back.
    const moveClock = (fields) =>
      fetch(`${origin}/_dev/reloj`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
    const clockPage = await fetch(`${origin}/_dev/reloj`);
    await clockPage.text();
    const advanced = await moveClock({ intent: "advance", days: "3650" });
    const overdue = await fetch(`${origin}/site/demo`, { headers: { cookie: "carrito=1234567:1" } });
    const reset = await moveClock({ intent: "reset" });
    const back = await fetch(`${origin}/site/demo`, { headers: { cookie: "carrito=1234567:1" } });
    await Promise.all([overdue.text(), back.text()]);
    checks["test clock (/_dev/reloj) moves the Worker's time"] =
      clockPage.status === 200 &&
      advanced.status === 302 &&
      overdue.status === 503 &&
      reset.status === 302 &&
      back.status === 200;

    checks["the Cron Trigger releases an unpaid online order's lapsed reservation, once"] = await scheduledUpkeep(origin, dbPath);

    const photo = await uploadPhoto(origin, worker.pid);
    checks["a 12 MP photo without the browser's help becomes a product"] = photo.status === 302 && photo.listed;
    checks["its processing stays under 64 MiB in workerd (isolate limit 128 MB)"] = photo.peak < 64;
    checks["a catalog CSV is read and previewed, its file kept out of the public /files"] = await previewCatalog(
      origin,
      photo.cookie,
      photo.storeId,
    );
    checks["a logo makes its 48-px tab icon, the store's icon; the Cron Trigger makes it for a logo from before"] =
      await logoTabIcon(origin, dbPath, photo.cookie, photo.storeId);

    const failed = Object.entries(checks).filter(([, ok]) => !ok);
    for (const [name, ok] of Object.entries(checks)) console.log(`${ok ? "✓" : "✗"} workerd: ${name}`);
    // The catch below prints the Worker's log.
    if (failed.length) throw new Error(`Worker smoke failed: ${failed.map(([n]) => n).join(", ")}`);
  } catch (error) {
    console.log(worker.log().slice(-4000));
    throw error;
  } finally {
    await worker.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error.message ?? error);
    process.exit(1);
  },
);
