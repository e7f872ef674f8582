import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { BillingPeriod } from "~/domain/billing";
import { BILLING_PERIODS } from "~/domain/billing";
import { planHasCustomDomain } from "~/domain/hostnames";
import { defineMessage, type Translate } from "~/domain/messages";
import { isPlanChange, PERIOD_LABELS, PLAN_IDS, type PlanId } from "~/domain/plans";
import { failure, isFailure } from "~/http/action-result";
import { getServices } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { FormError } from "~/ui/form";
import { Rich, useT } from "~/ui/messages";
import { notice } from "~/ui/notice";
import { LoadingOverlay } from "~/ui/overlays";
import { merchantContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { accountPageTitle, metaT } from "~/workspace/page-titles";
import { BILLING_MESSAGES, PERIOD_MESSAGE, planSelectedNotice } from "../messages";
import { plansReads } from "../page-reads.server";
import { CheckoutButton } from "../pay-button";
import { PaymentsUnavailableError, startCheckout } from "../payments.server";
import { planOffersOf, startPlanTrial } from "../plans.server";
import type { Route } from "./+types/plans";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: accountPageTitle(t({ id: "billing.plans.title", defaultMessage: "Planes" })) }];
};

// The price rows, one per billing period in the labels' order. Read from the labels, not from the
// schema's list, because this component runs in the browser and db/schema would bring Drizzle along.
const PERIODS = Object.keys(PERIOD_LABELS) as BillingPeriod[];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = context.get(merchantContext);
  const [plans] = await readPage(context, plansReads, { request, params });
  return {
    trialStarted: user.trialStarted,
    current: { plan: user.plan, period: user.billingPeriod },
    storesLimit: user.storesLimit,
    plans: planOffersOf(plans, getServices(context).config.BILLING_CURRENCY, user.storesLimit),
  };
}

const refusals = (t: Translate) => ({
  trialStarted: t({
    id: "billing.plans.trialStarted",
    defaultMessage: "Tu prueba gratuita ya comenzó: el cambio de plan se hace con pago.",
  }),
  samePlan: t({ id: "billing.plans.samePlan", defaultMessage: "Ya tienes ese plan y periodo: elige otro para cambiarlo." }),
  choosePlan: t({ id: "billing.plans.choosePlan", defaultMessage: "Elige un plan y un periodo" }),
  trialFirst: t({ id: "billing.plans.trialFirst", defaultMessage: "Primero elige tu plan de prueba gratis" }),
});

const choiceSchema = z.object({
  intent: z.enum(["trial", "pay"]),
  plan: z.enum(PLAN_IDS),
  period: z.enum(BILLING_PERIODS),
});

/** Before the trial: the first choice starts the free month. After it: a change is paid first. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(merchantContext);
  const services = getServices(context);
  const t = merchantT(context);
  const refused = refusals(t);
  const parsed = choiceSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return failure({ form: refused.choosePlan });
  const { plan: planId, period, intent } = parsed.data;

  if (intent === "pay") {
    if (!user.trialStarted) return failure({ form: refused.trialFirst }, { status: 409 });
    if (!isPlanChange(user, { plan: planId, period })) return failure({ form: refused.samePlan });
    try {
      const checkout = await startCheckout(services, user, { kind: "plan_change", plan: planId, period });
      return { checkout, selection: { plan: planId, period } };
    } catch (error) {
      if (!(error instanceof PaymentsUnavailableError)) throw error;
      services.log.error("billing.checkout_failed", error.cause ?? error, { kind: "plan_change" });
      return failure({ form: t(BILLING_MESSAGES.paymentsUnavailable) }, { status: 503 });
    }
  }

  if (user.trialStarted) return failure({ form: refused.trialStarted }, { status: 409 });
  const trial = await startPlanTrial(services, user, planId, period);
  if (!trial.ok && trial.reason === "unknown_plan") return failure({ form: refused.choosePlan });
  if (!trial.ok) return failure({ form: refused.trialStarted }, { status: 409 });
  const selected = planSelectedNotice(t, trial.planName);
  return redirectWithNotice(services.config, "/", notice(selected.title, selected.description));
}

const PLAN = defineMessage({ id: "billing.plans.plan", defaultMessage: "Plan" });
const CURRENT_PLAN = defineMessage({
  id: "billing.plans.currentPlan",
  defaultMessage:
    "Tu plan actual es <b>{plan}</b> con pago {period}. Para cambiar de plan o de periodo se paga el nuevo periodo.",
});

export default function Plans({ loaderData, actionData }: Route.ComponentProps) {
  const { plans, current, trialStarted, storesLimit } = loaderData;
  const [plan, setPlan] = useState<PlanId>(current.plan);
  const [period, setPeriod] = useState<BillingPeriod>(current.period);
  const navigation = useNavigation();
  const t = useT();
  const periodLabel = (p: BillingPeriod) => t(PERIOD_MESSAGE, { period: p });
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
        <h1>{t({ id: "billing.plans.title", defaultMessage: "Planes" })}</h1>
        {trialStarted && <Link to="/">{t({ id: "billing.plans.home", defaultMessage: "Volver al inicio" })}</Link>}
      </header>
      {trialStarted ? (
        <p>
          <Rich
            message={CURRENT_PLAN}
            values={{
              plan: plans.find((p) => p.id === current.plan)?.name ?? "",
              period: periodLabel(current.period),
              b: (chunks) => <strong>{chunks}</strong>,
            }}
          />
        </p>
      ) : (
        <p className="form-info">
          {t({
            id: "billing.plans.trialInfo",
            defaultMessage: "Los usuarios nuevos tienen un mes de prueba gratis: los cobros empiezan cuando termina ese mes.",
          })}
        </p>
      )}

      <div className="plan-cards" role="radiogroup" aria-label={t(PLAN)}>
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
              {p.prices.monthly.price} / {periodLabel("monthly")}
            </span>
            <span className="muted">
              {t(
                {
                  id: "billing.plans.cardLimits",
                  defaultMessage:
                    "{products, select, unlimited {Productos ilimitados} other {{products} productos}} · {sections} secciones",
                },
                { products: p.products ?? "unlimited", sections: p.sections },
              )}
            </span>
            {p.id === current.plan && trialStarted && (
              <span className="tag">{t({ id: "billing.plans.current", defaultMessage: "Plan actual" })}</span>
            )}
          </label>
        ))}
      </div>

      <div className="table-scroll">
        <table className="compare">
          <caption>
            {t({
              id: "billing.plans.compare",
              defaultMessage: "Comparación de planes (elige el periodo en las filas de precio)",
            })}
          </caption>
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
              <th scope="row">{t({ id: "billing.plans.products", defaultMessage: "Número de productos" })}</th>
              {plans.map((p) => (
                <td key={p.id}>{p.products ?? t({ id: "billing.plans.unlimited", defaultMessage: "Ilimitados" })}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">{t({ id: "billing.plans.banner", defaultMessage: "Fotos de banner" })}</th>
              {plans.map((p) => (
                <td key={p.id}>{p.banner}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">{t({ id: "billing.plans.sections", defaultMessage: "Secciones" })}</th>
              {plans.map((p) => (
                <td key={p.id}>{p.sections}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">{t({ id: "billing.plans.itemsPerSection", defaultMessage: "Elementos por sección" })}</th>
              {plans.map((p) => (
                <td key={p.id}>{p.itemsPerSection}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">{t({ id: "billing.plans.photosPerProduct", defaultMessage: "Fotos por producto" })}</th>
              {plans.map((p) => (
                <td key={p.id}>{p.photosPerProduct}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">{t({ id: "billing.plans.customDomain", defaultMessage: "Dominio propio" })}</th>
              {plans.map((p) => (
                <td key={p.id}>
                  {planHasCustomDomain(p.id)
                    ? t({ id: "billing.plans.yes", defaultMessage: "Sí" })
                    : t({ id: "billing.plans.no", defaultMessage: "No" })}
                </td>
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
                    {t({ id: "billing.plans.periodPrice", defaultMessage: "Precio {period}" }, { period: periodLabel(pr) })}
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
        <Form method="post" className="plan-summary" aria-label={t({ id: "billing.plans.summary", defaultMessage: "Resumen" })}>
          <input type="hidden" name="plan" value={plan} />
          <input type="hidden" name="period" value={period} />
          <dl>
            <div>
              <dt>{t(PLAN)}</dt>
              <dd>{chosen.name}</dd>
            </div>
            <div>
              <dt>{t({ id: "billing.plans.price", defaultMessage: "Precio" })}</dt>
              <dd>
                {chosen.prices[period].price} / {periodLabel(period)}
              </dd>
            </div>
            <div>
              <dt>{t({ id: "billing.plans.stores", defaultMessage: "Tiendas" })}</dt>
              <dd>{storesLimit}</dd>
            </div>
            <div>
              <dt>{t({ id: "billing.plans.total", defaultMessage: "Total" })}</dt>
              <dd>
                <strong>{chosen.prices[period].total}</strong>
              </dd>
            </div>
          </dl>
          <FormError message={isFailure(actionData) ? actionData.errors.form : null} />
          {!trialStarted ? (
            <button type="submit" name="intent" value="trial" className="button">
              {t({ id: "billing.plans.startTrial", defaultMessage: "Comenzar prueba gratis" })}
            </button>
          ) : checkout && changed ? (
            <CheckoutButton checkout={checkout} />
          ) : changed ? (
            <button type="submit" name="intent" value="pay" className="button">
              {t({ id: "billing.plans.pay", defaultMessage: "Pagar {total}" }, { total: chosen.prices[period].total })}
            </button>
          ) : (
            <p className="muted">{t({ id: "billing.plans.isCurrent", defaultMessage: "Este es tu plan actual." })}</p>
          )}
        </Form>
      )}
      {navigation.state === "submitting" && (
        <LoadingOverlay text={t({ id: "billing.plans.processing", defaultMessage: "Procesando…" })} />
      )}
    </section>
  );
}
