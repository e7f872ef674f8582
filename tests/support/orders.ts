import type { NewOrder } from "~/orders/orders.server";

type OrderBasics = Pick<NewOrder, "key" | "storeId" | "currency" | "buyerName" | "lines"> & Partial<NewOrder>;

/** A sale as the checkout hands it to createSale: no discount, no fee, paid on delivery, unless said. */
export function newOrder(o: OrderBasics): NewOrder {
  const subtotal = o.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  return {
    buyerPhone: null,
    buyerEmail: null,
    delivery: "pickup",
    deliveryZone: null,
    pickupPoint: null,
    address: null,
    note: null,
    discountCode: null,
    paymentMethod: "on_delivery",
    quote: { subtotal, discount: 0, deliveryFee: 0, freeDelivery: false, total: subtotal },
    ...o,
  };
}
