import { storeTranslator } from "~/domain/message-catalogs";
import { type OrderBuyer, orderMessage } from "~/domain/whatsapp";
import type { OrderRow } from "./order-queries.server";

/** The buyer's side of a saved sale, as the messages write it. */
export function buyerOf(sale: OrderRow): OrderBuyer {
  return {
    name: sale.buyerName,
    delivery: sale.delivery,
    zone: sale.deliveryZone,
    pickupPoint: sale.pickupPoint,
    address: sale.address,
    phone: sale.buyerPhone,
    note: sale.note,
  };
}

/** The WhatsApp text of a saved sale. */
export function saleMessage(
  store: { name: string; country: string; timeZone: string },
  sale: OrderRow,
  lines: Array<{ name: string; quantity: number; unitPrice: number; promotionName?: string | null; promotionSaving?: number }>,
): string {
  return orderMessage({
    storeName: store.name,
    code: sale.id,
    currency: sale.currency,
    country: store.country,
    amounts: sale,
    lines,
    buyer: buyerOf(sale),
    t: storeTranslator(store),
  });
}

/** An online payment still owed: not approved, and the sale not cancelled. */
export const owesPayment = (sale: Pick<OrderRow, "paymentMethod" | "paymentStatus" | "state">) =>
  sale.paymentMethod === "online" && sale.paymentStatus !== "approved" && sale.state !== "Cancelada";
