/**
 * Where a merchant's links lead. A home banner leads to the whole catalog ('Tienda'), one of the home's sections,
 * or a product's page: kept as the path under the store (a section as its anchor on the home), checked against the
 * store's own sections and products when saved. The announcement's link is typed: a page of the store or an https
 * address, read by the URL parser as a browser reads it.
 */
import { defineMessage } from "./messages";
import { slugify } from "./slug";

export interface BannerTarget {
  value: string;
  label: string;
  group: "Páginas" | "Secciones" | "Productos";
}

/** A product page's path under its store: `/Product/{slug of its name}/{id}`. */
export const productSubpath = (product: { id: string; name: string }) =>
  `/Product/${slugify(product.name) || "producto"}/${product.id}`;

const sectionAnchor = (sectionId: string) => `#s-${sectionId}`;

/** Every place a banner of this store may lead, for the banner's select. */
export function bannerTargets(
  sections: Array<{ id: string; title: string }>,
  products: Array<{ id: string; name: string }>,
): BannerTarget[] {
  return [
    { value: "/Store", label: "Tienda: todos los productos", group: "Páginas" },
    ...sections.map((s) => ({ value: sectionAnchor(s.id), label: s.title, group: "Secciones" as const })),
    ...products.map((p) => ({ value: productSubpath(p), label: p.name, group: "Productos" as const })),
  ];
}

/** Any origin stands for the store's own: a path must resolve on it, never on another host. */
const STORE_ORIGIN = "https://tienda.invalid";

/**
 * Browsers drop tabs and line breaks from an address and read a backslash as '/', so '/\evil.test' or
 * '/\t/evil.test' would be another site: any space, control character or backslash refuses the link.
 */
function hasUnsafeCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f || code === 0x5c || /\s/.test(text.charAt(i))) return true;
  }
  return false;
}

/**
 * The href the public page writes for a link the merchant typed, or null when it may not be used: a path of the
 * store ('/Store', '/Product/…'), put under the store's `basePath` ('' on its own host, '/site/{slug}' on the
 * platform's), or an https address of a named host, as the URL parser resolves them. Anything a browser could read
 * as another site than the store's (a protocol-relative '//host', 'https:host', an encoded backslash), a script
 * or an address with a user name in it is refused.
 */
export function storeLinkHref(link: string, basePath: string): string | null {
  if (link.length > 300 || hasUnsafeCharacter(link)) return null;
  let url: URL;
  if (link.startsWith("/")) {
    try {
      url = new URL(link, STORE_ORIGIN);
    } catch {
      return null;
    }
    if (url.origin !== STORE_ORIGIN) return null;
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return null;
    }
    // '/.//host' resolves to the path '//host', and an encoded '\\' or '//' is one once a server decodes it.
    if (path.startsWith("//") || hasUnsafeCharacter(path)) return null;
    return `${basePath}${url.pathname}${url.search}${url.hash}`;
  }
  // 'https:host' is another site alone but a path of the page's own host next to it: only 'https://' is clear.
  if (!/^https:\/\//i.test(link)) return null;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username !== "" || url.password !== "" || !url.hostname.includes(".")) return null;
  return url.href;
}

export const isStoreLink = (link: string) => storeLinkHref(link, "") !== null;

const SECTION_ANCHOR = /^#s-[\w-]+$/;

/** The banner's address on the public site; a section's anchor is on the home page. */
export function bannerHref(link: string, site: { basePath: string; homeHref: string }): string | null {
  if (!link) return null;
  if (link.startsWith("#")) return SECTION_ANCHOR.test(link) ? `${site.homeHref}${link}` : null;
  return link.startsWith("/") ? storeLinkHref(link, site.basePath) : null;
}

export const BANNER_LINK_MESSAGE = defineMessage({
  id: "stores.refusal.bannerLink",
  defaultMessage: "Elige a dónde lleva el banner: la tienda, una sección o un producto",
});
