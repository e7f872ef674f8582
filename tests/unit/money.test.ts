import { describe, expect, it, vi } from "vitest";
import { activityValueText } from "~/domain/activity";
import { countryOptions, numberStyleOf } from "~/domain/countries";
import { translatorFor } from "~/domain/message-catalogs";
import {
  formatMoney,
  fractionDigits,
  type MoneyProblem,
  moneyFormat,
  moneyMessage,
  moneyWritingCountries,
  parseMoney,
  readMoney,
  toDecimalString,
} from "~/domain/money";
import { moneyProblemText } from "~/domain/money-messages";
import { amountInputText, readPrice } from "~/domain/product-fields";
import { productSchema } from "~/products/product-actions.server";

describe("money in minor units", () => {
  it("knows each currency's digits from Intl", () => {
    expect(fractionDigits("USD")).toBe(2);
    expect(fractionDigits("EUR")).toBe(2);
    expect(fractionDigits("CLP")).toBe(0);
    expect(fractionDigits("KWD")).toBe(3);
  });

  it("formats a store without a country with the code or a symbol no country shares", () => {
    expect(formatMoney(1250, "USD", null)).toBe("12,50\u00a0US$");
    expect(formatMoney(2275000, "ARS", "")).toBe("22.750,00\u00a0ARS");
    expect(formatMoney(150000, "CLP", null)).toBe("150.000\u00a0CLP");
    // Four-digit amounts are grouped too (Spanish would print '8500,00').
    expect(formatMoney(850000, "USD", null)).toBe("8.500,00\u00a0US$");
    expect(formatMoney(4000, "CLP", "")).toMatch(/^4\.000\s/);
    // A code that is no store country is no country.
    expect(formatMoney(1250, "USD", "XX")).toBe("12,50\u00a0US$");
  });

  it("writes plain decimal strings", () => {
    expect(toDecimalString(2699, "USD")).toBe("26.99");
    expect(toDecimalString(5, "USD")).toBe("0.05");
    expect(toDecimalString(1500, "CLP")).toBe("1500");
  });

  it.each([
    ["12", 1200],
    ["12,5", 1250],
    ["12.50", 1250],
    ["1.234,56", 123456],
    ["1,234.56", 123456],
    ["$ 9,99", 999],
  ])("parses %j as %i cents", (input, minor) => {
    expect(parseMoney(input, "USD")).toBe(minor);
  });

  it("rejects what is not an amount", () => {
    expect(parseMoney("doce", "USD")).toBeNull();
    expect(parseMoney("1,2,3,4", "USD")).toBeNull();
    expect(parseMoney("-5", "USD")).toBeNull();
  });
});

// What a shopper of each country reads: Intl's data for the country's locale, the same in Node and workerd
// (both checked against these strings), with whole amounts without cents where prices are in thousands.
const nbsp = (text: string) => text.replace(/ /g, "\u00a0");

describe("prices as each store's country writes them", () => {
  it.each([
    ["AR", "ARS", 2275000, "$ 22.750"],
    ["AR", "ARS", 2275050, "$ 22.750,50"],
    ["AR", "ARS", 5, "$ 0,05"],
    ["MX", "MXN", 2275000, "$22,750.00"],
    ["MX", "MXN", 2275050, "$22,750.50"],
    ["CO", "COP", 22750, "$ 22.750"],
    ["PE", "PEN", 2275, "S/ 22.75"],
    ["PE", "PEN", 2275000, "S/ 22,750.00"],
    ["CL", "CLP", 22750, "$22.750"],
    ["UY", "UYU", 2275000, "$ 22.750"],
    ["UY", "UYU", 2275050, "$ 22.750,50"],
    ["BR", "BRL", 2275050, "R$ 22.750,50"],
    ["BO", "BOB", 2275050, "Bs 22.750,50"],
    ["PY", "PYG", 150000, "Gs. 150.000"],
    ["EC", "USD", 2275050, "$22.750,50"],
    ["SV", "USD", 1000, "$10.00"],
    ["ES", "EUR", 150000, "1.500,00 €"],
    ["US", "USD", 1000, "$10.00"],
    // Another country's money gets the symbol the country tells apart from its own.
    ["AR", "USD", 1000, "US$ 10"],
    ["AR", "USD", 1050, "US$ 10,50"],
    ["CO", "USD", 1000, "US$ 10"],
    ["MX", "USD", 1000, "USD 10.00"],
    ["CU", "USD", 1000, "US$10.00"],
  ])("%s in %s writes %i as %j", (country, currency, minor, text) => {
    expect(formatMoney(minor, currency, country)).toBe(nbsp(text));
  });

  it("writes zero-decimal currencies without decimals in any country", () => {
    expect(formatMoney(22750, "CLP", "CL")).toBe("$22.750");
    expect(formatMoney(22750, "CLP", "AR")).toBe(nbsp("CLP 22.750"));
    expect(formatMoney(150000, "PYG", "PY")).toBe(nbsp("Gs. 150.000"));
    expect(formatMoney(0, "ARS", "AR")).toBe(nbsp("$ 0"));
  });

  it("writes a negative amount with one '−' before the symbol, in every country", () => {
    expect(formatMoney(-50000, "ARS", "AR")).toBe(nbsp("−$ 500"));
    expect(formatMoney(-50050, "ARS", "AR")).toBe(nbsp("−$ 500,50"));
    expect(formatMoney(-50000, "MXN", "MX")).toBe("−$500.00");
    // Intl writes Chile's and Ecuador's after the symbol ('$-500'), Paraguay's after a space.
    expect(formatMoney(-500, "CLP", "CL")).toBe("−$500");
    expect(formatMoney(-50000, "USD", "EC")).toBe("−$500,00");
    expect(formatMoney(-500, "PYG", "PY")).toBe(nbsp("−Gs. 500"));
    expect(formatMoney(-50000, "USD", null)).toBe(nbsp("−500,00 US$"));
  });

  it("groups large amounts", () => {
    expect(formatMoney(123456700, "ARS", "AR")).toBe(nbsp("$ 1.234.567"));
    expect(formatMoney(123456789, "ARS", "AR")).toBe(nbsp("$ 1.234.567,89"));
    expect(formatMoney(123456700, "MXN", "MX")).toBe("$1,234,567.00");
    expect(formatMoney(1234567, "CLP", "CL")).toBe("$1.234.567");
    expect(formatMoney(1234567, "COP", "CO")).toBe(nbsp("$ 1.234.567"));
    expect(formatMoney(999_999_999_999, "USD", "AR")).toBe(nbsp("US$ 9.999.999.999,99"));
    // Four digits too, where Spain's Intl would leave '1500,00 €'.
    expect(formatMoney(150000, "EUR", "ES")).toBe(nbsp("1.500,00 €"));
  });

  it("knows the writing of every store country", () => {
    expect(moneyWritingCountries().sort()).toEqual(
      countryOptions()
        .map((c) => c.code)
        .sort(),
    );
  });

  it("builds a formatter once per locale and currency", () => {
    const built = vi.spyOn(Intl, "NumberFormat");
    try {
      // A pair no other test formats, so its formatter is not built yet.
      for (const minor of [100, 250, 99900]) formatMoney(minor, "GTQ", "GT");
      const forGuatemala = () => built.mock.calls.filter(([locale]) => locale === "es-GT").length;
      expect(forGuatemala()).toBe(1);
      moneyFormat({ country: "GT", currency: "GTQ" })(5);
      expect(forGuatemala()).toBe(1);
      // Another currency in the same country is another formatter.
      formatMoney(100, "HNL", "GT");
      expect(forGuatemala()).toBe(2);
    } finally {
      built.mockRestore();
    }
  });

  it("writes the activity log's amounts as the store's country writes them", () => {
    expect(activityValueText("2275000 ARS", "AR")).toBe(nbsp("$ 22.750"));
    expect(activityValueText("-50000 ARS", "AR")).toBe(nbsp("−$ 500"));
    expect(activityValueText("Oculto", "AR")).toBe("Oculto");
  });

  it("gives a store's formatter its country and currency", () => {
    expect(moneyFormat({ country: "AR", currency: "ARS" })(2275000)).toBe(nbsp("$ 22.750"));
    expect(moneyFormat({ country: "", currency: "ARS" })(2275000)).toBe(nbsp("22.750,00 ARS"));
  });
});

describe("reading a typed price by the currency's decimals", () => {
  it.each([
    // USD: 2 decimals. A lone separator with 3 digits after it is a thousands one.
    ["USD", "12", 1200],
    ["USD", "12,5", 1250],
    ["USD", "0,50", 50],
    ["USD", "0.5", 50],
    ["USD", ",50", 50],
    ["USD", "1.500", 150000],
    ["USD", "1,500", 150000],
    ["USD", "1.234,50", 123450],
    ["USD", "1,234.50", 123450],
    ["USD", "1.234.567", 123456700],
    ["USD", "1,234,567.89", 123456789],
    ["USD", "US$ 1 234,50", 123450],
    ["USD", "0,001", null],
    ["USD", "0.500", null],
    ["USD", "01.000", null],
    ["USD", "1234,500", null],
    ["USD", "1.234,567", null],
    ["USD", "1.234.5", null],
    ["USD", "1,234,56", null],
    ["USD", "1.23.456", null],
    ["USD", "1,5000", null],
    ["USD", "12,", null],
    ["USD", "1..5", null],
    ["USD", "", null],
    ["PEN", "S/. 12,50", 1250],
    // CLP: no decimals, so any lone separator before 3 digits groups thousands.
    ["CLP", "12", 12],
    ["CLP", "1.500", 1500],
    ["CLP", "1,500", 1500],
    ["CLP", "12,345", 12345],
    ["CLP", "150.000", 150000],
    ["CLP", "1.234.567", 1234567],
    ["CLP", "$ 4.990", 4990],
    ["CLP", "12,5", null],
    ["CLP", "1.500,00", null],
    ["CLP", "0.500", null],
    ["CLP", "0,001", null],
    ["CLP", "01.000", null],
    // KWD: 3 decimals. '1,500' is the decimal comma the price form shows; '1.500' could be either and is refused.
    ["KWD", "12", 12000],
    ["KWD", "1,5", 1500],
    ["KWD", "1.25", 1250],
    ["KWD", "0.500", 500],
    ["KWD", "0,750", 750],
    ["KWD", "1.234,500", 1234500],
    ["KWD", "1,234.5", 1234500],
    ["KWD", "1.234.567", 1234567000],
    ["KWD", "1,500", 1500],
    ["KWD", "2,125", 2125],
    ["KWD", "1.500", null],
    ["KWD", "12.250", null],
    ["KWD", "1,2345", null],
  ])("%s %j is %j", (currency, input, minor) => {
    expect(parseMoney(input, currency)).toBe(minor);
  });

  it("says why it refuses", () => {
    expect(readMoney("1.500", "KWD")).toEqual({ ok: false, problem: "ambiguous" });
    expect(readMoney("0,001", "USD")).toEqual({ ok: false, problem: "decimals" });
    expect(readMoney("12,5", "CLP")).toEqual({ ok: false, problem: "decimals" });
    expect(readMoney("1,2,3,4", "USD")).toEqual({ ok: false, problem: "invalid" });
    expect(readMoney("1.234,50", "USD")).toEqual({ ok: true, minor: 123450 });
  });

  it("the product form tells the merchant what to change", () => {
    const priceError = (price: string, currency: string) => {
      const parsed = productSchema(currency).safeParse({ name: "Taza", price, stock: "1", category: "0" });
      return parsed.success ? null : parsed.error.issues.map((i) => i.message);
    };
    expect(priceError("0,001", "USD")).toEqual(["Escribe como máximo 2 decimales"]);
    expect(priceError("12,5", "CLP")).toEqual(["Este precio va sin decimales, por ejemplo 12.500"]);
    expect(priceError("1.500", "KWD")).toEqual([
      "No queda claro si son miles o decimales: escribe los miles sin punto (1500) y los decimales con coma (1,500)",
    ]);
    expect(priceError("doce", "USD")).toEqual(["Escribe un precio válido, por ejemplo 12.500 o 12,50"]);
    expect(priceError("1.234,50", "USD")).toBeNull();
  });
});

describe("editing a product in a currency with 3 decimals", () => {
  it("saves the edit form's own rendering of the price unchanged, and every such price can be typed", () => {
    for (const current of [1500, 12250, 2125, 500, 999999, 1234500]) {
      const shown = toDecimalString(current, "KWD").replace(".", ",");
      const parsed = productSchema("KWD").safeParse({ name: "Taza", price: shown, stock: "1", category: "0" });
      expect(parsed.success && parsed.data.price, shown).toBe(current);
    }
  });
});

describe("a price read as the store's country writes numbers", () => {
  const argentina = numberStyleOf("AR");
  it.each([
    ["9.000", 900000],
    ["9.000,50", 900050],
    ["9.000,5", 900050],
    ["$ 16.500", 1650000],
    ["1.234.567", 123456700],
    ["9000", 900000],
    ["12,50", 1250],
    [",50", 50],
    ["12.5", null],
    ["12.50", null],
    ["1,500", null],
    ["0.500", null],
    ["9.00,50", null],
    ["1,234.50", null],
  ])("Argentina reads %j as %j", (input, minor) => {
    const reading = readPrice(input, "ARS", argentina);
    expect(reading.ok ? reading.minor : null).toBe(minor);
  });

  it("tells an Argentine merchant what to change, in the product form too", () => {
    expect(readPrice("1,500", "ARS", argentina)).toEqual({ ok: false, message: "Escribe como máximo 2 decimales" });
    const parsed = productSchema("ARS", argentina).safeParse({ name: "Alfajores", price: "12.5", stock: "1", category: "0" });
    expect(parsed.success ? null : parsed.error.issues.map((i) => i.message)).toEqual([
      "Escribe un precio válido, por ejemplo 12.500 o 12,50",
    ]);
    const saved = productSchema("ARS", argentina).safeParse({ name: "Alfajores", price: "9.000,50", stock: "1", category: "0" });
    expect(saved.success && saved.data.price).toBe(900050);
  });

  it("shows an Argentine price back the way it is typed, and reads it again unchanged", () => {
    expect(amountInputText(900000, "ARS", "AR")).toBe("9.000");
    expect(amountInputText(900050, "ARS", "AR")).toBe("9.000,50");
    expect(amountInputText(1650000, "ARS", "AR")).toBe("16.500");
    expect(amountInputText(123456789, "ARS", "AR")).toBe("1.234.567,89");
    expect(amountInputText(5, "ARS", "AR")).toBe("0,05");
    for (const minor of [0, 5, 1250, 900000, 900050, 99999999, 123456789]) {
      const reading = readPrice(amountInputText(minor, "ARS", "AR"), "ARS", argentina);
      expect(reading.ok && reading.minor, String(minor)).toBe(minor);
    }
  });

  it("leaves every other country's reading as it was", () => {
    for (const country of ["CL", "CO", "MX", "US", "ES", "UY", "BR", "PE"] as const) {
      expect(numberStyleOf(country), country).toBe("either");
    }
    expect(readPrice("12.5", "USD", numberStyleOf("US"))).toEqual({ ok: true, minor: 1250 });
    expect(readPrice("1,500", "CLP", numberStyleOf("CL"))).toEqual({ ok: true, minor: 1500 });
  });

  it("shows a price back as the store's country writes it, which its form reads again unchanged", () => {
    expect(amountInputText(900050, "MXN", "MX")).toBe("9,000.50");
    expect(amountInputText(900000, "MXN", "MX")).toBe("9,000.00");
    expect(amountInputText(2275, "PEN", "PE")).toBe("22.75");
    expect(amountInputText(22750, "COP", "CO")).toBe("22.750");
    expect(amountInputText(22750, "CLP", "CL")).toBe("22.750");
    expect(amountInputText(2275000, "UYU", "UY")).toBe("22.750");
    expect(amountInputText(2275050, "UYU", "UY")).toBe("22.750,50");
    expect(amountInputText(150000, "CRC", "CR")).toBe("1\u00a0500");
    expect(amountInputText(1000, "USD", "AR")).toBe("10");
    // Without a country, and in a currency with 3 decimals, the currency's decimals after a comma.
    expect(amountInputText(900050, "USD", null)).toBe("9000,50");
    expect(amountInputText(900000, "PEN", "")).toBe("9000,00");
    expect(amountInputText(1500, "KWD", "MX")).toBe("1,500");
    const cases: Array<[string, string]> = [
      ["MX", "MXN"],
      ["PE", "PEN"],
      ["CO", "COP"],
      ["CL", "CLP"],
      ["UY", "UYU"],
      ["CR", "CRC"],
      ["BR", "BRL"],
      ["ES", "EUR"],
      ["PY", "PYG"],
      ["AR", "USD"],
      ["MX", "KWD"],
      ["", "USD"],
    ];
    for (const [country, currency] of cases)
      for (const minor of [0, 5, 1250, 150000, 900050, 99999999, 123456789]) {
        const shown = amountInputText(minor, currency, country);
        const style = country ? numberStyleOf(country as "MX") : "either";
        const reading = readPrice(shown, currency, style);
        expect(reading.ok && reading.minor, `${country} ${currency} ${minor} '${shown}'`).toBe(minor);
      }
  });
});

describe("a refused price in the merchant's variant", () => {
  const problems: MoneyProblem[] = ["invalid", "decimals", "ambiguous"];

  it("the base catalog says what the neutral words say, for each currency's decimals", () => {
    for (const currency of ["CLP", "USD", "KWD", "MGA"])
      for (const problem of problems)
        expect(moneyProblemText(problem, currency, translatorFor("es")), `${currency} ${problem}`).toBe(
          moneyMessage(problem, currency),
        );
  });

  it("an Argentine merchant reads it in 'vos'", () => {
    const ar = translatorFor("es-AR");
    expect(readPrice("1,500", "ARS", numberStyleOf("AR"), ar)).toEqual({ ok: false, message: "Escribí como máximo 2 decimales" });
    expect(moneyProblemText("invalid", "ARS", ar)).toBe("Escribí un precio válido, por ejemplo 12.500 o 12,50");
  });
});
