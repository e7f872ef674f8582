import { NavLink, Outlet } from "react-router";
import { publicStoreUrl } from "~/services/config";
import { getServices } from "~/services/services";
import { ownedStoreContext, requireOwnedStore } from "~/workspace/context.server";
import type { Route } from "./+types/workspace-layout";

/** /Store/{storeId}/…: every page below works on one store the signed-in merchant owns. */
export const middleware: Route.MiddlewareFunction[] = [requireOwnedStore];

export async function loader({ context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  return { id: store.id, name: store.name, publicUrl: publicStoreUrl(getServices(context).config, store.url) };
}

export default function StoreWorkspace({ loaderData: store }: Route.ComponentProps) {
  const base = `/Store/${store.id}`;
  return (
    <div className="workspace">
      <header className="workspace-head">
        <h1>{store.name}</h1>
        <a href={store.publicUrl} target="_blank" rel="noreferrer">
          Visitar tienda
        </a>
      </header>
      <nav className="tabs" aria-label="Secciones de la tienda">
        <NavLink to={`${base}/info`}>Información</NavLink>
        <NavLink to={`${base}/products`}>Productos</NavLink>
        <NavLink to={`${base}/sales`}>Ventas</NavLink>
      </nav>
      <Outlet />
    </div>
  );
}
