import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { codeShareLinks } from "~/discounts/code-link";
import { CodeLinkShare } from "~/discounts/code-link-share";
import { isServerOnly, pageCatalogFor, translatorFor } from "~/domain/message-catalogs";
import { LOCALES, localeOfAcceptLanguage, localeOfCountry, translatorOfPage } from "~/domain/messages";
import { featureOfPath, pageGroupsOf } from "~/domain/page-groups";
import { shouldRevalidate as shouldRevalidateMessages } from "~/merchant/routes/messages-layout";
import compiledBase from "~/messages/compiled/es";
import NewPromotion from "~/promotions/routes/new-promotion";
import { PageMessagesProvider, useT } from "~/ui/messages";
import { pageMessages } from "~/ui/messages.server";
import { inMerchantVoice } from "../support/messages";

const catalogOf = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../app/messages/${locale}.json`, import.meta.url), "utf8"));

type Element = { type: number; value?: string; options?: Record<string, { value: Element[] }>; children?: Element[] };
const es = compiledBase as unknown as Record<string, Element[]>;

type Sample = string | number | ((chunks: string[]) => string);

/** Values for every argument a compiled message takes: plurals and numbers a number, tags a function, the rest a word. */
function sampleValues(elements: Element[], count: number, out: Record<string, Sample> = {}) {
  for (const element of elements) {
    if (element.value && (element.type === 2 || element.type === 6)) out[element.value] = count;
    else if (element.value && element.type === 8) out[element.value] = (chunks) => `[${chunks.join("")}]`;
    else if (element.value && element.type >= 1 && element.type <= 5) out[element.value] ??= "x";
    for (const option of Object.values(element.options ?? {})) sampleValues(option.value, count, out);
    if (element.children) sampleValues(element.children, count, out);
  }
  return out;
}

describe("the message catalog", () => {
  it("formats every message of every variant, with one and with many", () => {
    for (const locale of LOCALES) {
      const t = translatorFor(locale);
      for (const id of Object.keys(es)) {
        for (const count of [1, 3]) {
          const values = sampleValues(es[id] ?? [], count);
          const text = t.rich<string>({ id, defaultMessage: "" }, values).join("");
          expect(typeof text, `${locale} ${id}`).toBe("string");
          expect(text.length, `${locale} ${id}`).toBeGreaterThan(0);
        }
      }
    }
  });

  it("has an Argentine variant that overrides only ids of the base, each with other words", () => {
    const base = catalogOf("es");
    const argentine = catalogOf("es-AR");
    expect(Object.keys(argentine).length).toBeGreaterThan(0);
    for (const [id, text] of Object.entries(argentine)) {
      expect(base, id).toHaveProperty(id);
      expect(text, id).not.toBe(base[id]);
    }
  });

  it("falls back to the base for what the variant does not override", () => {
    const ar = translatorFor("es-AR");
    expect(ar({ id: "site.shell.whatsapp", defaultMessage: "" })).toBe("Escribinos por WhatsApp");
    expect(translatorFor("es")({ id: "site.shell.whatsapp", defaultMessage: "" })).toBe("Escríbenos por WhatsApp");
    expect(ar({ id: "site.shell.store", defaultMessage: "" })).toBe("Tienda");
  });

  it("formats plurals and selects", () => {
    const t = translatorFor("es");
    const count = { id: "site.search.count", defaultMessage: "" };
    expect(t(count, { count: 1 })).toBe("1 producto");
    expect(t(count, { count: 0 })).toBe("0 productos");
    expect(t(count, { count: 12 })).toBe("12 productos");
    // The count as the code wrote it before the catalog: no thousands separator.
    expect(t(count, { count: 1500 })).toBe("1500 productos");
    const state = { id: "site.order.state", defaultMessage: "" };
    expect(t(state, { state: "Confirmada" })).toBe("Confirmada");
    expect(t(state, { state: "Otra" })).toBe("Otra");
    const byPhone = { id: "site.order.state.byPhone", defaultMessage: "" };
    expect(t(byPhone, { phone: "3001234567" })).toBe(
      "La tienda recibió tu pedido y te contactará al 3001234567 para confirmarlo.",
    );
    expect(t(byPhone, { phone: "none" })).toBe("La tienda recibió tu pedido y te contactará para confirmarlo.");
  });

  it("is what the code says: none missing, none unused, every variant compiles (the extraction check)", () => {
    const out = execFileSync(process.execPath, ["app/messages/check.mjs"], { encoding: "utf8" });
    expect(out).toMatch(/^Message catalog: \d+ messages/);
  });

  it("has no descriptor written inline in a JSX attribute, where the extraction does not see it", () => {
    // Such a message never reaches the catalog, and the page shows its ICU source ('Ya tienes {count} en tu <a>…').
    const inline = spawnSync("grep", ["-rlE", "message=\\{\\{\\s*id:", "app"], { encoding: "utf8" });
    expect(inline.status, "grep ran").not.toBe(2);
    expect(inline.stdout.trim()).toBe("");
  });

  it("speaks with 'vos' in Argentina and Uruguay, for stores and for new visitors' browsers", () => {
    expect(localeOfCountry("AR")).toBe("es-AR");
    expect(localeOfCountry("UY")).toBe("es-AR");
    expect(localeOfCountry("CO")).toBe("es");
    expect(localeOfCountry("MX")).toBe("es");
    expect(localeOfCountry(null)).toBe("es");
    expect(localeOfAcceptLanguage("es-AR,es;q=0.9,en;q=0.8")).toBe("es-AR");
    expect(localeOfAcceptLanguage("en-US,es-UY;q=0.5")).toBe("es-AR");
    expect(localeOfAcceptLanguage("es-MX,es;q=0.9")).toBe("es");
    expect(localeOfAcceptLanguage("en-US")).toBe("es");
    expect(localeOfAcceptLanguage(null)).toBe("es");
  });

  it("sends a merchant page its variant's texts only, which format as the server's catalog does", () => {
    for (const locale of LOCALES) {
      const catalog = pageCatalogFor(locale);
      expect(
        Object.keys(catalog).some((id) => /^(site|email|whatsapp)\./.test(id) || isServerOnly(id)),
        locale,
      ).toBe(false);
      const page = translatorOfPage(locale, catalog);
      const server = translatorFor(locale);
      // Emails are the server's, whichever feature sends them ('team.email.…').
      for (const id of Object.keys(es).filter((id) => !isServerOnly(id))) {
        const values = sampleValues(es[id] ?? [], 3);
        // A page's component gives the base's text as its defaultMessage (the extraction check holds them equal).
        const [only] = es[id] ?? [];
        const message = { id, defaultMessage: es[id]?.length === 1 && only?.type === 0 ? String(only.value) : "" };
        expect(page.rich<string>(message, values).join(""), `${locale} ${id}`).toBe(
          server.rich<string>(message, values).join(""),
        );
      }
    }
    // A base literal is the code's own text and is not sent; the Argentine one is.
    expect(pageCatalogFor("es")).not.toHaveProperty("products.list.empty");
    expect(pageCatalogFor("es-AR")["products.list.empty"]).toBe("Aún no tenés productos. Creá el primero.");
    expect(pageCatalogFor("es")).toHaveProperty("products.list.count");
  });

  it("sends a page outside the merchant layouts only its own features' texts", () => {
    for (const locale of LOCALES) {
      const all = pageCatalogFor(locale);
      const { catalog } = pageMessages(locale, ["auth"]);
      expect(Object.keys(catalog).every((id) => id.startsWith("auth."))).toBe(true);
      expect(catalog).toEqual(Object.fromEntries(Object.entries(all).filter(([id]) => id.startsWith("auth."))));
      expect(pageMessages(locale).catalog).toBe(all);
    }
    // A neutral sign-in text that is one literal is the code's own (not sent): only those with arguments or tags go.
    const neutral = Object.values(pageMessages("es", ["auth"]).catalog);
    expect(neutral.length).toBeGreaterThan(0);
    expect(neutral.every((message) => typeof message !== "string")).toBe(true);
    expect(pageMessages("es-AR", ["auth"]).catalog).toHaveProperty(["auth.hero.cta"], "Creá tu tienda gratis");
  });

  it("never answers a page with a translator made from another page's catalog of the same variant", () => {
    const summary = {
      id: "products.import.summary",
      defaultMessage:
        "{creates, plural, one {{creates} producto se creará} other {{creates} productos se crearán}} y {updates, plural, one {{updates} se actualizará} other {{updates} se actualizarán}}.",
    };
    function Summary() {
      return createElement("p", null, useT()(summary, { creates: 1, updates: 2 }));
    }
    const render = (messages: ReturnType<typeof pageMessages>) =>
      renderToStaticMarkup(createElement(PageMessagesProvider, { messages }, createElement(Summary)));
    for (const locale of LOCALES) {
      // A sign-in page (its own texts only: a product's text is not among them) first, then a merchant page with them
      // all: as a server answers them.
      expect(() => render(pageMessages(locale, ["auth"]))).toThrow("products.import.summary is not in this page's catalog");
      expect(render(pageMessages(locale)), locale).toBe("<p>1 producto se creará y 2 se actualizarán.</p>");
    }
  });

  it("counts a merchant's products, results and free places in words", () => {
    const t = translatorFor("es");
    const count = { id: "products.list.count", defaultMessage: "" };
    expect(t(count, { count: 1 })).toBe("1 producto");
    expect(t(count, { count: 40 })).toBe("40 productos");
    const results = { id: "products.list.resultCount", defaultMessage: "" };
    expect(t(results, { count: 1, query: "none" })).toBe(" · 1 resultado");
    expect(t(results, { count: 2, query: "taza" })).toBe(" · 2 resultados para “taza”");
    const summary = { id: "products.import.summary", defaultMessage: "" };
    expect(t(summary, { creates: 1, updates: 0 })).toBe("1 producto se creará y 0 se actualizarán.");
    expect(translatorFor("es-AR")({ id: "sections.add.free", defaultMessage: "" }, { count: 1 })).toBe(
      "Esta sección tiene 1 espacio disponible.",
    );
  });

  it("speaks 'vos' on the growth pages (discounts, promotions, design, social selling, ads, statistics) and in their buyers' WhatsApp texts", () => {
    const links = { link: "https://ana.vitrina.app/?codigo=HOLA", whatsappHref: "#", qr: { png: "#", svg: "#" }, active: true };
    const page = (locale: "es" | "es-AR") =>
      renderToStaticMarkup(inMerchantVoice(locale, createElement(CodeLinkShare, { code: "HOLA", links })));
    expect(page("es")).toContain("ya aplicado en su carrito: compártelo en tus historias");
    expect(page("es-AR")).toContain("ya aplicado en su carrito: compartilo en tus historias");
    const store = { id: "1", url: "ana", name: "Ana", currency: "ARS", country: "AR", customHost: null };
    const code = { id: 7, code: "HOLA", kind: "percent" as const, value: 10, active: true };
    const config = { APP_ORIGIN: "https://vitrina.app", STORES_DOMAIN: "vitrina.app" };
    const whatsapp = (country: string) =>
      decodeURIComponent(codeShareLinks(config, { ...store, country }, code).whatsappHref.split("text=")[1] ?? "");
    expect(whatsapp("AR")).toMatch(/^¡10 % de descuento en Ana con el código HOLA! Entrá acá y ya queda aplicado: https:/);
    expect(whatsapp("MX")).toContain("! Entra aquí y ya queda aplicado: https:");
    const ar = translatorFor("es-AR");
    const es = translatorFor("es");
    const said = (id: string, values?: Record<string, string | number>) => [
      es({ id, defaultMessage: "" }, values),
      ar({ id, defaultMessage: "" }, values),
    ];
    expect(said("promotions.list.empty")).toEqual(["Aún no tienes promociones.", "Aún no tenés promociones."]);
    expect(said("looks.notice.saved")).toEqual([
      "Mira la vista previa y, cuando te guste, publícalo.",
      "Mirá la vista previa y, cuando te guste, publicalo.",
    ]);
    expect(said("conversions.chooseIntent")).toEqual(["Elige qué guardar", "Elegí qué guardar"]);
    expect(ar.rich({ id: "feeds.meta.step4", defaultMessage: "" }, { b: (c: string[]) => `*${c.join("")}*` }).join("")).toBe(
      "Elegí *Feed de datos* y luego *Feed programado*.",
    );
    const results = (orders: number) => said("promotions.list.results", { orders, count: String(orders), revenue: "$ 0" });
    expect(results(1)[1]).toBe("1 pedido · $ 0 en ventas");
    expect(results(1500)[0]).toBe("1500 pedidos · $ 0 en ventas");
    expect(said("stats.sources.empty")).toEqual(Array(2).fill("Todavía no hay visitas en este período."));
  });
});

describe("the merchant pages' catalog in the browser", () => {
  const revalidates = (from: string, to: string, formAction?: string) =>
    shouldRevalidateMessages({
      currentUrl: new URL(from, "http://localhost"),
      nextUrl: new URL(to, "http://localhost"),
      formAction,
      defaultShouldRevalidate: true,
    } as Parameters<typeof shouldRevalidateMessages>[0]);
  const revalidatesAfter = (formAction: string | undefined) =>
    revalidates("/Store/1234567890/products", "/Store/1234567890/products", formAction);

  it("knows each merchant page's feature from its path, as the router matches it", () => {
    expect(featureOfPath("/")).toBe("merchant");
    expect(featureOfPath("/Store/1234567890/products")).toBe("products");
    expect(featureOfPath("/Store/1234567890/products/new")).toBe("products");
    expect(featureOfPath("/Store/1234567890/products/77/photos")).toBe("products");
    expect(featureOfPath("/Store/1234567890/products/poco-stock")).toBe("stock-alerts");
    expect(featureOfPath("/store/1234567890/PRODUCTS/")).toBe("products");
    expect(featureOfPath("/Store/1234567890/sales/5")).toBe("sales");
    expect(featureOfPath("/Store/1234567890/section/3/new/product")).toBe("sections");
    expect(featureOfPath("/Store/1234567890")).toBe("stores");
    expect(featureOfPath("/plans")).toBe("billing");
    expect(featureOfPath("/Store/1234567890/nowhere")).toBe(null);
    // A navigation's data request, as its loaders are given it.
    expect(featureOfPath("/Store/1234567890/sales/5.data")).toBe("sales");
    expect(featureOfPath("/Store/1234567890/products.csv")).toBe("products");
    expect(featureOfPath("/_.data")).toBe("merchant");
    // A page's groups: its feature's, and the layouts' above it (the store's tabs, the menus); not another feature's.
    const products = pageGroupsOf("/Store/1234567890/products/new");
    expect(products).toEqual(expect.arrayContaining(["products", "variants", "merchant", "workspace", "ui"]));
    expect(products).not.toContain("team");
    expect(products).not.toContain("stats");
    expect(pageGroupsOf("/Store/1234567890/products")).toBe(products);
    expect(pageGroupsOf("/")).not.toContain("products");
    // A path no merchant route answers gets every group rather than a page missing some.
    expect(pageGroupsOf("/Store/1234567890/nowhere")).toEqual(expect.arrayContaining([...products, "team", "stats"]));
  });

  it("sends a merchant page its feature's messages only, and a message of another feature fails rather than read neutral", () => {
    const messages = pageMessages("es-AR", pageGroupsOf("/Store/1234567890/products"));
    expect(messages.catalog).toHaveProperty(["products.list.empty"], "Aún no tenés productos. Creá el primero.");
    expect(Object.keys(messages.catalog).some((id) => id.startsWith("team."))).toBe(false);
    expect(Object.keys(messages.catalog).length).toBeLessThan(Object.keys(pageCatalogFor("es-AR")).length / 2);
    const t = translatorOfPage(messages.locale, messages.catalog, messages.groups, true);
    expect(t({ id: "products.list.empty", defaultMessage: "Aún no tienes productos. Crea el primero." })).toBe(
      "Aún no tenés productos. Creá el primero.",
    );
    expect(() => t({ id: "team.invite.title", defaultMessage: "Invitar" })).toThrow(
      "team.invite.title is not in this page's catalog",
    );
  });

  it("fetches a feature's messages on a navigation into it, none on a navigation inside it", () => {
    expect(revalidates("/Store/1234567890/products", "/Store/1234567890/sections")).toBe(true);
    expect(revalidates("/", "/Store/1234567890/products")).toBe(true);
    expect(revalidates("/Store/1234567890/products", "/Store/1234567890/products/new")).toBe(false);
    expect(revalidates("/Store/1234567890/products/new", "/Store/1234567890/products/77")).toBe(false);
    expect(revalidates("/Store/1234567890/sections", "/Store/1234567890/section/4/new/product")).toBe(false);
    expect(revalidates("/Store/1234567890/sales", "/Store/1234567890/sales/9")).toBe(false);
    // An action whose answer sends the merchant to another feature (a new store to its page) fetches it too.
    expect(revalidates("/newStore", "/Store/1234567890/products", "/newStore")).toBe(true);
  });

  it("comes once: navigations, filters and ordinary actions never fetch it again", () => {
    expect(revalidatesAfter(undefined)).toBe(false);
    expect(revalidatesAfter("/Store/1234567890/products/new")).toBe(false);
    expect(revalidatesAfter("/Store/1234567890/sales?view=today")).toBe(false);
  });

  it("comes again after what can change the merchant's variant: a new store, a store's country or its deletion", () => {
    expect(revalidatesAfter("/newStore")).toBe(true);
    expect(revalidatesAfter("/Store/1234567890/info")).toBe(true);
    expect(revalidatesAfter("/Store/1234567890/info?index")).toBe(true);
  });

  it("keeps the growth pages' server texts out of the merchant's catalog, and their pages say them from the loader", () => {
    const catalog = pageCatalogFor("es-AR");
    for (const id of [
      "looks.refusal.textContrast",
      "promotions.offer.bundle",
      "discounts.notice.savedText",
      "promotions.refusal.limit",
    ])
      expect(catalog, id).not.toHaveProperty([id]);
    expect(catalog).toHaveProperty(["promotions.list.empty"], "Aún no tenés promociones.");
    const loaderData = { storeId: "1", currency: "ARS", canAdd: false, full: "Tu tienda ya tiene 50 promociones, el máximo." };
    const Page = createRoutesStub([
      {
        path: "/",
        Component: () =>
          createElement(NewPromotion, { loaderData, actionData: undefined, params: {}, matches: [] } as unknown as Parameters<
            typeof NewPromotion
          >[0]),
      },
    ]);
    const html = renderToStaticMarkup(
      createElement(PageMessagesProvider, { messages: pageMessages("es-AR") }, createElement(Page)),
    );
    expect(html).toContain("Tu tienda ya tiene 50 promociones, el máximo.");
    expect(html).not.toContain("{");
  });
});
