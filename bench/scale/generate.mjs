// Fills a libSQL file with the scale data set of one size, starting from a database the app itself
// migrated and seeded, and caches it under bench/.data/ keyed by size and fingerprint.
//
//   node --import tsx bench/scale/generate.mjs --sizes=1,10,100 [--force]
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "libsql";
import { hashPassword } from "../../app/auth/password.server.ts";
import { productSearchColumns, searchPattern } from "../../app/domain/search.ts";
import { slugify } from "../../app/domain/slug.ts";
import { zoneOffsetMs } from "../../app/domain/statistics.ts";
import { buildApp, SERVER_ENTRY, startBuiltServer } from "../server.mjs";
import {
  BIG_STORE,
  CACHE_DIR,
  COMMON_WORD,
  datasetDir,
  datasetName,
  FULL,
  fingerprint,
  flag,
  INFO_FILE,
  MEDIUM_STORE,
  MEDIUM_STORE_PRODUCTS,
  OTHER_BIG_STORES,
  PASSWORD,
  parseSizes,
  RARE_PRODUCT_NAME,
  RARE_WORD,
  ROOT,
  readInfo,
  SIZES,
} from "./dataset.mjs";
import {
  COLORS,
  COUNTRIES,
  DESCRIPTION_SENTENCES,
  FIRST_NAMES,
  LAST_NAMES,
  MATERIALS,
  NOTES,
  PRODUCT_NOUNS,
  SIZES as PRODUCT_SIZES,
  SECTION_TITLES,
  STORE_NAMES,
  STORE_PREFIXES,
  STREETS,
  STYLES,
} from "./vocabulary.mjs";

const DAY = 24 * 3600 * 1000;
const HOUR = 3600 * 1000;
const ROWS_PER_TRANSACTION = 250_000;

// ---- deterministic randomness ----

function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = (list) => list[Math.floor(next() * list.length)];
  return { next, int, pick, chance: (p) => next() < p };
}

/**
 * Distinct ids of `digits` digits that never start with 0, in a scrambled order (an affine
 * permutation of the range), skipping ids already in the table.
 */
function idSequence(digits, multiplier, offset, taken) {
  const lo = 10n ** BigInt(digits - 1);
  const span = 9n * lo;
  const a = BigInt(multiplier);
  for (const p of [2n, 3n, 5n]) if (a % p === 0n) throw new Error("multiplier must be coprime with the id range");
  let i = 0n;
  return () => {
    for (;;) {
      const id = String(lo + ((a * i + BigInt(offset)) % span));
      i += 1n;
      if (!taken.has(id)) return id;
    }
  };
}

const fractionDigits = (currency) =>
  new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** Midday in Bogotá today: the data set's "now" (the bench sets the app's test clock to it). */
function middayInBogota(at = new Date()) {
  const [y, m, d] = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Bogota",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  })
    .format(at)
    .split("-")
    .map(Number);
  return Date.UTC(y, m - 1, d, 17, 0, 0);
}

// ---- batched inserts ----

/** Multi-row prepared INSERTs: rows gather in one flat array and go in statements of `perStatement` rows. */
class Inserter {
  constructor(db, table, columns, counter) {
    this.db = db;
    this.table = table;
    this.columns = columns;
    this.counter = counter;
    this.perStatement = Math.min(500, Math.floor(30_000 / columns.length));
    this.pending = [];
    this.statements = new Map();
  }
  statement(rows) {
    let stmt = this.statements.get(rows);
    if (!stmt) {
      const tuple = `(${this.columns.map(() => "?").join(", ")})`;
      stmt = this.db.prepare(
        `insert into ${this.table} (${this.columns.join(", ")}) values ${Array.from({ length: rows }, () => tuple).join(", ")}`,
      );
      this.statements.set(rows, stmt);
    }
    return stmt;
  }
  add(...values) {
    if (values.length !== this.columns.length)
      throw new Error(`${this.table}: ${values.length} values for ${this.columns.length} columns`);
    for (const v of values) this.pending.push(v);
    if (this.pending.length >= this.perStatement * this.columns.length) this.flush();
  }
  flush() {
    const rows = this.pending.length / this.columns.length;
    if (rows === 0) return;
    this.statement(rows).run(this.pending);
    this.pending = [];
    this.counter.rows += rows;
  }
}

// ---- names and text ----

function productName(r, category) {
  const parts = [r.pick(PRODUCT_NOUNS[category])];
  if (category !== 0) {
    if (r.chance(0.35)) parts.push(r.pick(MATERIALS));
    if (r.chance(0.45)) parts.push(`color ${r.pick(COLORS)}`);
    if (r.chance(0.3)) parts.push(r.pick(STYLES));
    if (r.chance(0.35)) parts.push(r.pick(PRODUCT_SIZES));
  } else if (r.chance(0.5)) {
    parts.push(r.pick(["a domicilio", "en línea", "por una hora", "paquete de 4 sesiones"]));
  }
  if (r.chance(0.15)) parts.push(`ref. ${r.int(100, 9999)}`);
  return parts.join(" ");
}

function productDescription(r, name) {
  const sentences = new Set();
  const count = r.int(1, 3);
  while (sentences.size < count) sentences.add(r.pick(DESCRIPTION_SENTENCES));
  return `${name}. ${[...sentences].join(" ")}`;
}

function niceAmount(major) {
  const step = major >= 1000 ? 100 : major >= 100 ? 10 : major >= 10 ? 0.5 : 0.1;
  return Math.max(step, Math.round(major / step) * step);
}

function priceOf(r, country, digits) {
  const usd = 1.5 + r.next() ** 2 * 120;
  return Math.round(niceAmount(usd * country.perUsd) * 10 ** digits);
}

const phoneOf = (r, country) => `${country.phone}3${String(r.int(0, 999_999_999)).padStart(9, "0")}`;
const personName = (r) => `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`;
const TOKEN_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
function token(r, length) {
  let out = "";
  for (let i = 0; i < length; i++) out += TOKEN_ALPHABET[Math.floor(r.next() * 64)];
  return out;
}
function uuid(r) {
  const hex = () => Math.floor(r.next() * 16).toString(16);
  const part = (n) => Array.from({ length: n }, hex).join("");
  return `${part(8)}-${part(4)}-4${part(3)}-${"89ab"[r.int(0, 3)]}${part(3)}-${part(12)}`;
}

// ---- the shape of one size ----

/** Product and sale counts per store, summing exactly to the size's totals. */
function plan(scale, r) {
  const storeCount = Math.round(FULL.stores * scale);
  const bigProducts = Math.round(FULL.bigStoreProducts * scale);
  const totalProducts = Math.round(FULL.products * scale);
  const stores = [];
  for (let i = 0; i < storeCount; i++) {
    if (i < FULL.bigStores) stores.push({ plan: "premium", products: bigProducts });
    else if (i === FULL.bigStores) stores.push({ plan: "premium", products: MEDIUM_STORE_PRODUCTS });
    // About a third on the standard plan (at most 30 products), the rest premium.
    else if (r.chance(0.3)) stores.push({ plan: "standard", products: r.int(5, 30) });
    else stores.push({ plan: "premium", products: 0, weight: r.int(31, 233) });
  }
  const fixed = stores.reduce((sum, s) => sum + s.products, 0);
  const flexible = stores.filter((s) => s.weight);
  const weights = flexible.reduce((sum, s) => sum + s.weight, 0);
  let left = totalProducts - fixed;
  for (const s of flexible) s.products = Math.max(31, Math.floor((s.weight * (totalProducts - fixed)) / weights));
  left -= flexible.reduce((sum, s) => sum + s.products, 0);
  for (let i = 0; left !== 0; i = (i + 1) % flexible.length) {
    const step = Math.sign(left);
    if (flexible[i].products + step >= 31) {
      flexible[i].products += step;
      left -= step;
    }
  }
  // Sales: the big sales store, then the rest by catalog size and a random popularity.
  const totalSales = Math.round(FULL.sales * scale);
  stores[0].sales = Math.round(FULL.bigStoreSales * scale);
  const others = stores.slice(1);
  for (const s of others) s.popularity = s.products * (0.2 + r.next() * 1.8);
  const popularity = others.reduce((sum, s) => sum + s.popularity, 0);
  let salesLeft = totalSales - stores[0].sales;
  for (const s of others) {
    s.sales = Math.floor(((totalSales - stores[0].sales) * s.popularity) / popularity);
    salesLeft -= s.sales;
  }
  for (let i = 0; salesLeft > 0; i = (i + 1) % others.length, salesLeft--) others[i].sales += 1;
  return stores;
}

// ---- steps ----

function ensureBuild() {
  if (!existsSync(SERVER_ENTRY) && !buildApp()) throw new Error("react-router build failed");
}

/** Runs the built server once on an empty DATA_DIR: it applies migrations/ and seeds the demo store (with real images). */
async function migrateAndSeed(dataDir) {
  ensureBuild();
  // No simulated distance while seeding.
  const server = await startBuiltServer(dataDir, { env: { DB_RTT_MS: "" } });
  try {
    const res = await fetch(`${server.origin}/site/demo`);
    if (res.status !== 200) throw new Error(`the seeded demo store answered ${res.status}`);
  } finally {
    await server.stop();
  }
}

const ROLLUP_TRIGGERS = ["sales_stats_placed", "sales_stats_changed", "sale_lines_stats_placed", "sale_lines_stats_product_gone"];

/** The migration's statements that sum the sales into the order rollups (its INSERT … SELECT … GROUP BY). */
function rollupBackfill() {
  const dir = join(ROOT, "migrations");
  const file = readdirSync(dir).find((name) =>
    readFileSync(join(dir, name), "utf8").includes("CREATE TRIGGER `sales_stats_placed`"),
  );
  if (!file) throw new Error("no migration makes the order rollups");
  const statements = readFileSync(join(dir, file), "utf8")
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter((statement) => /^INSERT INTO `store_(orders_daily|product_sales_daily|product_sales_monthly)`/.test(statement));
  if (statements.length !== 3) throw new Error(`${file}: ${statements.length} rollup backfills, not 3`);
  return statements;
}

const offsets = new Map();

/** The store's calendar day of a sale ('YYYY-MM-DD'), as the checkout writes it (sales.day); zone offsets kept per hour. */
function storeDay(at, timeZone) {
  const key = `${timeZone}|${Math.floor(at / HOUR)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = zoneOffsetMs(at, timeZone);
    offsets.set(key, offset);
  }
  return new Date(at + offset).toISOString().slice(0, 10);
}

function generateRows(db, scale, anchor, passwordHash, log) {
  const r = prng(20261123);
  const layout = plan(scale, r);
  const counter = { rows: 0 };
  const table = (name, columns) => new Inserter(db, name, columns, counter);
  const users = table("users", [
    "id",
    "name",
    "lastname",
    "email",
    "password_hash",
    "account_created",
    "trial_started",
    "plan",
    "billing_period",
    "stores_limit",
    "bill_total",
    "bill_due_at",
    "created_at",
  ]);
  const stores = table("stores", [
    "id",
    "owner_id",
    "name",
    "url",
    "category",
    "currency",
    "logo_key",
    "active",
    "description",
    "main_title",
    "store_title",
    "sale_number",
    "attention_number",
    "location",
    "time_zone",
    "created_at",
    "updated_at",
  ]);
  const products = table("products", [
    "id",
    "store_id",
    "name",
    "search_text",
    "price",
    "stock",
    "description",
    "category",
    "image_key",
    "image_width",
    "image_height",
    "filename",
    "created_at",
    "search_name",
    "search_body",
    "search_fuzzy",
    "search_version",
  ]);
  const sections = table("sections", ["id", "store_id", "title", "position", "created_at"]);
  const sectionItems = table("section_items", ["section_id", "position", "type", "product_id", "file_key", "width", "height"]);
  const banners = table("store_banners", ["store_id", "key", "name", "width", "height", "position"]);
  const sales = table("sales", [
    "id",
    "store_id",
    "state",
    "total",
    "subtotal",
    "currency",
    "buyer_name",
    "buyer_phone",
    "delivery",
    "address",
    "note",
    "created_at",
    "closed_at",
    "source",
    "day",
  ]);
  const lines = table("sale_lines", ["sale_id", "position", "product_id", "name", "image_key", "unit_price", "quantity"]);
  const keys = table("idempotency_keys", ["key", "store_id", "sale_id", "created_at"]);
  // The statistics' daily counts (decision 0051), made directly: PAGE_VIEWS a year over the platform, by store popularity.
  const visitsDaily = table("store_visits_daily", ["store_id", "day", "source", "visits", "visitors", "carts"]);
  const viewsDaily = table("store_page_views_daily", ["store_id", "kind", "day", "product_id", "views", "cart_adds"]);
  const all = [users, stores, products, sections, sectionItems, banners, sales, lines, keys, visitsDaily, viewsDaily];
  // Its own sequence, so the other rows stay as they were.
  const rs = prng(20261128);
  const pageViewsPerSale = (FULL.pageViews * scale) / Math.max(1, Math.round(FULL.sales * scale));

  const taken = (sql) => new Set(column(db, sql));
  const nextStoreId = idSequence(10, 5915587277, 1234567, taken("select id from stores"));
  const nextProductId = idSequence(7, 7654321, 424242, taken("select id from products"));
  const nextSectionId = idSequence(7, 3141593, 777, taken("select id from sections"));
  const nextSaleId = idSequence(10, 2718281831, 99991, taken("select id from sales"));
  const plans = Object.fromEntries(
    db
      .prepare("select * from plans")
      .all()
      .map((p) => [p.id, p]),
  );
  const demo = db.prepare("select id, logo_key from stores where url = 'demo'").get();
  const images = db
    .prepare("select image_key as key, image_width as width, image_height as height from products where image_key is not null")
    .all();
  if (!demo?.logo_key || images.length === 0)
    throw new Error("the demo store (logo, product images) is missing: the seed did not run");

  // Users and stores first: the products' triggers bump their store's catalog version.
  const storeRows = layout.map((shape, i) => {
    const country = i <= FULL.bigStores ? COUNTRIES[0] : r.pick(COUNTRIES);
    const name =
      i === 0
        ? BIG_STORE.name
        : i < FULL.bigStores
          ? OTHER_BIG_STORES[i - 1]
          : i === FULL.bigStores
            ? MEDIUM_STORE.name
            : `${r.pick(STORE_PREFIXES)} ${r.pick(STORE_NAMES)}`;
    const url = i === 0 ? BIG_STORE.url : i === FULL.bigStores ? MEDIUM_STORE.url : `${slugify(name)}-${i}`;
    const period = i <= FULL.bigStores ? "monthly" : r.pick(["monthly", "monthly", "biannual", "annually"]);
    const createdAt = anchor - r.int(30, 900) * DAY - r.int(0, 23) * HOUR;
    const owner = {
      id: uuid(r),
      first: r.pick(FIRST_NAMES),
      last: r.pick(LAST_NAMES),
      email: i === 0 ? `dueno@${BIG_STORE.url}.example` : `comerciante${i}@tiendas.example`,
    };
    const price = plans[shape.plan][{ monthly: "price_monthly", biannual: "price_biannual", annually: "price_annually" }[period]];
    // Bills due 7 to 28 days after "now": nobody overdue, no warning banner (it shows at 6 days or less).
    users.add(
      owner.id,
      owner.first,
      owner.last,
      owner.email,
      passwordHash,
      1,
      1,
      shape.plan,
      period,
      1,
      price,
      anchor + r.int(7, 28) * DAY,
      createdAt - 10 * 60_000,
    );
    const store = {
      ...shape,
      index: i,
      id: nextStoreId(),
      url,
      name,
      country,
      digits: fractionDigits(country.currency),
      createdAt,
      ownerEmail: owner.email,
      // Product categories the store sells: all for the big ones, a few for the rest.
      categories: i < FULL.bigStores ? PRODUCT_NOUNS.map((_, c) => c) : Array.from({ length: r.int(1, 3) }, () => r.int(0, 15)),
    };
    const city = r.pick(country.cities);
    stores.add(
      store.id,
      owner.id,
      name,
      url,
      i < FULL.bigStores ? 11 : r.int(1, 11),
      country.currency,
      r.chance(0.85) ? demo.logo_key : null,
      1,
      `${name}: productos seleccionados con envío en ${city} y todo ${country.name}.`,
      `Bienvenidos a ${name}`,
      r.pick(["Nuestros productos", "Catálogo", "Todo lo que tenemos"]),
      r.chance(0.9) ? phoneOf(r, country) : "",
      r.chance(0.6) ? phoneOf(r, country) : "",
      `${city}, ${country.name}`,
      country.timeZone,
      createdAt,
      anchor - r.int(0, 20) * DAY,
    );
    return store;
  });
  for (const t of all) t.flush();

  db.exec("BEGIN");
  let sinceCommit = counter.rows;
  const fixtures = {};
  const started = Date.now();
  let reported = 0;
  for (const store of storeRows) {
    const limits = plans[store.plan];
    // Products, oldest first, created between the store's opening and now.
    const times = Array.from({ length: store.products }, () => store.createdAt + r.next() * (anchor - store.createdAt)).sort(
      (a, b) => a - b,
    );
    const catalog = times.map((createdAt, k) => {
      const category = r.pick(store.categories);
      const rare = store.index === 0 && k === Math.floor(store.products / 3);
      const name = rare ? RARE_PRODUCT_NAME : productName(r, category);
      const image = images[k % images.length];
      const product = {
        id: nextProductId(),
        name,
        price: priceOf(r, store.country, store.digits),
        stock: r.chance(0.06) ? 0 : r.int(1, 150),
        image,
      };
      const description = productDescription(r, name);
      const indexed = productSearchColumns(store.id, { name, description, category: rare ? 4 : category });
      products.add(
        product.id,
        store.id,
        name,
        indexed.searchText,
        product.price,
        product.stock,
        description,
        rare ? 4 : category,
        image.key,
        image.width,
        image.height,
        `IMG_${r.int(1000, 9999)}.jpg`,
        Math.round(createdAt),
        indexed.searchName,
        indexed.searchBody,
        indexed.searchFuzzy,
        indexed.searchVersion,
      );
      return product;
    });

    const bannerCount = Math.min(limits.banner, r.int(store.index < FULL.bigStores ? 3 : 0, 4));
    for (let b = 0; b < bannerCount; b++) {
      const image = images[(store.index + b) % images.length];
      banners.add(store.id, image.key, `banner-${b + 1}.jpg`, image.width, image.height, b);
    }
    const sectionCount = Math.min(limits.sections, r.int(store.index < FULL.bigStores ? 3 : 1, 4));
    for (let s = 0; s < sectionCount; s++) {
      const sectionId = nextSectionId();
      sections.add(sectionId, store.id, SECTION_TITLES[s], s, store.createdAt + (s + 1) * HOUR);
      const itemCount = Math.min(limits.items_per_section, catalog.length, r.int(4, 12));
      const chosen = new Set();
      for (let position = 0; position < itemCount; position++) {
        if (r.chance(0.1)) {
          const image = r.pick(images);
          sectionItems.add(sectionId, position, "image", null, image.key, image.width, image.height);
          continue;
        }
        let product = r.pick(catalog);
        while (chosen.has(product.id)) product = r.pick(catalog);
        chosen.add(product.id);
        sectionItems.add(sectionId, position, "product", product.id, null, null, null);
      }
    }

    // Sales over the last year (never before the store opened), oldest first; recent ones still pending.
    const from = Math.max(store.createdAt, anchor - 365 * DAY);
    const saleTimes = Array.from({ length: store.sales }, () => Math.round(from + r.next() * (anchor - from))).sort(
      (a, b) => a - b,
    );
    let todaySales = 0;
    let sampleSale = null;
    for (const [n, createdAt] of saleTimes.entries()) {
      const saleId = nextSaleId();
      const recent = anchor - createdAt < 2 * DAY;
      const roll = r.next();
      const state = recent
        ? roll < 0.7
          ? "Pendiente"
          : roll < 0.9
            ? "Confirmada"
            : "Cancelada"
        : roll < 0.88
          ? "Confirmada"
          : roll < 0.98
            ? "Cancelada"
            : "Pendiente";
      const lineCount = Math.min(catalog.length, r.chance(0.45) ? 1 : r.chance(0.545) ? 2 : r.chance(0.6) ? 3 : 4);
      const picked = new Set();
      let total = 0;
      for (let position = 0; position < lineCount; position++) {
        // Older products sell more often.
        let product = catalog[Math.floor(catalog.length * r.next() ** 1.5)];
        while (picked.has(product.id)) product = r.pick(catalog);
        picked.add(product.id);
        const quantity = r.chance(0.75) ? 1 : r.int(2, 4);
        total += product.price * quantity;
        lines.add(
          saleId,
          position,
          r.chance(0.005) ? null : product.id,
          product.name,
          product.image.key,
          product.price,
          quantity,
        );
      }
      const delivery = r.chance(0.55) ? "delivery" : "pickup";
      sales.add(
        saleId,
        store.id,
        state,
        total,
        total,
        store.country.currency,
        personName(r),
        r.chance(0.8) ? phoneOf(r, store.country) : null,
        delivery,
        delivery === "delivery"
          ? `${r.pick(STREETS)} ${r.int(1, 150)} # ${r.int(1, 99)}-${r.int(1, 99)}, ${r.pick(store.country.cities)}`
          : null,
        r.chance(0.1) ? r.pick(NOTES) : null,
        createdAt,
        state === "Pendiente" ? null : Math.min(anchor, createdAt + r.int(10, 2880) * 60_000),
        rs.pick(STAT_SOURCES),
        storeDay(createdAt, store.country.timeZone),
      );
      keys.add(token(r, 24), store.id, saleId, createdAt);
      if (createdAt >= anchor - 12 * HOUR) todaySales++;
      if (n === Math.floor(store.sales / 2)) sampleSale = saleId;
    }

    addStatistics(store, catalog, pageViewsPerSale, anchor, rs, visitsDaily, viewsDaily);

    if (store.index === 0 || store.index === FULL.bigStores) {
      const mid = catalog[Math.floor(catalog.length / 2)];
      const inStock = catalog.filter((p) => p.stock >= 3);
      fixtures[store.index === 0 ? "big" : "medium"] = {
        id: store.id,
        url: store.url,
        name: store.name,
        ownerEmail: store.ownerEmail,
        products: store.products,
        sales: store.sales,
        todaySales,
        saleCode: sampleSale,
        product: { id: mid.id, name: mid.name },
        cart: [inStock[1], inStock[inStock.length >> 1], inStock.at(-2)].map((p, k) => ({ id: p.id, quantity: k === 1 ? 2 : 1 })),
      };
    }

    if (counter.rows - sinceCommit >= ROWS_PER_TRANSACTION) {
      for (const t of all) t.flush();
      db.exec("COMMIT");
      db.exec("BEGIN");
      sinceCommit = counter.rows;
    }
    const done = Math.floor(((store.index + 1) * 10) / storeRows.length);
    if (done > reported) {
      reported = done;
      const seconds = (Date.now() - started) / 1000;
      log(
        `  ${done * 10}% of stores, ${counter.rows.toLocaleString("en")} rows, ${Math.round(counter.rows / seconds).toLocaleString("en")} rows/s`,
      );
    }
  }
  for (const t of all) t.flush();
  db.exec("COMMIT");
  return { fixtures, rows: counter.rows };
}

const STAT_SOURCES = ["direct", "instagram", "whatsapp", "facebook", "google", "qr", "tiktok", "other", "link"];

/**
 * A store's year of daily counts: its page views (its sales times the platform's views per sale, 8 a day at least)
 * spread over the days with some noise; 40 % of them visits (entrances) over three to six sources, 80 % of those unique,
 * one cart in thirty; half of the views on product pages, over up to 2,000 products a day (the most viewed first), with
 * the day's total and each product's month, the rest on the other kinds.
 */
function addStatistics(store, catalog, perSale, anchor, r, visitsDaily, viewsDaily) {
  const from = Math.max(store.createdAt, anchor - 365 * DAY);
  const days = Math.max(1, Math.floor((anchor - from) / DAY));
  const perDay = Math.max(8, (store.sales * perSale) / days);
  const sources = STAT_SOURCES.slice(0, r.int(3, 6));
  // The product pages' views per month, written after the days (app/stats/visit-counts.server.ts keeps the same rows).
  const months = new Map();
  for (let d = days - 1; d >= 0; d--) {
    // Bogotá's calendar day (the stores' zones are all within a few hours of it, and "now" is midday there).
    const day = new Date(anchor - d * DAY - 5 * HOUR).toISOString().slice(0, 10);
    const views = Math.max(1, Math.round(perDay * (0.6 + r.next() * 0.8)));
    const visits = Math.max(1, Math.round(views * 0.4));
    let left = visits;
    for (const [k, source] of sources.entries()) {
      const share = k === sources.length - 1 ? left : Math.round(left * (0.3 + r.next() * 0.4));
      left -= share;
      if (share > 0) visitsDaily.add(store.id, day, source, share, Math.max(1, Math.round(share * 0.8)), Math.round(share / 30));
    }
    const productViews = Math.round(views / 2);
    const otherViews = views - productViews;
    for (const [kind, share] of [
      ["home", 0.45],
      ["listing", 0.25],
      ["search", 0.1],
      ["cart", 0.1],
      ["checkout", 0.06],
      ["order", 0.04],
    ]) {
      const n = Math.round(otherViews * share);
      if (n > 0) viewsDaily.add(store.id, kind, day, "", n, 0);
    }
    const shown = Math.min(catalog.length, 2000, Math.max(1, Math.round(productViews / 3)));
    const each = Math.max(1, Math.floor(productViews / shown));
    const viewed = new Map();
    for (let p = 0; p < shown; p++) {
      const product = catalog[Math.floor(catalog.length * r.next() ** 1.5)];
      const row = viewed.get(product.id) ?? { views: 0, adds: 0 };
      row.views += each;
      row.adds += r.chance(0.05) ? 1 : 0;
      viewed.set(product.id, row);
    }
    let total = 0;
    const month = day.slice(0, 7);
    const monthly = months.get(month) ?? new Map();
    months.set(month, monthly);
    for (const [id, row] of viewed) {
      viewsDaily.add(store.id, "product", day, id, row.views, row.adds);
      total += row.views;
      const sum = monthly.get(id) ?? { views: 0, adds: 0 };
      sum.views += row.views;
      sum.adds += row.adds;
      monthly.set(id, sum);
    }
    viewsDaily.add(store.id, "product_total", day, "", total, 0);
  }
  for (const [month, monthly] of months)
    for (const [id, row] of monthly) viewsDaily.add(store.id, "product_month", month, id, row.views, row.adds);
}

function verify(db, log) {
  let t = Date.now();
  const broken = db.prepare("PRAGMA foreign_key_check").all();
  if (broken.length) throw new Error(`foreign key violations: ${JSON.stringify(broken.slice(0, 5))}`);
  log(`  foreign_key_check: none (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  t = Date.now();
  const integrity = column(db, "PRAGMA integrity_check");
  if (integrity.join() !== "ok") throw new Error(`integrity_check: ${integrity.slice(0, 5).join("; ")}`);
  log(`  integrity_check: ok (${((Date.now() - t) / 1000).toFixed(1)} s)`);
}

/** The first column of every row (the binding's pluck() is a no-op for all() and get()). */
const column = (db, sql, ...args) =>
  db
    .prepare(sql)
    .raw()
    .all(...args)
    .map((row) => row[0]);
const countOf = (db, sql, ...args) => column(db, sql, ...args)[0];

/** Generates one size into a temporary folder, verifies it, then moves it into the cache. */
export async function generate(size, { log = console.log } = {}) {
  const fp = fingerprint();
  const dir = datasetDir(size, fp);
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  try {
    return await generateInto(tmp, size, fp, log);
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
}

async function generateInto(tmp, size, fp, log) {
  const scale = SIZES[size];
  const dir = datasetDir(size, fp);
  const started = Date.now();
  log(`Generating ${size} % (${datasetName(size, fp)})`);
  await migrateAndSeed(tmp);
  log(`  migrated and seeded by the app in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const anchor = middayInBogota();
  const passwordHash = await hashPassword(PASSWORD);
  const dbPath = join(tmp, "vitrina.db");
  const db = new Database(dbPath);
  // A throwaway file until it is verified and renamed: no journal, no fsync.
  db.exec("PRAGMA journal_mode = DELETE");
  db.exec("PRAGMA journal_mode = OFF");
  db.exec("PRAGMA synchronous = OFF");
  db.exec("PRAGMA foreign_keys = OFF");
  db.exec("PRAGMA cache_size = -4000000");
  db.exec("PRAGMA temp_store = MEMORY");
  // The demo's QR code is an SVG the linter would check under bench/; no benchmarked page shows it.
  for (const key of column(db, "select qr_svg_key from stores where qr_svg_key is not null")) rmSync(join(tmp, "files", key));
  db.exec("update stores set qr_svg_key = null");
  const loadStarted = Date.now();
  // Secondary indexes of the big tables are built once after the load (a sort) instead of row by row,
  // then created again from their own definitions, so the schema ends exactly as the migrations made it.
  const indexes = db
    .prepare(
      `select name, sql from sqlite_master where type = 'index' and sql is not null
         and tbl_name in ('products', 'sales', 'sale_lines', 'section_items', 'idempotency_keys')`,
    )
    .all();
  for (const index of indexes) db.exec(`drop index "${index.name}"`);
  // The order statistics' rollups (decision 0053) are summed once after the load by the migration's own backfill,
  // instead of by their triggers row by row (a line may go in before its sale); the triggers are then made again.
  const rollupTriggers = db
    .prepare("select name, sql from sqlite_master where type = 'trigger' and name in (?, ?, ?, ?)")
    .all(...ROLLUP_TRIGGERS);
  if (rollupTriggers.length !== ROLLUP_TRIGGERS.length) throw new Error("the order rollups' triggers are not all there");
  for (const trigger of rollupTriggers) db.exec(`drop trigger "${trigger.name}"`);
  const { fixtures, rows } = generateRows(db, scale, anchor, passwordHash, log);
  const loaded = (Date.now() - loadStarted) / 1000;
  for (const index of indexes) db.exec(index.sql);
  // Summed anew from every sale (the demo's too, counted as it was seeded).
  for (const table of ["store_orders_daily", "store_product_sales_daily", "store_product_sales_monthly"])
    db.exec(`delete from ${table}`);
  for (const statement of rollupBackfill()) db.exec(statement);
  for (const trigger of rollupTriggers) db.exec(trigger.sql);
  const loadSeconds = (Date.now() - loadStarted) / 1000;
  log(
    `  ${rows.toLocaleString("en")} rows in ${loaded.toFixed(1)} s + ${(loadSeconds - loaded).toFixed(1)} s for ${indexes.length} indexes (${Math.round(rows / loadSeconds).toLocaleString("en")} rows/s)`,
  );

  verify(db, log);
  const big = fixtures.big;
  const hits = (word) =>
    countOf(
      db,
      "select count(*) from products where store_id = ? and search_text like ? escape '\\'",
      big.id,
      searchPattern(word),
    );
  big.search = { common: { word: COMMON_WORD, hits: hits(COMMON_WORD) }, rare: { word: RARE_WORD, hits: hits(RARE_WORD) } };
  if (big.search.rare.hits !== 1) throw new Error(`the rare word matches ${big.search.rare.hits} products, not 1`);
  const counts = Object.fromEntries(
    [
      "users",
      "stores",
      "products",
      "sections",
      "section_items",
      "store_banners",
      "sales",
      "sale_lines",
      "idempotency_keys",
      "store_visits_daily",
      "store_page_views_daily",
      "store_orders_daily",
      "store_product_sales_daily",
      "store_product_sales_monthly",
    ].map((t) => [t, countOf(db, `select count(*) from ${t}`)]),
  );
  db.exec("PRAGMA journal_mode = WAL");
  db.close();

  const info = {
    size,
    scale,
    fingerprint: fp,
    anchor,
    anchorIso: new Date(anchor).toISOString(),
    generatedAt: new Date().toISOString(),
    seconds: Math.round((Date.now() - started) / 100) / 10,
    loadSeconds: Math.round(loadSeconds * 10) / 10,
    dbBytes: statSync(dbPath).size,
    password: PASSWORD,
    counts,
    stores: { big: fixtures.big, medium: fixtures.medium },
  };
  writeFileSync(join(tmp, INFO_FILE), `${JSON.stringify(info, null, 2)}\n`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  // Older data sets of this size (another fingerprint) are stale: free their space.
  for (const entry of readdirSync(CACHE_DIR)) {
    if (entry.startsWith(`scale-${size}pct-`) && entry !== datasetName(size, fp))
      rmSync(join(CACHE_DIR, entry), { recursive: true, force: true });
  }
  log(`  done in ${info.seconds} s: ${(info.dbBytes / 1e6).toFixed(0)} MB, ${JSON.stringify(counts)}`);
  return { dir, info };
}

/** The cached data set of a size, generated first when missing (or with `force`). */
export async function ensureDataset(size, { force = false, log = console.log } = {}) {
  const dir = datasetDir(size);
  const info = force ? null : readInfo(dir);
  if (info) return { dir, info, cached: true };
  return { ...(await generate(size, { log })), cached: false };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const force = flag("force") !== undefined;
  for (const size of parseSizes(flag("sizes") ?? flag("size"))) {
    const { dir, info, cached } = await ensureDataset(size, { force });
    if (cached)
      console.log(`${size} %: cached at ${dir} (generated in ${info.seconds} s, ${(info.dbBytes / 1e6).toFixed(0)} MB)`);
  }
}
