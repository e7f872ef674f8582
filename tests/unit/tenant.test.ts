import { describe, expect, it } from "vitest";
import { routeStoreHost, siteBasePath, storeSlugFromHost } from "~/site/tenant";

describe("tenant resolution", () => {
  it("reads the store from a subdomain of STORES_DOMAIN", () => {
    expect(storeSlugFromHost("demo.localhost:3000", "localhost")).toBe("demo");
    expect(storeSlugFromHost("Demo.Tiendas.Vitrina.com", "tiendas.vitrina.com")).toBe("demo");
    expect(storeSlugFromHost("localhost:3000", "localhost")).toBeNull();
    expect(storeSlugFromHost("a.b.localhost", "localhost")).toBeNull();
    expect(storeSlugFromHost("demo.evil.com", "localhost")).toBeNull();
    expect(storeSlugFromHost("demo.localhost", undefined)).toBeNull();
    // The merchant app on app.{domain} (wrangler.toml's production setting) is not a store.
    expect(storeSlugFromHost("app.vitrina.example", "vitrina.example")).toBeNull();
    expect(storeSlugFromHost("www.vitrina.example", "vitrina.example")).toBeNull();
  });

  it("routes store-host paths to /site/{url}", () => {
    const r = routeStoreHost(
      new Request("http://demo.localhost:3000/Tienda?page=2", { headers: { host: "demo.localhost:3000" } }),
      "localhost",
    );
    expect(new URL(r.request.url).pathname).toBe("/site/demo/Tienda");
    expect(new URL(r.request.url).search).toBe("?page=2");
    expect(r.storeSlug).toBe("demo");
    const home = routeStoreHost(
      new Request("http://demo.localhost:3000/", { headers: { host: "demo.localhost:3000" } }),
      "localhost",
    );
    expect(new URL(home.request.url).pathname).toBe("/site/demo");
  });

  it("leaves files and app-host requests alone", () => {
    const files = routeStoreHost(new Request("http://demo.localhost:3000/files/stores/1/x.jpg"), "localhost");
    expect(new URL(files.request.url).pathname).toBe("/files/stores/1/x.jpg");
    const app = routeStoreHost(new Request("http://localhost:3000/site/demo"), "localhost");
    expect(app.storeSlug).toBeNull();
    expect(new URL(app.request.url).pathname).toBe("/site/demo");
  });

  it("prefixes links only on the app host", () => {
    expect(siteBasePath("demo", "demo")).toBe("");
    expect(siteBasePath(null, "demo")).toBe("/site/demo");
  });
});
