import { describe, expect, it } from "vitest";
import { adminLogin, allStoreUrls, isAdmin, NOT_AUTHORIZED, secretMatches } from "~/admin/admin.server";
import { createTestServices, demoTestServices } from "../support/services";

function withSecret(secret: string | undefined) {
  const s = createTestServices();
  s.config = { ...s.config, ADMIN_SECRET: secret };
  return s;
}

const cookieRequest = (setCookie: string) =>
  new Request("http://localhost:3999/SSS", { headers: { Cookie: setCookie.split(";")[0] ?? "" } });

describe("SSS", () => {
  it("compares the secret exactly", async () => {
    expect(await secretMatches("clave", "clave")).toBe(true);
    expect(await secretMatches("clave ", "clave")).toBe(false);
    expect(await secretMatches("", "clave")).toBe(false);
    expect(await secretMatches("clave", undefined)).toBe(false);
  });

  it("the right secret opens a 30-minute admin session listing every store's public URL", async () => {
    const s = await demoTestServices();
    s.config = { ...s.config, ADMIN_SECRET: "una-clave-larga" };
    const result = await adminLogin(s, "una-clave-larga", "10.0.0.1");
    if (!("cookie" in result)) throw new Error("expected a session");
    expect(await isAdmin(s, cookieRequest(result.cookie))).toBe(true);
    expect(await allStoreUrls(s)).toEqual(["http://demo.localhost:3999/"]);
    s.testClock.current = new Date(s.testClock.current.getTime() + 31 * 60_000);
    expect(await isAdmin(s, cookieRequest(result.cookie))).toBe(false);
  });

  it("wrong secrets: 'No autorizado', and after 5 tries even the right one is refused for 15 minutes", async () => {
    const s = withSecret("una-clave-larga");
    for (let i = 0; i < 5; i++) expect(await adminLogin(s, `intento-${i}`, "10.0.0.2")).toEqual({ error: NOT_AUTHORIZED });
    expect(await adminLogin(s, "una-clave-larga", "10.0.0.2")).toEqual({ error: NOT_AUTHORIZED });
    expect(await adminLogin(s, "una-clave-larga", "10.0.0.3")).toHaveProperty("cookie");
    s.testClock.current = new Date(s.testClock.current.getTime() + 16 * 60_000);
    expect(await adminLogin(s, "una-clave-larga", "10.0.0.2")).toHaveProperty("cookie");
  });

  it("without ADMIN_SECRET nothing is authorised", async () => {
    const s = withSecret(undefined);
    expect(await adminLogin(s, "", "10.0.0.4")).toEqual({ error: NOT_AUTHORIZED });
    expect(await adminLogin(s, "undefined", "10.0.0.4")).toEqual({ error: NOT_AUTHORIZED });
    expect(await isAdmin(s, new Request("http://localhost:3999/SSS", { headers: { Cookie: "vitrina_admin=x" } }))).toBe(false);
  });
});
