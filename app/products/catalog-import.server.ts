// The catalog spreadsheet's database side: the export's pages and the import's lookup and write
// (the format and its rules: app/domain/product-csv.ts; why: docs/decisions/0024-catalog-spreadsheet.md).
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { readCatalogFile } from "~/domain/catalog-file.server";
import { CSV_BOM, isUtf8 } from "~/domain/csv";
import { ID_DIGITS, randomDigits, sha256Hex } from "~/domain/ids";
import { LIMIT_MESSAGES, type PlanLimits } from "~/domain/limits";
import { defineMessage, type Translate } from "~/domain/messages";
import {
  CATALOG_MAX_BYTES,
  CATALOG_MESSAGES,
  type CatalogImportPlan,
  type CatalogProduct,
  catalogHeaderLine,
  catalogProductLines,
  identifiersOf,
  type PlannedProduct,
  planCatalogImport,
  problemText,
} from "~/domain/product-csv";
import { productSearchColumns } from "~/domain/search";
import { VARIANT_MESSAGES } from "~/domain/variants";
import { type Db, isNotNullViolation, isRuleViolation, isUniqueViolation } from "~/services/db";
import { type FileStore, privateFileKey } from "~/services/files";
import { type Actor, activityStatement } from "~/workspace/activity.server";
import { type IdRef, storeBesideIds } from "~/workspace/page-reads.server";
import { touchStore } from "~/workspace/store-record.server";
import { products, productVariants } from "../../db/schema";
import { insertImportedProduct, priceAndStockEntries, replaceVariantsStatements, updateImportedProduct } from "./products.server";
import { type VariantDraft, variantColumns } from "./variants.server";

// ——— Export ———

/** Products read per round trip while the export streams: memory stays one page whatever the catalog's size. */
const EXPORT_PAGE = 200;

/** Where a page of the export starts: below the last product of the page before (none for the first). */
type ExportAfter = { createdAt: Date; id: string } | null;

/**
 * One page of the store's products, newest first after `after`, and their variants, as statements for one batch
 * (`storeId` may be a page's scoped id).
 */
export function exportPageQueries(db: Db, storeId: IdRef, after: ExportAfter) {
  const own = eq(products.storeId, storeId);
  const where = after
    ? and(own, sql`(${products.createdAt}, ${products.id}) < (${after.createdAt.getTime()}, ${after.id})`)
    : own;
  const page = db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      category: products.category,
      price: products.price,
      compareAtPrice: products.compareAtPrice,
      published: products.published,
      stock: products.stock,
      options: products.options,
      createdAt: products.createdAt,
    })
    .from(products)
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(EXPORT_PAGE);
  const pageIds = db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(EXPORT_PAGE);
  const variants = db
    .select(variantColumns)
    .from(productVariants)
    .where(and(storeBesideIds(productVariants.storeId, storeId), inArray(productVariants.productId, pageIds)))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  return [page, variants] as const;
}

type ExportPageRows = BatchResponse<ReturnType<typeof exportPageQueries>>;

/** A page of the export from its statements' answers, and where the next one starts (null: the catalog's end). */
function exportPageOf([rows, variantRows]: ExportPageRows): { catalog: CatalogProduct[]; next: ExportAfter } {
  const byProduct = new Map<string, typeof variantRows>();
  for (const v of variantRows) {
    const list = byProduct.get(v.productId);
    if (list) list.push(v);
    else byProduct.set(v.productId, [v]);
  }
  const catalog: CatalogProduct[] = rows.map((p) => ({ ...p, variants: byProduct.get(p.id) ?? [] }));
  const last = rows.at(-1);
  return { catalog, next: rows.length === EXPORT_PAGE && last ? { createdAt: last.createdAt, id: last.id } : null };
}

/**
 * The store's catalog as a CSV stream ('Exportar CSV'): the header, then each product's rows, newest
 * product first, read a page at a time as the download is consumed; the first page's answers when given (the page's
 * reads, in the guard's batch).
 */
export function catalogCsvStream(db: Db, storeId: string, currency: string, first?: ExportPageRows): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: ExportAfter = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const read = !started && first ? first : await db.batch(exportPageQueries(db, storeId, after));
      const { catalog, next } = exportPageOf(read);
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_BOM + catalogHeaderLine()));
      }
      const text = catalog.map((p) => catalogProductLines(p, currency)).join("");
      if (text) controller.enqueue(encoder.encode(text));
      if (next) after = next;
      else controller.close();
    },
  });
}

// ——— Import ———

/** What the merchant sees before confirming, and what the confirmation must find again. */
export interface CatalogImportPreview {
  plan: CatalogImportPlan;
  /**
   * A digest of the outcome (each row's fate and the products it names): the confirmation applies only
   * if the same file still leads to the same outcome.
   */
  fingerprint: string;
}

/** The file's IDs that are this store's products, the store's variants holding its SKUs, and the store's count: one round trip. */
async function lookUp(db: Db, storeId: string, ids: string[], skus: string[]) {
  const [own, held, [total]] = await db.batch([
    db
      .select({ id: products.id, imageKey: products.imageKey })
      .from(products)
      .where(
        and(
          eq(products.storeId, storeId),
          or(
            inArray(products.id, ids),
            inArray(
              products.id,
              db
                .select({ id: productVariants.productId })
                .from(productVariants)
                .where(and(eq(productVariants.storeId, storeId), inArray(productVariants.sku, skus))),
            ),
          ),
        ),
      ),
    db
      .select({ sku: productVariants.sku, productId: productVariants.productId })
      .from(productVariants)
      .where(and(eq(productVariants.storeId, storeId), inArray(productVariants.sku, skus))),
    db.select({ n: count() }).from(products).where(eq(products.storeId, storeId)),
  ]);
  return {
    productIds: new Set(own.filter((p) => ids.includes(p.id)).map((p) => p.id)),
    withoutPhoto: new Set(own.filter((p) => p.imageKey === null).map((p) => p.id)),
    skuOwners: new Map(held.flatMap((v) => (v.sku ? [[v.sku, v.productId] as const] : []))),
    productCount: total?.n ?? 0,
  };
}

function fingerprintOf(plan: CatalogImportPlan): Promise<string> {
  return sha256Hex(
    JSON.stringify([
      plan.rows.map((r) => [r.row, r.name, r.outcome, r.problems]),
      plan.products.map((p) => (p.action === "update" ? p.id : null)),
    ]),
  );
}

/** Reads the file and matches it against the store: each row's outcome or its problems. Writes nothing. */
export async function previewCatalogImport(
  db: Db,
  storeId: string,
  currency: string,
  limits: PlanLimits,
  file: Uint8Array | string,
  t: Translate,
): Promise<CatalogImportPreview> {
  const reading = await readCatalogFile(file, currency, t);
  const { ids, skus } = identifiersOf(reading);
  const found = reading.ok
    ? await lookUp(db, storeId, ids, skus)
    : { productIds: new Set<string>(), withoutPhoto: new Set<string>(), skuOwners: new Map<string, string>(), productCount: 0 };
  const plan = planCatalogImport(reading, { ...found, productLimit: limits.products }, t);
  return { plan, fingerprint: await fingerprintOf(plan) };
}

export type CatalogImportResult =
  | { ok: true; created: number; updated: number }
  /** `changed`: the file is fine but the store changed since the preview, so its outcome differs. */
  | { ok: false; reason: "problems" | "changed"; preview: CatalogImportPreview };

/**
 * 'Confirmar importación': reads and matches the same file again (nothing the preview sent is
 * trusted), and applies every row in one atomic batch, or none when any row has a problem, when the
 * outcome is not the one previewed, or when the plan's product limit refuses it in the database.
 */
export async function importCatalog(
  db: Db,
  actor: Actor,
  storeId: string,
  currency: string,
  limits: PlanLimits,
  file: Uint8Array | string,
  previewedFingerprint: string,
  now: Date,
  t: Translate,
): Promise<CatalogImportResult> {
  const preview = await previewCatalogImport(db, storeId, currency, limits, file, t);
  if (preview.plan.problems.length > 0) return { ok: false, reason: "problems", preview };
  if (preview.fingerprint !== previewedFingerprint) return { ok: false, reason: "changed", preview };
  try {
    await writeCatalogImport(db, actor, storeId, limits.products, preview.plan.products, now);
  } catch (error) {
    // The plan's product limit, held in the write: a new product past it got a NULL created_at
    // (createdAtWithinLimit), so the batch failed as a whole. A product created since the lookup
    // filled the plan: the file read again says by how much.
    if (isNotNullViolation(error, "products.created_at")) {
      const again = await previewCatalogImport(db, storeId, currency, limits, file, t);
      const refused = again.plan.problems.length > 0 ? again : withProblem(preview, LIMIT_MESSAGES.products, t);
      return { ok: false, reason: "problems", preview: refused };
    }
    if (isUniqueViolation(error, "product_variants.store_id, product_variants.sku"))
      return { ok: false, reason: "problems", preview: withProblem(preview, t(VARIANT_MESSAGES.skuTaken), t) };
    // Pending orders hold units of a product whose stock the file sets lower.
    if (isRuleViolation(error, "products_reserved_within_stock", "product_variants_reserved_within_stock"))
      return { ok: false, reason: "problems", preview: withProblem(preview, t(CATALOG_MESSAGES.belowReserved), t) };
    throw error;
  }
  return { ok: true, created: preview.plan.creates, updated: preview.plan.updates };
}

/** The preview refused as a whole by a rule the database held (anchored to the file's first product row). */
function withProblem(preview: CatalogImportPreview, message: string, t: Translate): CatalogImportPreview {
  const row = preview.plan.rows[0]?.row ?? 2;
  const rows = preview.plan.rows.map((r) =>
    r.row === row ? { ...r, outcome: null, problems: [problemText({ row, column: null, message }, t)] } : r,
  );
  return { ...preview, plan: { ...preview.plan, rows, problems: [{ row, column: null, message }] } };
}

/**
 * A new product's created_at, or NULL (which the NOT NULL column refuses, failing the whole batch) when
 * the store already has `limit` products. Each insert counts the ones inserted before it in the batch,
 * and the batch is one write transaction, so no concurrent creation can slip past the limit. Not the
 * product form's `insert … select … where count < limit` (createProduct): that skips one row and the rest
 * of the batch applies; only a failing statement rolls a batch back, and a constraint fails it without a trigger.
 */
function createdAtWithinLimit(storeId: string, limit: number | null, createdAt: number): SQL {
  if (limit === null) return sql`${createdAt}`;
  return sql`case when (select count(*) from products where store_id = ${storeId}) < ${limit} then ${createdAt} end`;
}

/**
 * A product's own columns as the file gives them, with what the full-text index reads of them (its stock is
 * written with its variants, its visibility apart).
 */
const productColumns = (storeId: string, p: PlannedProduct) => ({
  name: p.name,
  price: p.price,
  compareAtPrice: p.compareAtPrice,
  description: p.description,
  category: p.category,
  ...productSearchColumns(
    storeId,
    p,
    p.variants.map((v) => v.sku),
  ),
});

/** A product's stock with options: its enabled variants' sum, as the database keeps it. */
const enabledStock = (variants: ReadonlyArray<{ stock: number; enabled: boolean }>) =>
  variants.reduce((sum, v) => sum + (v.enabled ? v.stock : 0), 0);

/**
 * Writes a checked import in one batch (one transaction): new products hidden (they have no photo)
 * under the plan's limit, updated products with their columns, and each product's options and variants
 * made exactly those of the file; then the store's edge-cache key. A product id already taken is
 * retried with fresh ids.
 */
async function writeCatalogImport(
  db: Db,
  actor: Actor,
  storeId: string,
  productLimit: number | null,
  planned: PlannedProduct[],
  now: Date,
): Promise<void> {
  // The file has no photos: the variants it keeps keep theirs (photoId left out).
  const draftsOf = (p: PlannedProduct): VariantDraft[] =>
    p.variants.map((v) => ({ values: v.values, price: v.price, sku: v.sku, stock: v.stock, enabled: v.enabled }));
  for (let attempt = 1; ; attempt++) {
    const statements: BatchItem<"sqlite">[] = [];
    let created = 0;
    for (const p of planned) {
      if (p.action === "update") {
        const stockAfter = p.options.length && p.variants.length ? enabledStock(p.variants) : p.stock;
        statements.push(
          ...priceAndStockEntries(db, actor, storeId, p.id, p.name, p.price, stockAfter, now),
          updateImportedProduct(db, storeId, p.id, { ...productColumns(storeId, p), published: p.published }),
          ...replaceVariantsStatements(db, storeId, p.id, p.options, draftsOf(p), p.stock),
        );
        continue;
      }
      const id = randomDigits(ID_DIGITS.product);
      // The file's first new product is the newest, so lists (newest first) show them in the file's order.
      const createdAt = createdAtWithinLimit(storeId, productLimit, now.getTime() - created++);
      statements.push(
        insertImportedProduct(db, { ...productColumns(storeId, p), id, storeId, stock: p.stock, published: false, createdAt }),
        ...replaceVariantsStatements(db, storeId, id, p.options, draftsOf(p), p.stock),
      );
    }
    const updated = planned.length - created;
    statements.push(
      touchStore(db, storeId, now),
      activityStatement(
        db,
        storeId,
        actor,
        {
          kind: "product",
          summary: { says: "catalogImported", values: { created, updated } },
        },
        now,
      ),
    );
    try {
      await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
      return;
    } catch (error) {
      if (attempt < 5 && isUniqueViolation(error, "products.id")) continue;
      throw error;
    }
  }
}

// ——— The import page's form ———

/** The import page's answer: the import applied, or a preview (with the problems, if any) and its HTTP status. */
export type CatalogImportAnswer =
  | { applied: true; created: number; updated: number }
  | { applied: false; status: number; errors: Record<string, string>; preview: CatalogPreviewView | null };

/** Rows of the preview's table: the first ones, then only those with a problem (a phone shows no more). */
const PREVIEW_TABLE_ROWS = 100;

/** What the import page shows of a preview; `confirm` only when it can be applied. */
export interface CatalogPreviewView {
  rows: CatalogImportPlan["rows"];
  /** Rows without problems left out of the table (past the first PREVIEW_TABLE_ROWS). */
  rowsNotShown: number;
  problems: string[];
  creates: number;
  updates: number;
  /** The kept file's digest and the outcome's fingerprint, for 'Confirmar importación'. */
  confirm: { file: string; fingerprint: string } | null;
}

function tableRows(rows: CatalogImportPlan["rows"]) {
  const shown = rows.filter((r, i) => i < PREVIEW_TABLE_ROWS || r.outcome === null);
  return { rows: shown, rowsNotShown: rows.length - shown.length };
}

const viewOf = (preview: CatalogImportPreview, fileDigest: string, t: Translate): CatalogPreviewView => ({
  ...tableRows(preview.plan.rows),
  problems: preview.plan.problems.map((p) => problemText(p, t)),
  creates: preview.plan.creates,
  updates: preview.plan.updates,
  confirm: preview.plan.problems.length === 0 ? { file: fileDigest, fingerprint: preview.fingerprint } : null,
});

/**
 * The file of the store's last preview, kept in the file store between the preview and 'Confirmar importación'
 * (one per store: a new preview replaces it), in the store's private folder, which the /files route never serves.
 */
const pendingImportKey = (storeId: string) => privateFileKey(storeId, "catalog-import.csv");

type Upload = { ok: true; bytes: Uint8Array } | { ok: false; message: string; status: number };

/** The uploaded file (intent=preview), checked for size and encoding. */
async function uploadedText(form: FormData, t: Translate): Promise<Upload> {
  const field = form.get("file");
  if (!field || typeof field === "string" || field.size === 0)
    return { ok: false, message: t(CATALOG_MESSAGES.chooseFile), status: 400 };
  if (field.size > CATALOG_MAX_BYTES) return tooLarge(t);
  return decodedFile(new Uint8Array(await field.arrayBuffer()), t);
}

const tooLarge = (t: Translate): Upload => ({
  ok: false,
  message: t(CATALOG_MESSAGES.tooLarge, { mb: CATALOG_MAX_BYTES / 1024 / 1024 }),
  status: 413,
});

function decodedFile(bytes: Uint8Array, t: Translate): Upload {
  if (bytes.byteLength > CATALOG_MAX_BYTES) return tooLarge(t);
  if (!isUtf8(bytes)) return { ok: false, message: t(CATALOG_MESSAGES.notUtf8), status: 422 };
  return { ok: true, bytes };
}

/** The kept file of the last preview, when it is still the one the page previewed (by its digest). */
async function keptFile(files: FileStore, storeId: string, digest: string, t: Translate): Promise<Upload | null> {
  const stored = await files.get(pendingImportKey(storeId));
  if (!stored || stored.size > CATALOG_MAX_BYTES) return null;
  const bytes = new Uint8Array(await new Response(stored.body).arrayBuffer());
  if ((await sha256Hex(bytes)) !== digest) return null;
  return decodedFile(bytes, t);
}

interface ImportServices {
  db: Db;
  files: FileStore;
  clock: { now(): Date };
}

/**
 * The import page's two steps: `preview` reads the uploaded file, keeps it, and answers each row's
 * outcome; `confirm` names the kept file by its digest, reads and matches it again and applies it (or
 * answers why not). The file never travels back to the page: a 2 MB catalog would be 4 MB of it.
 */
export async function handleCatalogImportForm(
  services: ImportServices,
  actor: Actor,
  store: { id: string; currency: string },
  limits: PlanLimits,
  form: FormData,
  t: Translate,
): Promise<CatalogImportAnswer> {
  const { db, files } = services;
  if (form.get("intent") !== "confirm") {
    const upload = await uploadedText(form, t);
    if (!upload.ok) return { applied: false, status: upload.status, errors: { file: upload.message }, preview: null };
    const preview = await previewCatalogImport(db, store.id, store.currency, limits, upload.bytes, t);
    if (preview.plan.problems.length > 0)
      return { applied: false, status: 422, errors: { form: problemsSummary(preview, t) }, preview: viewOf(preview, "", t) };
    await files.put(pendingImportKey(store.id), upload.bytes, "text/csv");
    return { applied: false, status: 200, errors: {}, preview: viewOf(preview, await sha256Hex(upload.bytes), t) };
  }
  const digest = String(form.get("file") ?? "");
  const upload = /^[0-9a-f]{64}$/.test(digest) ? await keptFile(files, store.id, digest, t) : null;
  if (!upload) return { applied: false, status: 409, errors: { file: t(CATALOG_MESSAGES.previewAgain) }, preview: null };
  if (!upload.ok) return { applied: false, status: upload.status, errors: { file: upload.message }, preview: null };
  const fingerprint = String(form.get("fingerprint") ?? "");
  const result = await importCatalog(
    db,
    actor,
    store.id,
    store.currency,
    limits,
    upload.bytes,
    fingerprint,
    services.clock.now(),
    t,
  );
  if (result.ok) {
    await files.delete([pendingImportKey(store.id)]);
    return { applied: true, created: result.created, updated: result.updated };
  }
  const view = viewOf(result.preview, digest, t);
  return result.reason === "changed"
    ? { applied: false, status: 409, errors: { form: t(CATALOG_MESSAGES.outcomeChanged) }, preview: view }
    : { applied: false, status: 422, errors: { form: problemsSummary(result.preview, t) }, preview: view };
}

const SUMMARY = defineMessage({
  id: "catalog.refusal.summary",
  defaultMessage:
    "{count, plural, one {Hay 1 problema} other {Hay {count} problemas}} en el archivo: corrígelo y vuelve a subirlo. No se importó nada.",
});

const problemsSummary = (preview: CatalogImportPreview, t: Translate): string =>
  t(SUMMARY, { count: preview.plan.problems.length });
