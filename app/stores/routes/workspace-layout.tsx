import { NavLink, Outlet } from "react-router";
import { pendingBadgeText } from "~/domain/sales";
import { mayOpen, ROLE_LABELS } from "~/domain/staff-roles";
import { ownVisitUrl } from "~/domain/visits";
import { publicStoreUrl } from "~/services/config";
import { getServices } from "~/services/services";
import { MenuSheet } from "~/ui/menu-sheet";
import { AccountLinks } from "~/workspace/account-links";
import {
  billingLinksContext,
  ownedStoreContext,
  pendingSalesContext,
  requireOwnedStore,
  storeRoleContext,
} from "~/workspace/context.server";
import type { Route } from "./+types/workspace-layout";

/** /Store/{storeId}/…: every page below works on one store the signed-in user owns or works on (with their role's pages). */
export const middleware: Route.MiddlewareFunction[] = [requireOwnedStore];

/** The store's sections, as the tabs and the phone's 'Más' list them: each shown only to the roles that may open it. */
const SECTIONS = [
  ["info", "Información"],
  ["brand", "Logo y banner"],
  ["sections", "Secciones"],
  ["delivery", "Entrega"],
  ["politicas", "Políticas"],
  ["products", "Productos"],
  ["sales", "Ventas"],
  ["customers", "Clientes"],
  ["carritos", "Carritos abandonados"],
  ["estadisticas", "Estadísticas"],
  ["look", "Diseño"],
  ["discounts", "Descuentos"],
  ["promociones", "Promociones"],
  ["cobros", "Cobros"],
  ["payments", "Cobros en línea"],
  ["redes", "Vender en redes"],
  ["conversiones", "Anuncios"],
  ["equipo", "Equipo"],
  ["actividad", "Actividad"],
] as const;

/** On a phone the tab bar holds these; 'Más' the rest. */
const TAB_BAR = new Set(["sales", "products", "info"]);

export async function loader({ context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const role = context.get(storeRoleContext);
  return {
    sections: SECTIONS.filter(([path]) => mayOpen(role, path)).map(([path, label]) => ({ path, label })),
    role: role === "owner" ? null : ROLE_LABELS[role],
    id: store.id,
    name: store.name,
    // The merchant's own look: never counted in the store's statistics.
    publicUrl: ownVisitUrl(publicStoreUrl(getServices(context).config, store)),
    pendingSales: context.get(pendingSalesContext),
    billing: context.get(billingLinksContext),
  };
}

export default function StoreWorkspace({ loaderData: store }: Route.ComponentProps) {
  const base = `/Store/${store.id}`;
  const badge = pendingBadgeText(store.pendingSales);
  const open = new Set<string>(store.sections.map((section) => section.path));
  return (
    <div className="workspace">
      <header className="workspace-head">
        <h1>{store.name}</h1>
        <a href={store.publicUrl} target="_blank" rel="noreferrer">
          Visitar tienda
        </a>
      </header>
      {store.role && <p className="muted workspace-role">Tu rol en esta tienda: {store.role}</p>}
      <nav className="tabs" aria-label="Secciones de la tienda">
        {store.sections.map((section) => (
          <NavLink key={section.path} to={`${base}/${section.path}`}>
            {section.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
      {/* A phone's app-like navigation: the store's pages under the thumb, the rest behind 'Más'. */}
      <nav className="tab-bar" aria-label="Tienda">
        {open.has("sales") && (
          <NavLink to={`${base}/sales`}>
            <TabIcon path="M5 4h14v16l-3-2-2 2-2-2-2 2-2-2-3 2zM8 9h8M8 13h6" />
            <span>Ventas</span>
            {badge && (
              <>
                <span className="tab-badge" aria-hidden="true">
                  {badge}
                </span>
                <span className="visually-hidden">({badge === "1" ? "1 pendiente" : `${badge} pendientes`})</span>
              </>
            )}
          </NavLink>
        )}
        {open.has("products") && (
          <NavLink to={`${base}/products`}>
            <TabIcon path="M4 8l8-4 8 4v8l-8 4-8-4zM4 8l8 4 8-4M12 12v8" />
            <span>Productos</span>
          </NavLink>
        )}
        {open.has("info") && (
          <NavLink to={`${base}/info`}>
            <TabIcon path="M4 10l1.5-5h13L20 10M4 10v10h16V10M4 10c0 2 4 2 4 0 0 2 4 2 4 0 0 2 4 2 4 0 0 2 4 2 4 0M10 20v-5h4v5" />
            <span>Tienda</span>
          </NavLink>
        )}
        <MenuSheet
          className="tab-more"
          label={
            <>
              <TabIcon path="M6 12h.01M12 12h.01M18 12h.01" weight={3.4} />
              <span>Más</span>
            </>
          }
        >
          <nav aria-label="Más opciones">
            {store.sections
              .filter((section) => !TAB_BAR.has(section.path))
              .map((section) => (
                <NavLink key={section.path} to={`${base}/${section.path}`}>
                  {section.label}
                </NavLink>
              ))}
            <a href={store.publicUrl} target="_blank" rel="noreferrer">
              Visitar tienda
            </a>
            <AccountLinks withAccount billing={store.billing} />
          </nav>
        </MenuSheet>
      </nav>
    </div>
  );
}

function TabIcon({ path, weight = 1.8 }: { path: string; weight?: number }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth={weight} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
