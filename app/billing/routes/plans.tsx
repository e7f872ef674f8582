import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { BillingPeriod } from "~/domain/billing";
import { BILLING_PERIODS } from "~/domain/billing";
import { planHasCustomDomain } from "~/domain/hostnames";
import { isPlanChange, PERIOD_LABELS, PLAN_IDS, type PlanId } from "~/domain/plans";
import { failure, isFailure } from "~/http/action-result";
import { getServices } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { FormError } from "~/ui/form";
import { notice } from "~/ui/notice";
import { LoadingOverlay } from "~/ui/overlays";
import { merchantContext } from "~/workspace/context.server";
import { PAYMENTS_UNAVAILABLE, planSelectedNotice } from "../messages";
import { CheckoutButton } from "../pay-button";
import { PaymentsUnavailableError, startCheckout } from "../payments.server";
import { listPlanOffers, startPlanTrial } from "../plans.server";
import type { Route } from "./+types/plans";

export const meta: Route.MetaFunction = () => [{ title: "Planes | Vitrina" }];

// The price rows, one per billing period in the labels' order. Read from the labels, not from the
// schema's list, because this component runs in the browser and db/schema would bring Drizzle along.
const PERIODS = Object.keys(PERIOD_LABELS) as BillingPeriod[];

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(merchantContext);
  return {
    trialStarted: user.trialStarted,
    current: { plan: user.plan, period: user.billingPeriod },
    storesLimit: user.storesLimit,
    plans: await listPlanOffers(getServices(context), user.storesLimit),
  };
}

const TRIAL_ALREADY_STARTED = "Tu prueba gratuita ya comenzó: el cambio de plan se hace con pago.";
const SAME_PLAN = "Ya tienes ese plan y periodo: elige otro para cambiarlo.";
const CHOOSE_PLAN = "Elige un plan y un periodo";

const choiceSchema = z.object({
  intent: z.enum(["trial", "pay"]),
  plan: z.enum(PLAN_IDS),
  period: z.enum(BILLING_PERIODS),
});

/** Before the trial: the first choice starts the free month. After it: a change is paid first. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(merchantContext);
  const services = getServices(context);
  const parsed = choiceSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return failure({ form: CHOOSE_PLAN });
  const { plan: planId, period, intent } = parsed.data;

  if (intent === "pay") {
    if (!user.trialStarted) return failure({ form: "Primero elige tu plan de prueba gratis" }, { status: 409 });
    if (!isPlanChange(user, { plan: planId, period })) return failure({ form: SAME_PLAN });
    try {
      const checkout = await startCheckout(services, user, { kind: "plan_change", plan: planId, period });
      return { checkout, selection: { plan: planId, period } };
    } catch (error) {
      if (!(error instanceof PaymentsUnavailableError)) throw error;
      services.log.error("billing.checkout_failed", error.cause ?? error, { kind: "plan_change" });
      return failure({ form: PAYMENTS_UNAVAILABLE }, { status: 503 });
    }
  }

  if (user.trialStarted) return failure({ form: TRIAL_ALREADY_STARTED }, { status: 409 });
  const trial = await startPlanTrial(services, user, planId, period);
  if (!trial.ok && trial.reason === "unknown_plan") return failure({ form: CHOOSE_PLAN });
  if (!trial.ok) return failure({ form: TRIAL_ALREADY_STARTED }, { status: 409 });
  const selected = planSelectedNotice(trial.planName);
  return redirectWithNotice(services.config, "/", notice(selected.title, selected.description));
}

export default function Plans({ loaderData, actionData }: Route.ComponentProps) {
  const { plans, current, trialStarted, storesLimit } = loaderData;
  const [plan, setPlan] = useState<PlanId>(current.plan);
  const [period, setPeriod] = useState<BillingPeriod>(current.period);
  const navigation = useNavigation();
  const chosen = plans.find((p) => p.id === plan) ?? plans[0];
  const changed = isPlanChange({ plan: current.plan, billingPeriod: current.period }, { plan, period });
  // A reference is for the selection it was created with; another selection needs a new one.
  const checkout =
    actionData && !isFailure(actionData) && actionData.selection.plan === plan && actionData.selection.period === period
      ? actionData.checkout
      : null;

  return (
    <section className="plans">
      <header className="plans-head">
        <h1>Planes</h1>
        {trialStarted && <Link to="/">Volver al inicio</Link>}
      </header>
      {trialStarted ? (
        <p>
          Tu plan actual es <strong>{plans.find((p) => p.id === current.plan)?.name}</strong> con pago{" "}
          {PERIOD_LABELS[current.period]}. Para cambiar de plan o de periodo se paga el nuevo periodo.
        </p>
      ) : (
        <p className="form-info">
          Los usuarios nuevos tienen un mes de prueba gratis: los cobros empiezan cuando termina ese mes.
        </p>
      )}

      <div className="plan-cards" role="radiogroup" aria-label="Plan">
        {plans.map((p) => (
          <label key={p.id} className={`plan-card${p.id === plan ? " selected" : ""}`}>
            <input
              type="radio"
              name="plan-card"
              value={p.id}
              checked={p.id === plan}
              onChange={() => setPlan(p.id)}
              aria-label={p.name}
            />
            <strong>{p.name}</strong>
            <span>
              {p.prices.monthly.price} / {PERIOD_LABELS.monthly}
            </span>
            <span className="muted">
              {p.products === "Ilimitados" ? "Productos ilimitados" : `${p.products} productos`} · {p.sections} secciones
            </span>
            {p.id === current.plan && trialStarted && <span className="tag">Plan actual</span>}
          </label>
        ))}
      </div>

      <div className="table-scroll">
        <table className="compare">
          <caption>Comparación de planes (elige el periodo en las filas de precio)</caption>
          <thead>
            <tr>
              <th scope="col" />
              {plans.map((p) => (
                <th key={p.id} scope="col" className={p.id === plan ? "selected" : undefined}>
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
            <tr>
              <th scope="row">Fotos por producto</th>
              {plans.map((p) => (
                <td key={p.id}>{p.photosPerProduct}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">Dominio propio</th>
              {plans.map((p) => (
                <td key={p.id}>{planHasCustomDomain(p.id) ? "Sí" : "No"}</td>
              ))}
            </tr>
            {PERIODS.map((pr) => (
              <tr
                key={pr}
                className={`price-row${pr === period ? " selected" : ""}`}
                aria-selected={pr === period}
                onClick={() => setPeriod(pr)}
              >
                <th scope="row">
                  <label>
                    <input type="radio" name="period-row" value={pr} checked={pr === period} onChange={() => setPeriod(pr)} />{" "}
                    Precio {PERIOD_LABELS[pr]}
                  </label>
                </th>
                {plans.map((p) => (
                  <td key={p.id}>{p.prices[pr].price}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {chosen && (
        <Form method="post" className="plan-summary" aria-label="Resumen">
          <input type="hidden" name="plan" value={plan} />
          <input type="hidden" name="period" value={period} />
          <dl>
            <div>
              <dt>Plan</dt>
              <dd>{chosen.name}</dd>
            </div>
            <div>
              <dt>Precio</dt>
              <dd>
                {chosen.prices[period].price} / {PERIOD_LABELS[period]}
              </dd>
            </div>
            <div>
              <dt>Tiendas</dt>
              <dd>{storesLimit}</dd>
            </div>
            <div>
              <dt>Total</dt>
              <dd>
                <strong>{chosen.prices[period].total}</strong>
              </dd>
            </div>
          </dl>
          <FormError message={isFailure(actionData) ? actionData.errors.form : null} />
          {!trialStarted ? (
            <button type="submit" name="intent" value="trial" className="button">
              Comenzar prueba gratis
            </button>
          ) : checkout && changed ? (
            <CheckoutButton checkout={checkout} />
          ) : changed ? (
            <button type="submit" name="intent" value="pay" className="button">
              Pagar {chosen.prices[period].total}
            </button>
          ) : (
            <p className="muted">Este es tu plan actual.</p>
          )}
        </Form>
      )}
      {navigation.state === "submitting" && <LoadingOverlay text="Procesando…" />}
    </section>
  );
}
