import { redirect } from "react-router";
import { z } from "zod";
import { formatMoney } from "~/domain/money";
import { failure } from "~/http/action-result";
import { notFound } from "~/http/responses";
import { confirmSalePayment } from "~/orders/sale-payments.server";
import { SandboxDecision } from "../sandbox-decision";
import { decideSandboxCheckout } from "../sandbox-store-payments.server";
import { findSandboxCheckout, requireStoreSandbox } from "../store-sandbox.server";
import type { Route } from "./+types/sandbox-store-checkout";

/**
 * The sandbox's stand-in for MercadoPago's checkout of a store's own account: the decision is recorded
 * as the provider's state, the same confirmation a webhook runs follows, and the buyer goes back to the
 * store's back URL with ?payment_id=…&status=…, as MercadoPago sends them.
 */
export const meta: Route.MetaFunction = () => [{ title: "Pago de prueba | Vitrina" }, { name: "robots", content: "noindex" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = requireStoreSandbox(context);
  const found = await findSandboxCheckout(services.db, params.id);
  if (!found) notFound();
  return {
    id: found.payment.id,
    storeName: found.storeName,
    title: found.payment.title,
    amount: formatMoney(found.payment.amount, found.payment.currency, null),
    status: found.payment.status,
    backUrl: found.payment.backUrl,
  };
}

const decisionSchema = z.object({ decision: z.enum(["approved", "rejected"]) });

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = requireStoreSandbox(context);
  const parsed = decisionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return failure({ decision: "Elige aprobar o rechazar" });
  // Decided first (once, while pending), so the one read below sees the decision that stands.
  await decideSandboxCheckout(services.db, params.id, parsed.data.decision);
  const found = await findSandboxCheckout(services.db, params.id);
  if (!found) notFound();
  const { payment } = found;
  await confirmSalePayment(services, found.storeId, String(payment.id), { expectedSaleId: payment.externalReference });
  const back = new URL(payment.backUrl);
  back.searchParams.set("payment_id", String(payment.id));
  back.searchParams.set("status", payment.status);
  back.searchParams.set("external_reference", payment.externalReference);
  return redirect(back.toString());
}

export default function SandboxStoreCheckout({ loaderData: p, actionData }: Route.ComponentProps) {
  return (
    <main className="sandbox">
      <div className="sandbox-card">
        <p className="sandbox-tag">Entorno de pruebas · sin dinero real</p>
        <p className="muted">Pagas a {p.storeName}</p>
        <h1>{p.title}</h1>
        <p className="sandbox-amount">{p.amount}</p>
        <SandboxDecision
          status={p.status}
          error={actionData?.errors.decision}
          next={{ href: p.backUrl, label: "Volver a la tienda" }}
        />
      </div>
    </main>
  );
}
