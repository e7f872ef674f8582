import { describe, expect, it } from "vitest";
import { discountAmount } from "~/domain/discounts";
import { translatorFor } from "~/domain/message-catalogs";
import { checkoutQuotes, quoteOrder } from "~/domain/order-quote";
import { readPromotionForm } from "~/domain/promotion-form";
import {
  applyPromotions,
  freeDeliveryFor,
  livePromotions,
  type Promotion,
  productPromotion,
  promotedLines,
  promotionCacheSeconds,
  promotionState,
  promotionUses,
} from "~/domain/promotions";

const base: Promotion = {
  id: 1,
  name: "Promo",
  kind: "discount",
  scope: "store",
  productIds: [],
  category: null,
  percent: null,
  amount: null,
  buy: null,
  pay: null,
  minQuantity: null,
  zoneIds: [],
  startsOn: null,
  endsOn: null,
  enabled: true,
};
const promo = (p: Partial<Promotion>): Promotion => ({ ...base, ...p });
const line = (productId: string, unitPrice: number, quantity: number, category = -1) => ({
  productId,
  category,
  unitPrice,
  quantity,
});
const money = (minor: number) => `$ ${minor}`;

describe("Lleva N, paga M", () => {
  const twoForOne = promo({
    id: 7,
    name: "2x1 en alfajores",
    kind: "bundle",
    scope: "products",
    productIds: ["1000001"],
    buy: 2,
    pay: 1,
  });

  it("2x1 with 3 units pays 2", () => {
    const [applied] = applyPromotions([line("1000001", 1000, 3)], [twoForOne]);
    expect(applied).toEqual({ promotion: { id: 7, name: "2x1 en alfajores" }, saving: 1000 });
  });

  it("2x1 with 1 unit saves nothing, with 4 units pays 2", () => {
    expect(applyPromotions([line("1000001", 1000, 1)], [twoForOne])[0]).toEqual({ promotion: null, saving: 0 });
    expect(applyPromotions([line("1000001", 1000, 4)], [twoForOne])[0]?.saving).toBe(2000);
  });

  it("3x2 across variants of one product: the units count together and the cheapest is free", () => {
    const threeForTwo = promo({ id: 3, kind: "bundle", scope: "products", productIds: ["1000002"], buy: 3, pay: 2 });
    // Three variants of one product at different prices, one unit each.
    const applied = applyPromotions([line("1000002", 1500, 1), line("1000002", 900, 1), line("1000002", 1200, 1)], [threeForTwo]);
    expect(applied.map((a) => a.saving)).toEqual([0, 900, 0]);
    expect(applied[1]?.promotion?.id).toBe(3);
  });

  it("on a category, units of different products count together; other categories do not", () => {
    const byCategory = promo({ id: 4, kind: "bundle", scope: "category", category: 2, buy: 2, pay: 1 });
    const applied = applyPromotions(
      [line("1000003", 800, 1, 2), line("1000004", 500, 1, 2), line("1000005", 100, 3, 5)],
      [byCategory],
    );
    expect(applied.map((a) => a.saving)).toEqual([0, 500, 0]);
  });
});

describe("quantity prices", () => {
  const sixOrMore = promo({ id: 5, kind: "volume", scope: "products", productIds: ["1000006"], minQuantity: 6, percent: 10 });
  const unitPrice = promo({ id: 6, kind: "volume", scope: "products", productIds: ["1000006"], minQuantity: 6, amount: 850 });

  it("applies exactly at the threshold, not one unit below", () => {
    expect(applyPromotions([line("1000006", 1000, 6)], [sixOrMore])[0]?.saving).toBe(600);
    expect(applyPromotions([line("1000006", 1000, 5)], [sixOrMore])[0]?.saving).toBe(0);
  });

  it("counts units across variants, and a unit price sets each unit's price", () => {
    const applied = applyPromotions([line("1000006", 1000, 4), line("1000006", 900, 2)], [unitPrice]);
    expect(applied.map((a) => a.saving)).toEqual([600, 100]);
  });
});

describe("plain discounts", () => {
  it("a percentage rounds half up per line; an amount off each unit never goes below zero", () => {
    expect(applyPromotions([line("1000007", 333, 1)], [promo({ percent: 15 })])[0]?.saving).toBe(50);
    expect(applyPromotions([line("1000007", 300, 2)], [promo({ amount: 500 })])[0]?.saving).toBe(600);
  });

  it("a category's percentage, then a code's percentage on the amount after the promotion", () => {
    const category = promo({ id: 9, name: "20 % en bebidas", scope: "category", category: 1, percent: 20 });
    const priced = promotedLines(
      [
        { product: { id: "1000008", category: 1, price: 1000 }, quantity: 2 },
        { product: { id: "1000009", category: 3, price: 500 }, quantity: 1 },
      ],
      [category],
    );
    expect(priced.lines.map((l) => l.saving)).toEqual([400, 0]);
    expect(priced.subtotal).toBe(2100);
    const code = discountAmount("percent", 10, priced.subtotal);
    expect(code).toBe(210);
    const quoted = quoteOrder(priced.subtotal, code, null);
    expect(quoted.ok && quoted.quote.total).toBe(1890);
  });
});

describe("combination", () => {
  it("never two promotions on one line: the one that saves most", () => {
    const applied = applyPromotions(
      [line("1000001", 1000, 2, 1)],
      [promo({ id: 1, percent: 10 }), promo({ id: 2, kind: "bundle", scope: "category", category: 1, buy: 2, pay: 1 })],
    );
    expect(applied).toEqual([{ promotion: { id: 2, name: "Promo" }, saving: 1000 }]);
  });

  it("a unit that took a discount does not also count towards a 2x1", () => {
    // A takes its 50 %; B alone is no 2x1 any more.
    const applied = applyPromotions(
      [line("1000001", 1000, 1, 1), line("1000002", 800, 1, 1)],
      [
        promo({ id: 1, scope: "products", productIds: ["1000001"], percent: 50 }),
        promo({ id: 2, kind: "bundle", scope: "category", category: 1, buy: 2, pay: 1 }),
      ],
    );
    expect(applied.map((a) => a.saving)).toEqual([500, 0]);
  });

  it("a tie goes to the older promotion; paused, finished and future ones apply to nothing", () => {
    const now = new Date("2026-11-28T15:00:00Z");
    const promotions = livePromotions(
      [
        promo({ id: 2, name: "nueva", percent: 10 }),
        promo({ id: 1, name: "vieja", percent: 10 }),
        promo({ id: 3, percent: 90, enabled: false }),
        promo({ id: 4, percent: 90, endsOn: "2026-11-27" }),
        promo({ id: 5, percent: 90, startsOn: "2026-11-29" }),
      ],
      now,
      "America/Argentina/Buenos_Aires",
    );
    expect(applyPromotions([line("1000001", 1000, 1)], promotions)[0]?.promotion?.name).toBe("vieja");
  });

  it("nothing goes below zero: a code larger than what is left after promotions takes only what is left", () => {
    const priced = promotedLines(
      [{ product: { id: "1000001", category: -1, price: 1000 }, quantity: 1 }],
      [promo({ percent: 100 })],
    );
    expect(priced.subtotal).toBe(0);
    const quoted = quoteOrder(priced.subtotal, discountAmount("amount", 500, priced.subtotal), null);
    expect(quoted.ok && quoted.quote.total).toBe(0);
  });

  it("the uses of an order: one per promotion, its saving and what its products came to after it", () => {
    expect(
      promotionUses([
        { unitPrice: 1000, quantity: 3, promotionId: 7, promotionName: "2x1", promotionSaving: 1000 },
        { unitPrice: 500, quantity: 2, promotionId: 7, promotionName: "2x1", promotionSaving: 500 },
        { unitPrice: 300, quantity: 1, promotionId: null, promotionName: null, promotionSaving: 0 },
      ]),
    ).toEqual([{ id: 7, name: "2x1", saving: 1500, revenue: 2500 }]);
  });
});

describe("free delivery", () => {
  const zone = { id: 11, name: "Centro", fee: 800, minOrder: null, freeFrom: null };
  const free = promo({ id: 8, name: "Envío gratis desde $ 5000", kind: "free_delivery", amount: 5000, zoneIds: [11] });

  it("exactly at the amount the fee is waived, one below it is charged", () => {
    const at = quoteOrder(5000, 0, zone, 0, [free]);
    expect(at.ok && at.quote).toMatchObject({
      deliveryFee: 0,
      freeDelivery: true,
      total: 5000,
      freeDeliveryPromotion: { id: 8 },
    });
    const below = quoteOrder(4999, 0, zone, 0, [free]);
    expect(below.ok && below.quote).toMatchObject({ deliveryFee: 800, total: 5799 });
  });

  it("counts the products after the code, and only in the zones it names (none named: all)", () => {
    const afterCode = quoteOrder(5500, 600, zone, 0, [free]);
    expect(afterCode.ok && afterCode.quote.deliveryFee).toBe(800);
    expect(freeDeliveryFor([free], 12, 9000)).toBeNull();
    expect(freeDeliveryFor([{ ...free, zoneIds: [] }], 12, 9000)).toEqual({ id: 8, name: free.name });
  });

  it("every combination the checkout offers is quoted with it", () => {
    const quotes = checkoutQuotes(6000, 0, [zone], [{ method: "cash" as const, adjustPercent: 5 }], [free]);
    expect(quotes.map((q) => [q.zoneId, q.quote.deliveryFee, q.quote.total])).toEqual([
      [null, 0, 6300],
      [11, 0, 6300],
    ]);
  });
});

describe("dates in the store's time zone", () => {
  const tz = "America/Argentina/Buenos_Aires"; // UTC−3
  const dated = promo({ startsOn: "2026-12-01", endsOn: "2026-12-07", percent: 10 });

  it("starts at the store's midnight of its first day and ends after the last", () => {
    expect(livePromotions([dated], new Date("2026-12-01T02:59:59Z"), tz)).toEqual([]);
    expect(livePromotions([dated], new Date("2026-12-01T03:00:00Z"), tz)).toHaveLength(1);
    expect(livePromotions([dated], new Date("2026-12-08T02:59:59Z"), tz)).toHaveLength(1);
    expect(livePromotions([dated], new Date("2026-12-08T03:00:00Z"), tz)).toEqual([]);
  });

  it("names its state for the merchant", () => {
    expect(promotionState(dated, "2026-11-30")).toBe("Programada");
    expect(promotionState(dated, "2026-12-07")).toBe("Activa");
    expect(promotionState(dated, "2026-12-08")).toBe("Terminada");
    expect(promotionState({ ...dated, enabled: false }, "2026-12-03")).toBe("Pausada");
  });

  it("a shared cache keeps a page no later than the store's next midnight while a dated promotion lies ahead", () => {
    // 23:55 in the store: 5 minutes left of the day, less than the 10 the edge would keep.
    expect(promotionCacheSeconds([dated], new Date("2026-12-08T02:55:00Z"), tz, 600)).toBe(299);
    expect(promotionCacheSeconds([dated], new Date("2026-12-07T15:00:00Z"), tz, 600)).toBe(600);
    expect(promotionCacheSeconds([promo({ percent: 10 })], new Date("2026-12-08T02:55:00Z"), tz, 600)).toBeNull();
    expect(promotionCacheSeconds([dated], new Date("2026-12-09T02:55:00Z"), tz, 600)).toBeNull();
  });
});

describe("what cards show", () => {
  it("a plain discount's badge and the price after it; a 2x1's badge alone", () => {
    const product = { productId: "1000001", category: 1, price: 1000 };
    expect(productPromotion([promo({ percent: 20 })], product, money)).toEqual({ badge: "-20 %", name: "Promo", price: 800 });
    expect(
      productPromotion([promo({ kind: "bundle", scope: "products", productIds: ["1000001"], buy: 2, pay: 1 })], product, money),
    ).toEqual({ badge: "2x1", name: "Promo", price: null });
    expect(
      productPromotion(
        [promo({ kind: "volume", scope: "products", productIds: ["1000001"], minQuantity: 6, percent: 10 })],
        product,
        money,
      )?.badge,
    ).toBe("-10 % desde 6 u.");
    expect(productPromotion([promo({ scope: "products", productIds: ["1000002"], percent: 20 })], product, money)).toBeNull();
  });
});

describe("a saved line's promotion in the messages", () => {
  it("WhatsApp and the buyer's email write the line after its promotion, with the promotion's name and saving", async () => {
    const { orderMessage } = await import("~/domain/whatsapp");
    const { buyerSaleEmail } = await import("~/orders/buyer-emails");
    const line = { name: "Alfajor", quantity: 3, unitPrice: 1000, promotionName: "2x1 en alfajores", promotionSaving: 1000 };
    const text = orderMessage({
      t: translatorFor("es"),
      storeName: "Dulces",
      code: "1234567890",
      currency: "CLP",
      country: "CL",
      amounts: { subtotal: 2000, discount: 0, discountCode: null, deliveryFee: 0, total: 2000 },
      lines: [line, { name: "Mate", quantity: 1, unitPrice: 6000 }],
      buyer: { name: "Ana", delivery: "pickup", pickupPoint: "Local", address: null, zone: null },
    });
    expect(text).toContain("Alfajor x 3 = $2.000 (2x1 en alfajores: −$1.000)");
    expect(text).toContain("Mate x 1 = $6.000\n");
    const mail = buyerSaleEmail({
      t: translatorFor("es"),
      kind: "placed",
      to: "ana@correo.test",
      buyerName: "Ana",
      storeName: "Dulces",
      code: "1234567890",
      currency: "CLP",
      country: "CL",
      lines: [line],
      subtotal: 2000,
      discount: 0,
      discountCode: null,
      paymentAdjustment: 0,
      paymentMethod: "cash",
      deliveryFee: 0,
      total: 2000,
      delivery: "pickup",
      orderUrl: "https://dulces.example/Order/1234567890?t=x",
    });
    expect(mail.text).toContain("Alfajor x 3 (2x1 en alfajores: −$1.000) = $2.000");
  });
});

describe("the promotion form's refusals", () => {
  it("are said in the merchant's words: neutral, or 'vos' for an Argentine merchant", () => {
    const fields = { name: "", kind: "bundle", scope: "products", buy: "2", pay: "2" };
    const chosen = { products: [], zones: [] };
    const owned = { productIds: new Set<string>(), zoneIds: new Set<number>() };
    const errors = (locale: "es" | "es-AR") => {
      const read = readPromotionForm(fields, chosen, owned, "ARS", translatorFor(locale));
      return read.ok ? {} : read.errors;
    };
    expect(errors("es")).toEqual({
      name: "Escribe el nombre que verán tus clientes (hasta 60 caracteres)",
      products: "Elige al menos un producto",
      pay: "Escribe cuántas paga: menos de las que lleva, 1 o más",
    });
    expect(errors("es-AR")).toEqual({
      name: "Escribí el nombre que verán tus clientes (hasta 60 caracteres)",
      products: "Elegí al menos un producto",
      pay: "Escribí cuántas paga: menos de las que lleva, 1 o más",
    });
  });
});
