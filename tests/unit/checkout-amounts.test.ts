import { describe, expect, it } from "vitest";
import { type DeliveryZone, offeredMethods, pickupPointText, zoneCharge } from "~/domain/delivery";
import { codeKey, type DiscountCode, discountAmount, discountMessage, judgeDiscount } from "~/domain/discounts";
import { translatorFor } from "~/domain/message-catalogs";
import { formatMoney } from "~/domain/money";
import { checkoutQuotes, quoteChanges, quoteKey, quoteOrder } from "~/domain/order-quote";

const es = translatorFor("es");

const zone = (fee: number, minOrder: number | null = null, freeFrom: number | null = null): DeliveryZone => ({
  id: 1,
  name: "Norte",
  fee,
  minOrder,
  freeFrom,
});

describe("delivery fee of a zone", () => {
  it.each([
    // fee, minimum, free from, subtotal → result
    [5000, null, null, 1000, { ok: true, fee: 5000, free: false }],
    [5000, null, null, 0, { ok: true, fee: 5000, free: false }],
    [5000, 20000, null, 19999, { ok: false, minimum: 20000 }],
    [5000, 20000, null, 20000, { ok: true, fee: 5000, free: false }],
    [5000, null, 80000, 79999, { ok: true, fee: 5000, free: false }],
    [5000, null, 80000, 80000, { ok: true, fee: 0, free: true }],
    [5000, 20000, 80000, 90000, { ok: true, fee: 0, free: true }],
    [0, null, 80000, 90000, { ok: true, fee: 0, free: false }],
    [0, null, null, 100, { ok: true, fee: 0, free: false }],
  ] as const)("fee %i, minimum %s, free from %s, subtotal %i", (fee, min, free, subtotal, expected) => {
    expect(zoneCharge(zone(fee, min, free), subtotal)).toEqual(expected);
  });

  it("lists only the store's methods, in checkout order", () => {
    expect(offeredMethods({ pickupEnabled: true, homeDeliveryEnabled: false, arrangeEnabled: true })).toEqual([
      "pickup",
      "arrange",
    ]);
    expect(offeredMethods({ pickupEnabled: false, homeDeliveryEnabled: true, arrangeEnabled: false })).toEqual(["delivery"]);
  });

  it("writes a pickup point with what it has", () => {
    expect(pickupPointText({ name: "Centro", address: "Calle 10 #5-20", hours: "9 a 18 h" })).toBe(
      "Centro — Calle 10 #5-20 (9 a 18 h)",
    );
    expect(pickupPointText({ name: "Centro", address: "", hours: "" })).toBe("Centro");
  });
});

describe("discount arithmetic", () => {
  it("rounds a percentage half up to the currency's smallest unit", () => {
    // 0 decimals (CLP): 15 % of 999 pesos is 149.85 → 150 pesos.
    expect(discountAmount("percent", 15, 999)).toBe(150);
    // 0 decimals: 10 % of 45 pesos is 4.5 → 5 (half up), of 44 is 4.4 → 4.
    expect(discountAmount("percent", 10, 45)).toBe(5);
    expect(discountAmount("percent", 10, 44)).toBe(4);
    // 2 decimals (USD): 12 % of 19.99 (1999 cents) is 239.88 cents → 2.40; 33 % of 10.01 is 330.33 → 3.30.
    expect(discountAmount("percent", 12, 1999)).toBe(240);
    expect(discountAmount("percent", 33, 1001)).toBe(330);
    expect(discountAmount("percent", 15, 1999)).toBe(300);
    // 3 decimals (KWD): 7 % of 1.235 (1235 fils) is 86.45 fils → 86.
    expect(discountAmount("percent", 7, 1235)).toBe(86);
    expect(discountAmount("percent", 7, 1250)).toBe(88);
    expect(discountAmount("percent", 100, 1235)).toBe(1235);
  });

  it("never takes off more than the subtotal", () => {
    expect(discountAmount("amount", 5000, 3000)).toBe(3000);
    expect(discountAmount("amount", 1000, 3000)).toBe(1000);
    expect(discountAmount("amount", 1000, 0)).toBe(0);
  });

  const code = (over: Partial<DiscountCode> = {}): DiscountCode => ({
    id: 1,
    code: "Bienvenida",
    kind: "percent",
    value: 10,
    minPurchase: null,
    startsOn: null,
    endsOn: null,
    maxUses: null,
    uses: 0,
    active: true,
    ...over,
  });

  it("judges a code: unknown, inactive, dates inclusive in the store's day, uses, minimum", () => {
    expect(judgeDiscount(undefined, 1000, "2026-11-24")).toEqual({ ok: false, problem: "unknown" });
    expect(judgeDiscount(code({ active: false }), 1000, "2026-11-24")).toEqual({ ok: false, problem: "unknown" });
    expect(judgeDiscount(code({ startsOn: "2026-11-25" }), 1000, "2026-11-24")).toEqual({ ok: false, problem: "not_started" });
    expect(judgeDiscount(code({ startsOn: "2026-11-24" }), 1000, "2026-11-24")).toEqual({ ok: true, discount: 100 });
    expect(judgeDiscount(code({ endsOn: "2026-11-24" }), 1000, "2026-11-24")).toEqual({ ok: true, discount: 100 });
    expect(judgeDiscount(code({ endsOn: "2026-11-23" }), 1000, "2026-11-24")).toEqual({ ok: false, problem: "expired" });
    expect(judgeDiscount(code({ maxUses: 5, uses: 5 }), 1000, "2026-11-24")).toEqual({ ok: false, problem: "exhausted" });
    expect(judgeDiscount(code({ maxUses: 5, uses: 4 }), 1000, "2026-11-24")).toEqual({ ok: true, discount: 100 });
    expect(judgeDiscount(code({ minPurchase: 1001 }), 1000, "2026-11-24")).toEqual({ ok: false, problem: "below_minimum" });
    expect(judgeDiscount(code({ minPurchase: 1000 }), 1000, "2026-11-24")).toEqual({ ok: true, discount: 100 });
  });

  it("matches codes without regard to case or spaces, and explains refusals in Spanish", () => {
    expect(codeKey("  bienVenida ")).toBe("BIENVENIDA");
    expect(discountMessage("expired", "", es)).toBe("Este código de descuento ya venció");
    expect(discountMessage("exhausted", "", es)).toBe("Este código de descuento ya se agotó");
    expect(discountMessage("unknown", "", es)).toBe("Este código de descuento no existe");
    expect(discountMessage("below_minimum", "$ 20.000", es)).toBe("Este código es para compras desde $ 20.000");
  });
});

describe("order quote", () => {
  it("takes the discount off the subtotal, then charges the zone on what is left", () => {
    // 100.00 of goods, 20.00 off: 80.00 is below the 90.00 free-delivery amount, so 5.00 is charged.
    expect(quoteOrder(10000, 2000, zone(500, null, 9000))).toEqual({
      ok: true,
      quote: { subtotal: 10000, discount: 2000, paymentAdjustment: 0, deliveryFee: 500, freeDelivery: false, total: 8500 },
    });
    expect(quoteOrder(10000, 0, zone(500, null, 9000))).toEqual({
      ok: true,
      quote: { subtotal: 10000, discount: 0, paymentAdjustment: 0, deliveryFee: 0, freeDelivery: true, total: 10000 },
    });
    expect(quoteOrder(3000, 5000, null)).toEqual({
      ok: true,
      quote: { subtotal: 3000, discount: 3000, paymentAdjustment: 0, deliveryFee: 0, freeDelivery: false, total: 0 },
    });
    expect(quoteOrder(3000, 0, zone(500, 4000))).toEqual({ ok: false, minimum: 4000 });
  });

  it("takes the way to pay's percent of the products after the code, never of the fee, and leaves the zone's rules on the code's amount", () => {
    // 100.00 − 20.00 code = 80.00; 10 % for transfer = 8.00 off; the zone sees 80.00 (below its 90.00 free amount).
    expect(quoteOrder(10000, 2000, zone(500, null, 9000), -10)).toEqual({
      ok: true,
      quote: { subtotal: 10000, discount: 2000, paymentAdjustment: -800, deliveryFee: 500, freeDelivery: false, total: 7700 },
    });
    // A 5 % cash surcharge on 100.00, and a zone whose 95.00 minimum the surcharge would not have reached alone.
    expect(quoteOrder(10000, 0, zone(500, 9500), 5)).toEqual({
      ok: true,
      quote: { subtotal: 10000, discount: 0, paymentAdjustment: 500, deliveryFee: 500, freeDelivery: false, total: 11000 },
    });
    // 96.00 of goods reach a 95.00 minimum; a 10 % discount for transfer does not take the order below it.
    expect(quoteOrder(9600, 0, zone(500, 9500), -10).ok).toBe(true);
    // A code that takes everything leaves nothing to adjust.
    expect(quoteOrder(3000, 5000, null, -10)).toMatchObject({ ok: true, quote: { paymentAdjustment: 0, total: 0 } });
  });

  it("tells every amount that changed since the buyer saw them, the way to pay's adjustment and the total among them", () => {
    const money = (minor: number) => formatMoney(minor, "COP", "CO");
    const seen = { subtotal: 10000, discount: 0, paymentAdjustment: 500, deliveryFee: 5000, total: 15500 };
    expect(quoteChanges(seen, seen, money, es)).toEqual([]);
    expect(quoteChanges(seen, { ...seen, deliveryFee: 8000, total: 18500 }, money, es)).toEqual([
      "el envío: ahora $\u00a08.000, antes $\u00a05.000",
      "el total: ahora $\u00a018.500, antes $\u00a015.500",
    ]);
    // A cash surcharge raised from 5 % to 30 % while the buyer was on the checkout.
    expect(quoteChanges(seen, { ...seen, paymentAdjustment: 3000, total: 18000 }, money, es)).toEqual([
      "el descuento o recargo de la forma de pago: ahora $\u00a03.000, antes $\u00a0500",
      "el total: ahora $\u00a018.000, antes $\u00a015.500",
    ]);
    expect(quoteChanges({ ...seen, paymentAdjustment: -1000, total: 14000 }, seen, money, es)[0]).toBe(
      "el descuento o recargo de la forma de pago: ahora $\u00a0500, antes −$\u00a01.000",
    );
  });

  it("quotes every combination of way to pay and zone the checkout offers with the function that prices the order", () => {
    const norte = { ...zone(2500, null, null), id: 7 };
    const alto = { ...zone(1000, 50000, null), id: 8 };
    const quotes = checkoutQuotes(
      25000,
      2500,
      [norte, alto],
      [
        { method: "transfer", adjustPercent: -10 },
        { method: "cash", adjustPercent: 5 },
      ],
    );
    // Each way to pay without a zone and with the zone that takes the order; the zone with a 500.00 minimum does not.
    expect(quotes.map((q) => q.key)).toEqual(["transfer|", "transfer|7", "cash|", "cash|7"]);
    for (const q of quotes) {
      const priced = quoteOrder(25000, 2500, q.zoneId === 7 ? norte : null, q.payment === "transfer" ? -10 : 5);
      expect(priced).toEqual({ ok: true, quote: q.quote });
    }
    // 225.00 of goods, 10 % off for transfer and 25.00 of delivery: 227.50, the total the order is saved with.
    expect(quotes.find((q) => q.key === quoteKey("transfer", 7))?.quote.total).toBe(22750);
  });
});
