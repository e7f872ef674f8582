import { PERIOD_LABELS } from "~/domain/plans";
import { merchantContext } from "~/workspace/context.server";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: "Cuenta | Vitrina" }];

export async function loader({ context }: Route.LoaderArgs) {
  const u = context.get(merchantContext);
  return {
    name: u.name,
    lastname: u.lastname,
    email: u.email,
    createdAt: u.createdAt.toISOString(),
    plan: u.trialStarted ? `${u.plan === "premium" ? "Premium" : "Standard"} ${PERIOD_LABELS[u.billingPeriod]}` : "Sin plan",
    storesLimit: u.storesLimit,
  };
}

export default function Account({ loaderData: a }: Route.ComponentProps) {
  const rows: Array<[string, string]> = [
    ["Nombre", a.name],
    ["Apellido", a.lastname],
    ["Correo", a.email],
    ["Cuenta creada", new Intl.DateTimeFormat("es", { dateStyle: "long" }).format(new Date(a.createdAt))],
    ["Plan", a.plan],
    ["Tiendas permitidas", String(a.storesLimit)],
  ];
  return (
    <section>
      <h1>Cuenta</h1>
      <dl className="profile">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
