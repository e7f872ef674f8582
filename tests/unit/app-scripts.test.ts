// The merchant app's start script (app/ui/app-scripts.tsx): nothing of the app's code is asked for before the
// page has painted (docs/decisions/0070-merchant-first-paint-adopted.md), and what it hands React Router
// is what React Router's own script would.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AFTER_FIRST_PAINT, startScript } from "~/ui/app-scripts";

const route = (id: string, path: string | undefined, parentId: string | undefined, extra: Record<string, unknown> = {}) => ({
  id,
  path,
  parentId,
  module: `/assets/${id.replaceAll("/", "-")}.js`,
  imports: [`/assets/${id.replaceAll("/", "-")}-dep.js`, "/assets/shared.js"],
  hasLoader: true,
  hasAction: false,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasDefaultExport: true,
  hasErrorBoundary: false,
  ...extra,
});

const manifest = {
  entry: { module: "/assets/entry.client.js", imports: ["/assets/router.js", "/assets/shared.js"] },
  url: "/assets/manifest.js",
  version: "1",
  routes: {
    root: route("root", "", undefined),
    layout: route("layout", undefined, "root"),
    list: route("list", "Store/:storeId/products", "layout", { clientLoaderModule: "/assets/list-loader.js" }),
    home: route("home", undefined, "layout"),
    other: route("other", "Store/:storeId/sales", "layout"),
  },
};

const router = {
  state: {
    location: { pathname: "/Store/1/products" },
    matches: ["root", "layout", "list"].map((id) => ({ route: { id } })),
  },
  // The parent paths' routes: "/" is the store list.
  match: (path: string) => (path === "/" ? ["root", "layout", "home"].map((id) => ({ route: { id } })) : null),
};

type Args = Parameters<typeof startScript>;
const script = () => startScript(manifest as unknown as Args[0], router as unknown as Args[1], ["root", "layout", "list"]);

describe("the app's start script", () => {
  it("has no static import: it first waits for the page's first paint, then preloads and imports", () => {
    const text = script();
    expect(text).not.toMatch(/^\s*import\s/m);
    expect(text.startsWith(`try {\n${AFTER_FIRST_PAINT}`)).toBe(true);
    expect(AFTER_FIRST_PAINT).toContain('"first-contentful-paint"');
    expect(text.indexOf("modulepreload")).toBeGreaterThan(AFTER_FIRST_PAINT.length);
  });

  it("preloads the entry, its imports and every matched route's modules and imports, each once", () => {
    const preloads = JSON.parse(/for \(const href of (\[[^\]]*\])\)/.exec(script())?.[1] ?? "[]");
    expect(preloads).toEqual([
      "/assets/entry.client.js",
      "/assets/router.js",
      "/assets/shared.js",
      "/assets/root.js",
      "/assets/root-dep.js",
      "/assets/layout.js",
      "/assets/layout-dep.js",
      "/assets/list-loader.js",
      "/assets/list.js",
      "/assets/list-dep.js",
    ]);
  });

  it("hands React Router the route modules by id in order, and the manifest of the page's and its parent paths' routes", () => {
    const text = script();
    expect(text).toContain('["/assets/list-loader.js","/assets/list.js"].map((m) => import(m))');
    expect(text).toContain('Object.fromEntries(["root","layout","list"].map((id, i) => [id, modules[i]]))');
    const partial = JSON.parse(/window\.__reactRouterManifest = (.*);$/m.exec(text)?.[1] ?? "{}");
    expect(Object.keys(partial.routes).sort()).toEqual(["home", "layout", "list", "root"]);
    expect(text).toContain('await import("/assets/entry.client.js");\n} catch');
  });

  it("ends the head script's holds when the app's code fails to load: the page's forms then work as without it", async () => {
    const window: { vitrinaStarted?: boolean } = {};
    const document = { head: { append: () => {} }, createElement: () => ({}) };
    const run = new (Object.getPrototypeOf(async () => {}).constructor)(
      "window",
      "document",
      "PerformanceObserver",
      script(),
    ) as (...args: unknown[]) => Promise<void>;
    // No paint to wait for here; "/assets/…" loads nothing, as a dropped connection.
    await expect(run(window, document, { supportedEntryTypes: [] })).rejects.toThrow();
    expect(window.vitrinaStarted).toBe(true);
  });

  it("keeps a '</script>' in the data from closing the script", () => {
    const tricky = { ...manifest, version: "</script><script>alert(1)</script>" };
    expect(startScript(tricky as unknown as Args[0], router as unknown as Args[1], ["root"])).not.toContain("</script>");
  });

  it("is React Router 8.4's own start, moved: an upgrade compares it with the new <Scripts /> before changing this line", () => {
    const { version } = JSON.parse(readFileSync("node_modules/react-router/package.json", "utf8"));
    expect(version).toMatch(/^8\.4\./);
  });
});
