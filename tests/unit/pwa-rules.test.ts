import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { webManifest } from "~/pwa/manifest";
import {
  appPath,
  cacheNameFor,
  GENERIC_NOTICE,
  handlingFor,
  isStaleCache,
  notificationTag,
  parsePushPayload,
} from "~/pwa/sw-rules";
import { ERROR_PAGE_TEXT } from "~/ui/error-page-texts";
import { UNAVAILABLE_TEXT, unavailablePage } from "~/ui/unavailable";

const ORIGIN = "https://app.vitrina.example";
const page = (path: string, method = "GET") => ({ method, url: `${ORIGIN}${path}`, mode: "navigate" });
const fetched = (path: string, mode = "cors") => ({ method: "GET", url: `${ORIGIN}${path}`, mode });

describe("which requests the service worker answers", () => {
  it("merchant and sign-in pages: from the network, with the offline page as fallback", () => {
    for (const path of [
      "/",
      "/Account",
      "/newStore",
      "/Store/1234567890/products",
      "/Store/1234567890/sales/42?vista=hoy",
      "/Auth",
      "/Auth/Registration/Step2",
      "/plans",
      "/payment",
    ])
      expect(handlingFor(page(path), ORIGIN), path).toBe("network-first");
  });

  it("the icons: from its cache first; hashed build files: the browser's HTTP cache, not the worker's", () => {
    expect(handlingFor(fetched("/icons/icon-192.png", "no-cors"), ORIGIN)).toBe("cache-first");
    expect(handlingFor(fetched("/assets/entry.client-CY-QUM85.js", "same-origin"), ORIGIN)).toBe("network");
    expect(handlingFor(fetched("/assets/app-DTrXiQKE.css", "no-cors"), ORIGIN)).toBe("network");
  });

  it("public stores and what they use, webhooks, the local tools: never, in any letter case", () => {
    for (const path of [
      "/site/demo",
      "/site/demo/Product/taza/1234567",
      "/SITE/demo",
      "/site",
      "/files/stores/1234567890/logo.webp",
      "/webhooks/mercadopago",
      "/_sandbox/pay/ABC123",
      "/_dev/correo",
      "/_dev/reloj",
      "/QR/1234567890",
      "/qr/1234567890",
    ]) {
      expect(handlingFor(page(path), ORIGIN), path).toBe("network");
      expect(handlingFor(fetched(path), ORIGIN), path).toBe("network");
    }
  });

  it("never writes, data requests, downloads, other origins, or what is not a page", () => {
    expect(handlingFor(page("/Store/1234567890/products/new", "POST"), ORIGIN)).toBe("network");
    expect(handlingFor(page("/Auth/logout", "POST"), ORIGIN)).toBe("network");
    expect(handlingFor({ ...fetched("/assets/app-DTrXiQKE.css"), method: "HEAD" }, ORIGIN)).toBe("network");
    // React Router's loader and action requests.
    expect(handlingFor(fetched("/Store/1234567890/products.data"), ORIGIN)).toBe("network");
    expect(handlingFor(fetched("/_root.data?_routes=root"), ORIGIN)).toBe("network");
    expect(handlingFor(page("/Store/1234567890/products.data"), ORIGIN)).toBe("network");
    expect(handlingFor(fetched("/Store/1234567890/sales"), ORIGIN)).toBe("network");
    expect(handlingFor(page("/Store/1234567890/sales.csv"), ORIGIN)).toBe("network");
    expect(handlingFor(page("/manifest.webmanifest"), ORIGIN)).toBe("network");
    expect(handlingFor({ method: "GET", url: "https://demo.vitrina.example/", mode: "navigate" }, ORIGIN)).toBe("network");
    expect(handlingFor({ method: "GET", url: "https://cdn.example/assets/x.js", mode: "no-cors" }, ORIGIN)).toBe("network");
    expect(handlingFor({ method: "GET", url: "not a url", mode: "navigate" }, ORIGIN)).toBe("network");
  });
});

describe("the cache of one build", () => {
  it("is named by the build's version; activation drops the other builds' caches only", () => {
    const current = cacheNameFor("abc123");
    expect(isStaleCache(cacheNameFor("old999"), current)).toBe(true);
    expect(isStaleCache(current, current)).toBe(false);
    expect(isStaleCache("otra-app", current)).toBe(false);
  });
});

describe("what a push shows", () => {
  const push = (payload: unknown) => parsePushPayload(JSON.stringify(payload), ORIGIN);

  it("the server's title, body and page", () => {
    expect(push({ title: "Nuevo pedido #A1B2", body: "Ana pidió 2 productos", url: "/Store/1234567890/sales/9" })).toEqual({
      title: "Nuevo pedido #A1B2",
      body: "Ana pidió 2 productos",
      url: "/Store/1234567890/sales/9",
    });
    expect(push({ title: "Pedido", body: "", url: `${ORIGIN}/Store/1/sales?q=A1#x` }).url).toBe("/Store/1/sales?q=A1#x");
  });

  it("a generic 'Nuevo pedido' opening the home when the payload is missing or malformed", () => {
    expect(GENERIC_NOTICE).toEqual({ title: "Nuevo pedido", body: expect.any(String), url: "/" });
    for (const text of [null, undefined, "", "no es json", "null", "42", '"texto"', "[]"])
      expect(parsePushPayload(text, ORIGIN), String(text)).toEqual(GENERIC_NOTICE);
    for (const payload of [{}, { title: 1, body: "b", url: "/" }, { title: "t", url: "/" }, { title: "  ", body: "b", url: "/" }])
      expect(push(payload), JSON.stringify(payload)).toEqual(GENERIC_NOTICE);
  });

  it("opens only this app: another origin, javascript: or a bad url opens the home instead", () => {
    for (const url of ["https://evil.example/", "//evil.example/x", "javascript:alert(1)", "data:text/html,x", "", 7, null])
      expect(push({ title: "Pedido", body: "b", url }).url, String(url)).toBe("/");
    expect(appPath("/Store/1/sales", ORIGIN)).toBe("/Store/1/sales");
    expect(appPath("https://app.vitrina.example.evil.example/", ORIGIN)).toBeNull();
  });

  it("long texts are cut, and one page's notifications replace each other", () => {
    const long = push({ title: "x".repeat(500), body: "y".repeat(5000), url: "/" });
    expect(long.title.length).toBeLessThanOrEqual(120);
    expect(long.body.length).toBeLessThanOrEqual(500);
    expect(notificationTag({ ...GENERIC_NOTICE, url: "/Store/1/sales/2" })).toBe(
      notificationTag({ title: "a", body: "b", url: "/Store/1/sales/2" }),
    );
    expect(notificationTag({ ...GENERIC_NOTICE, url: "/Store/1/sales/2" })).not.toBe(notificationTag(GENERIC_NOTICE));
  });
});

describe("the app's static texts, one for every merchant", () => {
  // What 'vos' would say otherwise ('Revisá', 'Administrá', 'Tenés'): a static file cannot follow the merchant's variant.
  const TU_VERB =
    /\b(Revisa|Administra|Tienes|Puedes|Ábrela|Escribe|Elige|Vuelve|Intenta|Usa|Agrega|Sube|buscas|abriste|escribes|indica)\b/;
  const offline = readFileSync(new URL("../../app/pwa/offline.html", import.meta.url), "utf8").replace(
    /<(script|style)>[\s\S]*?<\/\1>/g,
    "",
  );

  it("the offline page, the manifest and the fallback push are worded with no 'tú' verb", () => {
    for (const text of [offline, webManifest().description, GENERIC_NOTICE.body]) expect(text).not.toMatch(TU_VERB);
  });

  it("so are the error pages, said before any catalog is at hand (the root's error boundary, the outage page)", async () => {
    const outage = await unavailablePage("req-1", new Headers()).text();
    for (const text of [...Object.values(ERROR_PAGE_TEXT), ...Object.values(UNAVAILABLE_TEXT), outage])
      expect(text).not.toMatch(TU_VERB);
    expect(outage).toContain("req-1");
  });
});
