import { type SalesView, salesListQuery, salesListResult } from "~/orders/order-queries.server";
import {
  cancelSale as cancelSaleWithSale,
  confirmSale as confirmSaleWithSale,
  type NewOrder,
  withoutSale,
} from "~/orders/order-records.server";
import type { Db } from "~/services/db";

type OrderBasics = Pick<NewOrder, "key" | "storeId" | "currency" | "buyerName" | "lines"> &
  Partial<Omit<NewOrder, "holdUntil" | "codeCustomer">> &
  Pick<Partial<NewOrder>, "holdUntil" | "codeCustomer">;

/** A sale as the checkout hands it to createSale: no discount, no fee, paid on delivery, in Bogotá, unless said. */
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
    holdUntil: null,
    codeCustomer: null,
    customer: null,
    timeZone: "America/Bogota",
    quote: { subtotal, discount: 0, paymentAdjustment: 0, deliveryFee: 0, freeDelivery: false, total: subtotal },
    ...o,
  };
}

/** The sales desk's list as the page reads it: one query of `limit + 1` rows, then the shown ones and whether more exist. */
export async function listSales(db: Db, store: { id: string; timeZone: string }, view: SalesView, now: Date) {
  return salesListResult(await salesListQuery(db, store, view, now), view);
}

/** 'Completar' and 'Cancelar' as the data tests compare them: the outcome without the sale it carries on success. */
export const confirmSale = async (...args: Parameters<typeof confirmSaleWithSale>) =>
  withoutSale(await confirmSaleWithSale(...args));
export const cancelSale = async (...args: Parameters<typeof cancelSaleWithSale>) =>
  withoutSale(await cancelSaleWithSale(...args));
