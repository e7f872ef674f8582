// The workspace's one table of authorization against the app's one map of URLs: every page under /Store/:storeId has
// a rule, and the table names no page that does not exist.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { accessRuleOf, mayAccess, mayOpen, roleHome, type StoreRole, WORKSPACE_ACCESS } from "~/domain/staff-roles";
import routes from "~/routes";

const WORKSPACE = "Store/:storeId";

/** Every route's full path below the workspace, as the table writes it ("" for its index). */
function workspacePaths(entries: RouteConfigEntry[], parent = "", inside = false): string[] {
  return entries.flatMap((entry) => {
    const full = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const here = inside || full === WORKSPACE;
    const below = here ? full.slice(WORKSPACE.length).replace(/^\//, "") : null;
    const own = here && full.startsWith(WORKSPACE) && (entry.index || entry.path !== undefined) ? [below ?? ""] : [];
    return [...own, ...workspacePaths(entry.children ?? [], full, here)];
  });
}

describe("the workspace's authorization table", () => {
  const paths = [...new Set(workspacePaths(routes))];

  it("has a rule for every page under /Store/:storeId in app/routes.ts, and names no page that does not exist", () => {
    expect(paths.length).toBeGreaterThan(40);
    expect(paths).toContain("sales/:saleId/receipt");
    expect(paths.filter((path) => !(path in WORKSPACE_ACCESS))).toEqual([]);
    expect(Object.keys(WORKSPACE_ACCESS).filter((pattern) => !paths.includes(pattern))).toEqual([]);
  });

  it("matches a path as the router does: the pattern with more fixed segments wins; a path no pattern matches has no rule", () => {
    expect(accessRuleOf("sales/new")).toBe(WORKSPACE_ACCESS["sales/new"]);
    expect(accessRuleOf("sales/1234567890")).toBe(WORKSPACE_ACCESS["sales/:saleId"]);
    expect(accessRuleOf("sales/1234567890/receipt")).toBe(WORKSPACE_ACCESS["sales/:saleId/receipt"]);
    expect(accessRuleOf("products/poco-stock")).toBe(WORKSPACE_ACCESS["products/poco-stock"]);
    expect(accessRuleOf("")).toBe(WORKSPACE_ACCESS[""]);
    expect(accessRuleOf("sales/")).toBe(WORKSPACE_ACCESS.sales);
    for (const unknown of ["nada", "sales/1/2/3", "products//photos", "\u0000"])
      expect(accessRuleOf(unknown), unknown).toBeNull();
    // A page missing from the table is refused to everyone, the owner too.
    expect(mayAccess(null, "owner", false)).toBe(false);
    expect(mayAccess(accessRuleOf("some/new/page"), "owner", true)).toBe(false);
  });

  it("gives each role its sections, and keeps the owner's things the owner's", () => {
    const can = (role: StoreRole, path: string, change = false, intent?: string) =>
      mayAccess(accessRuleOf(path), role, change, intent);
    for (const path of [
      "sales",
      "sales/1234567890",
      "sales.csv",
      "sales/imprimir",
      "sales/new",
      "customers",
      "carritos",
      "estadisticas",
    ])
      expect([can("sales", path), can("sales", path, true), can("catalog", path)], path).toEqual([true, true, false]);
    for (const path of [
      "products",
      "products/new",
      "products/1234567890/photos",
      "sections",
      "promociones",
      "discounts",
      "look",
      "brand",
    ])
      expect([can("catalog", path), can("catalog", path, true), can("sales", path)], path).toEqual([true, true, false]);
    for (const path of ["dominio", "payments", "equipo"])
      expect([can("owner", path, true), can("admin", path), can("sales", path), can("catalog", path)], path).toEqual([
        true,
        false,
        false,
        false,
      ]);
    expect(can("admin", "info", true, "info")).toBe(true);
    expect(can("admin", "info", true, "delete")).toBe(false);
    expect(can("owner", "info", true, "delete")).toBe(true);
    expect(can("sales", "info")).toBe(false);
    expect([mayOpen("sales", "products"), mayOpen("catalog", "sales"), mayOpen("admin", "cobros")]).toEqual([false, false, true]);
    expect([roleHome("owner"), roleHome("admin"), roleHome("sales"), roleHome("catalog")]).toEqual([
      "info",
      "info",
      "sales",
      "products",
    ]);
  });
});
