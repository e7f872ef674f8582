import { Link } from "react-router";
import { isOverdue } from "~/domain/billing";
import { formatMoney } from "~/domain/money";
import { merchantContext } from "~/merchant/session.server";
import { getServices } from "~/services/services";
import type { Route } from "./+types/payment";

export const meta: Route.MetaFunction = () => [{ title: "Pagar | Vitrina" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(merchantContext);
  const { config, clock } = getServices(context);
  return {
    name: user.name,
    total: formatMoney(user.billTotal, config.BILLING_CURRENCY),
    dueAt: user.billDueAt?.toISOString() ?? null,
    overdue: isOverdue(user, clock.now()),
  };
}

/** The bill and its state. Paying it online arrives with the MercadoPago flow (billing issue). */
export default function Payment({ loaderData: p }: Route.ComponentProps) {
  const due = p.dueAt ? new Intl.DateTimeFormat("es", { dateStyle: "long", timeZone: "UTC" }).format(new Date(p.dueAt)) : "—";
  return (
    <section className="payment">
      <h1>Hola, {p.name}</h1>
      <p>
        Tu factura actual es de <strong>{p.total}</strong> con fecha límite el <strong>{due}</strong>.
      </p>
      {p.overdue ? (
        <p className="form-alert" role="alert">
          Tu factura está vencida. Tus tiendas seguirán activas 10 días, pero no podrás administrarlas hasta que pagues.
        </p>
      ) : (
        <p>Tu factura está al día. Puedes pagar por adelantado si lo deseas.</p>
      )}
      <p>
        <Link to="/Account">Ver mi cuenta</Link>
      </p>
    </section>
  );
}
