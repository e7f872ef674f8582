import { describe, expect, it } from "vitest";
import { formatMoney, fractionDigits, parseMoney, toDecimalString } from "~/domain/money";

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
