import { eq } from "drizzle-orm";
import { ID_DIGITS, randomDigits } from "~/domain/ids";
import type { Delivery } from "~/domain/whatsapp";
import type { Db } from "~/services/db";
import { isUniqueViolation } from "~/services/db";
import { idempotencyKeys, saleLines, sales } from "../../db/schema";

export interface NewOrder {
  key: string;
  storeId: string;
  currency: string;
  buyerName: string;
  buyerPhone: string | null;
  delivery: Delivery;
  address: string | null;
  note: string | null;
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

/**
 * Saves the sale 'Pendiente' with its lines and the idempotency key in one transaction (a batch).
 * A second submit with the same key (even a concurrent one) fails on the key's primary key, the
 * whole batch rolls back, and the first sale's id is returned: one key, one sale.
 */
export async function createSale(db: Db, order: NewOrder, now: Date): Promise<{ saleId: string; created: boolean }> {
  const total = order.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  for (let attempt = 1; ; attempt++) {
    const saleId = randomDigits(ID_DIGITS.sale);
    try {
      await db.batch([
        db.insert(sales).values({
          id: saleId,
          storeId: order.storeId,
          state: "Pendiente",
          total,
          subtotal: total,
          currency: order.currency,
          buyerName: order.buyerName,
          buyerPhone: order.buyerPhone,
          delivery: order.delivery,
          address: order.delivery === "delivery" ? order.address : null,
          note: order.note,
          createdAt: now,
        }),
        db.insert(saleLines).values(order.lines.map((l, position) => ({ saleId, position, ...l }))),
        db.insert(idempotencyKeys).values({ key: order.key, storeId: order.storeId, saleId, createdAt: now }),
      ]);
      return { saleId, created: true };
    } catch (error) {
      if (isUniqueViolation(error, "idempotency_keys.key")) {
        const existing = await db.query.idempotencyKeys.findFirst({ where: eq(idempotencyKeys.key, order.key) });
        if (existing?.saleId && existing.storeId === order.storeId) return { saleId: existing.saleId, created: false };
        throw new DuplicateKeyError();
      }
      if (attempt < 5 && isUniqueViolation(error, "sales.id")) continue;
      throw error;
    }
  }
}

export class DuplicateKeyError extends Error {
  override name = "DuplicateKeyError";
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
