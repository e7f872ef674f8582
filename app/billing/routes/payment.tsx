import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { isOverdue } from "~/domain/billing";
import { formatMoney } from "~/domain/money";
import { PERIOD_LABELS } from "~/domain/plans";
import { failure, isFailure } from "~/http/action-result";
import { getServices } from "~/services/services";
import { FormError } from "~/ui/form";
import { LoadingOverlay } from "~/ui/overlays";
import { merchantContext } from "~/workspace/context.server";
import { PAYMENTS_UNAVAILABLE } from "../messages";
import { CheckoutButton } from "../pay-button";
import { PaymentsUnavailableError, startCheckout } from "../payments.server";
import type { Route } from "./+types/payment";

export const meta: Route.MetaFunction = () => [{ title: "Pagar | Vitrina" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(merchantContext);
  const { config, clock } = getServices(context);
  return {
    name: user.name,
    total: formatMoney(user.billTotal, config.BILLING_CURRENCY, null),
    period: PERIOD_LABELS[user.billingPeriod],
    dueAt: user.billDueAt?.toISOString() ?? null,
    overdue: isOverdue(user, clock.now()),
  };
}

const paySchema = z.object({ intent: z.literal("pay") });

/** 'Pagar' creates the renewal's payment reference; the wallet (or sandbox) button then appears. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(merchantContext);
  if (!paySchema.safeParse(Object.fromEntries(await request.formData())).success) {
    return failure({ form: "Solicitud inválida" });
  }
  try {
    return { checkout: await startCheckout(getServices(context), user, { kind: "renewal" }) };
  } catch (error) {
    if (!(error instanceof PaymentsUnavailableError)) throw error;
    getServices(context).log.error("billing.checkout_failed", error.cause ?? error, { kind: "renewal" });
    return failure({ form: PAYMENTS_UNAVAILABLE }, { status: 503 });
  }
}

const formatDate = (iso: string) => new Intl.DateTimeFormat("es", { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));

export default function Payment({ loaderData: p, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <section className="payment">
      <h1>Hola, {p.name}</h1>
      <div className="bill-card">
        <p>
          Tu factura actual es de <strong>{p.total}</strong> ({p.period}) con fecha límite el{" "}
          <strong>{p.dueAt ? formatDate(p.dueAt) : "—"}</strong>.
        </p>
        {p.overdue ? (
          <p className="form-alert" role="alert">
            Tu factura está vencida. Tus tiendas seguirán activas 10 días, pero no podrás administrarlas hasta que pagues.
          </p>
        ) : (
          <p className="form-info">Tu factura está al día. Puedes pagar por adelantado si lo deseas.</p>
        )}
        <FormError message={isFailure(actionData) ? actionData.errors.form : null} />
        {actionData && !isFailure(actionData) ? (
          <CheckoutButton checkout={actionData.checkout} />
        ) : (
          <Form method="post">
            <button type="submit" name="intent" value="pay" className="button">
              Pagar
            </button>
          </Form>
        )}
      </div>
      <p className="payment-links">
        <Link to="/plans">Cambiar de plan</Link> · <Link to="/Account">Ver mi cuenta</Link> · <Link to="/">Inicio</Link>
      </p>
      {navigation.state === "submitting" && <LoadingOverlay text="Creando la referencia de pago…" />}
    </section>
  );
}
