// What the scale data sets are, where they are cached, and the fingerprint that keys the cache.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const CACHE_DIR = join(ROOT, "bench/.data");

/** Size (percent of the full platform) → scale factor applied to every count. */
export const SIZES = { 1: 0.01, 10: 0.1, 100: 1 };

/** The platform at 100 %. The big stores and the big sales store scale with the size (see README.md). */
export const FULL = {
  stores: 10_000,
  products: 1_000_000,
  bigStores: 5,
  bigStoreProducts: 5_000,
  sales: 2_000_000,
  bigStoreSales: 200_000,
  /** Store page views a year (the statistics' daily counts, decision 0051). */
  pageViews: 100_000_000,
};
/** The control store keeps this many products at every size. */
export const MEDIUM_STORE_PRODUCTS = 100;

/** Every generated merchant signs in with this password. */
export const PASSWORD = "vitrina-escala-2026";

export const BIG_STORE = { name: "Mercado Andino", url: "mercado-andino" };
export const MEDIUM_STORE = { name: "Café y Arte", url: "cafe-y-arte" };
export const OTHER_BIG_STORES = ["Bazar del Pacífico", "Casa Surtida", "Almacén La Económica", "Distribuidora El Sol"];
/** Found by search once in the big store; no other word of the vocabulary starts like it. */
export const RARE_WORD = "nambu";
export const RARE_PRODUCT_NAME = "Tetera de hierro fundido Nambu";
/** A color of the vocabulary: in about one product name in thirty. */
export const COMMON_WORD = "negro";

/** Files whose contents decide the rows: a change to any of them makes a new data set. */
function fingerprintInputs() {
  const migrations = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else migrations.push(path);
    }
  };
  walk(join(ROOT, "migrations"));
  const shaping = [
    "bench/scale/dataset.mjs",
    "bench/scale/generate.mjs",
    "bench/scale/vocabulary.mjs",
    "app/domain/search.ts",
    "app/domain/slug.ts",
  ];
  return [...migrations.sort(), ...shaping.map((p) => join(ROOT, p))];
}

export function fingerprint() {
  const hash = createHash("sha256");
  for (const path of fingerprintInputs()) {
    hash.update(relative(ROOT, path));
    hash.update("\0");
    hash.update(readFileSync(path));
    hash.update("\0");
  }
  return hash.digest("hex").slice(0, 12);
}

export const datasetName = (size, fp = fingerprint()) => `scale-${size}pct-${fp}`;
export const datasetDir = (size, fp = fingerprint()) => join(CACHE_DIR, datasetName(size, fp));
/** JSON describing a finished data set; its presence marks the directory complete. Not .json: the linter would check it. */
export const INFO_FILE = "generation.info";

export function readInfo(dir) {
  const path = join(dir, INFO_FILE);
  return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : null;
}

export function parseSizes(arg, fallback = [1, 10, 100]) {
  if (!arg) return fallback;
  const sizes = arg.split(",").map((s) => Number(s.trim().replace(/%$/, "")));
  for (const size of sizes) if (!(size in SIZES)) throw new Error(`unknown size ${size}: use ${Object.keys(SIZES).join(", ")}`);
  return sizes;
}

/** `--name=value` from argv, or `undefined`. */
export function flag(name) {
  const prefix = `--${name}=`;
  const hit = process.argv.find((a) => a.startsWith(prefix));
  return hit ? hit.slice(prefix.length) : process.argv.includes(`--${name}`) ? "" : undefined;
}
