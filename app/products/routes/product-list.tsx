import { Form, Link } from "react-router";
import { cardPrice, cardPriceText, PRODUCT_FILTERS, type ProductFilter, VISIBILITY_LABELS } from "~/domain/catalog";
import { productCategoryName } from "~/domain/categories";
import { defineMessages } from "~/domain/messages";
import { fileUrl } from "~/services/files";
import { useT } from "~/ui/messages";
import { ownedStoreContext } from "~/workspace/context.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { merchantPlanLimits } from "~/workspace/plan-limits.server";
import { FILTER_PARAMS, PRODUCT_PAGE, productListParams } from "../list-params";
import { productListReads } from "../page-reads.server";
import { listedProducts } from "../products.server";
import type { Route } from "./+types/product-list";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: storePageTitle(t({ id: "products.pageTitle.list", defaultMessage: "Productos" }), matches) }];
};

/** Each filter's link text. */
/** Products whose photo a phone shows without scrolling (two rows of two). */
const FIRST_ROW = 4;

const FILTER_LABELS = defineMessages<ProductFilter>({
  all: { id: "products.list.filter.all", defaultMessage: "Todos" },
  published: { id: "products.list.filter.published", defaultMessage: "Publicados" },
  hidden: { id: "products.list.filter.hidden", defaultMessage: "Ocultos" },
});

function listHref(base: string, params: { q?: string; filter?: ProductFilter; limit?: number }) {
  const search = new URLSearchParams();
  if (params.q) search.set("q", params.q);
  const estado = params.filter ? FILTER_PARAMS[params.filter] : null;
  if (estado) search.set("estado", estado);
  if (params.limit) search.set("limit", String(params.limit));
  const qs = search.toString();
  return qs ? `${base}?${qs}` : base;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const { query, limit, filter } = productListParams(new URL(request.url).searchParams);
  const { rows, total, all, hidden } = listedProducts(await readPage(context, productListReads, { request, params }));
  const plan = merchantPlanLimits(context);
  return {
    storeId: store.id,
    query,
    limit,
    filter,
    total,
    all,
    hidden,
    productLimit: plan.products,
    products: rows.map((p) => {
      const shown = cardPrice(p, store);
      return {
        id: p.id,
        name: p.name,
        // The price as the store's cards show it, and the old price struck through (no badge in this list).
        price: cardPriceText(shown),
        compareAt: shown.offer?.compareAt ?? null,
        published: p.published,
        stock: p.stock,
        // Units pending orders hold: in stock still, but no longer for sale.
        reserved: p.reserved,
        lowStock: p.mark === 1,
        category: productCategoryName(p.category) ?? null,
        image: p.imageKey ? fileUrl(p.imageKey) : null,
      };
    }),
  };
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { storeId, products, query, total, all, hidden, productLimit, limit, filter } = loaderData;
  const base = `/Store/${storeId}/products`;
  const t = useT();
  const searchLabel = t({ id: "products.list.searchLabel", defaultMessage: "Buscar productos" });
  return (
    <section>
      <div className="toolbar">
        <Form method="get" role="search" className="search-form">
          {filter !== "all" && <input type="hidden" name="estado" value={FILTER_PARAMS[filter] ?? ""} />}
          <label htmlFor="q" className="visually-hidden">
            {searchLabel}
          </label>
          <input id="q" name="q" type="search" defaultValue={query} placeholder={searchLabel} />
          <button type="submit" className="button secondary">
            {t({ id: "products.list.search", defaultMessage: "Buscar" })}
          </button>
        </Form>
        <Link to={`${base}/new`} className="button">
          {t({ id: "products.list.new", defaultMessage: "Nuevo producto" })}
        </Link>
      </div>
      <nav className="toolbar-links" aria-label={t({ id: "products.list.spreadsheetLabel", defaultMessage: "Hoja de cálculo" })}>
        <a href={`/Store/${storeId}/products.csv`} className="button secondary" download>
          {t({ id: "products.list.exportCsv", defaultMessage: "Exportar CSV" })}
        </a>
        <Link to={`${base}/import`} className="button secondary">
          {t({ id: "products.list.importCsv", defaultMessage: "Importar CSV" })}
        </Link>
      </nav>
      <nav className="toolbar-links" aria-label={t({ id: "products.list.stockAlertsLabel", defaultMessage: "Avisos de stock" })}>
        <Link to={`${base}/poco-stock`} className="button secondary">
          {t({ id: "products.list.lowStockAlert", defaultMessage: "Aviso de poco stock" })}
        </Link>
      </nav>
      <p className="muted" data-testid="product-count">
        {productLimit === null
          ? t(
              { id: "products.list.count", defaultMessage: "{count, plural, one {{count} producto} other {{count} productos}}" },
              { count: all },
            )
          : t(
              { id: "products.list.countOfLimit", defaultMessage: "{count} de {limit} productos" },
              { count: String(all), limit: String(productLimit) },
            )}
        {hidden > 0 &&
          t(
            {
              id: "products.list.hiddenCount",
              defaultMessage: " ({count, plural, one {{count} oculto} other {{count} ocultos}})",
            },
            { count: hidden },
          )}
        {(query || filter !== "all") &&
          t(
            {
              id: "products.list.resultCount",
              defaultMessage:
                " · {count, plural, one {{count} resultado} other {{count} resultados}}{query, select, none {} other { para “{query}”}}",
            },
            { count: total, query: query || "none" },
          )}
      </p>
      <nav className="filters" aria-label={t({ id: "products.list.filtersLabel", defaultMessage: "Filtrar por visibilidad" })}>
        {PRODUCT_FILTERS.map((f) => (
          <Link key={f} to={listHref(base, { q: query, filter: f })} aria-current={f === filter ? "page" : undefined}>
            {t(FILTER_LABELS[f])}
          </Link>
        ))}
      </nav>
      {products.length === 0 ? (
        <p>
          {query || filter !== "all"
            ? t({ id: "products.list.noMatch", defaultMessage: "No hay productos que coincidan con tu búsqueda." })
            : t({ id: "products.list.empty", defaultMessage: "Aún no tienes productos. Crea el primero." })}
        </p>
      ) : (
        <ul className="product-grid" aria-label={t({ id: "products.list.gridLabel", defaultMessage: "Productos" })}>
          {products.map((p, index) => (
            <li key={p.id}>
              <Link to={`${base}/${p.id}`} className="product-card">
                {p.image ? (
                  // The first rows are on screen at once: asked for with the page, the first one first, not after layout.
                  <img
                    src={p.image}
                    alt=""
                    height={120}
                    loading={index < FIRST_ROW ? "eager" : "lazy"}
                    fetchPriority={index === 0 ? "high" : undefined}
                  />
                ) : (
                  <span className="image-placeholder" />
                )}
                <strong>{p.name}</strong>
                <span>
                  {p.price}
                  {p.compareAt && (
                    <>
                      {" "}
                      <s className="muted">
                        <span className="visually-hidden">
                          {t({ id: "products.list.previousPrice", defaultMessage: "Precio anterior: " })}
                        </span>
                        {p.compareAt}
                      </s>
                    </>
                  )}
                </span>
                <span className="muted">
                  {t(
                    { id: "products.list.stock", defaultMessage: "Stock: {stock} · Reservado: {reserved}" },
                    { stock: String(p.stock), reserved: String(p.reserved) },
                  )}
                  {p.category && ` · ${p.category}`}
                </span>
                {(!p.published || p.stock - p.reserved < 1 || p.lowStock) && (
                  <span className="status-tags">
                    {!p.published && <span className="tag hidden-tag">{VISIBILITY_LABELS.hidden}</span>}
                    {p.stock < 1 ? (
                      <span className="tag">{t({ id: "products.list.soldOut", defaultMessage: "Agotado" })}</span>
                    ) : (
                      p.stock - p.reserved < 1 && (
                        <span className="tag">{t({ id: "products.list.allReserved", defaultMessage: "Todo reservado" })}</span>
                      )
                    )}
                    {p.lowStock && p.stock - p.reserved > 0 && (
                      <span className="tag low-stock-tag" data-low-stock="">
                        {t({ id: "products.list.lowStock", defaultMessage: "Poco stock" })}
                      </span>
                    )}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {total > limit && (
        <Link className="button secondary" to={listHref(base, { q: query, filter, limit: limit + PRODUCT_PAGE })}>
          {t({ id: "products.list.more", defaultMessage: "Ver más productos" })}
        </Link>
      )}
    </section>
  );
}
