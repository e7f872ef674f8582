/** Money is integer minor units of a currency; this module converts and formats at the edge. */

// Building an Intl.NumberFormat costs far more than formatting with one (a 50-product page
// formats a hundred prices), so each (locale, currency) pair's is built once per process.
const digitsByCurrency = new Map<string, number>();
const formatters = new Map<string, Intl.NumberFormat>();

export function fractionDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/**
 * How each store country writes an amount: the locale whose Intl data has its symbol, separators and pattern
 * ('$ 22.750,50' in Argentina, '$22,750.50' in Mexico, 'S/ 22.75' in Peru), and whether a whole amount drops its
 * zero cents, as shops write them where prices are in thousands ('$ 22.750' in Argentina, but '$22,750.00' in
 * Mexico). A currency other than the country's own gets the symbol that locale tells apart ('US$ 10' in Argentina,
 * 'USD 10.00' in Mexico). Node's and workerd's ICU print these the same; tests/unit/money.test.ts holds every one.
 */
const COUNTRY_WRITING: Record<string, { locale: string; wholeWithoutCents: boolean }> = {
  AR: { locale: "es-AR", wholeWithoutCents: true },
  BO: { locale: "es-BO", wholeWithoutCents: false },
  BR: { locale: "pt-BR", wholeWithoutCents: false },
  CL: { locale: "es-CL", wholeWithoutCents: true },
  CO: { locale: "es-CO", wholeWithoutCents: true },
  CR: { locale: "es-CR", wholeWithoutCents: true },
  CU: { locale: "es-CU", wholeWithoutCents: false },
  DO: { locale: "es-DO", wholeWithoutCents: false },
  EC: { locale: "es-EC", wholeWithoutCents: false },
  SV: { locale: "es-SV", wholeWithoutCents: false },
  GT: { locale: "es-GT", wholeWithoutCents: false },
  HN: { locale: "es-HN", wholeWithoutCents: false },
  MX: { locale: "es-MX", wholeWithoutCents: false },
  NI: { locale: "es-NI", wholeWithoutCents: false },
  PA: { locale: "es-PA", wholeWithoutCents: false },
  PY: { locale: "es-PY", wholeWithoutCents: true },
  PE: { locale: "es-PE", wholeWithoutCents: false },
  PR: { locale: "es-PR", wholeWithoutCents: false },
  UY: { locale: "es-UY", wholeWithoutCents: true },
  VE: { locale: "es-VE", wholeWithoutCents: false },
  ES: { locale: "es-ES", wholeWithoutCents: false },
  US: { locale: "es-US", wholeWithoutCents: false },
};

/** A store without a country (or the platform's own bills) writes the code or a symbol no country shares: '22.750,00 ARS', '8.500,00 US$'. */
const NO_COUNTRY = { locale: "es", wholeWithoutCents: false };

/** The countries whose writing formatMoney knows (every store country; a test compares the two lists). */
export const moneyWritingCountries = (): string[] => Object.keys(COUNTRY_WRITING);

function formatterFor(locale: string, currency: string, wholeWithoutCents: boolean): Intl.NumberFormat {
  const key = `${locale} ${currency} ${wholeWithoutCents ? "whole" : ""}`;
  let format = formatters.get(key);
  if (!format) {
    const digits = fractionDigits(currency);
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      // Spanish leaves four-digit numbers ungrouped ('8500,00'); prices read better as '8.500,00' like the larger ones.
      useGrouping: "always",
      ...(wholeWithoutCents ? { trailingZeroDisplay: "stripIfInteger" as const } : {}),
    });
    formatters.set(key, format);
  }
  return format;
}

/**
 * An amount as the store's country writes it ('$ 22.750' in an Argentine store); `country` is the store's ISO
 * code, or null or '' for no country. A negative amount starts with '−' before the symbol ('−$ 500') in every
 * country (Intl puts Chile's and Ecuador's after it).
 */
export function formatMoney(minor: number, currency: string, country: string | null): string {
  const writing = (country && COUNTRY_WRITING[country]) || NO_COUNTRY;
  const text = formatterFor(writing.locale, currency, writing.wholeWithoutCents).format(
    Math.abs(minor) / 10 ** fractionDigits(currency),
  );
  return minor < 0 ? `\u2212${text}` : text;
}

/**
 * The number of an amount as the store's country writes it, without the symbol, for a field to type it again:
 * '9.000' or '9.000,50' in Argentina, '9,000.50' in Mexico, '22.75' in Peru. readMoney reads each back. A store
 * without a country, and a currency with 3 or more decimals (where '1.500' would be read two ways), get the
 * currency's decimals after a comma ('9000,50').
 */
export function amountText(minor: number, currency: string, country: string | null): string {
  const digits = fractionDigits(currency);
  const writing = country ? COUNTRY_WRITING[country] : undefined;
  if (!writing || digits >= 3) return toDecimalString(minor, currency).replace(".", ",");
  return formatterFor(writing.locale, currency, writing.wholeWithoutCents)
    .formatToParts(Math.abs(minor) / 10 ** digits)
    .filter((part) => part.type !== "currency")
    .map((part) => part.value)
    .join("")
    .trim();
}

/** What an amount is written by: the store's country (null or '' for none) and the currency. */
export type MoneyWriting = { country: string | null; currency: string };

/** The store's formatter: `moneyFormat(store)(2275000)` is '$ 22.750' for an Argentine store in pesos. */
export const moneyFormat =
  (store: MoneyWriting) =>
  (minor: number): string =>
    formatMoney(minor, store.currency, store.country);

/** Plain amount with the currency's digits and a dot, e.g. '26.99' (the spec's bill.total string, payment amounts). */
export function toDecimalString(minor: number, currency: string): string {
  const digits = fractionDigits(currency);
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  if (digits === 0) return `${sign}${abs}`;
  const whole = Math.floor(abs / 10 ** digits);
  const frac = String(abs % 10 ** digits).padStart(digits, "0");
  return `${sign}${whole}.${frac}`;
}

/** Why a typed price was refused: not a number, too many decimals for the currency, or readable two ways. */
export type MoneyProblem = "invalid" | "decimals" | "ambiguous";
export type MoneyReading = { ok: true; minor: number } | { ok: false; problem: MoneyProblem };

/** Why a typed price was refused, in neutral words (`moneyProblemText` in ./money-messages.ts says it in a variant). */
export function moneyMessage(problem: MoneyProblem, currency: string): string {
  const digits = fractionDigits(currency);
  switch (problem) {
    case "ambiguous":
      return "No queda claro si son miles o decimales: escribe los miles sin punto (1500) y los decimales con coma (1,500)";
    case "decimals":
      if (digits === 0) return "Este precio va sin decimales, por ejemplo 12.500";
      return `Escribe como máximo ${digits} ${digits === 1 ? "decimal" : "decimales"}`;
    default:
      // Each example must itself be read as intended in that currency.
      if (digits === 0) return "Escribe un precio válido, por ejemplo 12.500";
      if (digits >= 3) return "Escribe un precio válido, por ejemplo 1500 o 12,5";
      return "Escribe un precio válido, por ejemplo 12.500 o 12,50";
  }
}

const refused = (problem: MoneyProblem): MoneyReading => ({ ok: false, problem });

/** A thousands-grouped number starts with 1 to 3 digits and no leading zero: '0.500' and '01.000' are not thousands. */
const isFirstGroup = (group: string) => /^[1-9]\d{0,2}$/.test(group);

/**
 * Reads what a merchant types ('1.234,50', '1,234.50', '12,5', '150.000') in the currency's decimals.
 * Either '.' or ',' may be the decimal separator: the other one, or the same one repeated, groups thousands.
 * A lone separator before exactly 3 digits groups thousands, unless the currency has 3 or more decimals:
 * there ',' is the decimal comma (as the price form shows prices) and '1.500', readable both ways, is refused.
 */
export function readMoney(input: string, currency: string, style: NumberStyle = "either"): MoneyReading {
  if (input.includes("-")) return refused("invalid");
  const digits = fractionDigits(currency);
  const compact = input.replace(/\s/g, "");
  // A leading separator is a decimal one (',50'); any other prefix is a currency sign ('$', 'US$', 'S/.').
  const text = /^[.,]\d/.test(compact) ? compact : compact.replace(/^[^\d]+/, "");
  if (style === "comma-decimal") return readCommaDecimal(text, digits);
  if (!/^\d*(?:[.,]\d+)*$/.test(text) || !/\d/.test(text)) return refused("invalid");
  const groups = text.split(/[.,]/);
  const separators = text.replace(/\d/g, "");
  let whole: string;
  let fraction = "";
  if (separators.length === 0) {
    whole = text;
  } else if (separators.length === 1) {
    const [before = "", after = ""] = groups;
    if (after.length === 3 && isFirstGroup(before) && digits >= 3) {
      // '1,500' is the decimal comma the price form itself shows; '1.500' could be either.
      if (separators === ".") return refused("ambiguous");
      whole = before;
      fraction = after;
    } else if (after.length === 3 && isFirstGroup(before)) {
      whole = before + after;
    } else {
      whole = before;
      fraction = after;
    }
  } else {
    const last = separators.at(-1);
    const grouping = separators.slice(0, -1);
    const mixed = last !== grouping[0];
    if (grouping.split("").some((s) => s !== grouping[0])) return refused("invalid");
    const thousands = mixed ? groups.slice(0, -1) : groups;
    const [first = "", ...rest] = thousands;
    if (!isFirstGroup(first) || rest.some((g) => g.length !== 3)) return refused("invalid");
    whole = thousands.join("");
    fraction = mixed ? (groups.at(-1) ?? "") : "";
  }
  if (fraction.length > digits) return refused("decimals");
  const minor = Number(whole || "0") * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  return Number.isSafeInteger(minor) ? { ok: true, minor } : refused("invalid");
}

/**
 * How a store's country writes numbers. 'either' (the default) takes '.' or ',' as the decimal separator, as
 * readMoney explains; 'comma-decimal' is how Argentina writes them: '.' only groups thousands ('9.000') and ','
 * only starts the decimals ('9.000,50'), so '12.5' is refused instead of read as twelve and a half.
 */
export type NumberStyle = "either" | "comma-decimal";

function readCommaDecimal(text: string, digits: number): MoneyReading {
  const match = /^(?:([1-9]\d{0,2}(?:\.\d{3})+)|(\d*))(?:,(\d+))?$/.exec(text);
  if (!match || !/\d/.test(text)) return refused("invalid");
  const whole = (match[1] ?? match[2] ?? "").replace(/\./g, "");
  const fraction = match[3] ?? "";
  if (fraction.length > digits) return refused("decimals");
  const minor = Number(whole || "0") * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  return Number.isSafeInteger(minor) ? { ok: true, minor } : refused("invalid");
}

/** The amount in minor units, or null when readMoney refuses it. */
export function parseMoney(input: string, currency: string): number | null {
  const reading = readMoney(input, currency);
  return reading.ok ? reading.minor : null;
}
