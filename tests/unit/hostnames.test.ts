// 'Dominio propio' (docs/decisions/0061-custom-domains.md): what a merchant may type, the provider's answer in the
// store's words, the back-off, which requests move to the own hostname, and how a Host is routed.
import { describe, expect, it } from "vitest";
import {
  HOSTNAME_FAILURES,
  HOSTNAME_MESSAGES,
  HOSTNAME_STATE_TEXT,
  hostnameProblem,
  hostnameStateOf,
  isApexHostname,
  movesToOwnHost,
  nextCheckMinutes,
  normalizeHostname,
} from "~/domain/hostnames";
import { translatorFor } from "~/domain/message-catalogs";
import { feedUrl } from "~/feeds/feed-links";
import { orderPageUrl } from "~/orders/order-links";
import { parseConfig, publicStoreUrl } from "~/services/config";
import { publicPageCacheKey } from "~/site/edge-cache";
import { customHostFromHost, ownHostOf, routeStoreHost } from "~/site/tenant";

const PRODUCTION = { appHost: "app.vitrina.example", storesDomain: "tiendas.vitrina.example", production: true };

describe("the hostname a merchant types", () => {
  it("is kept lower case, without scheme, path, trailing dot, in its ASCII form", () => {
    expect(normalizeHostname(" https://WWW.MiTienda.com/productos?x=1 ")).toBe("www.mitienda.com");
    expect(normalizeHostname("www.mitienda.com.")).toBe("www.mitienda.com");
    expect(normalizeHostname("www.alfajoresdelaabuela.com.ar")).toBe("www.alfajoresdelaabuela.com.ar");
    expect(normalizeHostname("www.café.com")).toBe("www.xn--caf-dma.com");
  });

  it("is not a hostname when it is one word, an IP address, has spaces, a port, an address or bad labels", () => {
    for (const typed of [
      "",
      "mitienda",
      "1.2.3.4",
      "[::1]",
      "www.mi tienda.com",
      "www.mitienda.com:8080",
      "ana@mitienda.com",
      "-x.com",
      "x..com",
    ])
      expect([typed, normalizeHostname(typed)]).toEqual([typed, null]);
  });

  it("may not be the platform's, under it, a well-known one or one that never resolves", () => {
    expect(hostnameProblem("app.vitrina.example", PRODUCTION)).toBe(HOSTNAME_MESSAGES.platform);
    expect(hostnameProblem("vitrina.example", PRODUCTION)).toBe(HOSTNAME_MESSAGES.platform);
    expect(hostnameProblem("www.vitrina.example", PRODUCTION)).toBe(HOSTNAME_MESSAGES.platform);
    expect(hostnameProblem("demo.tiendas.vitrina.example", PRODUCTION)).toBe(HOSTNAME_MESSAGES.platform);
    expect(hostnameProblem("tienda.mercadolibre.com.ar", PRODUCTION)).toBe(HOSTNAME_MESSAGES.wellKnown);
    expect(hostnameProblem("www.instagram.com", PRODUCTION)).toBe(HOSTNAME_MESSAGES.wellKnown);
    expect(hostnameProblem("tienda.local", PRODUCTION)).toBe(HOSTNAME_MESSAGES.reserved);
    expect(hostnameProblem("www.tienda-prueba.test", PRODUCTION)).toBe(HOSTNAME_MESSAGES.reserved);
    expect(hostnameProblem("www.tienda-prueba.test", { ...PRODUCTION, production: false })).toBeNull();
    expect(hostnameProblem("www.mitienda.com", PRODUCTION)).toBeNull();
    // A name that only ends like a well-known one is the merchant's.
    expect(hostnameProblem("www.nogoogle.com", PRODUCTION)).toBeNull();
  });

  it("is an apex (no CNAME at most registrars) when it is the registered domain itself", () => {
    expect(isApexHostname("mitienda.com")).toBe(true);
    expect(isApexHostname("alfajoresdelaabuela.com.ar")).toBe(true);
    expect(isApexHostname("www.mitienda.com")).toBe(false);
    expect(isApexHostname("www.alfajoresdelaabuela.com.ar")).toBe(false);
  });
});

describe("the provider's answer", () => {
  it("is read as waiting for DNS, verifying, issuing, active or a failure with what to do", () => {
    expect(hostnameStateOf({ status: "pending", sslStatus: "initializing" })).toEqual({ state: "pending", failure: null });
    expect(hostnameStateOf({ status: "pending", sslStatus: "pending_validation" })).toEqual({ state: "pending", failure: null });
    expect(hostnameStateOf({ status: "active", sslStatus: "pending_validation" })).toEqual({ state: "verifying", failure: null });
    expect(hostnameStateOf({ status: "active", sslStatus: "pending_issuance" })).toEqual({ state: "issuing", failure: null });
    expect(hostnameStateOf({ status: "active", sslStatus: "pending_deployment" })).toEqual({ state: "issuing", failure: null });
    expect(hostnameStateOf({ status: "active", sslStatus: "active" })).toEqual({ state: "active", failure: null });
    // The hostname is active before its certificate: not served yet, or shoppers would get a TLS error.
    expect(hostnameStateOf({ status: "pending", sslStatus: "active" }).state).toBe("pending");
    expect(hostnameStateOf({ status: "blocked", sslStatus: "active" })).toEqual({ state: "failed", failure: "blocked" });
    expect(hostnameStateOf({ status: "moved", sslStatus: "active" })).toEqual({ state: "failed", failure: "missing" });
    expect(hostnameStateOf({ status: "pending", sslStatus: "validation_timed_out" })).toEqual({
      state: "failed",
      failure: "certificate",
    });
  });

  it("is asked again after 1, 2, 4 … minutes, never more than an hour apart", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50].map(nextCheckMinutes)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });
});

describe("requests for a store with its own hostname", () => {
  it("move to it on GETs of public pages, not the cart, checkout, orders, a POST or the look's preview", () => {
    expect(movesToOwnHost({ method: "GET", subPath: "", preview: false })).toBe(true);
    expect(movesToOwnHost({ method: "GET", subPath: "/Product/taza/1234567?variante=2", preview: false })).toBe(true);
    expect(movesToOwnHost({ method: "HEAD", subPath: "/sitemap.xml", preview: false })).toBe(true);
    for (const subPath of ["/Cart", "/Checkout", "/Order", "/Order/1234567890?t=x", "/carrito/recuperar/abc"])
      expect([subPath, movesToOwnHost({ method: "GET", subPath, preview: false })]).toEqual([subPath, false]);
    expect(movesToOwnHost({ method: "POST", subPath: "/Store", preview: false })).toBe(false);
    expect(movesToOwnHost({ method: "GET", subPath: "/?vista-previa=x", preview: true })).toBe(false);
  });

  it("build their public address on it", () => {
    const config = { APP_ORIGIN: "https://app.vitrina.example", STORES_DOMAIN: "tiendas.vitrina.example" };
    expect(publicStoreUrl(config, { url: "demo", customHost: "www.mitienda.com" })).toBe("https://www.mitienda.com/");
    expect(publicStoreUrl(config, { url: "demo", customHost: null })).toBe("https://demo.tiendas.vitrina.example/");
    expect(publicStoreUrl(config, "demo")).toBe("https://demo.tiendas.vitrina.example/");
    expect(orderPageUrl(config, { url: "demo", customHost: "www.mitienda.com" }, "1234567890", "t")).toBe(
      "https://www.mitienda.com/Order/1234567890?t=t",
    );
    expect(feedUrl(config, { url: "demo", customHost: "www.mitienda.com" }, "google")).toMatch(
      /^https:\/\/www\.mitienda\.com\/feed\.xml/,
    );
  });
});

describe("a Host that is no subdomain of the platform", () => {
  const APP = "https://app.vitrina.example";
  const DOMAIN = "tiendas.vitrina.example";

  it("is an own hostname unless it is the app's, the stores' domain, an IP address or localhost", () => {
    expect(customHostFromHost("WWW.MiTienda.com:443", DOMAIN, APP)).toBe("www.mitienda.com");
    expect(customHostFromHost("app.vitrina.example", DOMAIN, APP)).toBeNull();
    expect(customHostFromHost("demo.tiendas.vitrina.example", DOMAIN, APP)).toBeNull();
    expect(customHostFromHost("tiendas.vitrina.example", DOMAIN, APP)).toBeNull();
    expect(customHostFromHost("127.0.0.1:3000", DOMAIN, APP)).toBeNull();
    expect(customHostFromHost("localhost:3000", "localhost", "http://localhost:3000")).toBeNull();
    expect(customHostFromHost("demo.localhost", undefined, "http://localhost:3000")).toBeNull();
    expect(customHostFromHost("[::1]:3000", DOMAIN, APP)).toBeNull();
  });

  it("is routed to /site/{hostname}, /site/ paths included (never another store's), assets and files as they are", () => {
    const route = (url: string) => {
      const host = new URL(url).host;
      const r = routeStoreHost(new Request(url, { headers: { host } }), DOMAIN, APP);
      return [new URL(r.request.url).pathname, r.storeSlug];
    };
    expect(route("https://www.mitienda.com/")).toEqual(["/site/www.mitienda.com", "www.mitienda.com"]);
    expect(route("https://www.mitienda.com/Store")).toEqual(["/site/www.mitienda.com/Store", "www.mitienda.com"]);
    expect(route("https://www.mitienda.com/site/otra")).toEqual(["/site/www.mitienda.com/site/otra", "www.mitienda.com"]);
    expect(route("https://www.mitienda.com/assets/a.js")).toEqual(["/assets/a.js", "www.mitienda.com"]);
    expect(route("https://app.vitrina.example/site/demo")).toEqual(["/site/demo", null]);
    expect(ownHostOf("www.mitienda.com", "www.mitienda.com")).toBe("www.mitienda.com");
    expect(ownHostOf("demo", "demo")).toBeNull();
    expect(ownHostOf(null, "www.mitienda.com")).toBeNull();
  });

  it("is cached at the edge under its own host", () => {
    const get = (url: string) => new Request(url, { headers: { host: new URL(url).host } });
    expect(publicPageCacheKey(get("https://www.mitienda.com/Store"), DOMAIN, APP)).toBe("www.mitienda.com/Store");
    expect(publicPageCacheKey(get("https://www.mitienda.com/Cart"), DOMAIN, APP)).toBeNull();
  });
});

describe("the settings", () => {
  const base = { RUNTIME: "node", APP_ORIGIN: "http://localhost:3000", DATABASE_URL: "file:x.db" };
  it("use the stand-in locally, Cloudflare with a token and zone (and the CNAME target), nothing in production without", () => {
    expect(parseConfig(base)).toMatchObject({ customHostnamesProvider: "stand-in", customHostnameTarget: "dominios.localhost" });
    const zone = "0123456789abcdef0123456789abcdef";
    expect(() => parseConfig({ ...base, CLOUDFLARE_API_TOKEN: "t" })).toThrow(/CLOUDFLARE_ZONE_ID/);
    expect(() => parseConfig({ ...base, CLOUDFLARE_API_TOKEN: "t", CLOUDFLARE_ZONE_ID: zone })).toThrow(/CUSTOM_HOSTNAME_TARGET/);
    expect(
      parseConfig({
        ...base,
        CLOUDFLARE_API_TOKEN: "t",
        CLOUDFLARE_ZONE_ID: zone,
        CUSTOM_HOSTNAME_TARGET: "dominios.vitrina.example",
      }),
    ).toMatchObject({ customHostnamesProvider: "cloudflare", customHostnameTarget: "dominios.vitrina.example" });
  });
});

describe("what a hostname's state says to the merchant", () => {
  it("speaks the merchant's variant: 'vos' for a store in Argentina, the neutral words otherwise", () => {
    const [es, ar] = [translatorFor("es"), translatorFor("es-AR")];
    expect(es(HOSTNAME_STATE_TEXT.failed.hint)).toBe("Revisa los registros de abajo, quita el dominio y vuelve a agregarlo.");
    expect(ar(HOSTNAME_STATE_TEXT.failed.hint)).toBe("Revisá los registros de abajo, quitá el dominio y volvé a agregarlo.");
    expect(ar(HOSTNAME_STATE_TEXT.pending.label)).toBe("Esperando los registros DNS");
    expect(ar(HOSTNAME_FAILURES.blocked)).toBe("El proveedor de certificados bloqueó este dominio. Escribinos para revisarlo.");
  });
});
