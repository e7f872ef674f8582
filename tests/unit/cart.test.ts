import { describe, expect, it } from "vitest";
import {
  addToCart,
  allSoldOutText,
  lineKey,
  orderLines,
  parseCart,
  priceCart,
  removeFromCart,
  serializeCart,
  setQuantity,
} from "~/domain/cart";
import { translatorFor } from "~/domain/message-catalogs";

const es = translatorFor("es");

const A = "1234567";
const B = "7654321";

describe("cart cookie", () => {
  it("round-trips ids and quantities with cookie-safe characters", () => {
    const value = serializeCart([
      { productId: A, quantity: 2 },
      { productId: B, quantity: 1 },
    ]);
    expect(value).toBe("1234567:2|7654321:1");
    expect(value).toMatch(/^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$/);
    expect(parseCart(value)).toEqual([
      { productId: A, quantity: 2 },
      { productId: B, quantity: 1 },
    ]);
  });

  it("drops malformed parts and merges duplicates", () => {
    expect(parseCart("123:1|abcdefg:2|1234567:0|1234567:-3|1234567:2|1234567:3|7654321:x")).toEqual([
      { productId: A, quantity: 5 },
    ]);
    expect(parseCart("")).toEqual([]);
    expect(parseCart(null)).toEqual([]);
  });
});

describe("quantities stay within 1…stock", () => {
  it("adds and clamps to the stock, saying so", () => {
    const first = addToCart([], A, 2, 3);
    expect(first).toMatchObject({ lines: [{ productId: A, quantity: 2 }], limited: false });
    const second = addToCart(first.lines, A, 5, 3);
    expect(second).toMatchObject({ lines: [{ productId: A, quantity: 3 }], limited: true });
  });

  it("refuses sold-out products", () => {
    expect(addToCart([], A, 1, 0)).toMatchObject({ lines: [], soldOut: true });
  });

  it("asks for confirmation instead of going below 1", () => {
    const lines = [{ productId: A, quantity: 1 }];
    expect(setQuantity(lines, A, 0, 5)).toMatchObject({ lines, needsConfirmation: true });
    expect(setQuantity(lines, A, 9, 5)).toMatchObject({ lines: [{ productId: A, quantity: 5 }], limited: true });
    expect(setQuantity(lines, A, 4, 5)).toMatchObject({ lines: [{ productId: A, quantity: 4 }], limited: false });
    expect(removeFromCart(lines, A)).toEqual([]);
  });
});

describe("pricing from the database", () => {
  const products = [
    { key: A, id: A, name: "Taza", price: 1250, stock: 2 },
    { key: B, id: B, name: "Café", price: 990, stock: 0 },
  ];

  it("drops unknown ids, clamps to stock and sets sold-out lines apart", () => {
    const priced = priceCart(
      [
        { productId: A, quantity: 5 },
        { productId: B, quantity: 1 },
        { productId: "1111111", quantity: 1 },
      ],
      products,
    );
    expect(priced.lines).toMatchObject([{ product: { id: A }, quantity: 2, requested: 5, subtotal: 2500 }]);
    expect(priced.soldOut.map((p) => p.id)).toEqual([B]);
    expect(priced.total).toBe(2500);
    expect(priced.count).toBe(2);
    expect(priced.cleaned).toEqual([
      { productId: A, quantity: 2 },
      { productId: B, quantity: 1 },
    ]);
  });

  it("orders only the store's products, at database prices, and stops above the stock", () => {
    const ok = orderLines(
      [
        { productId: A, quantity: 2 },
        { productId: "9999999", quantity: 1 },
      ],
      products,
    );
    expect(ok).toEqual({ ok: true, lines: [{ product: products[0], quantity: 2, subtotal: 2500 }], total: 2500 });
    expect(orderLines([{ productId: A, quantity: 3 }], products)).toEqual({ ok: false, shortOf: products[0] });
    expect(orderLines([{ productId: B, quantity: 1 }], products)).toEqual({ ok: false, shortOf: products[1] });
  });
});

describe("lines of a product with options", () => {
  const variantItems = [
    { key: `${A}-12`, id: A, name: "Camiseta — Talla M, Color Azul", price: 2500, stock: 3 },
    { key: `${A}-13`, id: A, name: "Camiseta — Talla L, Color Azul", price: 2000, stock: 0 },
  ];

  it("the cookie keeps the variant after the product id, and a malformed one is dropped", () => {
    const lines = parseCart(`${A}-12:2|${A}-13:1|${A}-x:1|${A}-1234567890:1|${A}-12:1`);
    expect(lines).toEqual([
      { productId: A, variantId: 12, quantity: 3 },
      { productId: A, variantId: 13, quantity: 1 },
    ]);
    expect(serializeCart(lines)).toBe(`${A}-12:3|${A}-13:1`);
    expect(lineKey({ productId: A })).toBe(A);
  });

  it("two variants of one product are two lines, each priced and clamped as its own variant", () => {
    let lines = addToCart([], `${A}-12`, 2, 3).lines;
    lines = addToCart(lines, A, 1, 5).lines;
    const more = addToCart(lines, `${A}-12`, 5, 3);
    expect(more.limited).toBe(true);
    expect(more.lines).toEqual([
      { productId: A, variantId: 12, quantity: 3 },
      { productId: A, quantity: 1 },
    ]);
    const priced = priceCart(more.lines, variantItems);
    // The product's own line finds no item: a product with options is only sold as a variant.
    expect(priced.lines.map((l) => [l.product.key, l.quantity, l.subtotal])).toEqual([[`${A}-12`, 3, 7500]]);
    expect(priced.cleaned).toEqual([{ productId: A, variantId: 12, quantity: 3 }]);
    expect(orderLines([{ productId: A, variantId: 13, quantity: 1 }], variantItems)).toEqual({
      ok: false,
      shortOf: variantItems[1],
    });
    expect(removeFromCart(more.lines, `${A}-12`)).toEqual([{ productId: A, quantity: 1 }]);
  });
});

describe("a cart whose every line sold out", () => {
  it("says which products went, in Spanish", () => {
    expect(allSoldOutText(es, ["Bolso tejido"])).toBe("Se agotó “Bolso tejido” y ya no entra en tu pedido.");
    expect(allSoldOutText(es, ["Bolso", "Taza", "Café"])).toBe(
      "Se agotaron “Bolso”, “Taza” y “Café” y ya no entran en tu pedido.",
    );
  });
});
