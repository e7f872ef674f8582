// Data access for one store's sales: the list, one sale, and the two state changes.
// Every query is scoped by store id; callers pass the store the signed-in merchant owns.
import type { InArgs, InStatement, ResultSet } from "@libsql/client";
import { and, asc, desc, eq, exists, gte, inArray, lt, notExists, type SQL, sql } from "drizzle-orm";
import {
  hasFilters,
  nextSaleState,
  SALES_FILTER_WINDOW,
  type SaleState,
  type SalesFilters,
  stockNeeds,
  todayRange,
  variantStockNeeds,
} from "~/domain/sales";
import { type Db, isCheckViolation } from "~/services/db";
import { products, productVariants, saleLines, sales } from "../../db/schema";

export type Sale = typeof sales.$inferSelect;
export type SaleLine = typeof saleLines.$inferSelect;
export type SaleWithLines = Sale & { lines: SaleLine[] };

/**
 * What the list shows: the newest `limit`, today's newest `limit`, or the one sale with a code; each narrowed by the
 * 'Entrega' and 'Pago' filters when given.
 */
export type SalesView = (
  | { kind: "latest"; limit: number }
  | { kind: "today"; limit: number }
  | { kind: "code"; code: string }
) & { filters?: SalesFilters };

interface StoreScope {
  id: string;
  timeZone: string;
}

/** How many sales a view shows: one for a code, else its page limit. */
const viewLimit = (view: SalesView) => (view.kind === "code" ? 1 : view.limit);

/**
 * The creation time of the store's SALES_FILTER_WINDOW-th newest sale (0 when it has fewer): a constant subquery
 * that reads that many entries of sales_store_newest_idx and no table row.
 */
function filterWindowStart(storeId: string): SQL {
  return sql`coalesce((select ${sales.createdAt} from ${sales} where ${sales.storeId} = ${storeId} order by ${sales.createdAt} desc, ${sales.id} desc limit 1 offset ${SALES_FILTER_WINDOW - 1}), 0)`;
}

/**
 * The filters as conditions on the rows the view walks. A filtered list still walks sales_store_newest_idx newest
 * first, but only back to the start of the filter window: a rare delivery method or payment state cannot make it
 * read the store's whole history looking for `limit` matches.
 */
function filterConditions(store: StoreScope, view: SalesView): SQL[] {
  const filters = view.filters;
  if (!hasFilters(filters)) return [];
  const conditions: SQL[] = [];
  if (filters?.delivery) conditions.push(eq(sales.delivery, filters.delivery));
  if (filters?.payment === "on_delivery") conditions.push(eq(sales.paymentMethod, "on_delivery"));
  else if (filters?.payment) conditions.push(eq(sales.paymentStatus, filters.payment));
  if (view.kind !== "code") conditions.push(gte(sales.createdAt, filterWindowStart(store.id)));
  return conditions;
}

function viewFilter(store: StoreScope, view: SalesView, now: Date): SQL | undefined {
  const own = eq(sales.storeId, store.id);
  const filters = filterConditions(store, view);
  if (view.kind === "code") return and(own, eq(sales.id, view.code), ...filters);
  if (view.kind === "today") {
    const { from, to } = todayRange(now, store.timeZone);
    return and(own, gte(sales.createdAt, from), lt(sales.createdAt, to), ...filters);
  }
  return and(own, ...filters);
}

const newestFirst = [desc(sales.createdAt), desc(sales.id)];

/** The query behind listSales, for a page that batches it with its own: `limit + 1` rows, the extra one tells of more. */
export function salesListQuery(db: Db, store: StoreScope, view: SalesView, now: Date) {
  return db
    .select()
    .from(sales)
    .where(viewFilter(store, view, now))
    .orderBy(...newestFirst)
    .limit(viewLimit(view) + 1);
}

/** The rows of salesListQuery as the list shows them, and whether more exist beyond the view's limit. */
export function salesListResult(rows: Sale[], view: SalesView): { sales: Sale[]; hasMore: boolean } {
  const limit = viewLimit(view);
  return { sales: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** The sales a view shows, newest first, and whether more exist beyond `limit` (for 'Cargar más ventas'). */
export async function listSales(
  db: Db,
  store: StoreScope,
  view: SalesView,
  now: Date,
): Promise<{ sales: Sale[]; hasMore: boolean }> {
  return salesListResult(await salesListQuery(db, store, view, now), view);
}

/** The shown sales with their lines (CSV export), in one round trip. */
export async function listSalesWithLines(db: Db, store: StoreScope, view: SalesView, now: Date): Promise<SaleWithLines[]> {
  const where = viewFilter(store, view, now);
  const limit = viewLimit(view);
  const shownIds = db
    .select({ id: sales.id })
    .from(sales)
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit);
  const [rows, lines] = await db.batch([
    db
      .select()
      .from(sales)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit),
    db
      .select()
      .from(saleLines)
      .where(inArray(saleLines.saleId, shownIds))
      .orderBy(asc(saleLines.saleId), asc(saleLines.position)),
  ]);
  const bySale = new Map<string, SaleLine[]>();
  for (const line of lines) bySale.set(line.saleId, [...(bySale.get(line.saleId) ?? []), line]);
  return rows.map((sale) => ({ ...sale, lines: bySale.get(sale.id) ?? [] }));
}

/** One sale of the store with its lines, or undefined (unknown code or another store's sale: the same answer). */
export async function getSale(db: Db, storeId: string, saleId: string): Promise<SaleWithLines | undefined> {
  const ownSale = and(eq(sales.id, saleId), eq(sales.storeId, storeId));
  const [[sale], lines] = await db.batch([
    db.select().from(sales).where(ownSale),
    db
      .select()
      .from(saleLines)
      .where(and(eq(saleLines.saleId, saleId), exists(db.select({ one: sql`1` }).from(sales).where(ownSale))))
      .orderBy(asc(saleLines.position)),
  ]);
  return sale ? { ...sale, lines } : undefined;
}

export type SaleChange =
  | { ok: true; state: SaleState }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "not_pending"; state: SaleState }
  | { ok: false; reason: "no_stock"; productName: string };

/** A SaleChange whose success also carries the sale as it is now, for the buyer's email without another read. */
export type SaleChangeWithSale = Exclude<SaleChange, { ok: true }> | { ok: true; state: SaleState; sale: SaleWithLines };

export function withoutSale(change: SaleChangeWithSale): SaleChange {
  return change.ok ? { ok: true, state: change.state } : change;
}

interface Services {
  db: Db;
  clock: { now(): Date };
}

/** Runs drizzle-built statements as one libSQL write transaction (BEGIN IMMEDIATE … COMMIT; any error rolls it all back). */
async function writeTransaction(db: Db, queries: Array<{ toSQL(): { sql: string; params: unknown[] } }>): Promise<ResultSet[]> {
  const statements: InStatement[] = queries.map((q) => {
    const { sql: text, params } = q.toSQL();
    return { sql: text, args: params as InArgs };
  });
  return db.$client.batch(statements, "write");
}

function isStockCheckViolation(error: unknown): boolean {
  return isCheckViolation(error, "products_stock_non_negative", "product_variants_stock_non_negative");
}

/** The first product or variant whose stock is short for the sale, by the name on the sale's line. */
async function shortProduct(
  db: Db,
  storeId: string,
  sale: SaleWithLines,
  needs: Map<string, number>,
  variantNeeds: Map<number, number>,
): Promise<string | null> {
  if (needs.size === 0 && variantNeeds.size === 0) return null;
  const [productRows, variantRows] = await db.batch([
    db
      .select({ id: products.id, name: products.name, stock: products.stock })
      .from(products)
      .where(and(eq(products.storeId, storeId), inArray(products.id, needs.size ? [...needs.keys()] : ["-"]))),
    db
      .select({ id: productVariants.id, stock: productVariants.stock })
      .from(productVariants)
      .where(and(eq(productVariants.storeId, storeId), inArray(productVariants.id, [...variantNeeds.keys(), -1]))),
  ]);
  for (const [productId, quantity] of needs) {
    const product = productRows.find((p) => p.id === productId);
    if (product && product.stock < quantity) return product.name;
  }
  for (const [variantId, quantity] of variantNeeds) {
    const variant = variantRows.find((v) => v.id === variantId);
    if (variant && variant.stock < quantity) return sale.lines.find((l) => l.variantId === variantId)?.name ?? null;
  }
  return null;
}

const MAX_CONFIRM_TRIES = 3;

/**
 * 'Completar': Pendiente → Confirmada and each line's quantity taken from stock, atomically and exactly once.
 *
 * One write transaction holds every decrement and the state change, each conditioned on the sale still being
 * Pendiente; the state change comes last, so all decrements see the same answer. SQLite runs one writer at a
 * time, so of two confirmations of one sale only the first finds it pending. A line of a variant takes from the
 * variant (the database sums variants into their product). A decrement below zero breaks the stock CHECK of
 * products or product_variants, which rolls the whole transaction back: nothing changes and the merchant is told
 * which product is short. Lines whose product or variant was deleted (id set null) are skipped, as are products
 * deleted between reading the lines and writing.
 */
export async function confirmSale(services: Services, storeId: string, saleId: string): Promise<SaleChange> {
  return withoutSale(await confirmSaleWithSale(services, storeId, saleId));
}

/** confirmSale, answering on success the sale it read with its new state. */
export async function confirmSaleWithSale(services: Services, storeId: string, saleId: string): Promise<SaleChangeWithSale> {
  const { db } = services;
  for (let attempt = 1; ; attempt++) {
    const sale = await getSale(db, storeId, saleId);
    if (!sale) return { ok: false, reason: "not_found" };
    if (!nextSaleState(sale.state, "confirm")) return { ok: false, reason: "not_pending", state: sale.state };
    const needs = stockNeeds(sale.lines);
    const variantNeeds = variantStockNeeds(sale.lines);
    const short = await shortProduct(db, storeId, sale, needs, variantNeeds);
    if (short) return { ok: false, reason: "no_stock", productName: short };

    const stillPending = and(eq(sales.id, saleId), eq(sales.storeId, storeId), eq(sales.state, "Pendiente"));
    const pending = exists(db.select({ one: sql`1` }).from(sales).where(stillPending));
    const decrements = [
      ...[...needs].map(([productId, quantity]) =>
        db
          .update(products)
          .set({ stock: sql`${products.stock} - ${quantity}` })
          .where(
            and(
              eq(products.id, productId),
              eq(products.storeId, storeId),
              pending,
              // A product that has gained options since keeps its stock in its variants: the database sums them.
              notExists(db.select({ one: sql`1` }).from(productVariants).where(eq(productVariants.productId, productId))),
            ),
          ),
      ),
      // The variant's stock; the database then sums it into its product's.
      ...[...variantNeeds].map(([variantId, quantity]) =>
        db
          .update(productVariants)
          .set({ stock: sql`${productVariants.stock} - ${quantity}` })
          .where(and(eq(productVariants.id, variantId), eq(productVariants.storeId, storeId), pending)),
      ),
    ];
    const closedAt = services.clock.now();
    const confirm = db.update(sales).set({ state: "Confirmada", closedAt }).where(stillPending).returning({ id: sales.id });
    try {
      const results = await writeTransaction(db, [...decrements, confirm]);
      if (results.at(-1)?.rows.length === 1) {
        return { ok: true, state: "Confirmada", sale: { ...sale, state: "Confirmada", closedAt } };
      }
      // Someone else changed it between our read and the transaction: report what it is now.
      const now = await getSale(db, storeId, saleId);
      return now ? { ok: false, reason: "not_pending", state: now.state } : { ok: false, reason: "not_found" };
    } catch (error) {
      // Stock went short between the check and the transaction; the rollback left everything as it was.
      if (!isStockCheckViolation(error) || attempt >= MAX_CONFIRM_TRIES) throw error;
    }
  }
}

/** 'Cancelar': Pendiente → Cancelada in one conditioned statement. Stock is never touched. */
export async function cancelSale(services: Services, storeId: string, saleId: string): Promise<SaleChange> {
  return withoutSale(await cancelSaleWithSale(services, storeId, saleId));
}

/** cancelSale, answering on success the cancelled sale with its lines (read in the same batch). */
export async function cancelSaleWithSale(services: Services, storeId: string, saleId: string): Promise<SaleChangeWithSale> {
  const { db } = services;
  const ownSale = and(eq(sales.id, saleId), eq(sales.storeId, storeId));
  const [[changed], lines] = await db.batch([
    db
      .update(sales)
      .set({ state: "Cancelada", closedAt: services.clock.now() })
      .where(and(ownSale, eq(sales.state, "Pendiente")))
      .returning(),
    db
      .select()
      .from(saleLines)
      .where(and(eq(saleLines.saleId, saleId), exists(db.select({ one: sql`1` }).from(sales).where(ownSale))))
      .orderBy(asc(saleLines.position)),
  ]);
  if (changed) return { ok: true, state: "Cancelada", sale: { ...changed, lines } };
  const sale = await db.query.sales.findFirst({ where: ownSale });
  return sale ? { ok: false, reason: "not_pending", state: sale.state } : { ok: false, reason: "not_found" };
}
