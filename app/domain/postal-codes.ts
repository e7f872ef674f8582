/**
 * Delivery zones by postal code: the codes a zone covers, written by the merchant as a list of exact codes, prefixes
 * ('14*') and ranges ('1000-1499'), read in the format of the store's country, and the check of a shopper's code
 * against them.
 *
 * Codes are compared as strings of their country's digits, so leading zeros count (Mexico's '01000' is not '1000').
 * Argentina has two forms of one code: the old four digits ('1425') and the CPA ('C1425ABC', the province's letter,
 * the same four digits and three letters of the block). A zone written with four digits covers every CPA of them; a
 * zone may also list a CPA exactly.
 */
import type { StoreCountry } from "./countries";
import { defineMessages, type MessageDescriptor, type MessageValue, neutralText, type Translate } from "./messages";

interface PostalFormat {
  /** How many digits a code has in this country. */
  digits: number;
  /** An example for the form's hint. */
  example: string;
}

/** The countries whose codes have a fixed number of digits; elsewhere codes are read as typed (letters and digits). */
const FORMATS: Partial<Record<StoreCountry, PostalFormat>> = {
  AR: { digits: 4, example: "1425" },
  BO: { digits: 4, example: "0000" },
  BR: { digits: 8, example: "01310100" },
  CL: { digits: 7, example: "8320000" },
  CO: { digits: 6, example: "110111" },
  CR: { digits: 5, example: "10101" },
  DO: { digits: 5, example: "10101" },
  EC: { digits: 6, example: "170150" },
  SV: { digits: 4, example: "1101" },
  GT: { digits: 5, example: "01001" },
  HN: { digits: 5, example: "11101" },
  MX: { digits: 5, example: "06600" },
  NI: { digits: 5, example: "10000" },
  PA: { digits: 4, example: "0801" },
  PY: { digits: 4, example: "1209" },
  PE: { digits: 5, example: "15074" },
  PR: { digits: 5, example: "00901" },
  UY: { digits: 5, example: "11200" },
  VE: { digits: 4, example: "1010" },
  ES: { digits: 5, example: "28013" },
  US: { digits: 5, example: "10001" },
};

/** Argentina's CPA: the province's letter, the four digits of the old code, three letters of the block. */
const ARGENTINE_CPA = /^([A-HJ-NP-Z])(\d{4})([A-Z]{3})$/;

const POSTAL_CODE_MESSAGES = defineMessages({
  rule: {
    id: "stores.refusal.postalCode",
    defaultMessage:
      "“{entry}” no es un código postal: escribe códigos como {example}, prefijos como {prefix}* o rangos como {range}",
  },
  range: {
    id: "stores.refusal.postalRange",
    defaultMessage: "En “{entry}” el primer código del rango debe ser menor o igual que el segundo",
  },
  tooMany: {
    id: "stores.refusal.postalCodesTooMany",
    defaultMessage: "Una zona lista como máximo {max} códigos, prefijos o rangos",
  },
});

/** Codes, prefixes and ranges one zone may list. */
export const MAX_POSTAL_RULES = 300;

export type PostalRule =
  | { kind: "code"; code: string }
  | { kind: "prefix"; prefix: string }
  | { kind: "range"; from: string; to: string };

/** A range from an example code, for hints and messages: '1425-1429'. */
export const postalRangeExample = (example: string) => `${example}-${example.slice(0, -1)}9`;

/** Example of the country's codes, for hints and messages. */
export function postalCodeExample(country: StoreCountry | ""): string {
  return (country && FORMATS[country]?.example) || "1425";
}

/**
 * A code as the shopper typed it, read in the store country's format: spaces, dashes and dots dropped, letters in
 * capitals; Argentina's CPA kept whole (its four digits are `postalCodeDigits`). Null when it cannot be one.
 */
export function readPostalCode(input: string, country: StoreCountry | ""): string | null {
  const cleaned = input
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[\s.\-–]/g, "");
  if (!cleaned || cleaned.length > 10) return null;
  const format = country ? FORMATS[country] : undefined;
  if (country === "AR" && ARGENTINE_CPA.test(cleaned)) return cleaned;
  if (!format) return /^[A-Z0-9]{3,10}$/.test(cleaned) ? cleaned : null;
  return new RegExp(`^\\d{${format.digits}}$`).test(cleaned) ? cleaned : null;
}

/** The code's digits a zone's prefixes and ranges compare: an Argentine CPA's four digits, any other code itself. */
function comparable(code: string): string {
  return ARGENTINE_CPA.exec(code)?.[2] ?? code;
}

/**
 * Reads a zone's list (commas, semicolons or lines between entries). Each rule is kept once, in order. A refusal is
 * said with the merchant's `t`, in neutral words without one.
 */
export function parsePostalRules(
  text: string,
  country: StoreCountry | "",
  t?: Translate,
): { ok: true; rules: PostalRule[] } | { ok: false; message: string } {
  const example = postalCodeExample(country);
  const refused = (message: MessageDescriptor, values: Record<string, MessageValue>) =>
    ({ ok: false, message: t ? t(message, values) : neutralText(message, values) }) as const;
  const notACode = (entry: string) =>
    refused(POSTAL_CODE_MESSAGES.rule, { entry, example, prefix: example.slice(0, 2), range: postalRangeExample(example) });
  const entries = [
    ...new Set(
      text
        .split(/[,;\n\r]+/)
        .map((e) => e.trim())
        .filter(Boolean),
    ),
  ];
  if (entries.length > MAX_POSTAL_RULES) return refused(POSTAL_CODE_MESSAGES.tooMany, { max: MAX_POSTAL_RULES });
  const rules: PostalRule[] = [];
  for (const entry of entries) {
    const range = /^([^-–]+?)\s*[-–]\s*([^-–]+)$/.exec(entry);
    if (range?.[1] && range[2]) {
      const read = [readPostalCode(range[1], country), readPostalCode(range[2], country)];
      const [from, to] = read.map((code) => code && comparable(code));
      if (!from || !to || from.length !== to.length) return notACode(entry);
      if (from > to) return refused(POSTAL_CODE_MESSAGES.range, { entry });
      rules.push({ kind: "range", from, to });
      continue;
    }
    if (entry.endsWith("*")) {
      const prefix = entry
        .slice(0, -1)
        .toUpperCase()
        .replace(/[\s.-]/g, "");
      if (!/^[A-Z0-9]{1,9}$/.test(prefix)) return notACode(entry);
      rules.push({ kind: "prefix", prefix });
      continue;
    }
    const code = readPostalCode(entry, country);
    if (!code) return notACode(entry);
    rules.push({ kind: "code", code });
  }
  // Entries written two ways ('1000 - 1499', '1000-1499') are one rule: kept once, where first written.
  const seen = new Set<string>();
  return { ok: true, rules: rules.filter((rule) => !seen.has(formatPostalRules([rule])) && seen.add(formatPostalRules([rule]))) };
}

/** The list as the merchant's form shows it back. */
export function formatPostalRules(rules: readonly PostalRule[]): string {
  return rules.map((r) => (r.kind === "code" ? r.code : r.kind === "prefix" ? `${r.prefix}*` : `${r.from}-${r.to}`)).join(", ");
}

/** Whether a zone's rules cover a code read with `readPostalCode`. A zone without rules covers no code. */
export function coversPostalCode(rules: readonly PostalRule[], code: string): boolean {
  const digits = comparable(code);
  return rules.some((rule) => {
    if (rule.kind === "code") return rule.code === code || (rule.code.length === digits.length && rule.code === digits);
    if (rule.kind === "prefix") return digits.startsWith(rule.prefix) || code.startsWith(rule.prefix);
    return digits.length === rule.from.length && digits >= rule.from && digits <= rule.to;
  });
}

/**
 * The zones a shopper with this code may choose: those whose codes cover it, and those that list no codes (a named
 * zone, chosen by its name as before). Without a code, every zone.
 */
export function zonesForPostalCode<Z extends { postalRules: readonly PostalRule[] }>(
  zones: readonly Z[],
  code: string | null,
): Z[] {
  if (!code) return [...zones];
  return zones.filter((zone) => zone.postalRules.length === 0 || coversPostalCode(zone.postalRules, code));
}

/**
 * A zone's list as stored (what formatPostalRules wrote, already checked when saved), read without the country's
 * format: a store that changed its country keeps its zones' codes until the merchant edits them.
 */
export function storedPostalRules(text: string): PostalRule[] {
  return text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry): PostalRule => {
      if (entry.endsWith("*")) return { kind: "prefix", prefix: entry.slice(0, -1) };
      const [from, to] = entry.split("-");
      return from && to ? { kind: "range", from, to } : { kind: "code", code: entry };
    });
}

/** A zone's list for the merchant's summary: the first few entries and how many more. */
export function postalRulesSummary(text: string, shown = 6): string {
  const rules = storedPostalRules(text);
  const listed = formatPostalRules(rules.slice(0, shown));
  return rules.length > shown ? `${listed} y ${rules.length - shown} más` : listed;
}

/** The delivery address as the sale's dialog and the order page show it: 'Av. Corrientes 1234 (CP C1425ABC)'. */
export function addressWithPostalCode(address: string | null, postalCode: string | null): string | null {
  if (!postalCode) return address;
  return address ? `${address} (CP ${postalCode})` : `CP ${postalCode}`;
}
