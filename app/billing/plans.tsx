import { and, eq } from "drizzle-orm";
import { data, Form, Link } from "react-router";
import { z } from "zod";
import { formatMoney } from "~/domain/money";
import { billTotal, PERIOD_LABELS, planPrice, startTrial } from "~/domain/plans";
import { merchantContext } from "~/merchant/session.server";
import { getServices } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { notice } from "~/ui/notice";
import { plans as plansTable, users } from "../../db/schema";
import type { Route } from "./+types/plans";

export const meta: Route.MetaFunction = () => [{ title: "Planes | Vitrina" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(merchantContext);
  const { db } = getServices(context);
  const rows = await db.select().from(plansTable).orderBy(plansTable.priceMonthly);
  return {
    trialStarted: user.trialStarted,
    current: { plan: user.plan, period: user.billingPeriod },
    storesLimit: user.storesLimit,
    plans: rows.map((p) => ({
      id: p.id,
      name: p.name,
      products: p.products === null ? "Ilimitados" : String(p.products),
      banner: p.banner,
      sections: p.sections,
      itemsPerSection: p.itemsPerSection,
      prices: (["monthly", "biannual", "annually"] as const).map((period) => ({
        period,
        label: PERIOD_LABELS[period],
        price: formatMoney(planPrice(p, period), p.currency),
        total: formatMoney(billTotal(p, period, user.storesLimit), p.currency),
      })),
    })),
  };
}

const TRIAL_ALREADY_STARTED = "Tu prueba gratuita ya comenzó: el cambio de plan se hace con pago.";

const choiceSchema = z.object({ plan: z.enum(["standard", "premium"]), period: z.enum(["monthly", "biannual", "annually"]) });

/** First choice starts the free month; paid changes come with the payment flow. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(merchantContext);
  const services = getServices(context);
  const parsed = choiceSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "Elige un plan y un periodo" }, { status: 400 });
  if (user.trialStarted) return data({ error: TRIAL_ALREADY_STARTED }, { status: 409 });
  const plan = await services.db.query.plans.findFirst({ where: eq(plansTable.id, parsed.data.plan) });
  if (!plan) return data({ error: "Elige un plan y un periodo" }, { status: 400 });
  // Conditioned on the trial not having started, so a double submit starts it once.
  const started = await services.db
    .update(users)
    .set(startTrial(plan, parsed.data.period, user.storesLimit, services.clock.now()))
    .where(and(eq(users.id, user.id), eq(users.trialStarted, false)))
    .returning({ id: users.id });
  if (started.length === 0) return data({ error: TRIAL_ALREADY_STARTED }, { status: 409 });
  return redirectWithNotice(
    services.config,
    "/",
    notice("Plan seleccionado", `El plan ${plan.name.toUpperCase()} se seleccionó para tu cuenta`),
  );
}

export default function Plans({ loaderData, actionData }: Route.ComponentProps) {
  const { plans, current, trialStarted } = loaderData;
  return (
    <section className="plans">
      <h1>Planes</h1>
      {trialStarted ? (
        <p>
          Tu plan actual es <strong>{plans.find((p) => p.id === current.plan)?.name}</strong> con pago{" "}
          {PERIOD_LABELS[current.period]}. <Link to="/">Volver al inicio</Link>
        </p>
      ) : (
        <p>Los usuarios nuevos tienen un mes de prueba gratis; los cobros empiezan después de ese mes.</p>
      )}
      {actionData?.error && (
        <p className="form-alert" role="alert">
          {actionData.error}
        </p>
      )}
      <table className="compare">
        <caption>Comparación de planes</caption>
        <thead>
          <tr>
            <th scope="col" />
            {plans.map((p) => (
              <th key={p.id} scope="col">
                {p.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Número de productos</th>
            {plans.map((p) => (
              <td key={p.id}>{p.products}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">Fotos de banner</th>
            {plans.map((p) => (
              <td key={p.id}>{p.banner}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">Secciones</th>
            {plans.map((p) => (
              <td key={p.id}>{p.sections}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">Elementos por sección</th>
            {plans.map((p) => (
              <td key={p.id}>{p.itemsPerSection}</td>
            ))}
          </tr>
          {(["monthly", "biannual", "annually"] as const).map((period, i) => (
            <tr key={period}>
              <th scope="row">Precio {PERIOD_LABELS[period]}</th>
              {plans.map((p) => (
                <td key={p.id}>{p.prices[i]?.price}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {!trialStarted && (
        <Form method="post" className="form plan-choice">
          <fieldset>
            <legend>Plan</legend>
            {plans.map((p) => (
              <label key={p.id}>
                <input type="radio" name="plan" value={p.id} defaultChecked={p.id === "standard"} /> {p.name}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>Periodo</legend>
            {(["monthly", "biannual", "annually"] as const).map((period) => (
              <label key={period}>
                <input type="radio" name="period" value={period} defaultChecked={period === "monthly"} /> {PERIOD_LABELS[period]}
              </label>
            ))}
          </fieldset>
          <p className="muted">Tiendas: {loaderData.storesLimit}. Primer mes gratis.</p>
          <button type="submit" className="button">
            Comenzar prueba gratis
          </button>
        </Form>
      )}
    </section>
  );
}
