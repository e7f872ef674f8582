import { stemmer } from "@orama/stemmers/spanish";
import { NO_CATEGORY, productCategoryName } from "./categories";
import type { ProductOption } from "./variants";

/** Accent- and case-insensitive text for word-prefix search ('cafe' and 'colom' find 'Café de Colombia'). */
export function normalizeForSearch(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** Stored form: words separated by single spaces, with a leading space so `LIKE '% term%'` matches any word start. */
export function searchTextOf(name: string): string {
  return ` ${normalizeForSearch(name)}`;
}

/** LIKE pattern for a shopper's query, or null when nothing searchable remains. */
export function searchPattern(query: string): string | null {
  const normalized = normalizeForSearch(query);
  if (!normalized) return null;
  return `% ${normalized.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// ——— Full-text search of the public site (docs/decisions/0033-full-text-search.md) ———

/** Words that carry no meaning alone; left out of a query that has other words. */
const STOP_WORDS = new Set(
  "a al con de del e el en la las lo los mi o para por que se sin su sus tu u un una unas unos y".split(" "),
);

/** At most this many words of a query are looked for; the rest is ignored. */
export const MAX_QUERY_WORDS = 8;
/** A word of at least this many letters may have one typo ('camisetta' finds 'camiseta'). */
const TYPO_MIN_LETTERS = 5;
/** Of the longest words, at most this many are looked for with a typo. */
const MAX_TYPO_WORDS = 3;

/** The Spanish stem of one normalized word ('camisetas', 'camiseta' → 'camiset'; 'roja', 'rojo' → 'roj'). */
const stemOf = (word: string): string => (/^[a-z]+$/.test(word) ? stemmer(word) : word);

/** A text's words, normalized (no accents, lower case, letters and digits), each stemmed. */
function searchStems(text: string): string[] {
  const normalized = normalizeForSearch(text);
  return normalized ? normalized.split(" ").map(stemOf) : [];
}

/**
 * The index's form of a product's words: each stem prefixed with `s{storeId}`, so a query only ever reaches its
 * own store's terms (the platform's size does not change how many it reads).
 */
const indexedText = (storeId: string, stems: string[]) => stems.map((s) => `s${storeId}${s}`).join(" ");

interface ProductSearchSource {
  name: string;
  description: string;
  category: string;
  /** The option names and values ('Color', 'Rojo') and the variants' SKUs. */
  extras: string[];
}

/** A name's stem of letters only, this long or longer, is indexed for typos. */
const FUZZY_MIN_STEM = 4;
const fuzzyStem = (stem: string) => stem.length >= FUZZY_MIN_STEM && /^[a-z]+$/.test(stem);

/**
 * The typo column's terms of a name's stem: the stem, and each spelling one letter shorter tagged with where the
 * letter was ('bols' → 'bols', 'ols0', 'bls1', 'bos2', 'bol3'). The tag keeps a changed letter from matching
 * another letter changed elsewhere ('blus' is not 'bols').
 */
function fuzzyTermsOf(stem: string): string[] {
  return [stem, ...[...stem].map((_, i) => `${stem.slice(0, i)}${stem.slice(i + 1)}${i}`)];
}

/**
 * The typo column's terms that find every name stem one typo from a query's stem (symmetric deletion, about
 * four terms per letter instead of every spelling one edit away): the stem itself; each spelling a letter shorter
 * (the shopper typed one too many); the stem tagged at each position (one left out there); each shorter spelling
 * tagged where its letter was (one changed there); each pair of neighbours swapped.
 */
function typoTermsOf(q: string): string[] {
  const out = new Set([q]);
  for (let i = 0; i < q.length; i++) {
    const without = q.slice(0, i) + q.slice(i + 1);
    out.add(without);
    out.add(`${without}${i}`);
    if (i + 1 < q.length) out.add(q.slice(0, i) + q.charAt(i + 1) + q.charAt(i) + q.slice(i + 2));
  }
  for (let i = 0; i <= q.length; i++) out.add(`${q}${i}`);
  return [...out];
}

/** Whether two stems are at most one typo apart: a letter missing, extra or changed, or two neighbours swapped. */
function oneTypoApart(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length)
    return a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return long.slice(i + 1) === short.slice(i);
}

/**
 * The three indexed columns of a product: its name, weighted above the rest (description, category, options,
 * SKUs), and its name's stems with their deletions, which only a typo search reads.
 */
function productSearchDocument(
  storeId: string,
  p: ProductSearchSource,
): { searchName: string; searchBody: string; searchFuzzy: string } {
  const name = searchStems(p.name);
  const fuzzy = new Set(name.filter(fuzzyStem).flatMap(fuzzyTermsOf));
  return {
    searchName: indexedText(storeId, name),
    searchBody: indexedText(storeId, [p.description, p.category, ...p.extras].flatMap(searchStems)),
    searchFuzzy: indexedText(storeId, [...fuzzy]),
  };
}

/** Raised when the indexed text changes how it is made: products indexed by an older version are indexed again. */
export const SEARCH_VERSION = 1;

/**
 * A product's search columns as every write of its name, description, category, options or SKUs stores them:
 * the merchant list's search_text and the full-text index's search_name, search_body, search_fuzzy, search_version.
 */
export function productSearchColumns(
  storeId: string,
  p: { name: string; description?: string | null; category?: number | null; options?: ProductOption[] | null },
  skus: ReadonlyArray<string | null | undefined> = [],
) {
  const extras = [
    ...(p.options ?? []).flatMap((o) => [o.name, ...o.values]),
    ...skus.filter((sku): sku is string => Boolean(sku)),
  ];
  return {
    searchText: searchTextOf(p.name),
    ...productSearchDocument(storeId, {
      name: p.name,
      description: p.description ?? "",
      category: productCategoryName(p.category ?? NO_CATEGORY) ?? "",
      extras,
    }),
    searchVersion: SEARCH_VERSION,
  };
}

/** A query word: as typed (normalized), and its stem. */
interface QueryWord {
  word: string;
  stem: string;
}

/** What a shopper's query asks: words that must all match (prefixes), and quoted phrases that must match whole. */
export interface SearchQuery {
  words: QueryWord[];
  phrases: QueryWord[][];
}

/**
 * Reads a query: quoted parts are phrases, everything else words; accents, case and symbols are ignored; stop words
 * ('de', 'la'…) are left out unless the query has nothing else; at most MAX_QUERY_WORDS words count. Null when
 * nothing searchable remains.
 */
export function parseSearchQuery(query: string): SearchQuery | null {
  const text = query.slice(0, 200);
  const phrases: QueryWord[][] = [];
  const outside = text.replace(/"([^"]*)"/g, (_, inner: string) => {
    const words = toWords(inner);
    if (words.length > 1) phrases.push(words);
    else if (words.length === 1) return ` ${inner} `;
    return " ";
  });
  const all = toWords(outside);
  const meaningful = all.filter((w) => !STOP_WORDS.has(w.word));
  const words = (meaningful.length > 0 || phrases.length > 0 ? meaningful : all).slice(0, MAX_QUERY_WORDS);
  const kept = phrases.slice(0, Math.max(0, MAX_QUERY_WORDS - words.length)).map((p) => p.slice(0, MAX_QUERY_WORDS));
  if (words.length === 0 && kept.length === 0) return null;
  return { words, phrases: kept };
}

function toWords(text: string): QueryWord[] {
  const normalized = normalizeForSearch(text);
  return normalized ? normalized.split(" ").map((word) => ({ word, stem: stemOf(word) })) : [];
}

/** Where the store's id goes in a match expression; the query puts it there (it is read in the same round trip). */
export const STORE_MARK = "@";

const term = (stem: string) => `"s${STORE_MARK}${stem}"`;

/** The columns an exact search reads (the typo column holds deletions that would match the wrong words). */
const EXACT_COLUMNS = "{search_name search_body}";

/**
 * The FTS5 expression of a query: every word as a prefix of its stem, every phrase whole (its last word a
 * prefix), all of them required, in the name or the rest. Every term is quoted, so nothing typed is read as FTS5
 * syntax.
 */
export function matchExpression(q: SearchQuery): string {
  const terms = [...q.words.map((w) => `${term(w.stem)}*`), ...q.phrases.map(phrase)];
  return `${EXACT_COLUMNS} : (${terms.join(" AND ")})`;
}

const phrase = (p: QueryWord[]) => `${p.map((w) => term(w.stem)).join(" ")}*`;

/** The query's words a typo is forgiven in: the 3 longest of 5 or more letters (letters only). */
function forgivingWords(q: SearchQuery): Set<QueryWord> {
  return new Set(
    q.words
      .filter((w) => w.word.length >= TYPO_MIN_LETTERS && fuzzyStem(w.stem))
      .sort((a, b) => b.word.length - a.word.length)
      .slice(0, MAX_TYPO_WORDS),
  );
}

/**
 * The same with one typo forgiven in the longest words of 5 or more letters: each of them matches a name word one
 * edit from it (a letter left out, added, changed or two swapped), through the deletions both share; the other
 * words and phrases as in matchExpression. Null when no word qualifies.
 */
export function typoExpression(q: SearchQuery): string | null {
  const forgiving = forgivingWords(q);
  if (forgiving.size === 0) return null;
  const words = q.words.map((w) =>
    forgiving.has(w)
      ? `{search_fuzzy} : (${typoTermsOf(w.stem)
          .map((s) => term(s))
          .join(" OR ")})`
      : `${EXACT_COLUMNS} : (${term(w.stem)}*)`,
  );
  return [...words, ...q.phrases.map((p) => `${EXACT_COLUMNS} : (${phrase(p)})`)].join(" AND ");
}

/**
 * What a typo search suggests the shopper meant ('camisetta' → 'camiseta'): the query as typed, each word a typo was
 * forgiven in replaced by the word of the closest results' names one typo from it (lower case, accents kept). Null
 * when no name has such a word.
 */
export function typoSuggestion(typed: string, q: SearchQuery, names: readonly string[]): string | null {
  const forgiving = [...forgivingWords(q)];
  const nameWords = names.flatMap((name) => name.split(/\s+/).map((w) => w.replace(/[^\p{L}\p{N}]+/gu, "").toLowerCase()));
  const meant = new Map<string, string>();
  for (const w of forgiving) {
    const found = nameWords.find((n) => {
      const [stem, ...rest] = searchStems(n);
      return stem !== undefined && rest.length === 0 && fuzzyStem(stem) && oneTypoApart(stem, w.stem);
    });
    if (found && normalizeForSearch(found) !== w.word) meant.set(w.word, found);
  }
  if (meant.size === 0) return null;
  return typed
    .trim()
    .split(/(\s+)/)
    .map((token) => meant.get(normalizeForSearch(token)) ?? token)
    .join("");
}

/** Whether a name's stem is the query word's stem, or one typo from it when typos are forgiven. */
function stemMatches(stem: string, queryStem: string, typo: boolean): boolean {
  return stem.startsWith(queryStem) || (typo && fuzzyStem(stem) && oneTypoApart(stem, queryStem));
}

/** The stems a result's name is marked by, and whether a typo is forgiven in each. */
export function markedStems(q: SearchQuery, typos: boolean): Array<{ stem: string; typo: boolean }> {
  const forgiving = typos ? forgivingWords(q) : new Set<QueryWord>();
  return [
    ...q.words.map((w) => ({ stem: w.stem, typo: forgiving.has(w) })),
    ...q.phrases.flat().map((w) => ({ stem: w.stem, typo: false })),
  ];
}

/**
 * A product name cut where the query's words match (a word whose stem starts with a query stem), for marking
 * them: the name's own text, accents and case kept.
 */
export function highlightParts(
  name: string,
  stems: ReadonlyArray<{ stem: string; typo: boolean }>,
): Array<{ text: string; match: boolean }> {
  if (stems.length === 0) return [{ text: name, match: false }];
  const parts: Array<{ text: string; match: boolean }> = [];
  for (const piece of name.split(/(\s+)/)) {
    if (!piece) continue;
    const words = searchStems(piece);
    const match = words.length > 0 && words.every((w) => stems.some((s) => stemMatches(w, s.stem, s.typo)));
    const last = parts.at(-1);
    if (last && last.match === match) last.text += piece;
    else parts.push({ text: piece, match });
  }
  return parts;
}
