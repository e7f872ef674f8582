import { Form, redirect } from "react-router";
import { z } from "zod";
import { PAYMENT_HOLD_MINUTES } from "~/domain/sales";
import { failure } from "~/http/action-result";
import { getServices } from "~/services/services";
import { ConfirmedForm } from "~/ui/confirmed-form";
import { redirectWithNotice } from "~/ui/flash.server";
import { Field, FormError } from "~/ui/form";
import { notice } from "~/ui/notice";
import { actingUser } from "~/workspace/activity.server";
import { merchantContext, ownedStoreContext } from "~/workspace/context.server";
import { storePageTitle } from "~/workspace/page-titles";
import { saveStoreSettings } from "~/workspace/store-record.server";
import { MERCADOPAGO_APP_REMOVAL, ONLINE_PAYMENTS_NOT_CONFIGURED } from "../messages";
import {
  findStorePaymentAccount,
  isUsable,
  linkingCookie,
  paymentsPagePath,
  startLinking,
  unlinkStore,
} from "../store-accounts.server";
import type { Route } from "./+types/store-payments";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: storePageTitle("Cobros en línea", matches) }];

export async function loader({ context }: Route.LoaderArgs) {
  const services = getServices(context);
  const store = context.get(ownedStoreContext);
  const account = await findStorePaymentAccount(services, store.id);
  const linked = isUsable(services, account);
  return {
    linked,
    accountId: linked ? account.accountId : null,
    linkedOn: linked
      ? new Intl.DateTimeFormat("es", { dateStyle: "long", timeZone: store.timeZone }).format(account.linkedAt)
      : null,
    available: services.storePayments !== null,
    sandbox: services.storePayments?.name === "sandbox",
    holdMinutes: store.paymentHoldMinutes,
  };
}

const HOLD_MESSAGE = `Escribe entre ${PAYMENT_HOLD_MINUTES.min} y ${PAYMENT_HOLD_MINUTES.max} minutos`;

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("link") }),
  z.object({ intent: z.literal("unlink") }),
  z.object({
    intent: z.literal("hold"),
    minutes: z.coerce
      .number({ error: HOLD_MESSAGE })
      .int(HOLD_MESSAGE)
      .min(PAYMENT_HOLD_MINUTES.min, HOLD_MESSAGE)
      .max(PAYMENT_HOLD_MINUTES.max, HOLD_MESSAGE),
  }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const store = context.get(ownedStoreContext);
  const fields = Object.fromEntries(await request.formData());
  const parsed = actionSchema.safeParse(fields);
  if (!parsed.success)
    return fields.intent === "hold"
      ? failure({ minutes: HOLD_MESSAGE }, { intent: "hold" })
      : failure({ form: "Elige vincular o desvincular" });
  if (parsed.data.intent === "hold") {
    await saveStoreSettings(
      services.db,
      actingUser(context),
      store,
      { paymentHoldMinutes: parsed.data.minutes },
      "Cambió el tiempo para pagar en línea",
      services.clock.now(),
      { before: String(store.paymentHoldMinutes), after: String(parsed.data.minutes) },
    );
    return redirectWithNotice(
      services.config,
      paymentsPagePath(store.id),
      notice("Tiempo para pagar guardado", `Los pedidos sin pagar guardan su stock ${parsed.data.minutes} minutos.`),
    );
  }
  if (parsed.data.intent === "link") {
    if (!services.storePayments) return failure({ form: ONLINE_PAYMENTS_NOT_CONFIGURED }, { status: 409 });
    const { url, nonce } = await startLinking(services, store.id, context.get(merchantContext).id);
    return redirect(url, { headers: { "Set-Cookie": await linkingCookie(services.config).serialize(nonce) } });
  }
  await unlinkStore(services, actingUser(context), store.id);
  return redirectWithNotice(
    services.config,
    paymentsPagePath(store.id),
    notice("Mercado Pago desvinculado", `Tus clientes ya no pueden pagar en línea. ${MERCADOPAGO_APP_REMOVAL}`, "success", 8000),
  );
}

export default function StorePayments({ loaderData: p, actionData }: Route.ComponentProps) {
  return (
    <section className="panel wide" aria-labelledby="payments-title">
      <h2 id="payments-title">Cobros en línea</h2>
      <p className="muted">
        Vincula tu cuenta de Mercado Pago y tus clientes podrán pagar sus pedidos en línea. El dinero llega directo a tu cuenta:
        Vitrina no lo recibe ni lo retiene.
      </p>
      {p.sandbox && <p className="muted">Entorno de pruebas: la vinculación usa el sandbox local, sin dinero real.</p>}
      <FormError message={actionData?.errors.form} />
      {p.linked ? (
        <>
          <p>
            Estado: <strong className="status-approved">Vinculada</strong>
          </p>
          <p>
            Cuenta de Mercado Pago: <strong>{p.accountId}</strong>
            <br />
            <span className="muted">Vinculada el {p.linkedOn}</span>
          </p>
          <ConfirmedForm
            fields={{ intent: "unlink" }}
            buttonLabel="Desvincular"
            title="¿Desvincular Mercado Pago?"
            description={`Tus clientes ya no podrán pagar en línea en esta tienda. ${MERCADOPAGO_APP_REMOVAL}`}
          />
          <p className="muted">{MERCADOPAGO_APP_REMOVAL}</p>
          <Form method="post" className="form inline-form" aria-labelledby="hold-title">
            <h3 id="hold-title">Tiempo para pagar</h3>
            <p className="field-hint">
              Un pedido que espera su pago en línea guarda su stock este tiempo. Si no se paga, el stock vuelve a la tienda y el
              pedido queda como 'Pago no completado' (el cliente puede volver a pagar mientras haya stock).
            </p>
            <input type="hidden" name="intent" value="hold" />
            <Field
              label="Minutos"
              name="minutes"
              inputMode="numeric"
              defaultValue={String(p.holdMinutes)}
              error={actionData?.errors.minutes}
              required
            />
            <button type="submit" className="button secondary">
              Guardar
            </button>
          </Form>
        </>
      ) : !p.available ? (
        <p>{ONLINE_PAYMENTS_NOT_CONFIGURED}</p>
      ) : (
        <>
          <p>
            Estado: <strong>Sin vincular</strong>
          </p>
          {/* A full page load: the authorization page is Mercado Pago's own site. */}
          <Form method="post" reloadDocument>
            <input type="hidden" name="intent" value="link" />
            <button type="submit" className="button">
              Vincular Mercado Pago
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
