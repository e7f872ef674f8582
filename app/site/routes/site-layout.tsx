import { Outlet, useMatches } from "react-router";
import { translatorFor } from "~/domain/message-catalogs";
import { isLocale } from "~/domain/messages";
import type { RouteHandle } from "~/root";
import { MessagesProvider } from "~/ui/messages";
import { codeLinks } from "../code-link.server";
import type { Route } from "./+types/site-layout";

export const handle: RouteHandle = { hydrate: false };

/**
 * Conditional GETs: every public page sends a weak ETag built from the store's version (updatedAt,
 * products, cart cookie, build). A browser or edge cache revalidating with a matching
 * If-None-Match gets an empty 304 instead of the page: the merchant's edits change the ETag.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    const response = (await next()) as Response;
    if ((request.method !== "GET" && request.method !== "HEAD") || response.status !== 200) return response;
    const etag = response.headers.get("ETag");
    const ifNoneMatch = request.headers.get("If-None-Match");
    if (!etag || !ifNoneMatch) return response;
    const matches = ifNoneMatch.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*");
    if (!matches) return response;
    const headers = new Headers();
    for (const name of ["ETag", "Cache-Control", "Vary"]) {
      const value = response.headers.get(name);
      if (value) headers.set(name, value);
    }
    return new Response(null, { status: 304, headers });
  },
  // `?codigo=` on any page: the code into the cart and a 303 to the page without it (decision 0055).
  codeLinks,
];

/** The page's texts speak as the store's country does: every page's loader gives its `site.locale` (decision 0067). */
export default function SiteLayout() {
  const locale = useMatches()
    .map((match) => (match.loaderData as { site?: { locale?: unknown } } | undefined)?.site?.locale)
    .find(isLocale);
  return (
    <MessagesProvider translate={translatorFor(locale ?? "es")}>
      <Outlet />
    </MessagesProvider>
  );
}
