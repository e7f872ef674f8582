import { and, eq, sql } from "drizzle-orm";
import type { DeliveryMethod } from "~/domain/delivery";
import { ID_DIGITS, randomDigits, randomToken } from "~/domain/ids";
import type { OrderQuote } from "~/domain/order-quote";
import type { Db } from "~/services/db";
import { isCheckViolation, isUniqueViolation } from "~/services/db";
import { discountCodes, idempotencyKeys, saleLines, sales } from "../../db/schema";

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
      const useCode = order.discountCode
        ? [
            db
              .update(discountCodes)
              .set({ uses: sql`${discountCodes.uses} + 1` })
              .where(and(eq(discountCodes.id, order.discountCode.id), eq(discountCodes.storeId, order.storeId))),
          ]
        : [];
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

export class DuplicateKeyError extends Error {
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
