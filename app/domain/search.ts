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
