import { data, redirect } from "react-router";
import { formatMoney } from "~/domain/money";
import type { RouteHandle } from "~/root";
import { fileUrl } from "~/services/files";
import { getServices, storeHostContext } from "~/services/services";
import type { Route } from "./+types/home";
import { loadStoreHome } from "./queries.server";
import { siteBasePath } from "./tenant";

export const handle: RouteHandle = { hydrate: false };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const slug = params.site.toLowerCase();
  if (!/^[a-z0-9-]{1,63}$/.test(slug)) throw data({ kind: "store_not_found" }, { status: 404 });
  const home = await loadStoreHome(db, slug);
  const storeHost = context.get(storeHostContext);
  if (!home.store) {
    if (home.movedTo) throw redirect(siteBasePath(storeHost, home.movedTo) || "/", 301);
    throw data({ kind: "store_not_found" }, { status: 404 });
  }
  const { store } = home;
  return {
    basePath: siteBasePath(storeHost, store.url),
    store: {
      name: store.name,
      logo: store.logoKey ? fileUrl(store.logoKey) : null,
      mainTitle: store.mainTitle,
      description: store.description,
    },
    products: home.products.map((p) => ({
      id: p.id,
      name: p.name,
      price: formatMoney(p.price, store.currency),
      soldOut: p.stock === 0,
      image: p.imageKey ? { src: fileUrl(p.imageKey), width: p.imageWidth ?? 400, height: p.imageHeight ?? 400 } : null,
    })),
  };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [{ title: "Esta página fue eliminada" }];
  return [
    { title: data.store.name },
    { name: "description", content: data.store.description || data.store.name },
    ...(data.store.logo ? [{ tagName: "link", rel: "icon", href: data.store.logo }] : []),
  ];
}

export default function StoreHome({ loaderData }: Route.ComponentProps) {
  const { store, products } = loaderData;
  return (
    <>
      <header className="site-header">
        {store.logo && <img src={store.logo} alt="" width={40} height={40} />}
        <h1>{store.name}</h1>
      </header>
      <main className="site-main">
        {(store.mainTitle || store.description) && (
          <section className="site-intro">
            {store.mainTitle && <h2>{store.mainTitle}</h2>}
            {store.description && <p>{store.description}</p>}
          </section>
        )}
        {products.length === 0 ? (
          <p className="empty">Esta tienda todavía no tiene productos.</p>
        ) : (
          <ul className="grid" aria-label="Productos">
            {products.map((product, index) => (
              <li key={product.id} className="card">
                {product.image && (
                  <img
                    src={product.image.src}
                    width={product.image.width}
                    height={product.image.height}
                    alt={product.name}
                    loading={index < 4 ? "eager" : "lazy"}
                    fetchPriority={index === 0 ? "high" : undefined}
                    decoding="async"
                  />
                )}
                <div className="card-body">
                  <h3>{product.name}</h3>
                  <span className="price">{product.price}</span>
                  {product.soldOut && <span className="muted"> · Agotado</span>}
                </div>
              </li>
            ))}
          </ul>
        )}
      </main>
    </>
  );
}
