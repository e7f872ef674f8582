import { describe, expect, it } from "vitest";
import { EDGE_TTL_HEADER, EDGE_TTL_SECONDS, forEdge, publicPageCacheKey, withEdgeTtl } from "~/site/edge-cache";

const DOMAIN = "vitrina.example";
const get = (url: string, headers: Record<string, string> = {}, method = "GET") =>
  new Request(url, { method, headers: { host: new URL(url).host, ...headers } });

describe("which requests the edge may answer", () => {
  it("anonymous GETs of store pages, keyed with their host", () => {
    expect(publicPageCacheKey(get("https://app.vitrina.example/site/demo"), DOMAIN)).toBe("app.vitrina.example/site/demo");
    expect(publicPageCacheKey(get("https://demo.vitrina.example/"), DOMAIN)).toBe("demo.vitrina.example/");
    expect(publicPageCacheKey(get("https://otra.vitrina.example/"), DOMAIN)).toBe("otra.vitrina.example/");
    expect(publicPageCacheKey(get("https://demo.vitrina.example/Store?pagina=2"), DOMAIN)).toBe(
      "demo.vitrina.example/Store?pagina=2",
    );
    expect(publicPageCacheKey(get("https://demo.vitrina.example/Search?q=cafe", {}, "HEAD"), DOMAIN)).toBe(
      "demo.vitrina.example/Search?q=cafe",
    );
    // 'Calcular envío' (`?cp=`): each code's answer under its own key, the plain page's untouched (decision 0060).
    const product = "https://demo.vitrina.example/Product/mate/1234567";
    const keys = ["", "?cp=1425", "?cp=5000", "?variante=3&cp=1425"].map((q) =>
      publicPageCacheKey(get(`${product}${q}`), DOMAIN),
    );
    expect(keys).toEqual([
      "demo.vitrina.example/Product/mate/1234567",
      "demo.vitrina.example/Product/mate/1234567?cp=1425",
      "demo.vitrina.example/Product/mate/1234567?cp=5000",
      "demo.vitrina.example/Product/mate/1234567?variante=3&cp=1425",
    ]);
    // Other cookies (a merchant's session) do not make a store page personal.
    expect(publicPageCacheKey(get("https://demo.vitrina.example/", { cookie: "__session=abc" }), DOMAIN)).not.toBeNull();
  });

  it("never a shopper with a cart or an order, the cart, checkout or order pages, writes or the merchant app", () => {
    expect(publicPageCacheKey(get("https://demo.vitrina.example/", { cookie: "a=1; carrito=1234567:2" }), DOMAIN)).toBeNull();
    expect(
      publicPageCacheKey(get("https://app.vitrina.example/site/demo", { cookie: "pedido=abcdefghijklmnop" }), DOMAIN),
    ).toBeNull();
    // An abandoned cart's links fill the browser's cart and carry a secret: never shared (decision 0057).
    for (const path of ["/Cart", "/Checkout", "/Order", "/cart", "/carrito/recuperar/abcdefghijklmnopqrstuvwxyz012345"])
      expect(publicPageCacheKey(get(`https://demo.vitrina.example${path}`), DOMAIN)).toBeNull();
    expect(publicPageCacheKey(get("https://app.vitrina.example/site/demo/Cart"), DOMAIN)).toBeNull();
    expect(publicPageCacheKey(get("https://demo.vitrina.example/Product/taza/1234567", {}, "POST"), DOMAIN)).toBeNull();
    for (const path of ["/", "/Store/1234567890/info", "/files/stores/1234567890/a.webp", "/QR/1234567890"])
      expect(publicPageCacheKey(get(`https://app.vitrina.example${path}`), DOMAIN)).toBeNull();
  });
});

describe("what the edge stores", () => {
  it("asks the app for a full page, without the browser's validators or cookies", () => {
    const request = forEdge(
      get("https://demo.vitrina.example/", { "if-none-match": 'W/"x"', cookie: "__session=abc", "accept-encoding": "br" }),
    );
    expect(request.headers.get("if-none-match")).toBeNull();
    expect(request.headers.get("cookie")).toBeNull();
    expect(request.headers.get("accept-encoding")).toBe("br");
  });

  it("keeps a store's tagged public page for the edge TTL, and nothing else", () => {
    const page = (status: number, headers: Record<string, string>) => withEdgeTtl(new Response("x", { status, headers }));
    const tagged = { "Cache-Control": "public, max-age=0, must-revalidate", "Cache-Tag": "store-1234567890" };
    expect(page(200, tagged).headers.get("Cloudflare-CDN-Cache-Control")).toBe(`public, max-age=${EDGE_TTL_SECONDS}`);
    // Browsers keep revalidating with the ETag.
    expect(page(200, tagged).headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    expect(page(301, { ...tagged, Location: "/site/nuevo" }).headers.get("Cloudflare-CDN-Cache-Control")).toBe("no-store");
    expect(page(200, { "Cache-Control": "public, max-age=300" }).headers.get("Cloudflare-CDN-Cache-Control")).toBe("no-store");
    expect(page(200, { ...tagged, "Cache-Control": "private, max-age=0" }).headers.get("Cloudflare-CDN-Cache-Control")).toBe(
      "no-store",
    );
    expect(page(404, { "Cache-Control": "no-store" }).headers.get("Cloudflare-CDN-Cache-Control")).toBe("no-store");
  });

  it("keeps a page no longer than its own limit (a dated promotion ending at the store's midnight), never longer than the TTL", () => {
    const page = (own: string) =>
      withEdgeTtl(
        new Response("x", {
          status: 200,
          headers: { "Cache-Control": "public, max-age=0, must-revalidate", "Cache-Tag": "store-1", [EDGE_TTL_HEADER]: own },
        }),
      ).headers;
    expect(page("299").get("Cloudflare-CDN-Cache-Control")).toBe("public, max-age=299");
    expect(page("299").get(EDGE_TTL_HEADER)).toBeNull();
    expect(page("0").get("Cloudflare-CDN-Cache-Control")).toBe("no-store");
    expect(page("99999").get("Cloudflare-CDN-Cache-Control")).toBe(`public, max-age=${EDGE_TTL_SECONDS}`);
  });
});
