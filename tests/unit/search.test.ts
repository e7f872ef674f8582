import { describe, expect, it } from "vitest";
import { normalizeForSearch, searchPattern, searchTextOf } from "~/domain/search";

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
