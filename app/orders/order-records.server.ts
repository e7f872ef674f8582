// Every write of orders (the sales, sale_lines and idempotency_keys tables): placing one, and its state
// changes ('Completar', 'Cancelar'). Each statement is scoped by store and conditioned on the state it
// changes, so concurrent requests change an order once.
import type { InArgs, InStatement, ResultSet } from "@libsql/client";
import { and, asc, eq, exists, inArray, ne, sql } from "drizzle-orm";
import { codeUseStatement } from "~/discounts/discount-codes.server";
import type { DeliveryMethod } from "~/domain/delivery";
import { ID_DIGITS, randomDigits, randomToken } from "~/domain/ids";
import type { OrderQuote } from "~/domain/order-quote";
import { nextSaleState, type SaleState, stockNeeds, variantStockNeeds } from "~/domain/sales";
import { takeProductStock } from "~/products/products.server";
import { takeVariantStock } from "~/products/variants.server";
import type { Db } from "~/services/db";
import { isCheckViolation, isUniqueViolation } from "~/services/db";
import { idempotencyKeys, products, productVariants, saleLines, sales } from "../../db/schema";
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
  note: string | null;
  /** Computed on the server from the database: lines, code and zone. */
  quote: OrderQuote;
  discountCode: { id: number; code: string } | null;
  paymentMethod: "on_delivery" | "online";
  lines: Array<{
    productId: string;
    /** The variant bought and its values, for a product with options (name already ends with them). */
    variantId?: number | null;
    variant?: string | null;
    name: string;
    imageKey: string | null;
    unitPrice: number;
    quantity: number;
  }>;
}

export type CreatedSale = { saleId: string; accessToken: string; created: boolean };

/**
 * Saves the sale 'Pendiente' with its lines, the idempotency key and the discount code's use in one
 * transaction (a batch). A second submit with the same key (even a concurrent one) fails on the key's
 * primary key, the whole batch rolls back, and the first sale is returned: one key, one sale, one use.
 * A code at its use limit fails the batch on the code's CHECK: CodeExhaustedError, nothing saved.
 */
export async function createSale(db: Db, order: NewOrder, now: Date): Promise<CreatedSale> {
  const { quote } = order;
  for (let attempt = 1; ; attempt++) {
    const saleId = randomDigits(ID_DIGITS.sale);
    const accessToken = randomToken(24);
    try {
      const useCode = order.discountCode ? [codeUseStatement(db, order.storeId, order.discountCode.id)] : [];
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
          total: quote.total,
          currency: order.currency,
          buyerName: order.buyerName,
          buyerPhone: order.buyerPhone,
          buyerEmail: order.buyerEmail,
          delivery: order.delivery,
          deliveryZone: order.delivery === "delivery" ? order.deliveryZone : null,
          pickupPoint: order.delivery === "pickup" ? order.pickupPoint : null,
          address: order.delivery === "delivery" ? order.address : null,
          note: order.note,
          accessToken,
          paymentMethod: order.paymentMethod,
          paymentStatus: order.paymentMethod === "online" ? "pending" : "none",
          createdAt: now,
        }),
        db.insert(saleLines).values(order.lines.map((l, position) => ({ saleId, position, ...l }))),
        db.insert(idempotencyKeys).values({ key: order.key, storeId: order.storeId, saleId, createdAt: now }),
        ...useCode,
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
      if (attempt < 5 && isUniqueViolation(error, "sales.id")) continue;
      throw error;
    }
  }
}

class DuplicateKeyError extends Error {
  override name = "DuplicateKeyError";
}

/** The discount code reached its use limit while this order was being placed. */
export class CodeExhaustedError extends Error {
  override name = "CodeExhaustedError";
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
 * Answers, on success, the sale it read with its new state (for the buyer's email, without another read).
 */
export async function confirmSale(services: Services, storeId: string, saleId: string): Promise<SaleChangeWithSale> {
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
      ...[...needs].map(([productId, quantity]) => takeProductStock(db, storeId, productId, quantity, pending)),
      // The variant's stock; the database then sums it into its product's.
      ...[...variantNeeds].map(([variantId, quantity]) => takeVariantStock(db, storeId, variantId, quantity, pending)),
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

/**
 * 'Cancelar': Pendiente → Cancelada in one conditioned statement. Stock is never touched. Answers, on
 * success, the cancelled sale with its lines (read in the same batch).
 */
export async function cancelSale(services: Services, storeId: string, saleId: string): Promise<SaleChangeWithSale> {
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

/**
 * The sale paid online by the provider's payment `providerPaymentId`: one conditioned update (only while it is
 * not approved yet), so of concurrent deliveries exactly one applies it. False when it was paid already.
 */
export async function markPaid(db: Db, storeId: string, saleId: string, providerPaymentId: string, now: Date): Promise<boolean> {
  const applied = await db
    .update(sales)
    .set({ paymentStatus: "approved", providerPaymentId, paidAt: now })
    .where(
      and(
        eq(sales.id, saleId),
        eq(sales.storeId, storeId),
        eq(sales.paymentMethod, "online"),
        ne(sales.paymentStatus, "approved"),
      ),
    )
    .returning({ id: sales.id });
  return applied.length > 0;
}
