import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import { formatMoney } from "~/domain/money";
import { notFound } from "~/http/responses";
import { PaymentProviderError } from "~/services/payments";
import { getServices } from "~/services/services";
import { useT } from "~/ui/messages";
import { merchantContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { accountPageTitle, metaT } from "~/workspace/page-titles";
import { approvedNotice, STATUS_MESSAGES } from "../messages";
import { paymentCompletedReads } from "../page-reads.server";
import { confirmProviderPayment, findUserPayment } from "../payments.server";
import type { Route } from "./+types/payment-completed";

export const meta: Route.MetaFunction = ({ params, matches }) => {
  const t = metaT(matches);
  return [
    {
      title: accountPageTitle(t({ id: "billing.completed.pageTitle", defaultMessage: "Pago {code}" }, { code: params.id })),
    },
  ];
};

/**
 * The provider's back URL. Its query (status=approved…) is never trusted; a provider payment id in
 * it is only a hint to ask the provider, and the answer must match this very payment.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = context.get(merchantContext);
  const services = getServices(context);
  let [[payment]] = await readPage(context, paymentCompletedReads, { request, params });
  if (!payment) notFound();
  const hint = new URL(request.url).searchParams;
  const providerPaymentId = hint.get("payment_id") ?? hint.get("collection_id");
  if (
    payment.status !== "approved" &&
    payment.provider === "mercadopago" &&
    providerPaymentId &&
    /^\d{1,20}$/.test(providerPaymentId)
  ) {
    try {
      await confirmProviderPayment(services, providerPaymentId, { expectedCode: payment.id });
      payment = (await findUserPayment(services, user.id, params.id)) ?? payment;
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      // The webhook will bring the answer.
      services.log.error("billing.payment_check_failed", error);
    }
  }
  const approved = payment.status === "approved" && payment.appliedAt !== null;
  const status: keyof typeof STATUS_MESSAGES = approved ? "approved" : payment.status === "rejected" ? "rejected" : "pending";
  return {
    code: payment.id,
    title: payment.title,
    amount: formatMoney(payment.amount, payment.currency, null),
    status,
    notice: approved ? approvedNotice(merchantT(context), payment.kind, payment.storesQuantity ?? 0) : null,
  };
}

const REFRESH_MS = 2000;

export default function PaymentCompleted({ loaderData: p }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  // Live status: ask again every 2 s until the payment is approved or rejected.
  useEffect(() => {
    if (p.status !== "pending") return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [p.status, revalidator]);
  const t = useT();
  return (
    <section className="payment-completed">
      <h1>
        {t(
          {
            id: "billing.completed.title",
            defaultMessage: "{status, select, approved {Pago completado} rejected {Pago rechazado} other {Pago en proceso}}",
          },
          { status: p.status },
        )}
      </h1>
      <dl className="profile">
        <div>
          <dt>{t({ id: "billing.completed.code", defaultMessage: "Código de transacción" })}</dt>
          <dd>
            <strong className="code">{p.code}</strong>
          </dd>
        </div>
        <div>
          <dt>{t({ id: "billing.completed.concept", defaultMessage: "Concepto" })}</dt>
          <dd>{p.title}</dd>
        </div>
        <div>
          <dt>{t({ id: "billing.completed.amount", defaultMessage: "Monto" })}</dt>
          <dd>{p.amount}</dd>
        </div>
        <div>
          <dt>{t({ id: "billing.completed.status", defaultMessage: "Estado" })}</dt>
          <dd>
            <span className={`payment-status status-${p.status}`} aria-live="polite" data-status={p.status}>
              {t(STATUS_MESSAGES[p.status])}
            </span>
          </dd>
        </div>
      </dl>
      {p.notice && (
        <div className="form-info" role="status">
          <strong>{p.notice.title}</strong> — {p.notice.description}
        </div>
      )}
      {p.status === "pending" && (
        <p className="muted">
          {t({
            id: "billing.completed.waiting",
            defaultMessage: "Esperando la confirmación del pago… esta página se actualiza sola.",
          })}
        </p>
      )}
      {p.status === "rejected" && (
        <p className="form-alert" role="alert">
          {t({
            id: "billing.completed.rejected",
            defaultMessage: "El pago fue rechazado y no se hizo ningún cambio en tu cuenta. Puedes intentarlo de nuevo.",
          })}
        </p>
      )}
      <p>
        <Link className="button" to="/">
          {t({ id: "billing.completed.home", defaultMessage: "Volver al inicio" })}
        </Link>
      </p>
    </section>
  );
}
