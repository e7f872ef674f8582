import { Form, NavLink } from "react-router";
import { useT } from "~/ui/messages";

/**
 * The merchant's menu: Inicio, Pagar, Plan (it opens the plans), Cerrar sesión; without 'Pagar' and 'Plan' for someone
 * who only works on others' stores (`billingLinksContext`). The desktop's side menu shows it as
 * it is; the phone's menu sheets add 'Cuenta', which a desktop reaches from the home page's bottom bar.
 */
export function AccountLinks({ withAccount = false, billing }: { withAccount?: boolean; billing: boolean }) {
  const t = useT();
  return (
    <>
      <NavLink to="/" end>
        {t({ id: "merchant.nav.home", defaultMessage: "Inicio" })}
      </NavLink>
      {withAccount && <NavLink to="/Account">{t({ id: "merchant.nav.account", defaultMessage: "Cuenta" })}</NavLink>}
      {billing && (
        <>
          <NavLink to="/payment">{t({ id: "merchant.nav.pay", defaultMessage: "Pagar" })}</NavLink>
          <NavLink to="/plans">{t({ id: "merchant.nav.plan", defaultMessage: "Plan" })}</NavLink>
        </>
      )}
      <Form method="post" action="/Auth/logout">
        <button type="submit" className="link-button">
          {t({ id: "merchant.nav.logout", defaultMessage: "Cerrar sesión" })}
        </button>
      </Form>
    </>
  );
}
