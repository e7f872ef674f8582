// Every write of orders (the sales, sale_lines and idempotency_keys tables): placing one with its stock reserved,
// its state changes ('Completar', 'Cancelar', a refund), its online payment, and the upkeep that releases lapsed
// reservations (every way to pay holds for a time: decision 0049). Each statement is scoped by store and conditioned
// on the state it changes, so concurrent requests, retries and notifications arriving twice change an order once
// (docs/decisions/0032-stock-reservations.md).
import type { InArgs, InStatement, ResultSet } from "@libsql/client";
import { and, asc, eq, exists, inArray, isNotNull, isNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { codeReturnStatement, codeUseStatement } from "~/discounts/discount-codes.server";
import { type CustomerKey, FORGOTTEN_BUYER } from "~/domain/customers";
import type { DeliveryMethod } from "~/domain/delivery";
import { ID_DIGITS, randomDigits, randomToken } from "~/domain/ids";
import type { OrderQuote } from "~/domain/order-quote";
import { type PaymentMethod, RECEIPT_HOLD_EXTENSION_HOURS } from "~/domain/payment-methods";
import { orderPromotionUses, type PromotionUse } from "~/domain/promotions";
import { nextSaleState, type SaleState, stockNeeds, variantStockNeeds } from "~/domain/sales";
import { localDay } from "~/domain/statistics";
import { changeProductStock, type StockChange } from "~/products/products.server";
import { changeVariantStock } from "~/products/variants.server";
import { promotionReturnStatements, promotionUseStatements } from "~/promotions/promotions.server";
import type { Db } from "~/services/db";
import { isCheckViolation, isRuleViolation, isUniqueViolation } from "~/services/db";
import { type Actor, activityStatement, IF_CHANGED } from "~/workspace/activity.server";
import { idempotencyKeys, products, productVariants, saleLines, sales } from "../../db/schema";
import { checkoutOrderedStatement, recoversAbandoned } from "./abandoned-carts.server";
import { matchedCustomerId, rememberCustomerStatements } from "./customer-records.server";
import { getSale, type SaleWithLines } from "./order-queries.server";

export interface NewOrder {
  key: string;
  storeId: string;
  currency: string;
  buyerName: string;
  buyerPhone: string | null;
  buyerEmail: string | null;
  delivery: DeliveryMethod;
  /** The zone's name (home delivery by zone) and the pickup point's text, as they read at order time. */
  deliveryZone: string | null;
  pickupPoint: string | null;
  address: string | null;
  /** The buyer's postal code as read in the store's country (home delivery by zones with codes, decision 0060). */
  postalCode?: string | null;
  note: string | null;
  /** Computed on the server from the database: lines, code and zone. */
  quote: OrderQuote;
  discountCode: { id: number; code: string } | null;
  paymentMethod: PaymentMethod;
  /** Until when an order waiting for its payment (online or by transfer) keeps its reservation; null: until the merchant acts. */
  holdUntil: Date | null;
  /** The buyer as a code used 'una vez por cliente' knows them (phone digits, email); null for other codes. */
  codeCustomer: { phone: string | null; email: string | null } | null;
  /** The buyer as the store's customer list knows them; null when they left neither number nor email. */
  customer: CustomerKey | null;
  /** Built by the merchant for the customer to confirm ('Armar pedido'); a home delivery's address may wait. */
  draft?: boolean;
  /** Who placed it at the checkout (hashed), for the limits on unpaid orders; absent for the merchant's own orders. */
  client?: ClientKeys;
  /** Where the visit that started the cart came from (app/domain/visits.ts), for the store's statistics. */
  source?: string | null;
  /** The checkout record (its contact step) this order comes from: it leaves 'Carritos abandonados', recovered if listed. */
  checkoutId?: string | null;
  /** The store's time zone: the order counts in the statistics on its calendar day there (sales.day). */
  timeZone: string;
  lines: Array<{
    productId: string;
    /** The variant bought and its values, for a product with options (name already ends with them). */
    variantId?: number | null;
    variant?: string | null;
    name: string;
    imageKey: string | null;
    unitPrice: number;
    quantity: number;
    /** The promotion the line took and what it took off (app/domain/promotions.ts); none: no promotion. */
    promotionId?: number | null;
    promotionName?: string | null;
    promotionSaving?: number;
  }>;
  /** The promotions the order took (its lines' and its free delivery), counted in the same batch as the sale. */
  promotions?: readonly PromotionUse[];
}

/** The checkout's client, hashed (unpaid-orders.server.ts): its address (null when unknown) and its browser's cookie. */
export interface ClientKeys {
  addressKey: string | null;
  cookieKey: string;
}

export type CreatedSale = { saleId: string; accessToken: string; created: boolean };

/**
 * Saves the sale 'Pendiente' with its lines, the idempotency key, the discount code's use and the reservation
 * of every line's stock in one transaction (a batch). A second submit with the same key (even a concurrent one)
 * fails on the key's primary key, the whole batch rolls back, and the first sale is returned: one key, one sale,
 * one use, one reservation. A line whose product or variant has fewer units available than it asks fails the
 * batch on the reservation rule (OutOfStockError); a code at its use limit on the code's CHECK
 * (CodeExhaustedError); a code used 'una vez por cliente' by the same buyer before on its unique index
 * (CodeAlreadyUsedError). Nothing is saved then.
 */
export async function createSale(db: Db, order: NewOrder, now: Date): Promise<CreatedSale> {
  const { quote } = order;
  for (let attempt = 1; ; attempt++) {
    const saleId = randomDigits(ID_DIGITS.sale);
    const accessToken = randomToken(24);
    try {
      const useCode = order.discountCode ? [codeUseStatement(db, order.storeId, order.discountCode.id)] : [];
      const held = exists(
        db
          .select({ one: sql`1` })
          .from(sales)
          .where(and(eq(sales.id, saleId), eq(sales.stockState, "held"))),
      );
      await db.batch([
        db.insert(sales).values({
          id: saleId,
          storeId: order.storeId,
          state: "Pendiente",
          subtotal: quote.subtotal,
          discount: quote.discount,
          discountCode: order.discountCode?.code ?? null,
          discountCodeId: order.discountCode?.id ?? null,
          deliveryFee: quote.deliveryFee,
          paymentAdjustment: quote.paymentAdjustment,
          total: quote.total,
          currency: order.currency,
          buyerName: order.buyerName,
          buyerPhone: order.buyerPhone,
          buyerEmail: order.buyerEmail,
          delivery: order.delivery,
          deliveryZone: order.delivery === "delivery" ? order.deliveryZone : null,
          pickupPoint: order.delivery === "pickup" ? order.pickupPoint : null,
          address: order.delivery === "delivery" ? order.address : null,
          postalCode: order.delivery === "delivery" ? (order.postalCode ?? null) : null,
          note: order.note,
          accessToken,
          paymentMethod: order.paymentMethod,
          paymentStatus: order.paymentMethod === "online" ? "pending" : "none",
          stockState: "held",
          reservedUntil: order.holdUntil,
          codeCustomerPhone: order.codeCustomer?.phone || null,
          codeCustomerEmail: order.codeCustomer?.email || null,
          draft: order.draft ?? false,
          clientAddressKey: order.client?.addressKey ?? null,
          clientCookieKey: order.client?.cookieKey ?? null,
          source: order.source ?? null,
          freeDeliveryPromotionId: quote.freeDeliveryPromotion?.id ?? null,
          freeDeliveryPromotion: quote.freeDeliveryPromotion?.name ?? null,
          createdAt: now,
          day: localDay(now.getTime(), order.timeZone),
        }),
        db.insert(saleLines).values(order.lines.map((l, position) => ({ saleId, position, ...l }))),
        db.insert(idempotencyKeys).values({ key: order.key, storeId: order.storeId, saleId, createdAt: now }),
        ...(order.checkoutId ? checkoutOrderStatements(db, order.storeId, order.checkoutId, saleId, now) : []),
        ...useCode,
        ...promotionUseStatements(db, order.storeId, order.promotions ?? []),
        ...stockStatements(db, "reserve", order.storeId, order.lines, held),
        ...(order.customer
          ? customerLinkStatements(
              db,
              { id: saleId, storeId: order.storeId, buyerName: order.buyerName },
              order.customer,
              now,
              true,
            )
          : []),
      ]);
      return { saleId, accessToken, created: true };
    } catch (error) {
      if (isUniqueViolation(error, "idempotency_keys.key")) {
        const [existing] = await db
          .select({ saleId: sales.id, accessToken: sales.accessToken, storeId: idempotencyKeys.storeId })
          .from(idempotencyKeys)
          .innerJoin(sales, eq(sales.id, idempotencyKeys.saleId))
          .where(eq(idempotencyKeys.key, order.key));
        if (existing && existing.storeId === order.storeId)
          return { saleId: existing.saleId, accessToken: existing.accessToken, created: false };
        throw new DuplicateKeyError();
      }
      if (isCheckViolation(error, "discount_codes_uses_within_limit")) throw new CodeExhaustedError();
      if (isOutOfStock(error)) throw new OutOfStockError();
      if (isUniqueViolation(error, "code_customer")) throw new CodeAlreadyUsedError();
      if (isRuleViolation(error, "sales_unpaid_per_client")) throw new UnpaidLimitError("client");
      if (isRuleViolation(error, "sales_unpaid_per_store")) throw new UnpaidLimitError("store");
      if (attempt < 5 && isUniqueViolation(error, "sales.id")) continue;
      throw error;
    }
  }
}

/**
 * The buyer made or found in the store's customer list, and the sale theirs (only while it has no customer). A new
 * order gives the customer the name written on it; an older one, linked later, does not.
 */
function customerLinkStatements(db: Db, order: LinkedOrder, key: CustomerKey, now: Date, rename: boolean) {
  return [
    ...rememberCustomerStatements(db, order.storeId, { name: order.buyerName, rename }, key, now),
    db
      .update(sales)
      .set({ customerId: matchedCustomerId(order.storeId, key) })
      .where(and(eq(sales.id, order.id), eq(sales.storeId, order.storeId), isNull(sales.customerId))),
  ];
}

interface LinkedOrder {
  id: string;
  storeId: string;
  buyerName: string;
}

/** The order's checkout record: the sale marked recovered when the record was listed as abandoned, then the record ordered. */
function checkoutOrderStatements(db: Db, storeId: string, checkoutId: string, saleId: string, now: Date) {
  return [
    db
      .update(sales)
      .set({ recoveredCart: true })
      .where(and(eq(sales.id, saleId), recoversAbandoned(storeId, checkoutId, now))),
    checkoutOrderedStatement(db, storeId, checkoutId, saleId, now),
  ];
}

/** An order from before the customer list given its customer (the upkeep). */
export const linkPastOrderStatements = (db: Db, order: LinkedOrder, key: CustomerKey, now: Date) =>
  customerLinkStatements(db, order, key, now, false);

/** What the customer's confirmation of a draft writes: their contact and address, how they pay, the new amounts. */
export interface DraftConfirmationRecord {
  saleId: string;
  storeId: string;
  buyerName: string;
  buyerPhone: string | null;
  buyerEmail: string | null;
  address: string | null;
  paymentMethod: PaymentMethod;
  paymentAdjustment: number;
  total: number;
  /** Until when the order keeps its units now (its payment's hold), or null: until the merchant acts. */
  holdUntil: Date | null;
  customer: CustomerKey | null;
}

/**
 * The customer confirms a draft, once: only while it is a draft, 'Pendiente' and holding its units (a lapsed one
 * is not confirmed). The order gets their contact and way to pay, then its customer if it had none (the one the
 * merchant's number named stays). False when the draft was not waiting any more.
 */
export async function confirmDraft(db: Db, c: DraftConfirmationRecord, now: Date): Promise<boolean> {
  const waiting = [eq(sales.draft, true), eq(sales.state, "Pendiente"), eq(sales.stockState, "held")];
  const [confirmed] = await db.batch([
    db
      .update(sales)
      .set({
        draft: false,
        buyerName: c.buyerName,
        buyerPhone: c.buyerPhone,
        buyerEmail: c.buyerEmail,
        address: sql`case when ${sales.delivery} = 'delivery' then ${c.address} else null end`,
        paymentMethod: c.paymentMethod,
        paymentStatus: c.paymentMethod === "online" ? "pending" : "none",
        paymentAdjustment: c.paymentAdjustment,
        total: c.total,
        reservedUntil: c.holdUntil,
      })
      .where(saleWhere(c.saleId, c.storeId, ...waiting))
      .returning({ id: sales.id }),
  ]);
  if (confirmed.length !== 1) return false;
  if (c.customer) {
    const [first, ...rest] = customerLinkStatements(
      db,
      { id: c.saleId, storeId: c.storeId, buyerName: c.buyerName },
      c.customer,
      now,
      true,
    );
    if (first) await db.batch([first, ...rest]);
  }
  return true;
}

/** A merge: the merged customer's orders become the kept one's. */
export const moveCustomerOrdersStatement = (db: Db, storeId: string, fromId: number, toId: number) =>
  db
    .update(sales)
    .set({ customerId: toId })
    .where(and(eq(sales.storeId, storeId), eq(sales.customerId, fromId)));

/**
 * A customer forgotten at their request: their orders keep what bookkeeping needs (code, date, lines, amounts, state,
 * way to pay, and a transfer's receipt unless it was refused) and lose their name, contact, address and note.
 */
export const forgetCustomerOrdersStatement = (db: Db, storeId: string, customerId: number) =>
  db
    .update(sales)
    .set({
      buyerName: FORGOTTEN_BUYER.name,
      buyerPhone: null,
      buyerEmail: null,
      address: sql`case when ${sales.delivery} = 'delivery' then ${FORGOTTEN_BUYER.address} else null end`,
      note: null,
      codeCustomerPhone: null,
      codeCustomerEmail: null,
      customerId: null,
      receiptKey: sql`case when ${sales.paymentStatus} = 'rejected' then null else ${sales.receiptKey} end`,
    })
    .where(and(eq(sales.storeId, storeId), eq(sales.customerId, customerId)));

class DuplicateKeyError extends Error {
  override name = "DuplicateKeyError";
}

/** The discount code reached its use limit while this order was being placed. */
export class CodeExhaustedError extends Error {
  override name = "CodeExhaustedError";
}

/** A line asks for more units than are available (another order took them meanwhile). */
export class OutOfStockError extends Error {
  override name = "OutOfStockError";
}

/** The buyer has an order with this 'una vez por cliente' code already. */
export class CodeAlreadyUsedError extends Error {
  override name = "CodeAlreadyUsedError";
}

/**
 * The checkout's client, or the store, has as many unpaid orders holding stock as the limits allow
 * (app/domain/limits.ts UNPAID_ORDER_LIMITS; the sales table's triggers hold them under concurrency).
 */
export class UnpaidLimitError extends Error {
  override name = "UnpaidLimitError";
  readonly limit: "client" | "store";
  constructor(limit: "client" | "store") {
    super(`unpaid orders per ${limit}`);
    this.limit = limit;
  }
}

/** Whether a write failed because it would leave reserved above stock, or stock below zero. */
function isOutOfStock(error: unknown): boolean {
  return (
    isRuleViolation(error, "products_reserved_within_stock", "product_variants_reserved_within_stock") ||
    isCheckViolation(error, "products_stock_non_negative", "product_variants_stock_non_negative")
  );
}

/**
 * One stock change for every line of a sale (grouped by product or variant), each when `condition` holds:
 * a line of a variant changes the variant (the database sums variants into their product); lines whose product
 * or variant was deleted are skipped.
 */
function stockStatements(
  db: Db,
  change: StockChange,
  storeId: string,
  lines: ReadonlyArray<{ productId: string | null; variant?: string | null; variantId?: number | null; quantity: number }>,
  condition: SQL,
): Array<ReturnType<typeof changeProductStock> | ReturnType<typeof changeVariantStock>> {
  return [
    ...[...stockNeeds(lines)].map(([productId, quantity]) =>
      changeProductStock(db, change, { storeId, productId, quantity }, condition),
    ),
    ...[...variantStockNeeds(lines)].map(([variantId, quantity]) =>
      changeVariantStock(db, change, { storeId, variantId, quantity }, condition),
    ),
  ];
}

/** As createSale, but a key already used by another store's sale (a tampered form) gives null, not an error. */
export async function createSaleOrRefuse(db: Db, order: NewOrder, now: Date) {
  try {
    return await createSale(db, order, now);
  } catch (error) {
    if (error instanceof DuplicateKeyError) return null;
    throw error;
  }
}

export type SaleChange =
  | { ok: true; state: SaleState }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "not_pending"; state: SaleState }
  | { ok: false; reason: "no_stock"; productName: string }
  /** Paid online: it is cancelled with a refund ('Cancelar y reembolsar'), never without. */
  | { ok: false; reason: "paid" };

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
async function writeTransaction(
  db: Db,
  queries: Array<{ toSQL(): { sql: string; params: unknown[] } } | { getQuery(): { sql: string; params: unknown[] } }>,
): Promise<ResultSet[]> {
  const statements: InStatement[] = queries.map((q) => {
    const { sql: text, params } = "toSQL" in q ? q.toSQL() : q.getQuery();
    return { sql: text, args: params as InArgs };
  });
  return db.$client.batch(statements, "write");
}

/** The sale, by id and store, when `state` holds of it: the condition of every statement that changes it. */
const saleWhere = (saleId: string, storeId: string, ...state: Array<SQL | undefined>) =>
  and(eq(sales.id, saleId), eq(sales.storeId, storeId), ...state);

/** A condition that holds while the sale is as `state` says: for the stock statements batched before its own change. */
const whileSale = (db: Db, saleId: string, storeId: string, ...state: Array<SQL | undefined>) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(sales)
      .where(saleWhere(saleId, storeId, ...state)),
  );

/**
 * The entry of a sale's change of state, named by its code (never by its buyer), written while the sale is as read:
 * in the transaction of the change, right before it.
 */
const saleStateEntry = (
  db: Db,
  actor: Actor,
  sale: Pick<SaleWithLines, "id" | "storeId" | "state">,
  state: SaleState,
  now: Date,
  asRead: SQL,
  refunded = false,
) =>
  activityStatement(
    db,
    sale.storeId,
    actor,
    {
      kind: "sale",
      subject: sale.id,
      summary: {
        says: refunded ? "saleRefunded" : state === "Confirmada" ? "saleCompleted" : "saleCancelled",
        values: { sale: sale.id },
      },
      before: sale.state,
      after: refunded ? "Cancelada (reembolsada)" : state,
    },
    now,
    asRead,
  );

/** The first product or variant of the sale with fewer units available than its lines take, by the line's name. */
async function shortProduct(db: Db, storeId: string, sale: SaleWithLines): Promise<string | null> {
  const needs = stockNeeds(sale.lines);
  const variantNeeds = variantStockNeeds(sale.lines);
  if (needs.size === 0 && variantNeeds.size === 0) return null;
  const [productRows, variantRows] = await db.batch([
    db
      .select({ id: products.id, name: products.name, available: sql<number>`${products.stock} - ${products.reserved}` })
      .from(products)
      .where(and(eq(products.storeId, storeId), inArray(products.id, needs.size ? [...needs.keys()] : ["-"]))),
    db
      .select({ id: productVariants.id, available: sql<number>`${productVariants.stock} - ${productVariants.reserved}` })
      .from(productVariants)
      .where(and(eq(productVariants.storeId, storeId), inArray(productVariants.id, [...variantNeeds.keys(), -1]))),
  ]);
  for (const [productId, quantity] of needs) {
    const product = productRows.find((p) => p.id === productId);
    if (product && product.available < quantity) return product.name;
  }
  for (const [variantId, quantity] of variantNeeds) {
    const variant = variantRows.find((v) => v.id === variantId);
    if (variant && variant.available < quantity) return sale.lines.find((l) => l.variantId === variantId)?.name ?? null;
  }
  return null;
}

const MAX_CONFIRM_TRIES = 3;

/**
 * 'Completar': Pendiente → Confirmada and each line's quantity taken from stock, atomically and exactly once.
 *
 * One write transaction holds every stock change and the state change, each conditioned on the sale still being
 * Pendiente as read; the state change comes last, so all see the same answer. SQLite runs one writer at a time,
 * so of two confirmations (or a confirmation and a cancellation) of one sale only the first finds it pending. An
 * order that holds its stock (reserved at placement) turns the reservation into stock gone; one that holds none
 * (placed before reservations, or released when its online payment lapsed) takes units no other order holds, and
 * when they are too few nothing changes and the merchant is told which product is short. Lines whose product or
 * variant was deleted are skipped. Answers, on success, the sale with its new state (for the buyer's email).
 */
export async function confirmSale(
  services: Services,
  actor: Actor,
  storeId: string,
  saleId: string,
): Promise<SaleChangeWithSale> {
  const { db } = services;
  for (let attempt = 1; ; attempt++) {
    const sale = await getSale(db, storeId, saleId);
    if (!sale) return { ok: false, reason: "not_found" };
    if (!nextSaleState(sale.state, "confirm")) return { ok: false, reason: "not_pending", state: sale.state };
    const holds = sale.stockState === "held";
    if (!holds) {
      const short = await shortProduct(db, storeId, sale);
      if (short) return { ok: false, reason: "no_stock", productName: short };
    }
    const asRead = [eq(sales.state, "Pendiente"), eq(sales.stockState, sale.stockState), eq(sales.refundState, "none")];
    const closedAt = services.clock.now();
    const confirm = db
      .update(sales)
      .set({ state: "Confirmada", stockState: "taken", reservedUntil: null, closedAt })
      .where(saleWhere(saleId, storeId, ...asRead))
      .returning({ id: sales.id });
    try {
      const changes = stockStatements(
        db,
        holds ? "take" : "takeFree",
        storeId,
        sale.lines,
        whileSale(db, saleId, storeId, ...asRead),
      );
      const entry = saleStateEntry(db, actor, sale, "Confirmada", closedAt, whileSale(db, saleId, storeId, ...asRead));
      const results = await writeTransaction(db, [...changes, entry, confirm]);
      if (results.at(-1)?.rows.length === 1) {
        return { ok: true, state: "Confirmada", sale: { ...sale, state: "Confirmada", stockState: "taken", closedAt } };
      }
      // Someone else changed it between our read and the transaction: report what it is now.
      const now = await getSale(db, storeId, saleId);
      if (now?.state === "Pendiente" && attempt < MAX_CONFIRM_TRIES) continue;
      return now ? { ok: false, reason: "not_pending", state: now.state } : { ok: false, reason: "not_found" };
    } catch (error) {
      // Stock went short between the check and the transaction; the rollback left everything as it was.
      if (!isOutOfStock(error) || attempt >= MAX_CONFIRM_TRIES) throw error;
    }
  }
}

/**
 * Statements that close a pending sale as Cancelada (conditioned on `asRead`): its reservation given back when
 * it holds one, its discount code's use returned once, its 'una vez por cliente' keys freed for another order.
 */
function cancelStatements(
  db: Db,
  actor: Actor,
  sale: SaleWithLines,
  asRead: SQL[],
  now: Date,
  paid: Partial<typeof sales.$inferInsert> = {},
) {
  const { id, storeId } = sale;
  const release =
    sale.stockState === "held" ? stockStatements(db, "release", storeId, sale.lines, whileSale(db, id, storeId, ...asRead)) : [];
  const code = sale.discountCodeId
    ? [
        codeReturnStatement(
          db,
          storeId,
          sale.discountCodeId,
          whileSale(db, id, storeId, ...asRead, eq(sales.codeReturned, false)),
        ),
      ]
    : [];
  // The promotions' counters get back what this sale added, once: while the sale is as read, before its cancel below.
  const promotionUses = orderPromotionUses(
    sale.lines,
    { id: sale.freeDeliveryPromotionId, name: sale.freeDeliveryPromotion },
    sale.subtotal - sale.discount,
  );
  const promotions = promotionReturnStatements(db, storeId, promotionUses, whileSale(db, id, storeId, ...asRead));
  const cancel = db
    .update(sales)
    .set({
      state: "Cancelada",
      stockState: sale.stockState === "held" ? "released" : sale.stockState,
      reservedUntil: null,
      codeReturned: sale.discountCodeId ? true : sale.codeReturned,
      codeCustomerPhone: null,
      codeCustomerEmail: null,
      closedAt: now,
      ...paid,
    })
    .where(saleWhere(id, storeId, ...asRead))
    .returning({ id: sales.id });
  const entry = saleStateEntry(db, actor, sale, "Cancelada", now, whileSale(db, id, storeId, ...asRead), paid.refundedAt != null);
  return [...release, ...code, ...promotions, entry, cancel];
}

/**
 * 'Cancelar': Pendiente → Cancelada in one transaction, exactly once under concurrency: the reservation given back,
 * the code's use returned, nothing else of the stock touched. A sale paid online is refused ('paid'): it is
 * cancelled by a refund. A verified transfer may be cancelled: the merchant gives the money back by hand. Answers, on success, the cancelled sale with its lines.
 */
export async function cancelSale(services: Services, actor: Actor, storeId: string, saleId: string): Promise<SaleChangeWithSale> {
  const { db } = services;
  for (let attempt = 1; ; attempt++) {
    const sale = await getSale(db, storeId, saleId);
    if (!sale) return { ok: false, reason: "not_found" };
    if (sale.state !== "Pendiente") return { ok: false, reason: "not_pending", state: sale.state };
    if (sale.paymentMethod === "online" && (sale.paymentStatus === "approved" || sale.refundState !== "none"))
      return { ok: false, reason: "paid" };
    const asRead = [
      eq(sales.state, "Pendiente"),
      eq(sales.stockState, sale.stockState),
      // An online payment approved meanwhile makes it a refund; a verified transfer is given back by the merchant.
      or(ne(sales.paymentMethod, "online"), ne(sales.paymentStatus, "approved")) as SQL,
      eq(sales.refundState, "none"),
    ];
    const closedAt = services.clock.now();
    const results = await writeTransaction(db, cancelStatements(db, actor, sale, asRead, closedAt));
    if (results.at(-1)?.rows.length === 1)
      return { ok: true, state: "Cancelada", sale: { ...sale, state: "Cancelada", closedAt } };
    if (attempt >= MAX_CONFIRM_TRIES)
      return { ok: false, reason: "not_pending", state: (await getSale(db, storeId, saleId))?.state ?? sale.state };
  }
}

// ——— Refunds ('Cancelar y reembolsar') ———

export type RefundStart =
  | { ok: true; sale: SaleWithLines }
  | { ok: false; reason: "not_found" | "not_refundable" | "in_progress" };

/**
 * Marks a pending sale paid online as being refunded, before the provider is asked: while it is, 'Completar',
 * 'Cancelar' and another refund leave it alone. One conditioned update; false when it is not (or no longer)
 * pending, paid and free.
 */
export async function startRefund(db: Db, storeId: string, saleId: string): Promise<RefundStart> {
  const sale = await getSale(db, storeId, saleId);
  if (!sale) return { ok: false, reason: "not_found" };
  if (sale.refundState === "requested") return { ok: false, reason: "in_progress" };
  if (sale.state !== "Pendiente" || sale.paymentStatus !== "approved" || !sale.providerPaymentId)
    return { ok: false, reason: "not_refundable" };
  const [marked] = await db
    .update(sales)
    .set({ refundState: "requested", refundError: null })
    .where(
      saleWhere(
        saleId,
        storeId,
        eq(sales.state, "Pendiente"),
        eq(sales.paymentStatus, "approved"),
        eq(sales.refundState, "none"),
      ),
    )
    .returning({ id: sales.id });
  return marked
    ? { ok: true, sale: { ...sale, refundState: "requested", refundError: null } }
    : { ok: false, reason: "in_progress" };
}

/**
 * The provider confirmed the refund: the sale is cancelled and refunded in one transaction, its reservation
 * given back and its code's use returned. Only a sale marked as being refunded changes, once.
 */
export async function finishRefund(
  services: Services,
  actor: Actor,
  sale: SaleWithLines,
  providerRefundId: string,
): Promise<boolean> {
  const { db } = services;
  const now = services.clock.now();
  const asRead = [eq(sales.state, "Pendiente"), eq(sales.stockState, sale.stockState), eq(sales.refundState, "requested")];
  const results = await writeTransaction(
    db,
    cancelStatements(db, actor, sale, asRead, now, {
      paymentStatus: "refunded",
      refundState: "none",
      providerRefundId,
      refundedAt: now,
    }),
  );
  return results.at(-1)?.rows.length === 1;
}

/** The refund failed or its answer never came: the sale is as it was, with the reason the desk shows beside a retry. */
export async function abandonRefund(db: Db, storeId: string, saleId: string, reason: string): Promise<void> {
  await db
    .update(sales)
    .set({ refundState: "none", refundError: reason })
    .where(saleWhere(saleId, storeId, eq(sales.refundState, "requested")));
}

// ——— Online payments of orders ———

/** A rejected online payment, marked only while the sale's payment is pending (an approval is never undone). */
export async function markPaymentRejected(db: Db, storeId: string, saleId: string): Promise<boolean> {
  const marked = await db
    .update(sales)
    .set({ paymentStatus: "rejected" })
    .where(and(eq(sales.id, saleId), eq(sales.storeId, storeId), eq(sales.paymentStatus, "pending")))
    .returning({ id: sales.id });
  return marked.length > 0;
}

export type PaidOutcome = "applied" | "applied_short" | "applied_closed" | "already_applied";

/**
 * The sale paid online by the provider's payment `providerPaymentId`, applied once however many notifications
 * arrive. A sale that still holds its stock keeps it until the merchant acts. One whose reservation lapsed is
 * reserved again in the same transaction when its units are still available ('applied'); when they are not, it
 * is marked paid and short ('applied_short': 'Pagado — sin stock', to refund). Never oversold: a paid order either
 * holds its units or says it has none. A sale closed before its payment came (cancelled while the buyer was paying)
 * records it ('applied_closed'), for the merchant to give it back.
 */
export async function markPaid(db: Db, sale: SaleWithLines, providerPaymentId: string, now: Date): Promise<PaidOutcome> {
  const { id, storeId } = sale;
  const unpaid = [eq(sales.paymentMethod, "online"), ne(sales.paymentStatus, "approved"), ne(sales.paymentStatus, "refunded")];
  const paid = { paymentStatus: "approved" as const, providerPaymentId, paidAt: now, reservedUntil: null };
  const apply = (stockState: "held" | "short", ...state: SQL[]) =>
    db
      .update(sales)
      .set({ ...paid, stockState })
      .where(saleWhere(id, storeId, ...unpaid, ...state))
      .returning({ id: sales.id });
  const holding = eq(sales.stockState, "held");
  const holdsNone = or(
    eq(sales.stockState, "released"),
    eq(sales.stockState, "unreserved"),
    eq(sales.stockState, "short"),
  ) as SQL;
  try {
    const results = await writeTransaction(db, [
      // Still holding: paid, held until the merchant completes or cancels it.
      db
        .update(sales)
        .set(paid)
        .where(saleWhere(id, storeId, ...unpaid, holding, eq(sales.state, "Pendiente")))
        .returning({ id: sales.id }),
      // Lapsed (or never reserved): reserved again, then paid and held.
      ...stockStatements(
        db,
        "reserve",
        storeId,
        sale.lines,
        whileSale(db, id, storeId, ...unpaid, holdsNone, eq(sales.state, "Pendiente")),
      ),
      apply("held", holdsNone, eq(sales.state, "Pendiente")),
    ]);
    if (results[0]?.rows.length || results.at(-1)?.rows.length) return "applied";
  } catch (error) {
    if (!isOutOfStock(error)) throw error;
    // Its units went to other orders while it waited: paid, without stock, for the merchant to refund.
    const [short] = await apply("short", holdsNone, eq(sales.state, "Pendiente"));
    if (short) return "applied_short";
  }
  // Paid before, or closed meanwhile: a payment of a closed sale is still recorded, its stock left as it is.
  const [late] = await db
    .update(sales)
    .set(paid)
    .where(saleWhere(id, storeId, ...unpaid, ne(sales.state, "Pendiente")))
    .returning({ id: sales.id });
  return late ? "applied_closed" : "already_applied";
}

// ——— Upkeep: lapsed reservations, orders placed before reservations ———

/**
 * Gives back the stock of every unpaid order whose hold ended (held, its hold past `now`, not paid online nor
 * verified), whatever its way to pay: one write transaction, so a payment approved meanwhile either came first (the
 * order is paid and no longer lapses) or after (it reserves again or says it is short). The orders stay Pendiente:
 * the buyer may still pay, and the merchant may still complete (while stock allows) or cancel them. Answers the
 * released orders.
 */
export async function releaseLapsedHolds(db: Db, now: Date): Promise<Array<{ id: string; storeId: string }>> {
  const lapsed = [
    eq(sales.stockState, "held"),
    isNotNull(sales.reservedUntil),
    lte(sales.reservedUntil, now),
    ne(sales.paymentStatus, "approved"),
    eq(sales.state, "Pendiente"),
  ];
  const lapsedIds = db
    .select({ id: sales.id })
    .from(sales)
    .where(and(...lapsed))
    .limit(UPKEEP_BATCH_SALES);
  const lines = await db
    .select({
      saleId: sales.id,
      storeId: sales.storeId,
      productId: saleLines.productId,
      variantId: saleLines.variantId,
      variant: saleLines.variant,
      quantity: saleLines.quantity,
    })
    .from(saleLines)
    .innerJoin(sales, eq(sales.id, saleLines.saleId))
    .where(inArray(saleLines.saleId, lapsedIds));
  const bySale = new Map<string, typeof lines>();
  for (const line of lines) bySale.set(line.saleId, [...(bySale.get(line.saleId) ?? []), line]);
  if (bySale.size === 0) return [];
  const statements: Array<{ toSQL(): { sql: string; params: unknown[] } }> = [];
  for (const [saleId, saleLinesOf] of bySale) {
    const storeId = saleLinesOf[0]?.storeId ?? "";
    statements.push(
      ...stockStatements(db, "release", storeId, saleLinesOf, whileSale(db, saleId, storeId, ...lapsed)),
      db
        .update(sales)
        .set({ stockState: "released", reservedUntil: null })
        .where(saleWhere(saleId, storeId, ...lapsed))
        .returning({ id: sales.id, storeId: sales.storeId }),
    );
  }
  const results = await writeTransaction(db, statements);
  return results.flatMap((r) =>
    r.rows.filter((row) => "store_id" in row).map((row) => ({ id: String(row.id), storeId: String(row.store_id) })),
  );
}

/** At most this many orders are released in one upkeep transaction (the rest on the next run). */
const UPKEEP_BATCH_SALES = 100;

/**
 * 'Pagar ahora' on an order whose hold lapsed: its units are reserved again, until `holdUntil`, when they are
 * still available; false when they are not (or the order is no longer waiting for its payment).
 */
export async function reserveAgain(db: Db, sale: SaleWithLines, holdUntil: Date): Promise<boolean> {
  const { id, storeId } = sale;
  const waiting = [
    eq(sales.state, "Pendiente"),
    eq(sales.paymentMethod, "online"),
    inArray(sales.paymentStatus, ["pending", "rejected"]),
    eq(sales.stockState, "released"),
  ];
  try {
    const results = await writeTransaction(db, [
      ...stockStatements(db, "reserve", storeId, sale.lines, whileSale(db, id, storeId, ...waiting)),
      db
        .update(sales)
        .set({ stockState: "held", reservedUntil: holdUntil })
        .where(saleWhere(id, storeId, ...waiting))
        .returning({ id: sales.id }),
    ]);
    return results.at(-1)?.rows.length === 1;
  } catch (error) {
    if (isOutOfStock(error)) return false;
    throw error;
  }
}

/**
 * Orders placed before reservations existed ('unreserved'), oldest first: each reserves its stock when it is
 * available, in its own transaction, or is marked 'short' for the merchant to see. Answers how many were seen.
 */
export async function reserveWaitingOrders(db: Db, limit = 50): Promise<number> {
  const waiting = await db
    .select({ id: sales.id, storeId: sales.storeId })
    .from(sales)
    .where(and(eq(sales.stockState, "unreserved"), eq(sales.state, "Pendiente")))
    .orderBy(asc(sales.createdAt), asc(sales.id))
    .limit(limit);
  for (const { id, storeId } of waiting) {
    const sale = await getSale(db, storeId, id);
    if (!sale) continue;
    const still = [eq(sales.stockState, "unreserved"), eq(sales.state, "Pendiente")];
    try {
      await writeTransaction(db, [
        ...stockStatements(db, "reserve", storeId, sale.lines, whileSale(db, id, storeId, ...still)),
        db
          .update(sales)
          .set({ stockState: "held" })
          .where(saleWhere(id, storeId, ...still)),
      ]);
    } catch (error) {
      if (!isOutOfStock(error)) throw error;
      await db
        .update(sales)
        .set({ stockState: "short" })
        .where(saleWhere(id, storeId, ...still));
    }
  }
  return waiting.length;
}

// ——— Transfer receipts ———

/** A transfer order that waits for its receipt: pending, unpaid or refused before, still holding its units. */
const awaitingReceipt = () => [
  eq(sales.paymentMethod, "transfer"),
  inArray(sales.paymentStatus, ["none", "rejected"]),
  eq(sales.state, "Pendiente"),
  eq(sales.stockState, "held"),
];

/**
 * The buyer's receipt of a transfer order, kept at `key`: the order is 'Comprobante recibido'. Its hold keeps
 * running: the first receipt extends it once by RECEIPT_HOLD_EXTENSION_HOURS (from its end, or from now when that
 * is later), so the merchant has time to check it; a later one (after a refusal) does not. Answers the key of the
 * receipt it replaces (to delete) and until when the order holds its units, or null when the order no longer waits
 * for one (nothing changed: the caller deletes the new file).
 */
export async function attachReceipt(
  db: Db,
  storeId: string,
  saleId: string,
  key: string,
  now: Date,
): Promise<{ replaced: string | null; heldUntil: Date | null; extended: boolean } | null> {
  const [before] = await db
    .select({ key: sales.receiptKey, reservedUntil: sales.reservedUntil, extendedAt: sales.holdExtendedAt })
    .from(sales)
    .where(saleWhere(saleId, storeId, ...awaitingReceipt()));
  if (!before) return null;
  const extend = before.extendedAt === null;
  const from = Math.max(before.reservedUntil?.getTime() ?? now.getTime(), now.getTime());
  const heldUntil = extend ? new Date(from + RECEIPT_HOLD_EXTENSION_HOURS * 3_600_000) : before.reservedUntil;
  const [attached] = await db
    .update(sales)
    .set({
      paymentStatus: "pending",
      receiptKey: key,
      receiptAt: now,
      ...(extend ? { reservedUntil: heldUntil, holdExtendedAt: now } : {}),
    })
    .where(
      saleWhere(saleId, storeId, ...awaitingReceipt(), extend ? isNull(sales.holdExtendedAt) : isNotNull(sales.holdExtendedAt)),
    )
    .returning({ id: sales.id });
  return attached ? { replaced: before.key, heldUntil, extended: extend } : null;
}

/**
 * The merchant's review of a receipt: 'Pago verificado' marks the transfer paid (the units stay held until
 * 'Completar'); 'Rechazar comprobante' asks the buyer for another one and gives the order another hold of
 * `holdHours`. False when the order was not waiting for a review (a second click, or it changed meanwhile).
 */
export async function reviewReceipt(
  db: Db,
  actor: Actor,
  storeId: string,
  saleId: string,
  verdict: "verified" | "rejected",
  now: Date,
  holdHours: number,
): Promise<boolean> {
  const change =
    verdict === "verified"
      ? { paymentStatus: "approved" as const, paidAt: now }
      : { paymentStatus: "rejected" as const, reservedUntil: new Date(now.getTime() + holdHours * 3_600_000) };
  const [reviewed] = await db.batch([
    db
      .update(sales)
      .set(change)
      .where(
        saleWhere(
          saleId,
          storeId,
          eq(sales.paymentMethod, "transfer"),
          eq(sales.paymentStatus, "pending"),
          eq(sales.state, "Pendiente"),
        ),
      )
      .returning({ id: sales.id }),
    activityStatement(
      db,
      storeId,
      actor,
      {
        kind: "sale",
        subject: saleId,
        summary: { says: verdict === "verified" ? "transferVerified" : "transferRejected", values: {} },
        before: "Comprobante recibido",
        after: verdict === "verified" ? "Pago verificado" : "Comprobante rechazado",
      },
      now,
      IF_CHANGED,
    ),
  ]);
  return reviewed.length > 0;
}
