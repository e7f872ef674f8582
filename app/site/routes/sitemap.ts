import { sitemapProductsQuery } from "../queries.server";
import { asResource, loadSitePage, productPath } from "../site.server";
import type { Route } from "./+types/sitemap";

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** sitemap.xml of one store: home, Tienda and every product, at the store's canonical address. */
export function loader(args: Route.LoaderArgs) {
  return asResource(async () => {
    const p = await loadSitePage(args, (storeId, db) => [sitemapProductsQuery(db, storeId)]);
    const [rows] = p.page;
    const base = p.site.canonicalBase;
    const lastmod = p.store.updatedAt.toISOString();
    const urls = [
      `<url><loc>${escapeXml(`${base}/`)}</loc><lastmod>${lastmod}</lastmod></url>`,
      `<url><loc>${escapeXml(`${base}/Store`)}</loc><lastmod>${lastmod}</lastmod></url>`,
      ...rows.map((r) => `<url><loc>${escapeXml(`${base}${productPath("", r)}`)}</loc></url>`),
    ];
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
    return new Response(xml, {
      headers: {
        "Content-Type": "application/xml; charset=utf-8",
        ETag: p.cache.ETag,
        "Cache-Control": "public, max-age=0, must-revalidate",
      },
    });
  });
}
