/**
 * A store's look ('Diseño'): colours, fonts, corners, cards, header and the announcement bar, kept as a
 * validated, versioned JSON on the store and turned into CSS custom properties and a few attributes of the
 * public page. Presets are complete looks; 'Clásico' is the look every store had before looks existed.
 */
import { z } from "zod";
import { isStoreLink } from "./banner-links";
import { contrast, HEX_COLOR, inkOn, isDark, mix, normalizeHex, ratioText, reachContrast } from "./colors";
import { defineMessage, defineMessages, type MessageDescriptor, type Translate } from "./messages";

const LOOK_VERSION = 1;

/** The public page's parameter that carries the store's preview secret: the page shows the draft look. */
export const LOOK_PREVIEW_PARAM = "vista";

/** WCAG 2.2 AA: text, and the parts of controls (buttons, badges, fields) that say what they are. */
const TEXT_CONTRAST = 4.5;
const CONTROL_CONTRAST = 3;

const SYSTEM_STACK = 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif';

/**
 * Font pairs: headings and body. Each uses at most one web font (a Latin-subset variable WOFF2 served by the
 * platform itself), so a page preloads at most one file; 'Sistema' loads none.
 */
export const FONTS = {
  sistema: {
    label: defineMessage({ id: "looks.font.sistema", defaultMessage: "Sistema" }),
    hint: defineMessage({ id: "looks.font.sistemaHint", defaultMessage: "La letra del teléfono: la más rápida" }),
    file: null,
    family: null,
    headingsOnly: false,
  },
  inter: {
    label: defineMessage({ id: "looks.font.inter", defaultMessage: "Inter" }),
    hint: defineMessage({ id: "looks.font.interHint", defaultMessage: "Moderna y muy legible" }),
    file: "inter",
    family: "Inter Variable",
    headingsOnly: false,
  },
  nunito: {
    label: defineMessage({ id: "looks.font.nunito", defaultMessage: "Nunito" }),
    hint: defineMessage({ id: "looks.font.nunitoHint", defaultMessage: "Redondeada y amable" }),
    file: "nunito",
    family: "Nunito Variable",
    headingsOnly: false,
  },
  fraunces: {
    label: defineMessage({ id: "looks.font.fraunces", defaultMessage: "Fraunces + Sistema" }),
    hint: defineMessage({ id: "looks.font.frauncesHint", defaultMessage: "Títulos con serifa, cálidos" }),
    file: "fraunces",
    family: "Fraunces Variable",
    headingsOnly: true,
  },
  playfair: {
    label: defineMessage({ id: "looks.font.playfair", defaultMessage: "Playfair Display + Sistema" }),
    hint: defineMessage({ id: "looks.font.playfairHint", defaultMessage: "Títulos elegantes, de boutique" }),
    file: "playfair",
    family: "Playfair Display Variable",
    headingsOnly: true,
  },
  grotesk: {
    label: defineMessage({ id: "looks.font.grotesk", defaultMessage: "Space Grotesk + Sistema" }),
    hint: defineMessage({ id: "looks.font.groteskHint", defaultMessage: "Títulos audaces" }),
    file: "grotesk",
    family: "Space Grotesk Variable",
    headingsOnly: true,
  },
} as const;
export type FontId = keyof typeof FONTS;
const FONT_IDS = Object.keys(FONTS) as [FontId, ...FontId[]];

const RADII = { recto: "3px", suave: "10px", redondo: "18px" } as const;
const RADIUS_LABELS = defineMessages<"recto" | "suave" | "redondo">({
  recto: { id: "looks.radius.square", defaultMessage: "Rectas" },
  suave: { id: "looks.radius.soft", defaultMessage: "Suaves" },
  redondo: { id: "looks.radius.round", defaultMessage: "Redondeadas" },
});
const CUSTOM = defineMessage({ id: "looks.preset.custom", defaultMessage: "Personalizado" });
const CARD_STYLES = ["borde", "sombra", "plano"] as const;

const colorsSchema = z.object({
  brand: z.string().regex(HEX_COLOR),
  accent: z.string().regex(HEX_COLOR),
  background: z.string().regex(HEX_COLOR),
  text: z.string().regex(HEX_COLOR),
});
export type LookColors = z.infer<typeof colorsSchema>;

const lookSchema = z.object({
  version: z.literal(LOOK_VERSION),
  preset: z.string().max(20),
  colors: colorsSchema,
  font: z.enum(FONT_IDS),
  radius: z.enum(["recto", "suave", "redondo"]),
  cardStyle: z.enum(CARD_STYLES),
  header: z.object({ logo: z.enum(["izquierda", "centro"]), showName: z.boolean() }),
  // A link saved before links were parsed as browsers read them, and that leaves the store, is dropped.
  announcement: z.object({
    text: z.string().max(100),
    link: z
      .string()
      .max(300)
      .refine((v) => v === "" || isStoreLink(v))
      .catch(""),
  }),
  cards: z.object({
    photo: z.enum(["cuadrada", "vertical"]),
    perRow: z.union([z.literal(2), z.literal(3)]),
    addButton: z.boolean(),
  }),
});
export type Look = z.infer<typeof lookSchema>;

type PresetLook = Pick<Look, "colors" | "font" | "radius" | "cardStyle">;

/** The designed looks, each complete; picking one keeps the store's header, announcement and cards. */
export const PRESETS = {
  clasico: {
    label: defineMessage({ id: "looks.preset.clasico", defaultMessage: "Clásico" }),
    look: {
      colors: { brand: "#5b3df5", accent: "#b3261e", background: "#fafafa", text: "#1d1d1f" },
      font: "sistema",
      radius: "suave",
      cardStyle: "borde",
    },
  },
  limpio: {
    label: defineMessage({ id: "looks.preset.limpio", defaultMessage: "Limpio" }),
    look: {
      colors: { brand: "#111111", accent: "#c0392b", background: "#ffffff", text: "#111111" },
      font: "inter",
      radius: "recto",
      cardStyle: "plano",
    },
  },
  audaz: {
    label: defineMessage({ id: "looks.preset.audaz", defaultMessage: "Audaz" }),
    look: {
      colors: { brand: "#d7001f", accent: "#1d3fd1", background: "#ffffff", text: "#0a0a0a" },
      font: "grotesk",
      radius: "recto",
      cardStyle: "borde",
    },
  },
  calido: {
    label: defineMessage({ id: "looks.preset.calido", defaultMessage: "Cálido" }),
    look: {
      colors: { brand: "#a4471f", accent: "#2f6b3a", background: "#fbf5ee", text: "#3b2a20" },
      font: "fraunces",
      radius: "suave",
      cardStyle: "sombra",
    },
  },
  oscuro: {
    label: defineMessage({ id: "looks.preset.oscuro", defaultMessage: "Oscuro" }),
    look: {
      colors: { brand: "#f5b700", accent: "#ff7a6b", background: "#121212", text: "#f2f2f2" },
      font: "inter",
      radius: "suave",
      cardStyle: "borde",
    },
  },
  pastel: {
    label: defineMessage({ id: "looks.preset.pastel", defaultMessage: "Pastel" }),
    look: {
      colors: { brand: "#a23b72", accent: "#2a7f8f", background: "#fff7fb", text: "#3a2c3a" },
      font: "nunito",
      radius: "redondo",
      cardStyle: "sombra",
    },
  },
  boutique: {
    label: defineMessage({ id: "looks.preset.boutique", defaultMessage: "Boutique" }),
    look: {
      colors: { brand: "#1f3a32", accent: "#9c6b30", background: "#f7f4ef", text: "#1c1c1c" },
      font: "playfair",
      radius: "recto",
      cardStyle: "plano",
    },
  },
} as const satisfies Record<string, { label: MessageDescriptor; look: PresetLook }>;
export type PresetId = keyof typeof PRESETS;
export const PRESET_IDS = Object.keys(PRESETS) as PresetId[];
export const isPresetId = (value: string): value is PresetId => Object.hasOwn(PRESETS, value);

/** Today's look of every store: the 'Clásico' preset, logo left with the name, square cards, no announcement. */
export const DEFAULT_LOOK: Look = {
  version: LOOK_VERSION,
  preset: "clasico",
  ...structuredClone(PRESETS.clasico.look),
  header: { logo: "izquierda", showName: true },
  announcement: { text: "", link: "" },
  cards: { photo: "cuadrada", perRow: 2, addButton: false },
};

/** A preset applied over a look: its colours, fonts, corners and cards; the rest stays. */
export function withPreset(look: Look, preset: PresetId): Look {
  return { ...look, preset, ...structuredClone(PRESETS[preset].look) };
}

/** The stored JSON as a look: empty (a store from before looks) or unreadable gives today's look. */
export function parseLook(json: string | null | undefined): Look {
  if (!json) return DEFAULT_LOOK;
  try {
    const parsed = lookSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : DEFAULT_LOOK;
  } catch {
    return DEFAULT_LOOK;
  }
}

export const serializeLook = (look: Look): string => JSON.stringify(look);

/** The look page's texts its form and actions say (descriptors: the merchant's translator says them). */
export const LOOK_MESSAGES = defineMessages({
  color: { id: "looks.refusal.color", defaultMessage: "Elige un color válido (por ejemplo #5b3df5)" },
  choice: { id: "looks.refusal.choice", defaultMessage: "Elige una de las opciones" },
  announcementText: { id: "looks.refusal.announcementText", defaultMessage: "El anuncio puede tener hasta 100 caracteres" },
  announcementLink: {
    id: "looks.refusal.announcementLink",
    defaultMessage: "El enlace debe ser una página de tu tienda (empieza con /) o una dirección https://",
  },
  announcementLinkWithoutText: {
    id: "looks.refusal.announcementLinkWithoutText",
    defaultMessage: "Escribe el texto del anuncio para poner su enlace",
  },
  saved: { id: "looks.notice.draftSaved", defaultMessage: "Borrador guardado" },
  published: { id: "looks.notice.lookPublished", defaultMessage: "Diseño publicado" },
  discarded: { id: "looks.notice.draftDiscarded", defaultMessage: "Borrador descartado" },
  unreadable: { id: "looks.refusal.unreadable", defaultMessage: "Hay colores que no se leen bien: revisa los avisos" },
  textContrast: {
    id: "looks.refusal.textContrast",
    defaultMessage:
      "El texto ({text}) no se lee bien sobre el fondo ({background}): su contraste es {ratio} y hace falta al menos {least}. Prueba con {fix}.",
  },
  brandContrast: {
    id: "looks.refusal.brandContrast",
    defaultMessage:
      "El color de marca ({color}) casi no se distingue del fondo ({background}): su contraste es {ratio} y los botones y etiquetas necesitan al menos {least}. Prueba con {fix}.",
  },
  accentContrast: {
    id: "looks.refusal.accentContrast",
    defaultMessage:
      "El color de acento ({color}) casi no se distingue del fondo ({background}): su contraste es {ratio} y los botones y etiquetas necesitan al menos {least}. Prueba con {fix}.",
  },
});

const checkbox = z.preprocess((v) => v === "on" || v === "1" || v === "true", z.boolean());

/** The look page's form (every field named as here), checked before the colours' contrast; refusals in `t`'s words. */
export function lookFormSchema(t: Translate) {
  const color = z.string().transform((value, ctx) => {
    const hex = normalizeHex(value);
    if (!hex) {
      ctx.addIssue({ code: "custom", message: t(LOOK_MESSAGES.color) });
      return z.NEVER;
    }
    return hex;
  });
  const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
    z.enum(values, { error: t(LOOK_MESSAGES.choice) });
  return z
    .object({
      brand: color,
      accent: color,
      background: color,
      text: color,
      font: choice(FONT_IDS),
      radius: choice(["recto", "suave", "redondo"]),
      cardStyle: choice(CARD_STYLES),
      logo: choice(["izquierda", "centro"]),
      showName: checkbox,
      announcementText: z.string().trim().max(100, t(LOOK_MESSAGES.announcementText)).default(""),
      announcementLink: z
        .string()
        .trim()
        .max(300, t(LOOK_MESSAGES.announcementLink))
        .refine((v) => v === "" || isStoreLink(v), t(LOOK_MESSAGES.announcementLink))
        .default(""),
      photo: choice(["cuadrada", "vertical"]),
      perRow: z.enum(["2", "3"], { error: t(LOOK_MESSAGES.choice) }).transform(Number),
      addButton: checkbox,
    })
    .refine((f) => f.announcementLink === "" || f.announcementText !== "", {
      path: ["announcementText"],
      message: t(LOOK_MESSAGES.announcementLinkWithoutText),
    });
}
type LookForm = z.infer<ReturnType<typeof lookFormSchema>>;

/** The form's values as a look; the preset name stays only while its colours, font, corners and cards do. */
export function lookOfForm(form: LookForm, previous: Look): Look {
  const look: Look = {
    version: LOOK_VERSION,
    preset: previous.preset,
    colors: { brand: form.brand, accent: form.accent, background: form.background, text: form.text },
    font: form.font,
    radius: form.radius,
    cardStyle: form.cardStyle,
    header: { logo: form.logo, showName: form.showName },
    announcement: { text: form.announcementText, link: form.announcementText ? form.announcementLink : "" },
    cards: { photo: form.photo, perRow: form.perRow as 2 | 3, addButton: form.addButton },
  };
  return { ...look, preset: matchingPreset(look) ?? "propio" };
}

/** The part of a look a preset sets: its colours, font pair, corners and card style. */
const styleOf = (look: PresetLook) =>
  JSON.stringify({ colors: look.colors, font: look.font, radius: look.radius, cardStyle: look.cardStyle });

/** Whether a look paints as the preset does (its header, announcement and cards aside). */
export const hasPresetStyle = (look: Look, preset: PresetId) => styleOf(look) === styleOf(PRESETS[preset].look);

function matchingPreset(look: Look): PresetId | null {
  return PRESET_IDS.find((id) => hasPresetStyle(look, id)) ?? null;
}

export const presetLabel = (look: Look, t: Translate): string => t(isPresetId(look.preset) ? PRESETS[look.preset].label : CUSTOM);
export const radiusLabel = (radius: Look["radius"], t: Translate) => t(RADIUS_LABELS[radius]);

/** The colours every page paints, derived from the merchant's four so that each pair stays readable. */
export function paletteOf(colors: LookColors) {
  const { brand, accent, background, text } = colors;
  const dark = isDark(background);
  const surface = dark ? mix(background, text, 0.06) : mix(background, "#ffffff", 0.7);
  const brandSoft = mix(surface, brand, 0.12);
  return {
    background,
    text,
    surface,
    line: mix(surface, text, 0.1),
    field: mix(surface, text, 0.3),
    muted: reachContrast(mix(text, background, 0.3), surface, TEXT_CONTRAST),
    brand,
    onBrand: inkOn(brand),
    brandSoft,
    brandInk: reachContrast(reachContrast(brand, brandSoft, TEXT_CONTRAST), surface, TEXT_CONTRAST),
    accent,
    onAccent: inkOn(accent),
    danger: reachContrast(reachContrast("#b3261e", surface, TEXT_CONTRAST), background, TEXT_CONTRAST),
    ok: reachContrast(reachContrast("#176b3a", surface, TEXT_CONTRAST), background, TEXT_CONTRAST),
    dark,
  };
}

export type ColorField = keyof LookColors;

/**
 * Why the colours cannot be published, per field, in `t`'s words with a fix that passes: text on the background and
 * on the cards at 4.5:1; the brand colour (buttons, the cart badge) and the accent (offer badges) against the
 * background at 3:1. Empty when every pair is readable.
 */
export function colorProblems(colors: LookColors, t: Translate): Partial<Record<ColorField, string>> {
  const problems: Partial<Record<ColorField, string>> = {};
  const { surface } = paletteOf(colors);
  const textRatio = Math.min(contrast(colors.text, colors.background), contrast(colors.text, surface));
  if (textRatio < TEXT_CONTRAST) {
    const fix = reachContrast(reachContrast(colors.text, colors.background, TEXT_CONTRAST), surface, TEXT_CONTRAST);
    problems.text = t(LOOK_MESSAGES.textContrast, {
      text: colors.text,
      background: colors.background,
      ratio: ratioText(textRatio),
      least: ratioText(TEXT_CONTRAST),
      fix,
    });
  }
  for (const field of ["brand", "accent"] as const) {
    const ratio = contrast(colors[field], colors.background);
    if (ratio >= CONTROL_CONTRAST) continue;
    const fix = readableControl(colors[field], colors.background);
    problems[field] = t(field === "brand" ? LOOK_MESSAGES.brandContrast : LOOK_MESSAGES.accentContrast, {
      color: colors[field],
      background: colors.background,
      ratio: ratioText(ratio),
      least: ratioText(CONTROL_CONTRAST),
      fix,
    });
  }
  return problems;
}

/** A brand or accent colour, or its nearest shade that stands out from the background as buttons and badges must. */
const readableControl = (color: string, background: string) => reachContrast(color, background, CONTROL_CONTRAST);

/**
 * The logo's colours as the brand colour each can be over these colours: itself when it passes `colorProblems` (stands out
 * from the background as buttons must),
 * else its nearest shade that does (a pale logo colour on a light background comes darker); never one the draft
 * would refuse, each shade once.
 */
export function logoBrandOffers(logo: readonly string[], colors: LookColors): Array<{ logo: string; brand: string }> {
  const offers: Array<{ logo: string; brand: string }> = [];
  for (const color of logo) {
    const brand = readableControl(color, colors.background);
    if (contrast(brand, colors.background) < CONTROL_CONTRAST || offers.some((o) => o.brand === brand)) continue;
    offers.push({ logo: color, brand });
  }
  return offers;
}

/** The custom properties of a look, for the page's one stylesheet (`:root{…}`). */
export function lookVariables(look: Look, fontFamily: (font: FontId) => string | null): Record<string, string> {
  const p = paletteOf(look.colors);
  const webFont = fontFamily(look.font);
  const body = webFont && !FONTS[look.font].headingsOnly ? `"${webFont}",${SYSTEM_STACK}` : SYSTEM_STACK;
  const head = webFont ? `"${webFont}",${SYSTEM_STACK}` : SYSTEM_STACK;
  return {
    "--bg": p.background,
    "--text": p.text,
    "--surface": p.surface,
    "--line": p.line,
    "--field": p.field,
    "--muted": p.muted,
    "--brand": p.brand,
    "--on-brand": p.onBrand,
    "--brand-soft": p.brandSoft,
    "--brand-ink": p.brandInk,
    "--accent": p.accent,
    "--on-accent": p.onAccent,
    "--danger": p.danger,
    "--ok": p.ok,
    "--radius": RADII[look.radius],
    "--card-border": look.cardStyle === "borde" ? "var(--line)" : "transparent",
    "--card-shadow": look.cardStyle === "sombra" ? `0 2px 10px rgba(0,0,0,${p.dark ? ".5" : ".08"})` : "none",
    "--card-bg": look.cardStyle === "plano" ? "transparent" : p.surface,
    "--font-body": body,
    "--font-head": head,
    "color-scheme": p.dark ? "dark" : "light",
  };
}

/**
 * Colours a logo suggests: the most common clearly coloured tones of its pixels (RGBA), most common first,
 * each distinct from the others; white, black and greys (a logo's background, its outlines) are left out.
 */
export function logoColors(rgba: Uint8Array, count = 4): string[] {
  const buckets = new Map<number, { n: number; r: number; g: number; b: number }>();
  const step = Math.max(1, Math.floor(rgba.length / 4 / 20_000)) * 4;
  for (let i = 0; i + 3 < rgba.length; i += step) {
    const r = rgba[i] as number;
    const g = rgba[i + 1] as number;
    const b = rgba[i + 2] as number;
    if ((rgba[i + 3] as number) < 128) continue;
    if (Math.max(r, g, b) - Math.min(r, g, b) < 40) continue;
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const bucket = buckets.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
    bucket.n++;
    bucket.r += r;
    bucket.g += g;
    bucket.b += b;
    buckets.set(key, bucket);
  }
  const chosen: Array<[number, number, number]> = [];
  for (const bucket of [...buckets.values()].sort((x, y) => y.n - x.n)) {
    const c: [number, number, number] = [bucket.r / bucket.n, bucket.g / bucket.n, bucket.b / bucket.n];
    if (chosen.every((o) => Math.hypot(o[0] - c[0], o[1] - c[1], o[2] - c[2]) > 60)) chosen.push(c);
    if (chosen.length === count) break;
  }
  return chosen.map((c) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`);
}
