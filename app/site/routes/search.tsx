import { data } from "react-router";
import { searchPattern } from "~/domain/search";
import type { RouteHandle } from "~/root";
import { siteHeaders } from "../headers";
import { PAGE_SIZE, readListParams, withParams } from "../paging";
import { productListQuery } from "../queries.server";
import { siteMeta } from "../seo";
import { Pager, ProductGrid, SiteShell } from "../shell";
import { cardOf, loadSitePage } from "../site.server";
import type { Route } from "./+types/search";

export const handle: RouteHandle = { hydrate: false };
export const headers = siteHeaders;

/** Accent- and case-insensitive search on the start of any word of the name (domain/search.ts). */
export async function loader(args: Route.LoaderArgs) {
  const { page, query } = readListParams(args.request);
  const pattern = searchPattern(query);
  const limit = page * PAGE_SIZE;
  const p = await loadSitePage(args, (storeId, db) => [productListQuery(db, storeId, { limit: pattern ? limit : 0, pattern })]);
  const [rows] = p.page;
  const results = pattern ? rows : [];
  return data(
    {
      site: p.site,
      query: query.trim(),
      searched: pattern !== null,
      cards: results.slice(0, limit).map((row) => cardOf(p.site.basePath, p.site.currency, row)),
      nextHref: results.length > limit ? withParams(`${p.site.basePath}/Search`, { q: query.trim(), pagina: page + 1 }) : null,
    },
    { headers: p.cache },
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const site = loaderData?.site;
  return siteMeta(site, {
    title: loaderData?.query ? `Buscar “${loaderData.query}” | ${site?.name}` : `Buscar | ${site?.name ?? ""}`,
    path: "/Search",
    noindex: true,
  });
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { site, query, searched, cards, nextHref } = loaderData;
  return (
    <SiteShell site={site} query={query}>
      <h1>{searched ? `Resultados para “${query}”` : "Buscar productos"}</h1>
      {!searched ? (
        <p className="empty">Escribe el nombre de un producto para buscarlo.</p>
      ) : cards.length === 0 ? (
        <p className="empty" role="status">
          No encontramos productos para “{query}”.
        </p>
      ) : (
        <>
          <ProductGrid cards={cards} label="Resultados" eager={2} priority list />
          <Pager nextHref={nextHref} endText="No hay más resultados" />
        </>
      )}
    </SiteShell>
  );
}
