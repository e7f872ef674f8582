// Every read of orders (the sales and sale_lines tables): the shopper's order by its key or code, and the
// sales desk's lists and one sale. Each query is scoped by store: the public ones take the page's store
// subquery, the desk's the id of the store the signed-in merchant owns.
import { and, asc, desc, eq, exists, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { hasFilters, METHOD_FILTERS, SALES_MAX_SHOWN, SALES_PAGE_SIZE, type SalesFilters, todayRange } from "~/domain/sales";
import type { Db } from "~/services/db";
import type { IdRef } from "~/workspace/page-reads.server";
import { idempotencyKeys, saleLines, sales } from "../../db/schema";

// ——— The shopper's order (checkout, order page, confirmation) ———

const isOrderKey = (storeId: SQL | string, key: string) =>
  and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.storeId, storeId));

/** What the order page, the WhatsApp message and the emails show of a sale. */
const orderColumns = {
  id: sales.id,
  state: sales.state,
  subtotal: sales.subtotal,
  discount: sales.discount,
  discountCode: sales.discountCode,
  deliveryFee: sales.deliveryFee,
  paymentAdjustment: sales.paymentAdjustment,
  total: sales.total,
  currency: sales.currency,
  buyerName: sales.buyerName,
  buyerPhone: sales.buyerPhone,
  buyerEmail: sales.buyerEmail,
  delivery: sales.delivery,
  deliveryZone: sales.deliveryZone,
  pickupPoint: sales.pickupPoint,
  address: sales.address,
  postalCode: sales.postalCode,
  note: sales.note,
  accessToken: sales.accessToken,
  paymentMethod: sales.paymentMethod,
  paymentStatus: sales.paymentStatus,
  stockState: sales.stockState,
  draft: sales.draft,
  customerId: sales.customerId,
  createdAt: sales.createdAt,
};
export type OrderRow = Awaited<ReturnType<typeof orderByIdQuery>>[number];

const orderLineColumns = {
  position: saleLines.position,
  productId: saleLines.productId,
  name: saleLines.name,
  imageKey: saleLines.imageKey,
  unitPrice: saleLines.unitPrice,
  quantity: saleLines.quantity,
  promotionName: saleLines.promotionName,
  promotionSaving: saleLines.promotionSaving,
};

/** The sale an idempotency key created, only within this store. */
export const orderByKeyQuery = (db: Db, storeId: SQL | string, key: string) =>
  db
    .select(orderColumns)
    .from(idempotencyKeys)
    .innerJoin(sales, eq(sales.id, idempotencyKeys.saleId))
    .where(isOrderKey(storeId, key))
    .limit(1);

export const orderLinesByKeyQuery = (db: Db, storeId: SQL | string, key: string) =>
  db
    .select(orderLineColumns)
    .from(idempotencyKeys)
    .innerJoin(saleLines, eq(saleLines.saleId, idempotencyKeys.saleId))
    .where(isOrderKey(storeId, key))
    .orderBy(asc(saleLines.position));

export type OrderLineRow = Awaited<ReturnType<typeof orderLinesByKeyQuery>>[number];

/** A sale of this store by its code; the caller checks the access token before showing anything. */
export const orderByIdQuery = (db: Db, storeId: SQL, saleId: string) =>
  db
    .select(orderColumns)
    .from(sales)
    .where(and(eq(sales.id, saleId), eq(sales.storeId, storeId)))
    .limit(1);

export const orderLinesByIdQuery = (db: Db, storeId: SQL, saleId: string) =>
  db
    .select(orderLineColumns)
    .from(saleLines)
    .innerJoin(sales, eq(sales.id, saleLines.saleId))
    .where(and(eq(saleLines.saleId, saleId), eq(sales.storeId, storeId)))
    .orderBy(asc(saleLines.position));

// ——— The sales desk ———

export type Sale = typeof sales.$inferSelect;
type SaleLine = typeof saleLines.$inferSelect;
export type SaleWithLines = Sale & { lines: SaleLine[] };

/**
 * What the list shows: the newest `limit`, today's newest `limit`, or the one sale with a code; each narrowed by the
 * 'Entrega' and 'Pago' filters when given.
 */
export type SalesView = (
  | { kind: "latest"; limit: number }
  | { kind: "today"; limit: number }
  | { kind: "code"; code: string }
) & {
  filters?: SalesFilters;
  /** The condition of a filter another feature owns (the delivery progress's, app/fulfilment), applied like the others. */
  narrow?: SQL;
};

interface StoreScope {
  id: IdRef;
  timeZone: string;
}

/** How many sales a view shows: one for a code, else its page limit. */
const viewLimit = (view: SalesView) => (view.kind === "code" ? 1 : view.limit);

/**
 * The creation time of the store's SALES_MAX_SHOWN-th newest sale (0 when it has fewer): a constant subquery
 * that reads that many entries of sales_store_newest_idx and no table row.
 */
function filterWindowStart(storeId: IdRef): SQL {
  return sql`coalesce((select ${sales.createdAt} from ${sales} where ${sales.storeId} = ${storeId} order by ${sales.createdAt} desc, ${sales.id} desc limit 1 offset ${SALES_MAX_SHOWN - 1}), 0)`;
}

/**
 * The filters as conditions on the rows the view walks. A filtered list still walks sales_store_newest_idx newest
 * first, but only back to the start of the filter window: a rare delivery method or payment state cannot make it
 * read the store's whole history looking for `limit` matches.
 */
const isMethodFilter = (filter: string | undefined): filter is (typeof METHOD_FILTERS)[number] =>
  (METHOD_FILTERS as readonly string[]).includes(filter ?? "");

function filterConditions(store: StoreScope, view: SalesView): SQL[] {
  const filters = view.filters;
  if (!hasFilters(filters)) return [];
  const conditions: SQL[] = view.narrow ? [view.narrow] : [];
  if (filters?.delivery) conditions.push(eq(sales.delivery, filters.delivery));
  const payment = filters?.payment;
  if (isMethodFilter(payment)) conditions.push(eq(sales.paymentMethod, payment));
  else if (payment) conditions.push(eq(sales.paymentStatus, payment));
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

/**
 * The store's pending orders paid online without stock to fill them ('Pagado — sin stock'), oldest first: the
 * desk shows them above its list until each is refunded or completed.
 */
export const paidWithoutStockQuery = (db: Db, storeId: IdRef) =>
  db
    .select()
    .from(sales)
    .where(
      and(
        eq(sales.storeId, storeId),
        eq(sales.stockState, "short"),
        eq(sales.state, "Pendiente"),
        eq(sales.paymentStatus, "approved"),
      ),
    )
    .orderBy(asc(sales.createdAt))
    .limit(SALES_PAGE_SIZE);

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

/** One sale of the store and its lines: two statements for a batch (`getSale`, or a page that reads more with it). */
export function saleStatements(db: Db, storeId: IdRef, saleId: string) {
  const ownSale = and(eq(sales.id, saleId), eq(sales.storeId, storeId));
  return [
    db.select().from(sales).where(ownSale),
    db
      .select()
      .from(saleLines)
      .where(and(eq(saleLines.saleId, saleId), exists(db.select({ one: sql`1` }).from(sales).where(ownSale))))
      .orderBy(asc(saleLines.position)),
  ] as const;
}

/** The stored key of a sale's transfer receipt (null without one), by the sale's code and the store's. */
export const saleReceiptQuery = (db: Db, storeId: IdRef, saleId: string) =>
  db
    .select({ receiptKey: sales.receiptKey })
    .from(sales)
    .where(and(eq(sales.id, saleId), eq(sales.storeId, storeId)))
    .limit(1);

/** One sale of the store with its lines, or undefined (unknown code or another store's sale: the same answer). */
export async function getSale(db: Db, storeId: string, saleId: string): Promise<SaleWithLines | undefined> {
  const [[sale], lines] = await db.batch(saleStatements(db, storeId, saleId));
  return sale ? { ...sale, lines } : undefined;
}
