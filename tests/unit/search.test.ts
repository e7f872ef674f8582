import { describe, expect, it } from "vitest";
import {
  highlightParts,
  MAX_QUERY_WORDS,
  markedStems,
  matchExpression,
  normalizeForSearch,
  parseSearchQuery,
  type SearchQuery,
  searchPattern,
  searchTextOf,
  typoExpression,
  typoSuggestion,
} from "~/domain/search";

/** The same matching SQLite's LIKE does, for checking patterns without a database. */
function likeMatches(text: string, pattern: string): boolean {
  const regex = pattern.replace(/\\([\\%_])|[%_]|[^\\%_]+/g, (m, escaped) => {
    if (escaped) return escaped.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    if (m === "%") return ".*";
    if (m === "_") return ".";
    return m.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  });
  return new RegExp(`^${regex}$`, "i").test(text);
}

describe("product search text", () => {
  const name = "Café de Colombia 500 g";
  it.each(["cafe", "CAFÉ", "colom", "de", "500"])("'%s' finds '%s'", (query) => {
    const pattern = searchPattern(query);
    expect(pattern).not.toBeNull();
    expect(likeMatches(searchTextOf(name), pattern as string)).toBe(true);
  });

  it.each(["olombia", "te", "cafetera"])("'%s' does not match inside words", (query) => {
    expect(likeMatches(searchTextOf(name), searchPattern(query) as string)).toBe(false);
  });

  it("ignores empty and punctuation-only queries", () => {
    expect(searchPattern("   ")).toBeNull();
    expect(searchPattern("¿?")).toBeNull();
  });

  it("escapes LIKE wildcards typed by shoppers", () => {
    expect(normalizeForSearch("50%_off")).toBe("50 off");
  });
});

describe("what a shopper's query means", () => {
  const words = (q: string) => parseSearchQuery(q)?.words.map((w) => w.word);
  const stems = (q: string) => parseSearchQuery(q)?.words.map((w) => w.stem);

  it("every word counts, in any order, accents and case ignored", () => {
    expect(words("Estampada CAMISETA")).toEqual(["estampada", "camiseta"]);
    expect(words("café  Colombia")).toEqual(["cafe", "colombia"]);
  });

  it("Spanish forms of a word share their stem: plural and singular, masculine and feminine", () => {
    expect(stems("remeras")).toEqual(stems("remera"));
    expect(stems("pantalones")).toEqual(stems("pantalón"));
    expect(stems("roja")).toEqual(stems("Rojo"));
    expect(stems("camisetas")).toEqual(stems("camiseta"));
  });

  it("symbols are not syntax: nothing typed reaches the index as an operator", () => {
    expect(words('remera* OR -"" (azul) NEAR/2 ^talle:M')).toEqual(["remera", "or", "azul", "near", "2", "talle", "m"]);
    const expression = matchExpression(parseSearchQuery('a" OR b* -c:"') as SearchQuery);
    // Every term is a quoted string (a phrase: several), the last followed by *; nothing else but AND between them.
    expect(expression).toBe(`{search_name search_body} : ("s@or" "s@b" "s@c"*)`);
    expect(matchExpression(parseSearchQuery("x* NOT z") as SearchQuery)).toBe(
      `{search_name search_body} : ("s@x"* AND "s@not"* AND "s@z"*)`,
    );
    expect(parseSearchQuery('¿?¡! *** ""')).toBeNull();
    expect(parseSearchQuery("")).toBeNull();
  });

  it("quoted words are a phrase that must match whole", () => {
    const q = parseSearchQuery('"cafe de colombia" 500') as SearchQuery;
    expect(q.words.map((w) => w.word)).toEqual(["500"]);
    expect(q.phrases.map((p) => p.map((w) => w.word))).toEqual([["cafe", "de", "colombia"]]);
    expect(matchExpression(q)).toBe(`{search_name search_body} : ("s@500"* AND "s@caf" "s@de" "s@colombi"*)`);
    // One quoted word is just a word.
    expect(words('"remera" azul')).toEqual(["remera", "azul"]);
  });

  it("stop words are left out, unless the query has nothing else", () => {
    expect(words("bolso de la playa")).toEqual(["bolso", "playa"]);
    expect(words("de la")).toEqual(["de", "la"]);
  });

  it("very long input is cut to the first words, never an unbounded expression", () => {
    const long = "camiseta ".repeat(10_000);
    const q = parseSearchQuery(long) as SearchQuery;
    expect(q.words).toHaveLength(MAX_QUERY_WORDS);
    expect(matchExpression(q).length).toBeLessThan(400);
    const typos = typoExpression(q) as string;
    expect(typos.length).toBeLessThan(60_000);
    expect(parseSearchQuery(`${"a".repeat(100_000)}`)?.words[0]?.word.length).toBeLessThanOrEqual(200);
  });

  it("one typo is forgiven only in words of 5 or more letters", () => {
    expect(typoExpression(parseSearchQuery("taza") as SearchQuery)).toBeNull();
    // The long word through the typo column (its stem and its deletions, whole terms), the short one exact.
    expect(typoExpression(parseSearchQuery("taza bloso") as SearchQuery)).toBe(
      `{search_name search_body} : ("s@taz"*) AND {search_fuzzy} : (${[
        ...["blos", "los", "los0", "lbos", "bos", "bos1", "bols", "bls", "bls2", "blso", "blo", "blo3"],
        ...["blos0", "blos1", "blos2", "blos3", "blos4"],
      ]
        .map((t) => `"s@${t}"`)
        .join(" OR ")})`,
    );
  });

  it("a typo is a letter missing, extra, changed, or two swapped: never two of them", () => {
    const marks = (q: string, name: string) =>
      highlightParts(name, markedStems(parseSearchQuery(q) as SearchQuery, true))
        .filter((p) => p.match)
        .map((p) => p.text);
    expect(marks("bloso", "Bolso tejido")).toEqual(["Bolso"]);
    expect(marks("camisetta", "Camiseta estampada")).toEqual(["Camiseta"]);
    expect(marks("camseta", "Camiseta estampada")).toEqual(["Camiseta"]);
    expect(marks("camizeta", "Camiseta estampada")).toEqual(["Camiseta"]);
    expect(marks("kamizeta", "Camiseta estampada")).toEqual([]);
    // Two letters changed in different places are two typos.
    expect(marks("blusa", "Bolso tejido")).toEqual([]);
    // Without typos forgiven, only the word itself.
    expect(highlightParts("Bolso tejido", markedStems(parseSearchQuery("bloso") as SearchQuery, false))).toEqual([
      { text: "Bolso tejido", match: false },
    ]);
  });

  it("marks the words of a name that the query matched, keeping its accents and case", () => {
    const q = parseSearchQuery("CAFE colombia") as SearchQuery;
    const parts = highlightParts("Café de Colombia 500 g", markedStems(q, false));
    expect(parts).toEqual([
      { text: "Café", match: true },
      { text: " de ", match: false },
      { text: "Colombia", match: true },
      { text: " 500 g", match: false },
    ]);
  });
});

describe("what a typo search suggests", () => {
  const suggest = (typed: string, names: string[]) => {
    const q = parseSearchQuery(typed);
    return q ? typoSuggestion(typed, q, names) : null;
  };

  it("names the word the closest results have, in the query as typed", () => {
    expect(suggest("camisetta", ["Camiseta estampada", "Camiseta lisa"])).toBe("camiseta");
    expect(suggest("olla de barrro", ["Olla de barro"])).toBe("olla de barro");
    expect(suggest("Bloso rojo", ["Bolso tejido wayuu"])).toBe("bolso rojo");
    // Accents of the product's name are kept; the result's own punctuation is not.
    expect(suggest("cafettera", ["Cafétera, italiana"])).toBe("cafétera");
  });

  it("suggests nothing when no name has a word one typo from it", () => {
    expect(suggest("camisetta", ["Taza esmaltada"])).toBeNull();
    expect(suggest("camiseta", ["Camiseta lisa"])).toBeNull();
  });
});
