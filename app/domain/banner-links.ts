/**
 * Where a home banner leads when tapped: the whole catalog ('Tienda'), one of the home's sections, or a product's
 * page. Kept as the path under the store (a section as its anchor on the home), checked against the store's own
 * sections and products when saved.
 */
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

/** The banner's address on the public site; a section's anchor is on the home page. */
export function bannerHref(link: string, site: { basePath: string; homeHref: string }): string | null {
  if (!link) return null;
  return link.startsWith("#") ? `${site.homeHref}${link}` : `${site.basePath}${link}`;
}

export const BANNER_LINK_MESSAGE = "Elige a dónde lleva el banner: la tienda, una sección o un producto";
