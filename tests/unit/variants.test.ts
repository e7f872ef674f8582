import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { translatorFor } from "~/domain/message-catalogs";
import {
  chosenVariant,
  combinationKey,
  combinations,
  lineName,
  optionChoices,
  optionProblems,
  splitValues,
  variantLabel,
  variantPrice,
} from "~/domain/variants";
import { EMPTY_PRODUCT, type ProductFormValues, typedProductValues } from "~/products/product-form";
import { readVariantForm } from "~/products/variant-form";
import { newVariantStock, VariantsEditor } from "~/products/variants-editor";
import { inMerchantVoice } from "../support/messages";

const es = translatorFor("es");

const talla = { name: "Talla", values: ["S", "M", "L"] };
const color = { name: "Color", values: ["Rojo", "Azul"] };

const v = (id: number, option1: string, option2: string, stock: number, enabled = true, price: number | null = null) => ({
  id,
  option1,
  option2,
  option3: "",
  price,
  stock,
  enabled,
});

describe("options and combinations", () => {
  it("every combination, the first option varying slowest", () => {
    expect(combinations([talla, color]).map((c) => c.join("/"))).toEqual([
      "S/Rojo",
      "S/Azul",
      "M/Rojo",
      "M/Azul",
      "L/Rojo",
      "L/Azul",
    ]);
    expect(combinations([])).toEqual([]);
  });

  it("values are one when they differ only in case, accents or spaces", () => {
    expect(combinationKey(["  Médium", "AZUL"])).toBe(combinationKey(["medium", "azul"]));
    expect(splitValues(" S ,, M,  Extra   grande ")).toEqual(["S", "M", "Extra grande"]);
  });

  it("names, repeated values, too many options and too many combinations are refused in Spanish", () => {
    expect(optionProblems([talla, color], es)).toEqual([]);
    expect(optionProblems([{ name: "", values: ["S"] }], es)[0]?.message).toBe(
      "Escribe el nombre de la opción, por ejemplo Talla",
    );
    expect(optionProblems([talla, { name: "talla", values: ["X"] }], es)[0]).toMatchObject({ option: 1, field: "name" });
    expect(optionProblems([{ name: "Color", values: ["Azul", "azul"] }], es)[0]?.message).toBe("El valor “azul” está repetido");
    expect(optionProblems([talla, color, talla, color], es)[0]?.message).toBe("Un producto tiene como máximo 3 opciones");
    const ten = (name: string) => ({ name, values: Array.from({ length: 10 }, (_, i) => `${name}${i}`) });
    expect(optionProblems([ten("A"), ten("B"), { name: "C", values: ["1", "2"] }], es)[0]?.message).toMatch(
      /^Las opciones forman 200 combinaciones: el máximo es 100/,
    );
  });

  it("an Argentine or Uruguayan merchant reads the option refusals in 'vos'", () => {
    const ar = translatorFor("es-AR");
    expect(optionProblems([{ name: "", values: ["S"] }], ar)[0]?.message).toBe(
      "Escribí el nombre de la opción, por ejemplo Talla",
    );
    expect(optionProblems([{ name: "Talla", values: ["S".repeat(31)] }], ar)[0]?.message).toBe(
      "Escribí como máximo 30 caracteres",
    );
  });

  it("a variant is named by its options and values, after the product on a line", () => {
    expect(variantLabel([talla, color], ["M", "Azul"])).toBe("Talla M, Color Azul");
    expect(lineName("Camiseta", "Talla M, Color Azul")).toBe("Camiseta — Talla M, Color Azul");
    expect(lineName("Taza", null)).toBe("Taza");
    expect(variantPrice(2000, { price: null })).toBe(2000);
    expect(variantPrice(2000, { price: 0 })).toBe(0);
  });
});

describe("the variant a product page shows and the choices it links", () => {
  const variants = [v(1, "S", "Rojo", 0), v(2, "S", "Azul", 2), v(3, "M", "Rojo", 1), v(4, "M", "Azul", 0, false)];

  it("the one asked for when enabled, else the first in stock, else the first enabled", () => {
    expect(chosenVariant(variants, 3)?.id).toBe(3);
    expect(chosenVariant(variants, 1)?.id).toBe(1);
    expect(chosenVariant(variants, 4)?.id).toBe(2);
    expect(chosenVariant(variants, null)?.id).toBe(2);
    expect(chosenVariant([v(9, "S", "Rojo", 0)], null)?.id).toBe(9);
    expect(chosenVariant([v(9, "S", "Rojo", 5, false)], null)).toBeNull();
  });

  it("a value keeps the other choices when that combination is on sale, else goes to the closest one", () => {
    const [sizes, colours] = optionChoices([{ name: "Talla", values: ["S", "M"] }, color], variants, variants[1] ?? null);
    expect(sizes?.choices).toEqual([
      { value: "S", selected: true, variantId: 2, available: true },
      // M/Azul is disabled: 'M' leads to M/Rojo.
      { value: "M", selected: false, variantId: 3, available: true },
    ]);
    expect(colours?.choices).toEqual([
      { value: "Rojo", selected: false, variantId: 1, available: false },
      { value: "Azul", selected: true, variantId: 2, available: true },
    ]);
  });
});

describe("the options part of the product form", () => {
  const form = (fields: Record<string, string>) => {
    const f = new FormData();
    for (const [k, value] of Object.entries(fields)) f.append(k, value);
    return f;
  };

  it("recomputes the combinations from the options and reads each one's row", () => {
    const reading = readVariantForm(
      form({
        "option0.name": "Talla",
        "option0.values": "S, M",
        "option1.name": "Color",
        "option1.values": "Azul",
        "v0.values": JSON.stringify(["M", "Azul"]),
        "v0.stock": "4",
        "v0.price": "25,50",
        "v0.sku": "CAM-M",
        "v0.enabled": "on",
        // A row of a combination the options do not make is ignored.
        "v1.values": JSON.stringify(["XL", "Azul"]),
        "v1.stock": "9",
        "v2.values": JSON.stringify(["S", "Azul"]),
        "v2.stock": "0",
        "v2.enabled": "on",
      }),
      "USD",
      [],
      "either",
      es,
    );
    expect(reading).toEqual({
      ok: true,
      options: [
        { name: "Talla", values: ["S", "M"] },
        { name: "Color", values: ["Azul"] },
      ],
      drafts: [
        { values: ["S", "Azul"], price: null, sku: null, stock: 0, enabled: true, photoId: null },
        { values: ["M", "Azul"], price: 2550, sku: "CAM-M", stock: 4, enabled: true, photoId: null },
      ],
    });
  });

  it("refuses options whose combinations were never shown to fill in (posted before the page's script ran)", () => {
    const reading = readVariantForm(
      form({ "option0.name": "Talla", "option0.values": "S, M", "v0.values": JSON.stringify(["S"]), "v0.stock": "4" }),
      "USD",
      [],
      "either",
      es,
    );
    expect(reading).toEqual({
      ok: false,
      errors: { variants: "Escribe el stock de cada combinación (abajo) y vuelve a guardar" },
    });
  });

  it("refuses a bad stock, price, repeated SKU, another product's photo and every combination off, by field", () => {
    const reading = readVariantForm(
      form({
        "option0.name": "Talla",
        "option0.values": "S, M",
        "v0.values": JSON.stringify(["S"]),
        "v0.stock": "-1",
        "v0.price": "abc",
        "v0.sku": "X",
        "v1.values": JSON.stringify(["M"]),
        "v1.sku": "x",
        "v1.photo": "77",
      }),
      "USD",
      [5, 6],
      "either",
      es,
    );
    expect(reading).toEqual({
      ok: false,
      errors: {
        "v0.stock": "Escribe una cantidad entera, 0 o más",
        "v0.price": "Escribe un precio válido, por ejemplo 12.500 o 12,50",
        "v1.sku": "El SKU “x” ya está en uso en esta tienda",
        "v1.photo": "Elige una foto de este producto",
        variants: "Activa al menos una combinación",
      },
    });
  });

  it("shows each combination's own row again, also for a value named like an object's built-ins", () => {
    const typed = typedProductValues(
      {
        "option0.name": "Modelo",
        "option0.values": "constructor, __proto__, Clásico",
        "v0.values": JSON.stringify(["__proto__"]),
        "v0.stock": "7",
        "v1.values": JSON.stringify(["Clásico"]),
        "v1.stock": "3",
      },
      EMPTY_PRODUCT,
    );
    expect(Object.keys(typed.variants.rows).sort()).toEqual([combinationKey(["__proto__"]), combinationKey(["Clásico"])].sort());
    const html = renderToStaticMarkup(
      inMerchantVoice(
        "es",
        createElement(VariantsEditor, {
          values: typed.variants,
          currency: "USD",
          errors: {},
          onHasOptions: () => {},
          newStock: newVariantStock(typed.variants, typed.stock),
        }),
      ),
    );
    const card = (label: string) => html.match(new RegExp(`<li[^>]*aria-label="${label}".*?</li>`))?.[0] ?? "";
    const stock = (label: string) =>
      card(label)
        .match(/name="v\d+\.stock"[^>]*value="([^"]*)"|value="([^"]*)"[^>]*name="v\d+\.stock"/)
        ?.slice(1)
        .find((v) => v !== undefined);
    // Never typed: a new combination's row (0 in stock, on).
    expect(stock("constructor")).toBe("0");
    expect(card("constructor")).toMatch(/<input type="checkbox"[^>]*checked=""/);
    expect(stock("__proto__")).toBe("7");
    expect(stock("Clásico")).toBe("3");
  });

  it("starts a new combination with the product's stock, unless the product already counts combinations", () => {
    const cardStocks = (values: ProductFormValues) =>
      [
        ...renderToStaticMarkup(
          inMerchantVoice(
            "es",
            createElement(VariantsEditor, {
              values: values.variants,
              currency: "ARS",
              errors: {},
              onHasOptions: () => {},
              newStock: newVariantStock(values.variants, values.stock),
            }),
          ),
        ).matchAll(/<input[^>]*name="v\d+\.stock"[^>]*>/g),
      ].map((m) => m[0].match(/value="([^"]*)"/)?.[1]);
    // A product of 12 boxes gets a 'Tamaño' option: each new size starts at 12 (the form sent before its cards
    // were shown, without JavaScript, comes back with them filled so).
    const first = typedProductValues(
      { name: "Alfajores", stock: "12", "option0.name": "Tamaño", "option0.values": "Caja x6, Caja x12" },
      EMPTY_PRODUCT,
    );
    expect(cardStocks(first)).toEqual(["12", "12"]);
    // Nothing typed, or not a number: 0.
    expect(newVariantStock(first.variants, "")).toBe("0");
    expect(newVariantStock(first.variants, "doce")).toBe("0");
    // A product with combinations counts their sum: a new value starts at 0, the saved ones keep theirs.
    const saved = typedProductValues(
      {
        stock: "20",
        "option0.name": "Tamaño",
        "option0.values": "Caja x6, Caja x12",
        "v0.values": JSON.stringify(["Caja x6"]),
        "v0.stock": "20",
      },
      EMPTY_PRODUCT,
    );
    expect(cardStocks(saved)).toEqual(["20", "0"]);
  });
});
