/**
 * How an order reaches the buyer, and what it costs (docs/product-rules.md, Delivery and discounts).
 * Amounts are integer minor units of the store currency.
 */
import { defineMessages, type MessageDescriptor } from "./messages";

export const DELIVERY_METHODS = ["pickup", "delivery", "arrange"] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/**
 * The methods' names: on the merchant's pages in the merchant's words, at the checkout, on packing slips and in the
 * buyer's emails in the store's; the sales CSV writes their neutral text (`defaultMessage`).
 */
export const DELIVERY_METHOD_MESSAGES: Record<DeliveryMethod, MessageDescriptor> = defineMessages({
  pickup: { id: "delivery.method.pickup", defaultMessage: "Retiro en tienda" },
  delivery: { id: "delivery.method.delivery", defaultMessage: "Envío a domicilio" },
  arrange: { id: "delivery.method.arrange", defaultMessage: "A coordinar con el vendedor" },
});

export interface StoreDeliveryMethods {
  pickupEnabled: boolean;
  homeDeliveryEnabled: boolean;
  arrangeEnabled: boolean;
}

/** The methods a store offers, in the order the checkout lists them. */
export function offeredMethods(store: StoreDeliveryMethods): DeliveryMethod[] {
  const on: Record<DeliveryMethod, boolean> = {
    pickup: store.pickupEnabled,
    delivery: store.homeDeliveryEnabled,
    arrange: store.arrangeEnabled,
  };
  return DELIVERY_METHODS.filter((m) => on[m]);
}

export interface DeliveryZone {
  id: number;
  name: string;
  fee: number;
  /** The smallest subtotal the zone delivers; null: any. */
  minOrder: number | null;
  /** From this subtotal on, delivery is free; null: never. */
  freeFrom: number | null;
}

export interface PickupPoint {
  id: number;
  name: string;
  address: string;
  hours: string;
}

/** 'Centro — Calle 10 #5-20 (lun a sáb 9–18)': how a pickup point is written on the sale and its messages. */
export function pickupPointText(point: Pick<PickupPoint, "name" | "address" | "hours">): string {
  const where = point.address ? ` — ${point.address}` : "";
  const when = point.hours ? ` (${point.hours})` : "";
  return `${point.name}${where}${when}`;
}

export type DeliveryCharge = { ok: true; fee: number; free: boolean } | { ok: false; minimum: number };

/**
 * The fee of a zone for an order whose products come to `subtotal` (after any discount):
 * below the zone's minimum it does not deliver; from `freeFrom` on it costs nothing.
 */
export function zoneCharge(zone: DeliveryZone, subtotal: number): DeliveryCharge {
  if (zone.minOrder !== null && subtotal < zone.minOrder) return { ok: false, minimum: zone.minOrder };
  if (zone.freeFrom !== null && subtotal >= zone.freeFrom) return { ok: true, fee: 0, free: zone.fee > 0 };
  return { ok: true, fee: zone.fee, free: false };
}
