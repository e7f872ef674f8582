/**
 * A store's look as the public page paints it: custom properties for the page's one stylesheet, the browser's
 * `theme-color`, and the attributes of the page's wrapper (app/styles/site.css reads the layout ones). Nothing
 * is emitted for the 'Clásico' look: its values are the stylesheet's own.
 *
 * The web font is not in the stylesheet: the site's script loads it once the page has loaded (at once on later
 * pages, from the cache) and then puts it first in the font stacks, so its bytes never compete with the page's
 * largest picture on a slow network. Until then, and without JavaScript, the system font shows.
 */
import frauncesUrl from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";
import interUrl from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import nunitoUrl from "@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2?url";
import playfairUrl from "@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2?url";
import groteskUrl from "@fontsource-variable/space-grotesk/files/space-grotesk-latin-wght-normal.woff2?url";
import { FONTS, type FontId, hasPresetStyle, type Look, lookVariables } from "~/domain/look";

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

export function lookView(look: Look) {
  const font = FONTS[look.font];
  const fontHref = fontFileOf(look.font);
  let css = "";
  if (!hasPresetStyle(look, "clasico")) {
    // System stacks until the script has the web font: a family the page cannot load yet is never looked up.
    const vars = lookVariables(look, () => null);
    css = `:root{${Object.entries(vars)
      .map(([name, value]) => `${name}:${value}`)
      .join(";")}}`;
  }
  const webFont =
    css && fontHref && font.family
      ? { "data-font": font.family, "data-font-src": fontHref, "data-font-for": font.headingsOnly ? "head" : "all" }
      : {};
  return {
    css,
    themeColor: look.colors.brand,
    header: look.header,
    announcement: look.announcement.text ? look.announcement : null,
    cards: look.cards,
    attrs: {
      "data-logo": look.header.logo,
      "data-cols": String(look.cards.perRow),
      "data-photo": look.cards.photo,
      ...webFont,
    },
  };
}
export type LookView = ReturnType<typeof lookView>;
