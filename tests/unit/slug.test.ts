import { describe, expect, it } from "vitest";
import { cleanStoreName, slugify, slugProblem } from "~/domain/slug";

describe("store slugs", () => {
  it.each([
    ["Café", "cafe"],
    ["  Mi Tienda  ", "mi-tienda"],
    ["Ñandú & Cía.", "nandu-cia"],
    ["Zapatos---Rojos!!", "zapatos-rojos"],
    ["ÁRBOL Verde 2", "arbol-verde-2"],
  ])("slugify(%j) = %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("treats 'Café' and 'cafe' as the same store url", () => {
    expect(slugify("Café")).toBe(slugify("cafe"));
    expect(slugify("CAFÉ")).toBe(slugify("café"));
  });

  it("cuts long names to 40 characters without a trailing dash", () => {
    const slug = slugify("una tienda con un nombre larguísimo que no cabe en un dominio");
    expect(slug.length).toBeLessThanOrEqual(40);
    expect(slug.endsWith("-")).toBe(false);
    expect(slugProblem(slug)).toBeNull();
  });

  it("rejects short, reserved and non-DNS slugs", () => {
    expect(slugProblem("ab")).toBe("too_short");
    expect(slugProblem("admin")).toBe("reserved");
    expect(slugProblem("tienda")).toBe("reserved");
    expect(slugProblem("-abc")).toBe("invalid");
    expect(slugProblem("abc-")).toBe("invalid");
    expect(slugProblem("ab_c")).toBe("invalid");
    expect(slugProblem("demo")).toBeNull();
  });

  it("removes trailing spaces from names", () => {
    expect(cleanStoreName("  Demo   Store  ")).toBe("Demo Store");
  });
});
