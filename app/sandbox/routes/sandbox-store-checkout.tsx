import { Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { STATUS_LABELS } from "~/billing/messages";
import { formatMoney } from "~/domain/money";
import { failure } from "~/http/action-result";
import { notFound } from "~/http/responses";
import { confirmSalePayment } from "~/online-payments/sale-payments.server";
import { getServices } from "~/services/services";
import { FormError } from "~/ui/form";
import { decideSandboxCheckout, findSandboxCheckout } from "../sandbox-store-payments.server";
import type { Route } from "./+types/sandbox-store-checkout";

/**
 * The sandbox's stand-in for MercadoPago's checkout of a store's own account: the decision is recorded
 * as the provider's state, the same confirmation a webhook runs follows, and the buyer goes back to the
 * store's back URL with ?payment_id=…&status=…, as MercadoPago sends them.
 */
function sandboxOnly(context: Route.LoaderArgs["context"]) {
  const services = getServices(context);
  if (services.storePayments?.name !== "sandbox") notFound();
  return services;
}

export const meta: Route.MetaFunction = () => [{ title: "Pago de prueba | Vitrina" }, { name: "robots", content: "noindex" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = sandboxOnly(context);
  const found = await findSandboxCheckout(services.db, params.id);
  if (!found) notFound();
  return {
    id: found.payment.id,
    storeName: found.storeName,
    title: found.payment.title,
    amount: formatMoney(found.payment.amount, found.payment.currency),
    status: found.payment.status,
    backUrl: found.payment.backUrl,
  };
}

const decisionSchema = z.object({ decision: z.enum(["approved", "rejected"]) });

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = sandboxOnly(context);
  const parsed = decisionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return failure({ decision: "Elige aprobar o rechazar" });
  const found = await findSandboxCheckout(services.db, params.id);
  if (!found) notFound();
  await decideSandboxCheckout(services.db, found.payment.id, parsed.data.decision);
  await confirmSalePayment(services, found.storeId, String(found.payment.id), {
    expectedSaleId: found.payment.externalReference,
  });
  const decided = await findSandboxCheckout(services.db, params.id);
  const back = new URL(found.payment.backUrl);
  back.searchParams.set("payment_id", String(found.payment.id));
  back.searchParams.set("status", decided?.payment.status ?? parsed.data.decision);
  back.searchParams.set("external_reference", found.payment.externalReference);
  return redirect(back.toString());
}

export default function SandboxStoreCheckout({ loaderData: p, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <main className="sandbox">
      <div className="sandbox-card">
        <p className="sandbox-tag">Entorno de pruebas · sin dinero real</p>
        <p className="muted">Pagas a {p.storeName}</p>
        <h1>{p.title}</h1>
        <p className="sandbox-amount">{p.amount}</p>
        <FormError message={actionData?.errors.decision} />
        {p.status === "pending" ? (
          <Form method="post" className="sandbox-actions">
            <button type="submit" name="decision" value="approved" className="button" disabled={busy}>
              Aprobar pago
            </button>
            <button type="submit" name="decision" value="rejected" className="button secondary" disabled={busy}>
              Rechazar pago
            </button>
          </Form>
        ) : (
          <p>
            Este pago ya fue decidido: <strong>{STATUS_LABELS[p.status]}</strong>. <a href={p.backUrl}>Volver a la tienda</a>
          </p>
        )}
      </div>
    </main>
  );
}
