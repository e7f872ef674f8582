import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { isOverdue } from "~/domain/billing";
import { defineMessage } from "~/domain/messages";
import { formatMoney } from "~/domain/money";
import { failure, isFailure } from "~/http/action-result";
import { getServices } from "~/services/services";
import { FormError } from "~/ui/form";
import { Rich, useT } from "~/ui/messages";
import { LoadingOverlay } from "~/ui/overlays";
import { merchantContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { accountPageTitle, metaT } from "~/workspace/page-titles";
import { BILLING_MESSAGES, CREATING_REFERENCE, PERIOD_MESSAGE } from "../messages";
import { CheckoutButton } from "../pay-button";
import { PaymentsUnavailableError, startCheckout } from "../payments.server";
import type { Route } from "./+types/payment";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: accountPageTitle(t({ id: "billing.payment.pay", defaultMessage: "Pagar" })) }];
};

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(merchantContext);
  const { config, clock } = getServices(context);
  return {
    name: user.name,
    total: formatMoney(user.billTotal, config.BILLING_CURRENCY, null),
    period: user.billingPeriod,
    dueAt: user.billDueAt?.toISOString() ?? null,
    overdue: isOverdue(user, clock.now()),
  };
}

const paySchema = z.object({ intent: z.literal("pay") });

/** 'Pagar' creates the renewal's payment reference; the wallet (or sandbox) button then appears. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(merchantContext);
  const t = merchantT(context);
  if (!paySchema.safeParse(Object.fromEntries(await request.formData())).success) {
    return failure({ form: t({ id: "billing.payment.invalid", defaultMessage: "Solicitud inválida" }) });
  }
  try {
    return { checkout: await startCheckout(getServices(context), user, { kind: "renewal" }) };
  } catch (error) {
    if (!(error instanceof PaymentsUnavailableError)) throw error;
    getServices(context).log.error("billing.checkout_failed", error.cause ?? error, { kind: "renewal" });
    return failure({ form: t(BILLING_MESSAGES.paymentsUnavailable) }, { status: 503 });
  }
}

const formatDate = (iso: string) => new Intl.DateTimeFormat("es", { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));

const CURRENT_BILL = defineMessage({
  id: "billing.payment.current",
  defaultMessage: "Tu factura actual es de <b>{total}</b> ({period}) con fecha límite el <b>{due}</b>.",
});

export default function Payment({ loaderData: p, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const t = useT();
  return (
    <section className="payment">
      <h1>{t({ id: "billing.payment.hello", defaultMessage: "Hola, {name}" }, { name: p.name })}</h1>
      <div className="bill-card">
        <p>
          <Rich
            message={CURRENT_BILL}
            values={{
              total: p.total,
              period: t(PERIOD_MESSAGE, { period: p.period }),
              due: p.dueAt ? formatDate(p.dueAt) : "—",
              b: (chunks) => <strong>{chunks}</strong>,
            }}
          />
        </p>
        {p.overdue ? (
          <p className="form-alert" role="alert">
            {t({
              id: "billing.payment.overdue",
              defaultMessage:
                "Tu factura está vencida. Tus tiendas seguirán activas 10 días, pero no podrás administrarlas hasta que pagues.",
            })}
          </p>
        ) : (
          <p className="form-info">
            {t({
              id: "billing.payment.upToDate",
              defaultMessage: "Tu factura está al día. Puedes pagar por adelantado si lo deseas.",
            })}
          </p>
        )}
        <FormError message={isFailure(actionData) ? actionData.errors.form : null} />
        {actionData && !isFailure(actionData) ? (
          <CheckoutButton checkout={actionData.checkout} />
        ) : (
          <Form method="post">
            <button type="submit" name="intent" value="pay" className="button">
              {t({ id: "billing.payment.pay", defaultMessage: "Pagar" })}
            </button>
          </Form>
        )}
      </div>
      <p className="payment-links">
        <Link to="/plans">{t({ id: "billing.payment.changePlan", defaultMessage: "Cambiar de plan" })}</Link> ·{" "}
        <Link to="/Account">{t({ id: "billing.payment.account", defaultMessage: "Ver mi cuenta" })}</Link> ·{" "}
        <Link to="/">{t({ id: "billing.payment.home", defaultMessage: "Inicio" })}</Link>
      </p>
      {navigation.state === "submitting" && <LoadingOverlay text={t(CREATING_REFERENCE)} />}
    </section>
  );
}
