import { Form, Link } from "react-router";
import { PRODUCT_CATEGORIES } from "~/domain/categories";
import { formatMoney } from "~/domain/money";
import { fileUrl } from "~/services/files";
import { getServices } from "~/services/services";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantPlanLimits } from "~/workspace/plan-limits.server";
import { listProducts } from "../products.server";
import type { Route } from "./+types/product-list";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `Productos | ${loaderData?.storeName ?? "Tienda"}` }];

const PAGE = 60;

export async function loader({ request, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const { db } = getServices(context);
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").slice(0, 80);
  const limit = Math.min(Math.max(Number(params.get("limit")) || PAGE, PAGE), 2000);
  const { rows, total, all } = await listProducts(db, store.id, query, limit);
  const plan = merchantPlanLimits(context);
  return {
    storeId: store.id,
    storeName: store.name,
    query,
    limit,
    total,
    all,
    productLimit: plan.products,
    products: rows.map((p) => ({
      id: p.id,
      name: p.name,
      price: formatMoney(p.price, store.currency),
      stock: p.stock,
      category: PRODUCT_CATEGORIES[p.category] ?? "",
      image: p.imageKey ? fileUrl(p.imageKey) : null,
    })),
  };
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { storeId, products, query, total, all, productLimit, limit } = loaderData;
  const base = `/Store/${storeId}/products`;
  return (
    <section>
      <div className="toolbar">
        <Form method="get" role="search" className="search-form">
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
      <p className="muted" data-testid="product-count">
        {productLimit === null ? `${all} productos` : `${all} de ${productLimit} productos`}
        {query && ` · ${total} resultado(s) para “${query}”`}
      </p>
      {products.length === 0 ? (
        <p>{query ? "No hay productos que coincidan con tu búsqueda." : "Aún no tienes productos. Crea el primero."}</p>
      ) : (
        <ul className="product-grid" aria-label="Productos">
          {products.map((p) => (
            <li key={p.id}>
              <Link to={`${base}/${p.id}`} className="product-card">
                {p.image ? <img src={p.image} alt="" loading="lazy" height={120} /> : <span className="image-placeholder" />}
                <strong>{p.name}</strong>
                <span>{p.price}</span>
                <span className="muted">
                  Stock: {p.stock} · {p.category}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {total > limit && (
        <Link
          className="button secondary"
          to={`${base}?${new URLSearchParams({ ...(query ? { q: query } : {}), limit: String(limit + PAGE) })}`}
        >
          Ver más productos
        </Link>
      )}
    </section>
  );
}
