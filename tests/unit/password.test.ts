import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, passwordHashParams, verifyPassword } from "~/auth/password.server";

describe("password hashes", () => {
  it("round-trips and rejects a wrong password", async () => {
    const hash = await hashPassword("clave-segura");
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(hash).not.toContain("clave-segura");
    expect(await verifyPassword("clave-segura", hash)).toBe(true);
    expect(await verifyPassword("clave-segurA", hash)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("igual")).not.toBe(await hashPassword("igual"));
  });

  it("asks for a re-hash when the parameters were weaker", async () => {
    const weak = await hashPassword("clave", { N: 2 ** 12, r: 8, p: 1 });
    expect(await verifyPassword("clave", weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash(await hashPassword("clave"))).toBe(false);
  });

  it("hashes at N = 2^15 in every setting but the tests' own; a hash made cheaply is re-hashed under the standard cost", async () => {
    const standard = passwordHashParams({ PASSWORD_HASHING: "standard" });
    const fast = passwordHashParams({ PASSWORD_HASHING: "fast-for-tests" });
    expect(standard).toEqual({ N: 2 ** 15, r: 8, p: 1 });
    expect(fast.N).toBeLessThan(standard.N);
    const cheap = await hashPassword("clave", fast);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword("clave", cheap)).toBe(true);
    expect(needsRehash(cheap, fast)).toBe(false);
    expect(needsRehash(cheap, standard)).toBe(true);
  });

  it("refuses malformed stored values", async () => {
    expect(await verifyPassword("x", "plaintext")).toBe(false);
    expect(needsRehash("plaintext")).toBe(true);
  });
});
