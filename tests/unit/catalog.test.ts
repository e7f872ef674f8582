import { describe, expect, it } from "vitest";
import { cardPrice, discountPercent, OFFER_MESSAGES, offerOf, soldOutLast } from "~/domain/catalog";
import { productCategoryChoices, productCategoryName } from "~/domain/categories";
import { translatorFor } from "~/domain/message-catalogs";
import { productSchema } from "~/products/product-actions.server";
import { PRODUCT_MESSAGES } from "~/products/products.server";
import { storeInfoSchema, storeInfoSchemaOf } from "~/stores/info-actions.server";
import { refusal, ruleRefusal } from "~/workspace/action-results.server";
import { compareForListing } from "../support/listing-order";
import { storeInfoForm } from "../support/store-info-form";

describe("offers: the discount of a 'Precio anterior'", () => {
  it.each([
    [1000, 1500, 33], // 33.33… rounds down
    [1999, 3000, 33], // 33.36…
    [750, 1000, 25],
    [1, 3, 66], // 66.66… never rounds up
    [0, 1200, 100],
    [999, 1000, 0], // 0.1 %: an offer, but under 1 %
    [12_500, 12_501, 0],
    [1, 1e12, 99], // the largest amounts stay exact
  ])("price %i instead of %i is -%i %%", (price, compareAt, percent) => {
    expect(discountPercent(price, compareAt)).toBe(percent);
  });

  it("is no offer when the compare-at price is missing, equal or lower", () => {
    expect(discountPercent(1000, null)).toBeNull();
    expect(discountPercent(1000, undefined)).toBeNull();
    expect(discountPercent(1000, 1000)).toBeNull();
    expect(discountPercent(1000, 999)).toBeNull();
    expect(discountPercent(1000, 0)).toBeNull();
  });

  it("shows the old price and the '-N %' badge, no badge under 1 % and nothing without an offer", () => {
    expect(offerOf(750, 1000)).toEqual({ compareAt: 1000, badge: "-25 %" });
    expect(offerOf(1000, 1500)).toEqual({ compareAt: 1500, badge: "-33 %" });
    expect(offerOf(999, 1000)).toEqual({ compareAt: 1000, badge: null });
    expect(offerOf(1000, 1000)).toBeNull();
    expect(offerOf(1000, 800)).toBeNull();
    expect(offerOf(1000, null)).toBeNull();
  });
});

describe("the product form's 'Precio anterior'", () => {
  const product = { name: "Taza", price: "12,50", stock: "1", category: "0" };
  const parse = (fields: Record<string, string>, currency = "USD") =>
    productSchema(currency).safeParse({ ...product, ...fields });
  const messages = (fields: Record<string, string>, currency = "USD") =>
    parse(fields, currency).error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];

  it("is optional: empty or missing means no offer", () => {
    expect(parse({ compareAtPrice: "" }).data).toMatchObject({ price: 1250, compareAtPrice: null });
    expect(parse({ compareAtPrice: "   " }).data).toMatchObject({ compareAtPrice: null });
    expect(parse({}).data).toMatchObject({ compareAtPrice: null });
  });

  it("is read like the price, in the store currency", () => {
    expect(parse({ compareAtPrice: "15" }).data?.compareAtPrice).toBe(1500);
    expect(parse({ compareAtPrice: "1.234,50" }).data?.compareAtPrice).toBe(123450);
    expect(parse({ price: "12.500", compareAtPrice: "15.000" }, "CLP").data).toMatchObject({
      price: 12500,
      compareAtPrice: 15000,
    });
  });

  it("must be greater than the price", () => {
    expect(messages({ compareAtPrice: "12,50" })).toEqual([["compareAtPrice", OFFER_MESSAGES.notAbovePrice]]);
    expect(messages({ compareAtPrice: "10" })).toEqual([["compareAtPrice", "El precio anterior debe ser mayor que el precio"]]);
    expect(messages({ compareAtPrice: "12,51" })).toEqual([]);
  });

  it("gets the price's own messages when it cannot be read, and no comparison then", () => {
    expect(messages({ compareAtPrice: "quince" })).toEqual([
      ["compareAtPrice", "Escribe un precio válido, por ejemplo 12.500 o 12,50"],
    ]);
    expect(messages({ compareAtPrice: "15,0015" })).toEqual([["compareAtPrice", "Escribe como máximo 2 decimales"]]);
    expect(messages({ price: "12.500", compareAtPrice: "12,5" }, "CLP")).toEqual([
      ["compareAtPrice", "Este precio va sin decimales, por ejemplo 12.500"],
    ]);
    expect(messages({ compareAtPrice: "-20" })).toEqual([
      ["compareAtPrice", "Escribe un precio válido, por ejemplo 12.500 o 12,50"],
    ]);
    // A price that cannot be read is the one message: nothing to compare with.
    expect(messages({ price: "doce", compareAtPrice: "1" })).toEqual([
      ["price", "Escribe un precio válido, por ejemplo 12.500 o 12,50"],
    ]);
  });

  it("reports the comparison alongside the form's other problems", () => {
    expect(messages({ name: "", compareAtPrice: "5" })).toEqual([
      ["name", "Este campo es obligatorio"],
      ["compareAtPrice", OFFER_MESSAGES.notAbovePrice],
    ]);
  });

  it("reads 'Visibilidad': Publicado by default, Oculto when chosen, nothing else", () => {
    expect(parse({}).data?.published).toBe(true);
    expect(parse({ visibility: "published" }).data?.published).toBe(true);
    expect(parse({ visibility: "hidden" }).data?.published).toBe(false);
    expect(messages({ visibility: "borrador" })).toEqual([["visibility", "Elige Publicado u Oculto"]]);
  });
});

describe("listing order: in stock first, sold out last, hidden never", () => {
  const p = (id: string, stock: number, createdAt: number, published = true) => ({ id, stock, createdAt, published });

  it("sorts in stock before sold out, each newest first, the higher id breaking ties", () => {
    const products = [
      p("1000001", 0, 500),
      p("1000002", 4, 100),
      p("1000003", 0, 900),
      p("1000004", 2, 300),
      p("1000006", 1, 300),
      p("1000005", 7, 50),
    ];
    expect([...products].sort(compareForListing).map((x) => x.id)).toEqual([
      "1000006",
      "1000004",
      "1000002",
      "1000005",
      "1000003",
      "1000001",
    ]);
  });

  it("moves a section's sold-out products last, keeping the merchant's order in each group", () => {
    const items = [
      { name: "agotado A", soldOut: true },
      { name: "imagen", soldOut: false },
      { name: "con stock B", soldOut: false },
      { name: "agotado C", soldOut: true },
      { name: "con stock D", soldOut: false },
    ];
    expect(soldOutLast(items, (i) => i.soldOut).map((i) => i.name)).toEqual([
      "imagen",
      "con stock B",
      "con stock D",
      "agotado A",
      "agotado C",
    ]);
    expect(soldOutLast([], () => true)).toEqual([]);
  });
});

describe("the store's 'Productos agotados' choice", () => {
  const info = storeInfoForm();

  it("lists them last or hides them; a form without the choice keeps the store's", () => {
    expect(storeInfoSchema.parse({ ...info, soldOut: "last" }).hideSoldOut).toBe(false);
    expect(storeInfoSchema.parse({ ...info, soldOut: "hidden" }).hideSoldOut).toBe(true);
    expect("hideSoldOut" in storeInfoSchema.parse(info)).toBe(false);
    expect(storeInfoSchema.safeParse({ ...info, soldOut: "nunca" }).error?.issues.map((i) => i.message)).toEqual([
      "Elige qué hacer con los productos agotados",
    ]);
  });

  it("refuses in the merchant's variant: 'vos' for a store in Argentina", () => {
    const argentine = storeInfoSchemaOf(translatorFor("es-AR"));
    expect(argentine.safeParse({ ...info, soldOut: "nunca", category: "0" }).error?.issues.map((i) => i.message)).toEqual([
      "Elegí una categoría",
      "Elegí qué hacer con los productos agotados",
    ]);
  });
});

describe("a stock rule's refusal raised below the action", () => {
  it("keeps its neutral words and is said in the merchant's variant by the action's refusal", () => {
    const error = ruleRefusal(PRODUCT_MESSAGES.belowReserved, { reserved: 1 }, "stock");
    expect(error.message).toBe(
      "Hay 1 unidad reservada en pedidos pendientes: el stock no puede ser menor. Completa o cancela esos pedidos primero.",
    );
    const said = refusal("save", error, "image", { t: translatorFor("es-AR") }) as unknown as {
      data: { errors: Record<string, string> };
      init: ResponseInit;
    };
    expect(said.init.status).toBe(409);
    expect(said.data.errors).toEqual({
      stock:
        "Hay 1 unidad reservada en pedidos pendientes: el stock no puede ser menor. Completá o cancelá esos pedidos primero.",
    });
  });
});

/** An amount as formatted in dollars (with a no-break space before the symbol). */
const usd = (amount: string) => expect.stringMatching(new RegExp(`^${amount}\\sUS\\$$`));

describe("the price a product's card shows", () => {
  const product = { price: 2000, compareAtPrice: 3000, priceFrom: null, priceTo: null };
  it("is the product's own price and offer without options", () => {
    expect(cardPrice(product, { country: "", currency: "USD" })).toMatchObject({
      price: usd("20,00"),
      from: false,
      offer: { compareAt: usd("30,00") },
    });
  });

  it("is what can be bought: the one price of the combinations on sale, or 'desde' the lowest, without the product's offer", () => {
    // Only a combination at 25,00 has units left: the card shows 25,00, not the product's 20,00.
    expect(cardPrice({ ...product, priceFrom: 2500, priceTo: 2500 }, { country: "", currency: "USD" })).toMatchObject({
      price: usd("25,00"),
      from: false,
    });
    const varied = cardPrice({ ...product, priceFrom: 1800, priceTo: 2500 }, { country: "", currency: "USD" });
    expect(varied).toEqual({ price: usd("18,00"), from: true, offer: null });
  });
});

describe("the product form's 'Categoría'", () => {
  const parseProduct = (fields: Record<string, string>) =>
    productSchema("USD").safeParse({ name: "Taza", price: "12,50", stock: "1", ...fields });
  it("a product may have no category ('Sin categoría', the form's default), but not one out of the list", () => {
    expect(parseProduct({ category: "-1" }).data?.category).toBe(-1);
    expect(parseProduct({ category: "15" }).data?.category).toBe(15);
    expect(parseProduct({ category: "16" }).error?.issues.map((i) => i.message)).toEqual(["Elige una categoría"]);
    expect(parseProduct({ category: "-2" }).error?.issues.map((i) => i.message)).toEqual(["Elige una categoría"]);
    expect(productCategoryChoices()[0]).toEqual({ value: "-1", label: "Sin categoría" });
    expect(productCategoryName(-1)).toBeUndefined();
    expect(productCategoryName(0)).toBe("Servicio");
  });
});
