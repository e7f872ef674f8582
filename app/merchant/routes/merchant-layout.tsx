import { Form, NavLink, Outlet, useLocation } from "react-router";
import { showBillWarning } from "~/domain/billing";
import { getServices } from "~/services/services";
import { merchantContext } from "~/workspace/context.server";
import { requireMerchant } from "../session.server";
import type { Route } from "./+types/merchant-layout";

export const middleware: Route.MiddlewareFunction[] = [requireMerchant];

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(merchantContext);
  const now = getServices(context).clock.now();
  return {
    name: `${user.name} ${user.lastname}`,
    billWarning: showBillWarning(user, now) && user.billDueAt ? user.billDueAt.toISOString() : null,
  };
}

const formatDate = (iso: string) => new Intl.DateTimeFormat("es", { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));

export default function MerchantLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const bottomNav = pathname === "/" || pathname === "/Account";
  return (
    <div className="merchant">
      <header className="topbar">
        <span className="brand">Vitrina</span>
        <span className="muted">{loaderData.name}</span>
      </header>
      <nav className="side-menu" aria-label="Menú">
        <NavLink to="/" end>
          Inicio
        </NavLink>
        <NavLink to="/payment">Pagar</NavLink>
        <NavLink to="/plans">Configuración</NavLink>
        <Form method="post" action="/Auth/logout">
          <button type="submit" className="link-button">
            Cerrar sesión
          </button>
        </Form>
      </nav>
      <main className="merchant-main">
        {loaderData.billWarning && (
          <p className="bill-warning" role="alert">
            Recuerda pagar tu factura antes del día {formatDate(loaderData.billWarning)}
          </p>
        )}
        <Outlet />
      </main>
      {bottomNav && (
        <nav className="bottom-nav" aria-label="Navegación">
          <NavLink to="/" end>
            Tiendas
          </NavLink>
          <NavLink to="/Account">Cuenta</NavLink>
        </nav>
      )}
    </div>
  );
}
