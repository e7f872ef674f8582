import { NavLink, Outlet } from "react-router";
import { defineMessages } from "~/domain/messages";
import { pendingBadgeText } from "~/domain/pending-badge";
import { mayOpen, ROLE_LABELS } from "~/domain/staff-roles";
import { ownVisitUrl } from "~/domain/visits";
import { publicStoreUrl } from "~/services/config";
import { getServices } from "~/services/services";
import { MenuSheet } from "~/ui/menu-sheet";
import { useT } from "~/ui/messages";
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
const SECTION_LABELS = defineMessages({
  info: { id: "workspace.section.info", defaultMessage: "Información" },
  brand: { id: "workspace.section.brand", defaultMessage: "Logo y banner" },
  sections: { id: "workspace.section.sections", defaultMessage: "Secciones" },
  delivery: { id: "workspace.section.delivery", defaultMessage: "Entrega" },
  politicas: { id: "workspace.section.policies", defaultMessage: "Políticas" },
  products: { id: "workspace.section.products", defaultMessage: "Productos" },
  sales: { id: "workspace.section.sales", defaultMessage: "Ventas" },
  customers: { id: "workspace.section.customers", defaultMessage: "Clientes" },
  carritos: { id: "workspace.section.carts", defaultMessage: "Carritos abandonados" },
  estadisticas: { id: "workspace.section.stats", defaultMessage: "Estadísticas" },
  look: { id: "workspace.section.look", defaultMessage: "Diseño" },
  discounts: { id: "workspace.section.discounts", defaultMessage: "Descuentos" },
  promociones: { id: "workspace.section.promotions", defaultMessage: "Promociones" },
  cobros: { id: "workspace.section.paymentMethods", defaultMessage: "Cobros" },
  payments: { id: "workspace.section.onlinePayments", defaultMessage: "Cobros en línea" },
  redes: { id: "workspace.section.social", defaultMessage: "Vender en redes" },
  conversiones: { id: "workspace.section.ads", defaultMessage: "Anuncios" },
  equipo: { id: "workspace.section.team", defaultMessage: "Equipo" },
  actividad: { id: "workspace.section.activity", defaultMessage: "Actividad" },
});
const SECTIONS = Object.keys(SECTION_LABELS) as Array<keyof typeof SECTION_LABELS>;

/** On a phone the tab bar holds these; 'Más' the rest. */
const TAB_BAR = new Set(["sales", "products", "info"]);

export async function loader({ context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const role = context.get(storeRoleContext);
  return {
    sections: SECTIONS.filter((path) => mayOpen(role, path)),
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
  const open = new Set<string>(store.sections);
  const t = useT();
  const visit = t({ id: "workspace.visitStore", defaultMessage: "Visitar tienda" });
  return (
    <div className="workspace">
      <header className="workspace-head">
        <h1>{store.name}</h1>
        <a href={store.publicUrl} target="_blank" rel="noreferrer">
          {visit}
        </a>
      </header>
      {store.role && (
        <p className="muted workspace-role">
          {t({ id: "workspace.role", defaultMessage: "Tu rol en esta tienda: {role}" }, { role: store.role })}
        </p>
      )}
      <nav className="tabs" aria-label={t({ id: "workspace.tabs", defaultMessage: "Secciones de la tienda" })}>
        {store.sections.map((section) => (
          <NavLink key={section} to={`${base}/${section}`}>
            {t(SECTION_LABELS[section])}
          </NavLink>
        ))}
      </nav>
      <Outlet />
      {/* A phone's app-like navigation: the store's pages under the thumb, the rest behind 'Más'. */}
      <nav className="tab-bar" aria-label={t({ id: "workspace.tabBar", defaultMessage: "Tienda" })}>
        {open.has("sales") && (
          <NavLink to={`${base}/sales`}>
            <TabIcon path="M5 4h14v16l-3-2-2 2-2-2-2 2-2-2-3 2zM8 9h8M8 13h6" />
            <span>{t(SECTION_LABELS.sales)}</span>
            {badge && (
              <>
                <span className="tab-badge" aria-hidden="true">
                  {badge}
                </span>
                <span className="visually-hidden">
                  {t(
                    {
                      id: "workspace.tabBar.pending",
                      defaultMessage: "({badge, select, 1 {1 pendiente} other {{badge} pendientes}})",
                    },
                    { badge },
                  )}
                </span>
              </>
            )}
          </NavLink>
        )}
        {open.has("products") && (
          <NavLink to={`${base}/products`}>
            <TabIcon path="M4 8l8-4 8 4v8l-8 4-8-4zM4 8l8 4 8-4M12 12v8" />
            <span>{t(SECTION_LABELS.products)}</span>
          </NavLink>
        )}
        {open.has("info") && (
          <NavLink to={`${base}/info`}>
            <TabIcon path="M4 10l1.5-5h13L20 10M4 10v10h16V10M4 10c0 2 4 2 4 0 0 2 4 2 4 0 0 2 4 2 4 0 0 2 4 2 4 0M10 20v-5h4v5" />
            <span>{t({ id: "workspace.tabBar.store", defaultMessage: "Tienda" })}</span>
          </NavLink>
        )}
        <MenuSheet
          className="tab-more"
          label={
            <>
              <TabIcon path="M6 12h.01M12 12h.01M18 12h.01" weight={3.4} />
              <span>{t({ id: "workspace.tabBar.more", defaultMessage: "Más" })}</span>
            </>
          }
        >
          <nav aria-label={t({ id: "workspace.moreOptions", defaultMessage: "Más opciones" })}>
            {store.sections
              .filter((section) => !TAB_BAR.has(section))
              .map((section) => (
                <NavLink key={section} to={`${base}/${section}`}>
                  {t(SECTION_LABELS[section])}
                </NavLink>
              ))}
            <a href={store.publicUrl} target="_blank" rel="noreferrer">
              {visit}
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
