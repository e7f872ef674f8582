import { asResource, loadSitePage } from "../site.server";
import type { Route } from "./+types/robots";

/** robots.txt of one store: everything but the shopper's own pages, and where the sitemap is. */
export function loader(args: Route.LoaderArgs) {
  return asResource(async () => {
    const p = await loadSitePage(args, () => []);
    const b = p.site.basePath;
    const text = [
      "User-agent: *",
      `Allow: ${b || "/"}`,
      `Disallow: ${b}/Cart`,
      `Disallow: ${b}/Checkout`,
      `Disallow: ${b}/Order`,
      `Disallow: ${b}/Search`,
      "",
      `Sitemap: ${p.site.canonicalBase}/sitemap.xml`,
      "",
    ].join("\n");
    return new Response(text, {
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    });
  });
}
