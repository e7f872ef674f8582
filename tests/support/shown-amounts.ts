/**
 * The amounts a checkout page showed for one choice of way to pay and zone, as its form sends them back: the
 * subtotal, the code's discount, the way to pay's adjustment (negative a discount), the zone's fee (as `fee-{zone}`),
 * the total, and the choice they were shown for (`quoteKey` in app/domain/order-quote.ts).
 */
export function shownAmounts(shown: {
  subtotal: number;
  discount?: number;
  adjustment?: number;
  fee?: number;
  payment?: string;
  zone?: number | string;
}): Record<string, string> {
  const { subtotal, discount = 0, adjustment = 0, fee = 0, payment = "on_delivery", zone } = shown;
  return {
    shownSubtotal: String(subtotal),
    shownDiscount: String(discount),
    shownAdjustment: String(adjustment),
    shownTotal: String(subtotal - discount + adjustment + fee),
    shownFor: `${payment}|${zone ?? ""}`,
    ...(zone === undefined ? {} : { [`fee-${zone}`]: String(fee) }),
  };
}
