import { describe, expect, it } from "vitest";
import { numberStyleOf } from "~/domain/countries";
import { formatMoney, fractionDigits, parseMoney, readMoney, toDecimalString } from "~/domain/money";
import { amountInputText, readPrice } from "~/domain/product-fields";
import { productSchema } from "~/products/product-actions.server";

describe("money in minor units", () => {
  it("knows each currency's digits from Intl", () => {
    expect(fractionDigits("USD")).toBe(2);
    expect(fractionDigits("EUR")).toBe(2);
    expect(fractionDigits("CLP")).toBe(0);
    expect(fractionDigits("KWD")).toBe(3);
  });

  it("formats with the store currency in Spanish", () => {
    expect(formatMoney(1250, "USD")).toMatch(/12,50/);
    expect(formatMoney(1250, "USD")).toMatch(/US\$|\$/);
    expect(formatMoney(150000, "CLP")).toMatch(/150\.000/);
    // Four-digit amounts are grouped too (Spanish would print '8500,00').
    expect(formatMoney(850000, "USD")).toBe("8.500,00\u00a0US$");
    expect(formatMoney(4000, "CLP")).toMatch(/^4\.000\s/);
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
    expect(amountInputText(900000, "ARS", argentina)).toBe("9.000");
    expect(amountInputText(900050, "ARS", argentina)).toBe("9.000,50");
    expect(amountInputText(1650000, "ARS", argentina)).toBe("16.500");
    expect(amountInputText(123456789, "ARS", argentina)).toBe("1.234.567,89");
    expect(amountInputText(5, "ARS", argentina)).toBe("0,05");
    for (const minor of [0, 5, 1250, 900000, 900050, 99999999, 123456789]) {
      const reading = readPrice(amountInputText(minor, "ARS", argentina), "ARS", argentina);
      expect(reading.ok && reading.minor, String(minor)).toBe(minor);
    }
  });

  it("leaves every other country's reading and showing as they were", () => {
    for (const country of ["CL", "CO", "MX", "US", "ES", "UY", "BR", "PE"] as const) {
      expect(numberStyleOf(country), country).toBe("either");
    }
    expect(readPrice("12.5", "USD", numberStyleOf("US"))).toEqual({ ok: true, minor: 1250 });
    expect(readPrice("1,500", "CLP", numberStyleOf("CL"))).toEqual({ ok: true, minor: 1500 });
    expect(amountInputText(900000, "PEN", numberStyleOf("PE"))).toBe("9000,00");
    expect(amountInputText(900050, "USD")).toBe("9000,50");
  });
});
