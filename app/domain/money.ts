/** Money is integer minor units of a currency; this module converts and formats at the edge. */

// Building an Intl.NumberFormat costs far more than formatting with one (a 50-product page
// formats a hundred prices), so each currency's are built once per process.
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

export function formatMoney(minor: number, currency: string): string {
  const digits = fractionDigits(currency);
  let format = formatters.get(currency);
  if (!format) {
    format = new Intl.NumberFormat("es", {
      style: "currency",
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(currency, format);
  }
  return format.format(minor / 10 ** digits);
}

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

/**
 * Parses what a merchant types ('1.234,50', '1234.5', '12') into minor units, or null.
 * The last '.' or ',' followed by at most the currency's digits is the decimal separator.
 */
export function parseMoney(input: string, currency: string): number | null {
  if (input.includes("-")) return null;
  const digits = fractionDigits(currency);
  const text = input.replace(/\s/g, "").replace(/^[^\d]+/, "");
  if (!/^[\d.,]+$/.test(text)) return null;
  const match = digits > 0 ? text.match(new RegExp(`^(.*?)[.,](\\d{1,${digits}})$`)) : null;
  const wholePart = (match ? match[1] : text) ?? "";
  const fracPart = match ? (match[2] ?? "") : "";
  if (!/^\d{1,3}([.,]?\d{3})*$|^\d+$|^$/.test(wholePart)) return null;
  const whole = Number(wholePart.replace(/[.,]/g, "") || "0");
  const minor = whole * 10 ** digits + Number(fracPart.padEnd(digits, "0") || "0");
  return Number.isSafeInteger(minor) ? minor : null;
}
