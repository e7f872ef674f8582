/**
 * What the sales desk's search box means (`?q=`): a buyer's name, email, phone, a product's name, id or SKU, or a
 * sale's code, matched anywhere in the words the desk indexes for each sale (migrations: sales_search, trigram). A
 * phone is found however it was typed: its digits as typed, and the number read in the store's country ('11 4444
 * 5678' in Argentina is +54 9 11 4444-5678), since an order keeps the number as the buyer wrote it and its customer
 * keeps the international form.
 */
import type { StoreCountry } from "./countries";
import { defineMessages } from "./messages";
import { normalizePhone } from "./phone";

/** The index reads three characters at a time: shorter words find nothing. */
const SEARCH_MIN_CHARS = 3;
export const SEARCH_MAX_CHARS = 100;
const MAX_WORDS = 8;

/**
 * The most matches a search reads. A word most sales have (a common name in a store of 200,000 sales) would otherwise
 * read every one of them to find the newest; past this many, the page says so and asks for a closer search.
 */
export const SEARCH_MATCHES_READ = 200;

/** The desk's answers to a search: `tooMany` takes `{ max }` (SEARCH_MATCHES_READ as written) and `{ search }`. */
export const SALE_SEARCH_MESSAGES = defineMessages({
  tooShort: { id: "sales.search.tooShort", defaultMessage: "Escribe al menos 3 letras o números para buscar" },
  tooMany: {
    id: "sales.search.tooMany",
    defaultMessage:
      "Más de {max} ventas coinciden con «{search}»: mostramos algunas, no siempre las más recientes. Escribe el nombre completo, el teléfono o el código.",
  },
});

const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

const looksLikePhone = (text: string) => /^[+(\d][\d\s().-]*$/.test(text) && text.replace(/\D/g, "").length >= 6;

/**
 * The FTS5 expression of a typed search, or null when nothing in it can be searched (every word shorter than 3
 * characters). Every word must appear (AND); a phone is one term, its digits as typed OR its international form.
 */
export function saleSearchExpression(typed: string, country: StoreCountry): string | null {
  const text = typed.trim().slice(0, SEARCH_MAX_CHARS);
  if (looksLikePhone(text)) {
    const digits = text.replace(/\D/g, "").replace(/^0+/, "");
    const forms = new Set([digits, normalizePhone(text, country) ?? digits]);
    return `(${[...forms].map(phrase).join(" OR ")})`;
  }
  const words = text
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter((w) => [...w].length >= SEARCH_MIN_CHARS)
    .slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  return words.map(phrase).join(" AND ");
}
