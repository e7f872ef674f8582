import { data } from "react-router";
import { productCategoryName } from "~/domain/categories";
import type { RouteHandle } from "~/root";
import { useT } from "~/ui/messages";
import { siteHeaders } from "../headers";
import { PAGE_SIZE, readListParams, withParams } from "../paging";
import { categoriesQuery, productListQuery } from "../queries.server";
import { metaT, siteMeta } from "../seo";
import { FIRST_SCREEN_CARDS, Pager, ProductGrid, SiteShell } from "../shell";
import { cardOf, loadSitePage } from "../site.server";
import type { Route } from "./+types/store-catalog";

export const handle: RouteHandle = { hydrate: false };
export const headers = siteHeaders;

/** Tienda: newest first, 10 at a time; `?pagina=n` shows the first n pages (the no-JS 'Cargar más'). */
export async function loader(args: Route.LoaderArgs) {
  const { page, category } = readListParams(args.request);
  const limit = page * PAGE_SIZE;
  const p = await loadSitePage(args, (storeId, db) => [
    productListQuery(db, storeId, { limit, category }),
    categoriesQuery(db, storeId),
  ]);
  const [rows, categoryRows] = p.page;
  const path = `${p.site.basePath}/Store`;
  return data(
    {
      site: p.site,
      cards: rows.slice(0, limit).map((row) => cardOf(p.site.basePath, p.site, row, p.promotions)),
      nextHref: rows.length > limit ? withParams(path, { categoria: category, pagina: page + 1 }) : null,
      category,
      categories: categoryRows.map((c) => ({
        id: c.category,
        name: productCategoryName(c.category) ?? "Otros",
        href: withParams(path, { categoria: c.category }),
      })),
      allHref: path,
    },
    { headers: p.cache },
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const site = loaderData?.site;
  const category = loaderData?.categories.find((c) => c.id === loaderData.category);
  const t = metaT(site);
  return siteMeta(site, {
    title: t({ id: "site.catalog.title", defaultMessage: "Tienda | {store}" }, { store: site?.name ?? "" }),
    path: withParams("/Store", { categoria: loaderData?.category }),
    description: category
      ? t(
          { id: "site.catalog.categoryDescription", defaultMessage: "{category} en {store}" },
          { category: category.name, store: site?.name },
        )
      : site?.description,
  });
}

export default function StorePage({ loaderData }: Route.ComponentProps) {
  const { site, cards, nextHref, categories, category, allHref } = loaderData;
  const t = useT();
  const productsLabel = t({ id: "site.home.products", defaultMessage: "Productos" });
  return (
    <SiteShell site={site} current="store">
      <h1>{site.storeTitle || t({ id: "site.shell.store", defaultMessage: "Tienda" })}</h1>
      {categories.length > 1 && (
        <nav className="chips" aria-label={t({ id: "site.catalog.categories", defaultMessage: "Categorías" })}>
          <a href={allHref} aria-current={category === null ? "page" : undefined}>
            {t({ id: "site.catalog.all", defaultMessage: "Todas" })}
          </a>
          {categories.map((c) => (
            <a key={c.id} href={c.href} aria-current={category === c.id ? "page" : undefined}>
              {c.name}
            </a>
          ))}
        </nav>
      )}
      {cards.length === 0 ? (
        <p className="empty">{t({ id: "site.catalog.emptyCategory", defaultMessage: "No hay productos en esta categoría." })}</p>
      ) : (
        <>
          <ProductGrid cards={cards} label={productsLabel} eager={FIRST_SCREEN_CARDS} priority list />
          <Pager
            nextHref={nextHref}
            endText={t({ id: "site.catalog.end", defaultMessage: "No hay más productos en la tienda" })}
          />
        </>
      )}
    </SiteShell>
  );
}
