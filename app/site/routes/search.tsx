import type { ReactNode } from "react";
import { data } from "react-router";
import { productCategoryName } from "~/domain/categories";
import { defineMessages } from "~/domain/messages";
import { highlightParts, markedStems, matchExpression, parseSearchQuery, typoExpression, typoSuggestion } from "~/domain/search";
import type { RouteHandle } from "~/root";
import { useT } from "~/ui/messages";
import { siteHeaders } from "../headers";
import { PAGE_SIZE, readListParams, withParams } from "../paging";
import { categoriesQuery, SEARCH_SORTS, type SearchSort, searchCategoriesQuery, searchQuery } from "../queries.server";
import { metaT, siteMeta } from "../seo";
import { FIRST_SCREEN_CARDS, Pager, ProductGrid, SiteShell } from "../shell";
import { cardOf, loadSitePage } from "../site.server";
import type { Route } from "./+types/search";

export const handle: RouteHandle = { hydrate: false };
export const headers = siteHeaders;

const SORT_LABELS = defineMessages<SearchSort>({
  relevancia: { id: "site.search.sort.relevance", defaultMessage: "Relevancia" },
  "precio-asc": { id: "site.search.sort.priceAscending", defaultMessage: "Menor precio" },
  "precio-desc": { id: "site.search.sort.priceDescending", defaultMessage: "Mayor precio" },
  nuevos: { id: "site.search.sort.newest", defaultMessage: "Más nuevos" },
});

const sortOf = (value: string | null): SearchSort =>
  SEARCH_SORTS.includes(value as SearchSort) ? (value as SearchSort) : "relevancia";

/**
 * Full-text search of the store (docs/decisions/0033-full-text-search.md): every word, in the name, description,
 * category, options and SKUs, in its Spanish forms; when nothing matches, the same with one typo forgiven per long
 * word (run only when the exact search found nothing). The results, their categories, the typo results and the
 * store's categories come in one round trip.
 */
export async function loader(args: Route.LoaderArgs) {
  const { page, query, category } = readListParams(args.request);
  const sort = sortOf(new URL(args.request.url).searchParams.get("orden"));
  const parsed = parseSearchQuery(query);
  const limit = page * PAGE_SIZE;
  const exact = parsed ? matchExpression(parsed) : null;
  const typo = parsed ? typoExpression(parsed) : null;
  const p = await loadSitePage(args, (storeId, db) => [
    categoriesQuery(db, storeId),
    ...(exact
      ? [searchQuery(db, storeId, { expression: exact, limit, category, sort }), searchCategoriesQuery(db, storeId, exact)]
      : []),
    ...(exact && typo
      ? [
          searchQuery(db, storeId, { expression: typo, limit, category, sort, unlessFound: exact }),
          searchCategoriesQuery(db, storeId, typo, exact),
        ]
      : []),
  ]);
  const [storeCategories, exactRows = [], exactCategories = [], typoRows = [], typoCategories = []] = p.page as [
    Awaited<ReturnType<typeof categoriesQuery>>,
    ...Array<unknown>,
  ] as [
    Awaited<ReturnType<typeof categoriesQuery>>,
    Awaited<ReturnType<typeof searchQuery>>?,
    Awaited<ReturnType<typeof searchCategoriesQuery>>?,
    Awaited<ReturnType<typeof searchQuery>>?,
    Awaited<ReturnType<typeof searchCategoriesQuery>>?,
  ];
  const exactTotal = exactCategories.reduce((n, c) => n + c.count, 0);
  const usingTypos = parsed !== null && exactTotal === 0 && typoCategories.length > 0;
  const rows = usingTypos ? typoRows : exactRows;
  const found = usingTypos ? typoCategories : exactCategories;
  // Products without a category count in 'Todas' but get no chip of their own.
  const named = found.filter((c) => productCategoryName(c.category) !== undefined);
  const path = `${p.site.basePath}/Search`;
  const { t } = p;
  const q = query.trim();
  const stems = parsed ? markedStems(parsed, usingTypos) : [];
  const suggested =
    parsed && usingTypos
      ? typoSuggestion(
          q,
          parsed,
          rows.slice(0, limit).map((row) => row.name),
        )
      : null;
  return data(
    {
      site: p.site,
      query: q,
      searched: parsed !== null,
      closest: usingTypos,
      // 'camiseta' for 'camisetta': what the closest results' names say, as a search of its own.
      suggestion: suggested ? { text: suggested, href: withParams(path, { q: suggested }) } : null,
      total: found.reduce((n, c) => n + c.count, 0),
      cards: rows.slice(0, limit).map((row) => {
        const card = cardOf(p.site.basePath, p.site, row, p.promotions);
        return { ...card, nameParts: highlightParts(card.name, stems) };
      }),
      nextHref:
        rows.length > limit ? withParams(path, { q, categoria: category, orden: sortParam(sort), pagina: page + 1 }) : null,
      category,
      filters:
        (found.length > 1 && named.length > 0) || category !== null
          ? [
              {
                name: t({ id: "site.catalog.all", defaultMessage: "Todas" }),
                href: withParams(path, { q, orden: sortParam(sort) }),
                current: category === null,
              },
              ...named.map((c) => ({
                name: `${productCategoryName(c.category)} (${c.count})`,
                href: withParams(path, { q, categoria: c.category, orden: sortParam(sort) }),
                current: category === c.category,
              })),
            ]
          : [],
      sorts: SEARCH_SORTS.map((s) => ({
        name: t(SORT_LABELS[s]),
        href: withParams(path, { q, categoria: category, orden: sortParam(s) }),
        current: s === sort,
      })),
      storeCategories: storeCategories.map((c) => ({
        name: productCategoryName(c.category) ?? t({ id: "site.search.otherCategory", defaultMessage: "Otros" }),
        href: withParams(`${p.site.basePath}/Store`, { categoria: c.category }),
      })),
    },
    { headers: p.cache },
  );
}

/** The default order is left out of the address. */
const sortParam = (sort: SearchSort) => (sort === "relevancia" ? null : sort);

export function meta({ loaderData }: Route.MetaArgs) {
  const site = loaderData?.site;
  const t = metaT(site);
  return siteMeta(site, {
    title: loaderData?.query
      ? t(
          { id: "site.search.titleFor", defaultMessage: "Buscar “{query}” | {store}" },
          { query: loaderData.query, store: site?.name },
        )
      : t({ id: "site.search.title", defaultMessage: "Buscar | {store}" }, { store: site?.name ?? "" }),
    path: "/Search",
    noindex: true,
  });
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { site, query, searched, closest, suggestion, total, cards, nextHref, filters, sorts, storeCategories } = loaderData;
  const t = useT();
  return (
    <SiteShell site={site} query={query}>
      <h1>
        {searched
          ? t({ id: "site.search.resultsFor", defaultMessage: "Resultados para “{query}”" }, { query })
          : t({ id: "site.shell.searchLabel", defaultMessage: "Buscar productos" })}
      </h1>
      {!searched ? (
        <p className="empty">
          {t({ id: "site.search.prompt", defaultMessage: "Escribe el nombre de un producto para buscarlo." })}
        </p>
      ) : cards.length === 0 ? (
        <>
          <p className="empty" role="status">
            {t({ id: "site.search.none", defaultMessage: "No encontramos productos para “{query}”." }, { query })}
          </p>
          {storeCategories.length > 0 && (
            <nav
              className="chips"
              aria-label={t({ id: "site.search.storeCategories", defaultMessage: "Categorías de la tienda" })}
            >
              {storeCategories.map((c) => (
                <a key={c.href} href={c.href}>
                  {c.name}
                </a>
              ))}
            </nav>
          )}
        </>
      ) : (
        <>
          <p className="search-count" role="status">
            {closest && t({ id: "site.search.closest", defaultMessage: "No encontramos “{query}”. " }, { query })}
            {closest &&
              (suggestion ? (
                <>
                  {t.rich<ReactNode>(
                    { id: "site.search.suggestion", defaultMessage: "¿Quisiste decir <a>«{suggestion}»</a>?" },
                    {
                      suggestion: suggestion.text,
                      a: (chunks) => (
                        <a key="a" href={suggestion.href}>
                          {chunks}
                        </a>
                      ),
                    },
                  )}{" "}
                </>
              ) : (
                t({ id: "site.search.didYouMean", defaultMessage: "¿Quisiste decir…? " })
              ))}
            {t(
              { id: "site.search.count", defaultMessage: "{count, plural, one {{count} producto} other {{count} productos}}" },
              { count: total },
            )}
          </p>
          {filters.length > 0 && (
            <nav className="chips" aria-label={t({ id: "site.search.filter", defaultMessage: "Filtrar por categoría" })}>
              {filters.map((f) => (
                <a key={f.href} href={f.href} aria-current={f.current ? "page" : undefined}>
                  {f.name}
                </a>
              ))}
            </nav>
          )}
          <nav className="chips sorts" aria-label={t({ id: "site.search.sort", defaultMessage: "Ordenar" })}>
            {sorts.map((s) => (
              <a key={s.href} href={s.href} aria-current={s.current ? "page" : undefined} rel="nofollow">
                {s.name}
              </a>
            ))}
          </nav>
          <ProductGrid
            cards={cards}
            label={t({ id: "site.search.results", defaultMessage: "Resultados" })}
            eager={FIRST_SCREEN_CARDS}
            priority
            list
          />
          <Pager nextHref={nextHref} endText={t({ id: "site.search.end", defaultMessage: "No hay más resultados" })} />
        </>
      )}
    </SiteShell>
  );
}
