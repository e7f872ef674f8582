/**
 * What an order costs, from the server's own numbers: the lines' subtotal, the discount a code takes
 * off it, what the way to pay takes off or adds to what is left, and the delivery fee of the chosen zone
 * (on the products after the code, before the way to pay). Minor units of the store currency.
 */
import { type DeliveryZone, zoneCharge } from "./delivery";
import { defineMessages, type Translate } from "./messages";
import { methodAdjustment } from "./payment-methods";
import { freeDeliveryFor, type Promotion } from "./promotions";

export interface OrderQuote {
  subtotal: number;
  discount: number;
  /** The way to pay's discount (negative) or surcharge (positive) on the products after the code. */
  paymentAdjustment: number;
  deliveryFee: number;
  /** The zone would charge a fee but this order reaches its free-delivery amount. */
  freeDelivery: boolean;
  /** The free-delivery promotion that waived the zone's fee (app/domain/promotions.ts), when one did. */
  freeDeliveryPromotion?: { id: number; name: string } | null;
  total: number;
}

export type QuoteResult = { ok: true; quote: OrderQuote } | { ok: false; minimum: number };

/** The order before delivery: no fee (pickup, arranged, or home delivery by a store without zones). */
export function goodsQuote(subtotal: number, discount: number): OrderQuote {
  const off = Math.min(Math.max(0, discount), subtotal);
  return { subtotal, discount: off, paymentAdjustment: 0, deliveryFee: 0, freeDelivery: false, total: subtotal - off };
}

/**
 * `zone` null: no fee; otherwise the zone charges on the subtotal after the discount. `adjustPercent`: the way to
 * pay's percent (negative a discount), applied to the same amount. `promotions`: the live ones; a free-delivery
 * promotion covering the zone waives its fee when the products after the discount reach its amount. `subtotal` is
 * the products after their promotions (`promotedLines`).
 */
export function quoteOrder(
  subtotal: number,
  discount: number,
  zone: DeliveryZone | null,
  adjustPercent = 0,
  promotions: readonly Promotion[] = [],
): QuoteResult {
  const goods = goodsQuote(subtotal, discount);
  const paymentAdjustment = methodAdjustment(goods.total, adjustPercent);
  const adjusted = { ...goods, paymentAdjustment, total: goods.total + paymentAdjustment };
  if (!zone) return { ok: true, quote: adjusted };
  const charge = zoneCharge(zone, goods.total);
  if (!charge.ok) return { ok: false, minimum: charge.minimum };
  const freed = charge.fee > 0 ? freeDeliveryFor(promotions, zone.id, goods.total) : null;
  if (freed) return { ok: true, quote: { ...adjusted, deliveryFee: 0, freeDelivery: true, freeDeliveryPromotion: freed } };
  return {
    ok: true,
    quote: { ...adjusted, deliveryFee: charge.fee, freeDelivery: charge.free, total: adjusted.total + charge.fee },
  };
}

/** Every amount the buyer was shown, as the checkout form carries them back. */
export type ShownAmounts = Pick<OrderQuote, "subtotal" | "discount" | "paymentAdjustment" | "deliveryFee" | "total">;

const CHANGED = defineMessages({
  subtotal: { id: "checkout.changed.subtotal", defaultMessage: "los productos: ahora {now}, antes {before}" },
  discount: { id: "checkout.changed.discount", defaultMessage: "el descuento: ahora {now}, antes {before}" },
  paymentAdjustment: {
    id: "checkout.changed.paymentAdjustment",
    defaultMessage: "el descuento o recargo de la forma de pago: ahora {now}, antes {before}",
  },
  deliveryFee: { id: "checkout.changed.deliveryFee", defaultMessage: "el envío: ahora {now}, antes {before}" },
  total: { id: "checkout.changed.total", defaultMessage: "el total: ahora {now}, antes {before}" },
});
const PARTS: Array<keyof ShownAmounts> = ["subtotal", "discount", "paymentAdjustment", "deliveryFee", "total"];

/** What a negative adjustment reads like next to a positive one: '−$ 500' and '$ 3.000'. */
const signedMoney = (minor: number, money: (minor: number) => string) => (minor < 0 ? `−${money(-minor)}` : money(minor));

/**
 * What differs between what the buyer saw and what the order would cost now ('el envío: ahora $ 8.000,
 * antes $ 5.000'), so a changed price is told, never charged silently. Empty when nothing changed.
 */
export function quoteChanges(shown: ShownAmounts, now: ShownAmounts, money: (minor: number) => string, t: Translate): string[] {
  return PARTS.filter((key) => shown[key] !== now[key]).map((key) =>
    t(CHANGED[key], { now: signedMoney(now[key], money), before: signedMoney(shown[key], money) }),
  );
}

/** A combination the shopper can choose at the checkout: how to pay, and the zone (null: no delivery fee). */
export const quoteKey = (payment: string, zoneId: number | null) => `${payment}|${zoneId ?? ""}`;

/**
 * The order's quote for every combination the checkout offers: each way to pay with no zone (pickup, arranged, or a
 * store without zones) and with each zone that takes the order. The page shows the chosen one's total before the
 * buyer confirms, and the action places the order only when the buyer saw the total of the combination they send.
 */
export function checkoutQuotes<P extends string>(
  subtotal: number,
  discount: number,
  zones: readonly DeliveryZone[],
  payments: ReadonlyArray<{ method: P; adjustPercent: number }>,
  promotions: readonly Promotion[] = [],
): Array<{ key: string; payment: P; zoneId: number | null; quote: OrderQuote }> {
  const out: Array<{ key: string; payment: P; zoneId: number | null; quote: OrderQuote }> = [];
  for (const { method, adjustPercent } of payments) {
    for (const zone of [null, ...zones]) {
      const priced = quoteOrder(subtotal, discount, zone, adjustPercent, promotions);
      if (priced.ok)
        out.push({ key: quoteKey(method, zone?.id ?? null), payment: method, zoneId: zone?.id ?? null, quote: priced.quote });
    }
  }
  return out;
}
