// `npm run bench`: builds, starts the single-machine server on a fresh data folder, seeds a 50-product
// store next to the demo and prints, per public page, the budgets of docs/architecture.md and the README: JS shipped
// (framework JS apart from the site's one enhancement script), HTML size, DB round trips, latency.
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { createClient } from "@libsql/client";
import autocannon from "autocannon";
import { buildApp, signInAsDemo, startBuiltServer, transferred } from "./server.mjs";

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const BENCH_STORE = "bench50";
// Filled in once the 50-product store is seeded (the product path needs its id).
const PAGES = [
  { name: "home (50 products)", path: `/site/${BENCH_STORE}`, kind: "public" },
  { name: "tienda", path: `/site/${BENCH_STORE}/Store`, kind: "public" },
  { name: "product", path: "", kind: "public" },
  { name: "product, 3×4 variants, 8 photos", path: "", kind: "public" },
  { name: "search", path: `/site/${BENCH_STORE}/Search?q=cafe`, kind: "public" },
  { name: "demo home", path: "/site/demo", kind: "public" },
  { name: "login (merchant app)", path: "/Auth", kind: "merchant" },
];
const BUDGET = { js: 0, siteScriptBrotli: 10 * 1024, htmlBrotli: 14 * 1024, roundTrips: 1, merchantJsGzip: 130 * 1024 };
const SITE_SCRIPT = /^\/assets\/site-[\w-]+\.js$/;

const br = (buf) => brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength;
const gz = (buf) => gzipSync(buf, { level: 9 }).byteLength;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

if (!process.argv.includes("--no-build") && !buildApp()) process.exit(1);
const dataDir = resolve("tests/.tmp/bench-data");
rmSync(dataDir, { recursive: true, force: true });
const server = await startBuiltServer(dataDir, { port: Number(process.env.BENCH_PORT ?? 3555) });
const ORIGIN = server.origin;

const normalize = (t) =>
  t
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
const digits = (n, i) =>
  String(i + 1)
    .padStart(n, "0")
    .replace(/^0/, "9");

/** A realistic store: 50 products with images (some on offer, some sold out), 3 banners, 2 sections, straight into the database. */
async function seedBenchStore() {
  const db = createClient({ url: `file:${dataDir}/vitrina.db`, timeout: 5000 });
  const now = Date.now();
  const images = (await db.execute("select image_key, image_width, image_height from products where image_key is not null")).rows;
  const storeId = "9000000050";
  const names = [
    "Café de Colombia",
    "Arepa de maíz",
    "Panela orgánica",
    "Mochila wayuu",
    "Sombrero vueltiao",
    "Chocolate de mesa",
    "Cafetera italiana",
    "Hamaca tejida",
    "Bolso de fique",
    "Vela aromática",
  ];
  const stmts = [
    {
      sql: "insert into users (id, name, lastname, email, password_hash, trial_started, bill_due_at, created_at) values ('bench-user', 'Banco', 'Prueba', 'bench@vitrina.local', 'x', 1, ?, ?)",
      args: [now + 20 * 864e5, now],
    },
    {
      sql: "insert into stores (id, owner_id, name, url, category, currency, description, main_title, store_title, sale_number, location, logo_key, created_at, updated_at) select ?, 'bench-user', 'Tienda Banco', ?, 6, 'COP', 'Productos hechos en Colombia, con envío a todo el país.', 'Bienvenidos a Tienda Banco', 'Nuestros productos', '573001234567', 'Medellín, Colombia', logo_key, ?, ? from stores where url = 'demo'",
      args: [storeId, BENCH_STORE, now, now],
    },
  ];
  for (let i = 0; i < 3; i++) {
    const img = images[i % images.length];
    stmts.push({
      sql: "insert into store_banners (store_id, key, name, width, height, position) values (?, ?, ?, ?, ?, ?)",
      args: [storeId, img.image_key, `banner-${i}`, img.image_width, img.image_height, i],
    });
  }
  for (let i = 0; i < 50; i++) {
    const img = images[i % images.length];
    const name = `${names[i % names.length]} ${Math.floor(i / names.length) + 1}`;
    stmts.push({
      sql: "insert into products (id, store_id, name, search_text, price, compare_at_price, stock, description, category, image_key, image_width, image_height, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      args: [
        digits(7, i),
        storeId,
        name,
        ` ${normalize(name)}`,
        1500000 + i * 25000,
        // Every fourth product on offer (its old price struck through, '-N %'), every ninth sold out: the longest cards.
        i % 4 === 1 ? 2000000 + i * 25000 : null,
        i % 9 === 8 ? 0 : 5 + (i % 7),
        `Descripción de ${name}: hecho a mano por artesanos de la región.`,
        i % 16,
        img.image_key,
        img.image_width,
        img.image_height,
        now - i * 60000,
      ],
    });
  }
  for (const [s, title] of ["Lo más vendido", "Novedades"].entries()) {
    const sectionId = `80000${s + 1}0`;
    stmts.push({
      sql: "insert into sections (id, store_id, title, position, created_at) values (?, ?, ?, ?, ?)",
      args: [sectionId, storeId, title, s, now],
    });
    for (let k = 0; k < 8; k++) {
      stmts.push({
        sql: "insert into section_items (section_id, position, type, product_id) values (?, ?, 'product', ?)",
        args: [sectionId, k, digits(7, s * 8 + k)],
      });
    }
  }
  // A clothing product: 3 sizes × 4 colours, each its own stock, the dark ones dearer, one sold out, and a gallery of 8.
  const shirtId = digits(7, 60);
  const sizes = ["S", "M", "L"];
  const colours = ["Rojo", "Azul", "Verde", "Negro"];
  const cover = images[0];
  stmts.push({
    sql: "insert into products (id, store_id, name, search_text, price, stock, description, category, image_key, image_width, image_height, created_at, options) values (?, ?, 'Camiseta estampada', ' camiseta estampada', 4500000, 0, 'Camiseta de algodón peinado con estampado hecho a mano.', 2, ?, ?, ?, ?, ?)",
    args: [
      shirtId,
      storeId,
      cover.image_key,
      cover.image_width,
      cover.image_height,
      now - 3600000,
      JSON.stringify([
        { name: "Talla", values: sizes },
        { name: "Color", values: colours },
      ]),
    ],
  });
  for (let k = 0; k < 8; k++) {
    const img = images[k % images.length];
    stmts.push({
      sql: "insert into product_photos (product_id, store_id, position, key, width, height, filename) values (?, ?, ?, ?, ?, ?, '')",
      args: [shirtId, storeId, k, img.image_key, img.image_width, img.image_height],
    });
  }
  sizes.forEach((size, i) => {
    colours.forEach((colour, j) => {
      stmts.push({
        sql: "insert into product_variants (product_id, store_id, position, option1, option2, price, sku, stock) values (?, ?, ?, ?, ?, ?, ?, ?)",
        args: [shirtId, storeId, i * 4 + j, size, colour, j >= 2 ? 4900000 : null, `CAM-${size}-${colour}`, (i + j) % 5],
      });
    });
  });
  // A customer of the demo store and their sale, for the merchant's sale and customer pages.
  stmts.push(
    {
      sql: "insert into customers (store_id, name, phone, created_at, updated_at) select id, 'Ana Banco', '+573001112233', ?, ? from stores where url = 'demo'",
      args: [now, now],
    },
    {
      sql: "insert into sales (id, store_id, total, subtotal, currency, buyer_name, buyer_phone, customer_id, delivery, access_token, created_at) select '9000000001', store_id, 650, 650, 'ARS', name, phone, id, 'pickup', 'ficha-del-banco-0123456789abcdef', ? from customers where name = 'Ana Banco'",
      args: [now],
    },
  );
  await db.batch(stmts, "write");
  db.close();
  return {
    product: `/site/${BENCH_STORE}/Product/cafe-de-colombia-1/${digits(7, 0)}`,
    variants: `/site/${BENCH_STORE}/Product/camiseta-estampada/${shirtId}`,
  };
}

/** Median time to the first byte of `path` over 5 sequential requests, and the round trips the server counted. */
async function firstByte(path, headers = {}) {
  const times = [];
  let trips = 0;
  let status = 0;
  for (let i = 0; i < 6; i++) {
    const start = performance.now();
    const res = await fetch(`${ORIGIN}${path}`, { headers, redirect: "manual" });
    const elapsed = performance.now() - start;
    await res.arrayBuffer();
    if (i > 0) times.push(elapsed);
    trips = Number(res.headers.get("x-vitrina-db-round-trips"));
    status = res.status;
  }
  times.sort((a, b) => a - b);
  return { status, trips, ttfb: Math.round(times[2]) };
}

/** Round trips and time to first byte per route, public and merchant (signed in as the demo merchant). */
async function roundTripsPerRoute(publicPaths) {
  const { cookie, storeId } = await signInAsDemo(ORIGIN);
  // A product, a sale and a customer of the demo store, as its lists link them.
  const linked = async (list, pattern) =>
    (await (await fetch(`${ORIGIN}/Store/${storeId}/${list}`, { headers: { cookie } })).text()).match(pattern)?.[0];
  const product = await linked("products", new RegExp(`/Store/${storeId}/products/\\d{7}`));
  const sale = await linked("sales", new RegExp(`/Store/${storeId}/sales/\\d{10}(?=[?"])`));
  const customer = await linked("customers", new RegExp(`/Store/${storeId}/customers/\\d+`));
  const merchantPaths = [
    "/",
    `/Store/${storeId}/products`,
    `/Store/${storeId}/products/new`,
    `/Store/${storeId}/info`,
    `/Store/${storeId}/sales`,
    `/Store/${storeId}/sales?view=today`,
    `/Store/${storeId}/estadisticas`,
    `/Store/${storeId}/estadisticas?periodo=12m`,
    ...[product, product && `${product}/photos`, sale, customer].filter(Boolean),
    `/Store/${storeId}/look`,
  ];
  const table = [];
  for (const path of publicPaths) table.push({ route: path, kind: "public", ...(await firstByte(path)) });
  for (const path of merchantPaths) table.push({ route: path, kind: "merchant", ...(await firstByte(path, { cookie })) });
  const rtt = Number(process.env.DB_RTT_MS ?? 0);
  // Each of these merchant pages declares its reads, sent in the guard's batch (decision 0069): one round trip.
  console.log(`\nRound trips and time to first byte (median of 5), DB_RTT_MS=${rtt}: public ≤ 1, merchant ≤ 1`);
  console.table(
    table.map(({ route, kind, status, trips, ttfb }) => ({ route, kind, status, "DB round trips": trips, "TTFB ms": ttfb })),
  );
  for (const r of table) {
    const bound = 1;
    console.log(`${r.trips <= bound ? "✓" : "✗ OVER BUDGET"} ${r.trips} round trip(s): ${r.route}`);
  }
  // A merchant page's first HTML carries its part of the message catalog (decision 0067, 'Per feature').
  const merchantHtml = [];
  for (const path of ["/", `/Store/${storeId}/products`, `/Store/${storeId}/sales`]) {
    const [brotliBytes, gzipBytes] = await Promise.all([
      transferred(`${ORIGIN}${path}`, "br", { cookie }),
      transferred(`${ORIGIN}${path}`, "gzip", { cookie }),
    ]);
    merchantHtml.push({ page: path, "HTML gzip": kb(gzipBytes), "HTML brotli": kb(brotliBytes) });
  }
  console.log("\nMerchant pages' HTML, signed in as the demo merchant (first load)");
  console.table(merchantHtml);
}

try {
  const seeded = await seedBenchStore();
  PAGES[2].path = seeded.product;
  PAGES[3].path = seeded.variants;
  const rows = [];
  for (const page of PAGES) {
    const res = await fetch(`${ORIGIN}${page.path}`);
    const html = Buffer.from(await res.arrayBuffer());
    const text = html.toString("utf8");
    // A public page names its enhancement script in the inline script that asks for it (decision 0072).
    const scriptSrcs = [...text.matchAll(/<script[^>]*\b(?:src|data-site-script)="([^"]+)"/g)].map((m) => m[1]);
    // The merchant app's module preloads are listed in its start script, added after the first paint (decision 0070).
    const preloads = [
      ...[...text.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
      ...JSON.parse(/for \(const href of (\[[^\]]*\])\)/.exec(text)?.[1] ?? "[]"),
    ];
    // JSON-LD is data, not script; the site script's loader is the site script's own (counted with it below).
    const inlineOf = (site) =>
      [...text.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)([^>]*)>([\s\S]*?)<\/script>/g)]
        .filter((m) => m[1].includes("data-site-script") === site)
        .map((m) => m[2])
        .join("");
    const inline = inlineOf(false);
    const loader = inlineOf(true);
    // Inline script travels inside the HTML; its share is estimated, the rest is measured on the wire.
    let jsGzip = inline ? gz(Buffer.from(inline)) : 0;
    let jsBrotli = inline ? br(Buffer.from(inline)) : 0;
    let siteScriptBrotli = loader ? br(Buffer.from(loader)) : 0;
    for (const src of new Set([...scriptSrcs, ...preloads])) {
      const url = new URL(src, ORIGIN);
      const [brotliBytes, gzipBytes] = await Promise.all([transferred(url, "br"), transferred(url, "gzip")]);
      // The public site's own enhancement script has its own budget; everything else is framework JS.
      if (page.kind === "public" && SITE_SCRIPT.test(src)) {
        siteScriptBrotli += brotliBytes;
        continue;
      }
      jsGzip += gzipBytes;
      jsBrotli += brotliBytes;
    }
    const pageUrl = `${ORIGIN}${page.path}`;
    const [htmlBrotli, htmlGzip] = await Promise.all([transferred(pageUrl, "br"), transferred(pageUrl, "gzip")]);
    const roundTrips = Number(res.headers.get("x-vitrina-db-round-trips"));
    const load = await autocannon({
      url: pageUrl,
      connections: 10,
      duration: DURATION,
      headers: { "accept-encoding": "br" },
    });
    rows.push({
      page: page.name,
      path: page.path,
      status: res.status,
      "framework JS": kb(page.kind === "public" ? jsBrotli : jsGzip),
      "site script br": page.kind === "public" ? kb(siteScriptBrotli) : "-",
      "HTML raw": kb(html.byteLength),
      "HTML gzip": kb(htmlGzip),
      "HTML brotli": kb(htmlBrotli),
      "DB round trips": roundTrips,
      "p50 ms": load.latency.p50,
      "p99 ms": load.latency.p99,
      "req/s": Math.round(load.requests.average),
      errors: load.errors + load.non2xx,
      _ok:
        page.kind === "public"
          ? jsBrotli <= BUDGET.js &&
            siteScriptBrotli <= BUDGET.siteScriptBrotli &&
            htmlBrotli <= BUDGET.htmlBrotli &&
            roundTrips <= BUDGET.roundTrips
          : jsGzip <= BUDGET.merchantJsGzip,
    });
  }
  console.log(`\nVitrina bench: ${DURATION}s of load per page, 10 connections, loopback, ${new Date().toISOString()}`);
  console.table(rows.map(({ _ok, ...r }) => r));
  console.log(
    `Sizes are bytes on the wire from the server (brotli or gzip as a browser asks). Budgets: public pages 0 framework JS (framework JS brotli; merchant: gzip), site script ≤ ${kb(BUDGET.siteScriptBrotli)} brotli, HTML ≤ ${kb(BUDGET.htmlBrotli)} brotli, ≤ ${BUDGET.roundTrips} DB round trip; merchant app first load ≤ ${kb(BUDGET.merchantJsGzip)} JS gzip.`,
  );
  for (const r of rows) console.log(`${r._ok ? "✓ within budget" : "✗ OVER BUDGET"}: ${r.page}`);
  // The product feed of the 50-product store: one page of its reads, so one round trip like the pages.
  await roundTripsPerRoute([...PAGES.filter((p) => p.kind === "public").map((p) => p.path), `/site/${BENCH_STORE}/feed.xml`]);
} finally {
  await server.stop();
}
