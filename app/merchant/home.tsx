import { STORE_CATEGORIES } from "~/domain/categories";
import { publicStoreUrl } from "~/services/config";
import { getServices } from "~/services/services";
import { listStoresOfOwner } from "~/stores/stores.server";
import type { Route } from "./+types/home";
import { merchantContext } from "./session.server";

export const meta: Route.MetaFunction = () => [{ title: "Mis tiendas | Vitrina" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(merchantContext);
  const { db, config } = getServices(context);
  const stores = await listStoresOfOwner(db, user.id);
  return {
    name: user.name,
    storesLimit: user.storesLimit,
    stores: stores.map((s) => ({
      id: s.id,
      name: s.name,
      category: STORE_CATEGORIES.find((c) => c.id === s.category)?.name ?? "Otros",
      publicUrl: publicStoreUrl(config, s.url),
      active: s.active,
    })),
  };
}

export default function MerchantHome({ loaderData }: Route.ComponentProps) {
  const { stores } = loaderData;
  return (
    <section>
      <h1>Hola, {loaderData.name}</h1>
      <p className="muted">
        Tienes {stores.length} de {loaderData.storesLimit} tienda(s) disponibles en tu plan.
      </p>
      <h2>Tus tiendas</h2>
      <ul className="store-list" aria-label="Tiendas">
        {stores.map((store) => (
          <li key={store.id} className="store-card">
            <div>
              <strong>{store.name}</strong>
              <span className="muted"> · {store.category}</span>
            </div>
            <a href={store.publicUrl} target="_blank" rel="noreferrer">
              Visitar tienda
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
