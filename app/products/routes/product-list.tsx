import { Form, Link } from "react-router";
import { cardPrice, cardPriceText, PRODUCT_FILTERS, type ProductFilter, VISIBILITY_LABELS } from "~/domain/catalog";
import { productCategoryName } from "~/domain/categories";
import { counted } from "~/domain/words";
import { fileUrl } from "~/services/files";
import { getServices } from "~/services/services";
import { lowStockMark } from "~/stock-alerts/stock-alerts.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { storePageTitle } from "~/workspace/page-titles";
import { merchantPlanLimits } from "~/workspace/plan-limits.server";
import { listProducts } from "../products.server";
import type { Route } from "./+types/product-list";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: storePageTitle("Productos", matches) }];

const PAGE = 60;

/** The filter as the URL names it (`?estado=publicados`), and its link text. */
const FILTER_PARAMS: Record<ProductFilter, string | null> = { all: null, published: "publicados", hidden: "ocultos" };
const FILTER_LABELS: Record<ProductFilter, string> = { all: "Todos", published: "Publicados", hidden: "Ocultos" };
const filterOf = (param: string | null): ProductFilter =>
  PRODUCT_FILTERS.find((f) => FILTER_PARAMS[f] !== null && FILTER_PARAMS[f] === param) ?? "all";

function listHref(base: string, params: { q?: string; filter?: ProductFilter; limit?: number }) {
  const search = new URLSearchParams();
  if (params.q) search.set("q", params.q);
  const estado = params.filter ? FILTER_PARAMS[params.filter] : null;
  if (estado) search.set("estado", estado);
  if (params.limit) search.set("limit", String(params.limit));
  const qs = search.toString();
  return qs ? `${base}?${qs}` : base;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const { db } = getServices(context);
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").slice(0, 80);
  const limit = Math.min(Math.max(Number(params.get("limit")) || PAGE, PAGE), 2000);
  const filter = filterOf(params.get("estado"));
  const { rows, total, all, hidden } = await listProducts(db, store.id, query, limit, filter, lowStockMark(store.id));
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
  return (
    <section>
      <div className="toolbar">
        <Form method="get" role="search" className="search-form">
          {filter !== "all" && <input type="hidden" name="estado" value={FILTER_PARAMS[filter] ?? ""} />}
          <label htmlFor="q" className="visually-hidden">
            Buscar productos
          </label>
          <input id="q" name="q" type="search" defaultValue={query} placeholder="Buscar productos" />
          <button type="submit" className="button secondary">
            Buscar
          </button>
        </Form>
        <Link to={`${base}/new`} className="button">
          Nuevo producto
        </Link>
      </div>
      <nav className="toolbar-links" aria-label="Hoja de cálculo">
        <a href={`/Store/${storeId}/products.csv`} className="button secondary" download>
          Exportar CSV
        </a>
        <Link to={`${base}/import`} className="button secondary">
          Importar CSV
        </Link>
      </nav>
      <nav className="toolbar-links" aria-label="Avisos de stock">
        <Link to={`${base}/poco-stock`} className="button secondary">
          Aviso de poco stock
        </Link>
      </nav>
      <p className="muted" data-testid="product-count">
        {productLimit === null ? counted(all, "producto", "productos") : `${all} de ${productLimit} productos`}
        {hidden > 0 && ` (${counted(hidden, "oculto", "ocultos")})`}
        {(query || filter !== "all") && ` · ${counted(total, "resultado", "resultados")}${query ? ` para “${query}”` : ""}`}
      </p>
      <nav className="filters" aria-label="Filtrar por visibilidad">
        {PRODUCT_FILTERS.map((f) => (
          <Link key={f} to={listHref(base, { q: query, filter: f })} aria-current={f === filter ? "page" : undefined}>
            {FILTER_LABELS[f]}
          </Link>
        ))}
      </nav>
      {products.length === 0 ? (
        <p>
          {query || filter !== "all"
            ? "No hay productos que coincidan con tu búsqueda."
            : "Aún no tienes productos. Crea el primero."}
        </p>
      ) : (
        <ul className="product-grid" aria-label="Productos">
          {products.map((p) => (
            <li key={p.id}>
              <Link to={`${base}/${p.id}`} className="product-card">
                {p.image ? <img src={p.image} alt="" loading="lazy" height={120} /> : <span className="image-placeholder" />}
                <strong>{p.name}</strong>
                <span>
                  {p.price}
                  {p.compareAt && (
                    <>
                      {" "}
                      <s className="muted">
                        <span className="visually-hidden">Precio anterior: </span>
                        {p.compareAt}
                      </s>
                    </>
                  )}
                </span>
                <span className="muted">
                  Stock: {p.stock} · Reservado: {p.reserved}
                  {p.category && ` · ${p.category}`}
                </span>
                {(!p.published || p.stock - p.reserved < 1 || p.lowStock) && (
                  <span className="status-tags">
                    {!p.published && <span className="tag hidden-tag">{VISIBILITY_LABELS.hidden}</span>}
                    {p.stock < 1 ? (
                      <span className="tag">Agotado</span>
                    ) : (
                      p.stock - p.reserved < 1 && <span className="tag">Todo reservado</span>
                    )}
                    {p.lowStock && p.stock - p.reserved > 0 && (
                      <span className="tag low-stock-tag" data-low-stock="">
                        Poco stock
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
        <Link className="button secondary" to={listHref(base, { q: query, filter, limit: limit + PAGE })}>
          Ver más productos
        </Link>
      )}
    </section>
  );
}
