import { Form, NavLink } from "react-router";

/**
 * The merchant's menu: Inicio, Pagar, Plan (it opens the plans), Cerrar sesión; without 'Pagar' and 'Plan' for someone
 * who only works on others' stores (`billingLinksContext`). The desktop's side menu shows it as
 * it is; the phone's menu sheets add 'Cuenta', which a desktop reaches from the home page's bottom bar.
 */
export function AccountLinks({ withAccount = false, billing }: { withAccount?: boolean; billing: boolean }) {
  return (
    <>
      <NavLink to="/" end>
        Inicio
      </NavLink>
      {withAccount && <NavLink to="/Account">Cuenta</NavLink>}
      {billing && (
        <>
          <NavLink to="/payment">Pagar</NavLink>
          <NavLink to="/plans">Plan</NavLink>
        </>
      )}
      <Form method="post" action="/Auth/logout">
        <button type="submit" className="link-button">
          Cerrar sesión
        </button>
      </Form>
    </>
  );
}
