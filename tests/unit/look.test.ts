import { describe, expect, it } from "vitest";
import { bannerHref, bannerTargets, isStoreLink, storeLinkHref } from "~/domain/banner-links";
import { contrast, normalizeHex, ratioText, reachContrast } from "~/domain/colors";
import {
  colorProblems,
  DEFAULT_LOOK,
  isPresetId,
  logoBrandOffers,
  logoColors,
  lookFormSchema,
  lookOfForm,
  lookVariables,
  PRESET_IDS,
  PRESETS,
  paletteOf,
  parseLook,
  presetLabel,
  serializeLook,
  withPreset,
} from "~/domain/look";
import { translatorFor } from "~/domain/message-catalogs";
import { socialMessage, socialProfile, socialUser } from "~/domain/social";

const es = translatorFor("es");

const noWebFonts = () => null;

function formOf(look = DEFAULT_LOOK, changes: Record<string, string> = {}) {
  return {
    ...look.colors,
    font: look.font,
    radius: look.radius,
    cardStyle: look.cardStyle,
    logo: look.header.logo,
    showName: look.header.showName ? "on" : undefined,
    announcementText: look.announcement.text,
    announcementLink: look.announcement.link,
    photo: look.cards.photo,
    perRow: String(look.cards.perRow),
    addButton: look.cards.addButton ? "on" : undefined,
    ...changes,
  };
}

describe("contrast (WCAG 2.2)", () => {
  it("computes the ratios the standard gives", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#ffffff", "#ffffff")).toBe(1);
    expect(contrast("#767676", "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrast("#777777", "#ffffff")).toBeLessThan(4.5);
  });

  it("shows a ratio rounded down, so 4,49 never reads as 4,5", () => {
    expect(ratioText(4.49)).toBe("4,4:1");
    expect(ratioText(3)).toBe("3,0:1");
  });

  it("reads colours as people type them", () => {
    expect(normalizeHex("#ABC")).toBe("#aabbcc");
    expect(normalizeHex("5B3DF5")).toBe("#5b3df5");
    expect(normalizeHex("violeta")).toBeNull();
  });

  it("finds the nearest colour of the same hue that reaches a ratio, darker on light and lighter on dark", () => {
    const onWhite = reachContrast("#aaaaff", "#ffffff", 4.5);
    expect(contrast(onWhite, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    const onBlack = reachContrast("#222266", "#000000", 4.5);
    expect(contrast(onBlack, "#000000")).toBeGreaterThanOrEqual(4.5);
    expect(reachContrast("#000000", "#ffffff", 4.5)).toBe("#000000");
  });
});

describe("an unreadable look is refused with the reason and a fix", () => {
  it("refuses grey text on white, naming the ratio and a colour that passes", () => {
    const problems = colorProblems({ ...DEFAULT_LOOK.colors, background: "#ffffff", text: "#aaaaaa" }, es);
    expect(problems.text).toMatch(
      /^El texto \(#aaaaaa\) no se lee bien sobre el fondo \(#ffffff\): su contraste es 2,3:1 y hace falta al menos 4,5:1\. Prueba con #[0-9a-f]{6}\.$/,
    );
    const fix = problems.text?.match(/Prueba con (#[0-9a-f]{6})/)?.[1] ?? "";
    expect(colorProblems({ ...DEFAULT_LOOK.colors, background: "#ffffff", text: fix }, es)).toEqual({});
  });

  it("says it in the merchant's words: 'Probá con…' for an Argentine merchant", () => {
    const colors = { ...DEFAULT_LOOK.colors, background: "#ffffff", text: "#aaaaaa" };
    const ar = translatorFor("es-AR");
    expect(colorProblems(colors, ar).text).toMatch(/ y hace falta al menos 4,5:1\. Probá con #[0-9a-f]{6}\.$/);
    expect(
      lookFormSchema(ar)
        .safeParse({ brand: "rojo" })
        .error?.issues.find((i) => i.path[0] === "brand")?.message,
    ).toBe("Elegí un color válido (por ejemplo #5b3df5)");
  });

  it("refuses a brand colour or an accent that melts into the background (buttons, badges: 3:1)", () => {
    const problems = colorProblems({ brand: "#ffe680", accent: "#fafafa", background: "#ffffff", text: "#111111" }, es);
    expect(problems.brand).toContain("El color de marca (#ffe680) casi no se distingue del fondo (#ffffff)");
    expect(problems.accent).toContain("El color de acento (#fafafa)");
    expect(problems.text).toBeUndefined();
  });

  it("accepts every preset, and derives colours that stay readable in each", () => {
    for (const id of PRESET_IDS) {
      const { colors } = PRESETS[id].look;
      expect(colorProblems(colors, es), id).toEqual({});
      const p = paletteOf(colors);
      for (const [ink, on] of [
        [p.text, p.surface],
        [p.muted, p.surface],
        [p.onBrand, p.brand],
        [p.onAccent, p.accent],
        [p.brandInk, p.brandSoft],
        [p.brandInk, p.surface],
        [p.danger, p.surface],
        [p.ok, p.background],
      ] as const)
        expect(contrast(ink, on), `${id}: ${ink} on ${on}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe("the look as data", () => {
  it("reads a store from before looks, or an unreadable value, as today's look", () => {
    expect(parseLook("")).toEqual(DEFAULT_LOOK);
    expect(parseLook("{not json")).toEqual(DEFAULT_LOOK);
    expect(parseLook(JSON.stringify({ ...DEFAULT_LOOK, version: 99 }))).toEqual(DEFAULT_LOOK);
    expect(presetLabel(DEFAULT_LOOK, es)).toBe("Clásico");
  });

  it("keeps what was saved", () => {
    const look = withPreset(DEFAULT_LOOK, "oscuro");
    expect(parseLook(serializeLook(look))).toEqual(look);
    expect(look.header).toEqual(DEFAULT_LOOK.header);
  });

  it("takes the form's values, and names the look 'Personalizado' once a colour differs from its preset", () => {
    const dark = withPreset(DEFAULT_LOOK, "oscuro");
    const same = lookOfForm(lookFormSchema(es).parse(formOf(dark)), dark);
    expect(same.preset).toBe("oscuro");
    const changed = lookOfForm(lookFormSchema(es).parse(formOf(dark, { brand: "#00C2A8" })), dark);
    expect(changed.colors.brand).toBe("#00c2a8");
    expect(presetLabel(changed, es)).toBe("Personalizado");
  });

  it("answers bad input with Spanish messages", () => {
    const result = lookFormSchema(es).safeParse(
      formOf(DEFAULT_LOOK, { brand: "violeta", perRow: "5", announcementText: "", announcementLink: "javascript:alert(1)" }),
    );
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error?.issues.map((i) => [i.path.join("."), i.message]) ?? []);
    expect(messages.brand).toBe("Elige un color válido (por ejemplo #5b3df5)");
    expect(messages.perRow).toBe("Elige una de las opciones");
    expect(messages.announcementLink).toMatch(/^El enlace debe ser una página de tu tienda/);
    const link = (announcementLink: string) =>
      lookFormSchema(es).safeParse(formOf(DEFAULT_LOOK, { announcementText: "Envío gratis", announcementLink })).success;
    expect([
      link("/Store"),
      link("https://instagram.com/mitienda"),
      link("//otro-sitio.example"),
      link("http://x.example"),
    ]).toEqual([true, true, false, false]);
  });

  it("takes only its own presets' names, never one every object has", () => {
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"]) {
      expect(isPresetId(name), name).toBe(false);
      expect(presetLabel({ ...DEFAULT_LOOK, preset: name }, es), name).toBe("Personalizado");
    }
    expect(isPresetId("oscuro")).toBe(true);
  });

  it("turns a look into custom properties: the web font first for headings, the system for a pair's body", () => {
    const vars = lookVariables(withPreset(DEFAULT_LOOK, "calido"), (font) => (font === "fraunces" ? "Fraunces Variable" : null));
    expect(vars["--font-head"]).toMatch(/^"Fraunces Variable",system-ui/);
    expect(vars["--font-body"]).toMatch(/^system-ui/);
    expect(vars["--card-shadow"]).not.toBe("none");
    expect(lookVariables(withPreset(DEFAULT_LOOK, "oscuro"), noWebFonts)["color-scheme"]).toBe("dark");
  });
});

describe("colours suggested by a logo", () => {
  it("gives the logo's main colours, most common first, without its white background", () => {
    const pixels = (colors: Array<[number, number, number, number]>) =>
      new Uint8Array(colors.flatMap(([rgb, r, g, b]) => Array.from({ length: rgb }, () => [r, g, b, 255]).flat()));
    const rgba = pixels([
      [600, 255, 255, 255],
      [300, 200, 30, 40],
      [100, 20, 60, 200],
      [50, 0, 0, 0],
    ]);
    expect(logoColors(rgba)).toEqual(["#c81e28", "#143cc8"]);
  });

  it("offers each colour in the nearest shade the brand colour may have on the look's background", () => {
    const light = DEFAULT_LOOK.colors;
    const dark = PRESETS.oscuro.look.colors;
    const offers = logoBrandOffers(["#ffead3", "#5b3df5", "#fff200"], light);
    // A colour that passes stays as it is; one that melts into the background is offered in a darker shade.
    expect(offers.map((o) => o.logo)).toEqual(["#ffead3", "#5b3df5", "#fff200"]);
    expect(offers[1]).toEqual({ logo: "#5b3df5", brand: "#5b3df5" });
    for (const [colors, logos] of [
      [light, ["#ffead3", "#fff200", "#aaaaff", "#ffffff"]],
      [dark, ["#1a1a40", "#202020", "#000000", "#3a1010"]],
    ] as const) {
      for (const { logo, brand } of logoBrandOffers([...logos], colors)) {
        expect(colorProblems({ ...colors, brand }, es), `${logo} on ${colors.background}`).toEqual({});
        expect(brand, logo).not.toBe(logo);
      }
    }
    // On a dark background the shade is lighter, on a light one darker.
    const [onDark] = logoBrandOffers(["#1a1a40"], dark);
    expect(contrast(onDark?.brand ?? "", "#ffffff")).toBeLessThan(contrast("#1a1a40", "#ffffff"));
  });
});

describe("social profiles in the footer", () => {
  it("reads a user name however the merchant pastes it", () => {
    expect(socialUser("instagram", "@mitienda")).toBe("mitienda");
    expect(socialUser("instagram", "https://www.instagram.com/mi.tienda/?hl=es")).toBe("mi.tienda");
    expect(socialUser("instagram", "instagram.com/mi_tienda")).toBe("mi_tienda");
    expect(socialUser("tiktok", "https://www.tiktok.com/@mitienda")).toBe("mitienda");
    expect(socialUser("facebook", "fb.com/MiTienda")).toBe("MiTienda");
    expect(socialUser("facebook", "  ")).toBe("");
  });

  it("refuses another site's address or a name that is not one", () => {
    expect(socialUser("instagram", "https://evil.example/mitienda")).toBeNull();
    expect(socialUser("instagram", "javascript:alert(1)")).toBeNull();
    expect(socialUser("tiktok", "mi tienda")).toBeNull();
    expect(socialMessage("tiktok")).toBe("Escribe tu usuario de TikTok (por ejemplo @mitienda) o el enlace a tu perfil");
  });

  it("links to the network's own address", () => {
    expect(socialProfile("tiktok", "mitienda")).toBe("https://www.tiktok.com/@mitienda");
    expect(socialProfile("instagram", "mi.tienda")).toBe("https://www.instagram.com/mi.tienda");
  });
});

describe("where a banner leads", () => {
  it("offers the catalog, the home's sections and the products, as paths under the store", () => {
    const targets = bannerTargets([{ id: "1234567", title: "Ofertas" }], [{ id: "7654321", name: "Jabón artesanal" }]);
    expect(targets.map((t) => [t.group, t.value])).toEqual([
      ["Páginas", "/Store"],
      ["Secciones", "#s-1234567"],
      ["Productos", "/Product/jabon-artesanal/7654321"],
    ]);
  });

  it("links a section on the home page and the rest under the store, on its own host or under /site", () => {
    const underSite = { basePath: "/site/velas", homeHref: "/site/velas" };
    const ownHost = { basePath: "", homeHref: "/" };
    expect(bannerHref("#s-1234567", underSite)).toBe("/site/velas#s-1234567");
    expect(bannerHref("#s-1234567", ownHost)).toBe("/#s-1234567");
    expect(bannerHref("/Store", ownHost)).toBe("/Store");
    expect(bannerHref("", underSite)).toBeNull();
    // A link saved before the rules were parsed leads nowhere rather than to another site.
    expect(bannerHref("/\\evil.test", ownHost)).toBeNull();
    expect(bannerHref('#x"onclick', ownHost)).toBeNull();
  });
});

describe("links a merchant writes (the announcement's)", () => {
  const leavingTheStore = [
    "/\\evil.test",
    "\\\\evil.test",
    "/%5Cevil.test",
    "/%5cevil.test",
    "/%2F%2Fevil.test",
    "/.//evil.test",
    "//evil.test",
    "///evil.test",
    "https:evil.test",
    "https:/evil.test",
    "https:\\\\evil.test",
    "/\t/evil.test",
    "/\n/evil.test",
    "/Sto\r\nre",
    "https://tienda.exa\tmple.com",
    "java\tscript:alert(1)",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "http://x.example",
    "https://mitienda.com@evil.test",
    "https://localhost/",
    "Store",
    "#top",
    "",
  ];

  it("refuses whatever a browser could read as another site, a script or a page of no store", () => {
    for (const link of leavingTheStore) {
      expect(isStoreLink(link), JSON.stringify(link)).toBe(false);
      expect(storeLinkHref(link, ""), JSON.stringify(link)).toBeNull();
      const form = lookFormSchema(es).safeParse(
        formOf(DEFAULT_LOOK, { announcementText: "Envío gratis", announcementLink: link }),
      );
      if (link !== "") expect(form.success, JSON.stringify(link)).toBe(false);
    }
  });

  it("takes a page of the store, under the store's own address, and an https address as it resolves", () => {
    expect(storeLinkHref("/Store", "")).toBe("/Store");
    expect(storeLinkHref("/Store", "/site/velas")).toBe("/site/velas/Store");
    expect(storeLinkHref("/Product/taza/1234567", "/site/velas")).toBe("/site/velas/Product/taza/1234567");
    expect(storeLinkHref("/Search?q=velas%20rojas#resultados", "")).toBe("/Search?q=velas%20rojas#resultados");
    expect(storeLinkHref("https://instagram.com/mitienda", "")).toBe("https://instagram.com/mitienda");
    expect(storeLinkHref("HTTPS://www.Instagram.com/mi.tienda/?hl=es", "/site/velas")).toBe(
      "https://www.instagram.com/mi.tienda/?hl=es",
    );
    for (const link of ["/Store", "/Product/taza/1234567", "https://instagram.com/mitienda"])
      expect(
        lookFormSchema(es).safeParse(formOf(DEFAULT_LOOK, { announcementText: "Envío gratis", announcementLink: link })).success,
      ).toBe(true);
  });

  it("reads a saved look whose link leaves the store as a look without that link", () => {
    const look = { ...DEFAULT_LOOK, announcement: { text: "Envío gratis", link: "/\\evil.test" } };
    expect(parseLook(serializeLook(look)).announcement).toEqual({ text: "Envío gratis", link: "" });
    const good = { ...DEFAULT_LOOK, announcement: { text: "Envío gratis", link: "/Store" } };
    expect(parseLook(serializeLook(good))).toEqual(good);
  });
});
