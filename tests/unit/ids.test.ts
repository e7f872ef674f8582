import { describe, expect, it } from "vitest";
import { ID_DIGITS, isId, randomDigits, randomToken, sha256Hex } from "~/domain/ids";

describe("ids", () => {
  it("makes numeric ids of the spec's lengths", () => {
    for (const length of Object.values(ID_DIGITS)) {
      const id = randomDigits(length);
      expect(id).toMatch(new RegExp(`^[1-9][0-9]{${length - 1}}$`));
    }
  });

  it("spreads digits evenly", () => {
    const counts = new Array(10).fill(0);
    for (const d of randomDigits(20000).slice(1)) counts[Number(d)]++;
    for (const c of counts) expect(c).toBeGreaterThan(1700);
  });

  it("rarely repeats a 10-digit id", () => {
    const ids = new Set(Array.from({ length: 5000 }, () => randomDigits(10)));
    expect(ids.size).toBe(5000);
  });

  it("makes url-safe tokens of 32 random bytes", () => {
    const token = randomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(token);
  });

  it("hashes with sha-256", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});

describe("id shapes", () => {
  it("an id of a kind is exactly its number of ASCII digits", () => {
    expect(isId("product", "1234567")).toBe(true);
    expect(isId("section", "1234567")).toBe(true);
    expect(isId("product", "123456")).toBe(false);
    expect(isId("product", "12345678")).toBe(false);
    expect(isId("product", "12345a7")).toBe(false);
    expect(isId("product", "١٢٣٤٥٦٧")).toBe(false);
    expect(isId("sale", "1234567890")).toBe(true);
  });
});
