import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { PRODUCT_CATEGORIES, STORE_CATEGORIES } from "~/domain/categories";
import { currencyChoices } from "~/domain/currencies";
import { CurrencyPanel, InfoPanel } from "~/stores/info-panels";
import { inMerchantVoice } from "../support/messages";

/** A component of the store's information page, rendered as the server sends it. */
function html(component: () => ReturnType<typeof createElement>) {
  const Page = createRoutesStub([{ path: "/", Component: component }]);
  return renderToStaticMarkup(inMerchantVoice("es", createElement(Page)));
}

const store = {
  id: "1234567890",
  name: "Café Nambu",
  category: "6",
  currency: "USD",
  description: "",
  mainTitle: "",
  storeTitle: "",
  saleNumber: "",
  attentionNumber: "",
  country: "AR",
  phoneExample: "11 2345-6789",
  wrongNumbers: [],
  location: "",
  instagram: "",
  facebook: "",
  tiktok: "",
  hours: "",
  timeZone: "America/Argentina/Buenos_Aires",
  soldOut: "last",
  qrPng: null,
  qrSvg: null,
  publicUrl: "https://cafe-nambu.vitrina.test",
} as const;

describe("the store's information page", () => {
  it("lists each currency once, so the store's own is the one selected", () => {
    const choices = currencyChoices();
    const codes = [...choices.latam, ...choices.others].map((c) => c.value);
    expect(new Set(codes).size).toBe(codes.length);
    expect(choices.latam[0]?.value).toBe("USD");
    expect(codes).toContain("EUR");
    const page = html(() => createElement(CurrencyPanel, { choices, currency: "USD" }));
    expect(page.match(/<option[^>]*selected=""[^>]*>/g)).toEqual(['<option value="USD" selected="">']);
    expect(page.match(/value="USD"/g)).toHaveLength(1);
  });

  it("says where 'Título principal' and 'Título de la tienda' show on the store, with an example each", () => {
    const page = html(() =>
      createElement(InfoPanel, {
        store: store as never,
        timeZones: [{ value: store.timeZone, label: store.timeZone }],
        countries: [],
        errors: {},
      }),
    );
    const hintOf = (name: string) => {
      expect(page.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0]).toContain(`aria-describedby="f-${name}-hint"`);
      return page.match(new RegExp(`id="f-${name}-hint">([^<]*)<`))?.[1];
    };
    expect(hintOf("mainTitle")).toBe(
      "El título grande al abrir tu tienda, arriba de todo (vacío: el nombre). Ej.: Café de origen, tostado cada semana",
    );
    expect(hintOf("storeTitle")).toBe("Encabeza tus productos en el inicio y en la página Tienda. Ej.: Nuestros cafés");
  });

  it("writes the store's and the products' categories alike: only the first word capitalised", () => {
    const names = [...STORE_CATEGORIES.map((c) => c.name), ...PRODUCT_CATEGORIES];
    expect(names.filter((name) => name.slice(1) !== name.slice(1).toLowerCase())).toEqual([]);
  });
});
