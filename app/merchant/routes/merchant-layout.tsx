import { Link, NavLink, Outlet, useLocation, useParams } from "react-router";
import { inOverdueGrace } from "~/auth/redirect-rules";
import { graceEnd, showBillWarning } from "~/domain/billing";
import { defineMessage } from "~/domain/messages";
import { getServices } from "~/services/services";
import { MenuSheet } from "~/ui/menu-sheet";
import { Rich, useT } from "~/ui/messages";
import { AccountLinks } from "~/workspace/account-links";
import { billingLinksContext, merchantContext } from "~/workspace/context.server";
import type { Route } from "./+types/merchant-layout";

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(merchantContext);
  const now = getServices(context).clock.now();
  return {
    name: `${user.name} ${user.lastname}`,
    billing: context.get(billingLinksContext),
    billWarning: showBillWarning(user, now) && user.billDueAt ? user.billDueAt.toISOString() : null,
    // Overdue while the stores still take orders: only the sales desk, billing and the account open.
    overdueUntil: inOverdueGrace(user, now) && user.billDueAt ? graceEnd(user.billDueAt).toISOString() : null,
  };
}

const formatDate = (iso: string) => new Intl.DateTimeFormat("es", { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));

const OVERDUE = defineMessage({
  id: "merchant.layout.overdue",
  defaultMessage:
    "Tu factura está vencida. Tus tiendas reciben pedidos hasta el {date}: atiéndelos en Ventas. Para volver a administrar tus tiendas, <pay>Pagar</pay>.",
});

export default function MerchantLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const t = useT();
  const bottomNav = pathname === "/" || pathname === "/Account";
  // In a store a phone has the store's tab bar, whose 'Más' holds this menu.
  const inStore = useParams().storeId !== undefined;
  const menu = t({ id: "merchant.layout.menu", defaultMessage: "Menú" });
  return (
    <div className={`merchant${inStore ? " in-store" : ""}`}>
      <header className="topbar">
        <span className="brand">Vitrina</span>
        <span className="muted topbar-name">{loaderData.name}</span>
        {!inStore && (
          <MenuSheet label={menu} className="phone-only account-sheet">
            <nav aria-label={t({ id: "merchant.layout.accountMenu", defaultMessage: "Menú de la cuenta" })}>
              <AccountLinks withAccount billing={loaderData.billing} />
            </nav>
          </MenuSheet>
        )}
      </header>
      <nav className="side-menu" aria-label={menu}>
        <AccountLinks billing={loaderData.billing} />
      </nav>
      <main className="merchant-main">
        {loaderData.overdueUntil && pathname !== "/payment" && (
          <p className="bill-warning overdue-banner" role="alert">
            <Rich
              message={OVERDUE}
              values={{ date: formatDate(loaderData.overdueUntil), pay: (chunks) => <Link to="/payment">{chunks}</Link> }}
            />
          </p>
        )}
        {loaderData.billWarning && (
          <p className="bill-warning" role="alert">
            {t(
              { id: "merchant.layout.billWarning", defaultMessage: "Recuerda pagar tu factura antes del día {date}" },
              { date: formatDate(loaderData.billWarning) },
            )}
          </p>
        )}
        <Outlet />
        <footer className="merchant-footer">
          <a href="/terminos">{t({ id: "merchant.layout.terms", defaultMessage: "Términos y condiciones" })}</a>
          <a href="/privacidad">{t({ id: "merchant.layout.privacy", defaultMessage: "Política de privacidad" })}</a>
        </footer>
      </main>
      {bottomNav && (
        <nav className="bottom-nav" aria-label={t({ id: "merchant.layout.navigation", defaultMessage: "Navegación" })}>
          <NavLink to="/" end>
            {t({ id: "merchant.layout.stores", defaultMessage: "Tiendas" })}
          </NavLink>
          <NavLink to="/Account">{t({ id: "merchant.nav.account", defaultMessage: "Cuenta" })}</NavLink>
        </nav>
      )}
    </div>
  );
}
