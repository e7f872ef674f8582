import { redirect } from "react-router";
import { z } from "zod";
import { completedPath, decideSandboxPayment, findPayment } from "~/billing/payments.server";
import { formatMoney } from "~/domain/money";
import { failure } from "~/http/action-result";
import { notFound } from "~/http/responses";
import { getServices } from "~/services/services";
import { SandboxDecision } from "../sandbox-decision";
import type { Route } from "./+types/sandbox-pay";

/**
 * The payment sandbox (docs/product-rules.md, Plans and billing): stands in for MercadoPago's checkout page
 * when no credentials are configured. Its decision feeds the same verified-approval path.
 * Exists only while the sandbox is the payment provider (local runs, or PAYMENT_SANDBOX=1).
 */
function sandboxOnly(context: Route.LoaderArgs["context"]) {
  const services = getServices(context);
  if (services.payments.name !== "sandbox") notFound();
  return services;
}

export const meta: Route.MetaFunction = () => [{ title: "Pago de prueba | Vitrina" }, { name: "robots", content: "noindex" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = sandboxOnly(context);
  const payment = await findPayment(services, params.code);
  if (payment?.provider !== "sandbox") notFound();
  return {
    code: payment.id,
    title: payment.title,
    amount: formatMoney(payment.amount, payment.currency, null),
    status: payment.status,
  };
}

const decisionSchema = z.object({ decision: z.enum(["approved", "rejected"]) });

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = sandboxOnly(context);
  const parsed = decisionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return failure({ decision: "Elige aprobar o rechazar" });
  const payment = await findPayment(services, params.code);
  if (payment?.provider !== "sandbox") notFound();
  await decideSandboxPayment(services, payment.id, parsed.data.decision);
  return redirect(completedPath(payment.id));
}

export default function SandboxPay({ loaderData: p, actionData }: Route.ComponentProps) {
  return (
    <main className="sandbox">
      <div className="sandbox-card">
        <p className="sandbox-tag">Entorno de pruebas · sin dinero real</p>
        <h1>{p.title}</h1>
        <p className="sandbox-amount">{p.amount}</p>
        <p className="muted">Referencia {p.code}</p>
        <SandboxDecision
          status={p.status}
          error={actionData?.errors.decision}
          next={{ href: `/paymentCompleted/${p.code}`, label: "Ver el pago" }}
        />
      </div>
    </main>
  );
}
