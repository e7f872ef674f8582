import type { MetaDescriptor } from "react-router";
import { translatorFor } from "~/domain/message-catalogs";
import type { Locale, Translate } from "~/domain/messages";

/** The translator of a page's meta tags (they render outside the page's components): the store's variant. */
export const metaT = (site: { locale: Locale } | undefined): Translate => translatorFor(site?.locale ?? "es");

interface MetaSite {
  name: string;
  canonicalBase: string;
  logo: string | null;
  logoIcon: string | null;
  /** The 192-px icon: a phone's home screen. */
  favicon: string | null;
  /** The 48-px icon: the browser tab, which asks for it on every first visit. */
  tabIcon: string | null;
  shareImage: { src: string; width: number; height: number } | null;
  description: string;
}

/**
 * Title, description, canonical URL, page icon (the store logo), Open Graph and Twitter tags:
 * what WhatsApp, Facebook and search engines read for a link preview.
 */
export function siteMeta(
  site: MetaSite | undefined,
  page: {
    title: string;
    path: string;
    description?: string;
    image?: { src: string; width: number; height: number } | null;
    type?: "website" | "product";
    noindex?: boolean;
  },
): MetaDescriptor[] {
  if (!site) {
    const t = metaT(site);
    return [{ title: t({ id: "site.meta.gone", defaultMessage: "Esta página fue eliminada" }) }];
  }
  const url = `${site.canonicalBase}${page.path}`;
  const description = (page.description || site.description || site.name).replace(/\s+/g, " ").trim().slice(0, 300);
  // The logo's link preview (1200 × 630) when it has one; an older logo's width is not stored, so it names no size.
  const image: { src: string; width?: number; height?: number } | null =
    page.image ?? site.shareImage ?? (site.logo ? { src: site.logo } : null);
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: page.title },
    { property: "og:description", content: description },
    { property: "og:type", content: page.type === "product" ? "product" : "website" },
    { property: "og:url", content: url },
    { property: "og:locale", content: "es_LA" },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: description },
  ];
  if (image) {
    const absolute = `${site.canonicalBase}${image.src}`;
    tags.push({ property: "og:image", content: absolute }, { name: "twitter:image", content: absolute });
    if (image.width && image.height)
      tags.push(
        { property: "og:image:width", content: String(image.width) },
        { property: "og:image:height", content: String(image.height) },
      );
  }
  const icon = site.tabIcon ?? site.favicon ?? site.logoIcon;
  if (icon) tags.push({ tagName: "link", rel: "icon", href: icon });
  if (site.favicon) tags.push({ tagName: "link", rel: "apple-touch-icon", href: site.favicon });
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so text can never close the tag. */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
