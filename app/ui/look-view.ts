/**
 * A store's look as the public page paints it: custom properties and the web font's face for the page's one
 * stylesheet, the font file to preload, the browser's `theme-color` and the layout attributes of the page's
 * wrapper (app/styles/site.css reads them). Nothing is emitted for the 'Clásico' look: its values are the
 * stylesheet's own.
 */
import frauncesUrl from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";
import interUrl from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import nunitoUrl from "@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2?url";
import playfairUrl from "@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2?url";
import groteskUrl from "@fontsource-variable/space-grotesk/files/space-grotesk-latin-wght-normal.woff2?url";
import { DEFAULT_LOOK, FONTS, type FontId, type Look, lookVariables } from "~/domain/look";

/** Latin, Latin-1 and the punctuation and symbols Spanish text uses: the characters the subset files hold. */
const LATIN_RANGE =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";

const FONT_FILES: Record<NonNullable<(typeof FONTS)[FontId]["file"]>, string> = {
  inter: interUrl,
  nunito: nunitoUrl,
  fraunces: frauncesUrl,
  playfair: playfairUrl,
  grotesk: groteskUrl,
};

/** The web font file of a font pair, or null for the system's. */
export function fontFileOf(font: FontId): string | null {
  const file = FONTS[font].file;
  return file ? FONT_FILES[file] : null;
}

function isClassic(look: Look): boolean {
  const d = DEFAULT_LOOK;
  return (
    look.font === d.font &&
    look.radius === d.radius &&
    look.cardStyle === d.cardStyle &&
    JSON.stringify(look.colors) === JSON.stringify(d.colors)
  );
}

export function lookView(look: Look) {
  const font = FONTS[look.font];
  const fontHref = fontFileOf(look.font);
  let css = "";
  if (!isClassic(look)) {
    const vars = lookVariables(look, (id) => FONTS[id].family);
    css = `:root{${Object.entries(vars)
      .map(([name, value]) => `${name}:${value}`)
      .join(";")}}`;
    if (fontHref && font.family)
      css += `@font-face{font-family:"${font.family}";font-style:normal;font-display:swap;font-weight:100 900;src:url(${fontHref}) format("woff2");unicode-range:${LATIN_RANGE}}`;
  }
  return {
    css,
    fontHref: css ? fontHref : null,
    themeColor: look.colors.brand,
    header: look.header,
    announcement: look.announcement.text ? look.announcement : null,
    cards: look.cards,
    attrs: {
      "data-logo": look.header.logo,
      "data-cols": String(look.cards.perRow),
      "data-photo": look.cards.photo,
    },
  };
}
export type LookView = ReturnType<typeof lookView>;
