import { fractionDigits } from "./money";

/** A currency a store can pick, from the platform's Intl data (docs/product-rules.md, Money). */
export interface CurrencyOption {
  code: string;
  name: string;
  symbol: string;
  digits: number;
}

/** Shown first in the picker: the currencies of Latin America and the US dollar. */
const LATAM_CURRENCIES = [
  "USD",
  "ARS",
  "BOB",
  "BRL",
  "CLP",
  "COP",
  "CRC",
  "CUP",
  "DOP",
  "GTQ",
  "HNL",
  "MXN",
  "NIO",
  "PAB",
  "PEN",
  "PYG",
  "UYU",
  "VES",
];

let cached: CurrencyOption[] | undefined;

/** Every ISO currency Intl knows that has a Spanish name, sorted by that name (about 160). */
export function currencyOptions(): CurrencyOption[] {
  if (cached) return cached;
  const names = new Intl.DisplayNames("es", { type: "currency" });
  cached = Intl.supportedValuesOf("currency")
    .map((code) => ({ code, name: names.of(code) ?? code, symbol: currencySymbol(code), digits: fractionDigits(code) }))
    .filter((c) => c.name !== c.code)
    .map((c) => ({ ...c, name: c.name.charAt(0).toUpperCase() + c.name.slice(1) }))
    .sort((a, b) => a.name.localeCompare(b.name, "es"));
  return cached;
}

/**
 * The store's currency picker: Latin America and the dollar first, then the others, each currency once (listed in
 * both groups, the store's own was selected twice).
 */
export function currencyChoices() {
  const all = currencyOptions();
  const label = (c: CurrencyOption) => `${c.name} (${c.code}${c.symbol !== c.code ? ` · ${c.symbol}` : ""})`;
  const option = (c: CurrencyOption) => ({ value: c.code, label: label(c) });
  return {
    latam: LATAM_CURRENCIES.flatMap((code) => all.filter((c) => c.code === code).map(option)),
    others: all.filter((c) => !LATAM_CURRENCIES.includes(c.code)).map(option),
  };
}

export function isSupportedCurrency(code: string): boolean {
  return currencyOptions().some((c) => c.code === code);
}

function currencySymbol(code: string): string {
  const part = new Intl.NumberFormat("es", { style: "currency", currency: code, currencyDisplay: "narrowSymbol" })
    .formatToParts(0)
    .find((p) => p.type === "currency");
  return part?.value ?? code;
}

/**
 * A price in minor units of `from` restated in minor units of `to`, keeping the amount the merchant typed
 * (12.50 stays 12.50; to a currency without decimals it becomes 13). See docs/decisions/0012-store-workspace.md.
 */
export function restatePrice(minor: number, from: string, to: string): number {
  const shift = fractionDigits(to) - fractionDigits(from);
  return shift >= 0 ? minor * 10 ** shift : Math.round(minor / 10 ** -shift);
}
