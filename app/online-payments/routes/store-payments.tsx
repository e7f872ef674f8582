import { Form, redirect } from "react-router";
import { z } from "zod";
import type { Translate } from "~/domain/messages";
import { PAYMENT_HOLD_MINUTES } from "~/domain/sales";
import { failure, parseForm } from "~/http/action-result";
import { getServices } from "~/services/services";
import { ConfirmedForm } from "~/ui/confirmed-form";
import { redirectWithNotice } from "~/ui/flash.server";
import { Field, FormError } from "~/ui/form";
import { useT } from "~/ui/messages";
import { notice } from "~/ui/notice";
import { actingUser } from "~/workspace/activity.server";
import { merchantContext, ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { saveStoreSettings } from "~/workspace/store-record.server";
import { ONLINE_PAYMENTS_MESSAGES } from "../messages";
import { storePaymentsReads } from "../page-reads.server";
import { isUsable, linkingCookie, paymentsPagePath, startLinking, unlinkStore } from "../store-accounts.server";
import type { Route } from "./+types/store-payments";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: storePageTitle(t({ id: "onlinePayments.pageTitle.title", defaultMessage: "Cobros en línea" }), matches) }];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const store = context.get(ownedStoreContext);
  const [[account]] = await readPage(context, storePaymentsReads, { request, params });
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

const holdMessage = (t: Translate) =>
  t(
    { id: "onlinePayments.hold.invalid", defaultMessage: "Escribe entre {min} y {max} minutos" },
    { min: PAYMENT_HOLD_MINUTES.min, max: PAYMENT_HOLD_MINUTES.max },
  );

const actionSchema = (holdMessage: string) =>
  z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("link") }),
    z.object({ intent: z.literal("unlink") }),
    z.object({
      intent: z.literal("hold"),
      minutes: z.coerce
        .number({ error: holdMessage })
        .int(holdMessage)
        .min(PAYMENT_HOLD_MINUTES.min, holdMessage)
        .max(PAYMENT_HOLD_MINUTES.max, holdMessage),
    }),
  ]);

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const store = context.get(ownedStoreContext);
  const t = merchantT(context);
  const fields = Object.fromEntries(await request.formData());
  const parsed = parseForm(actionSchema(holdMessage(t)), fields, t);
  if (!parsed.success)
    return fields.intent === "hold"
      ? failure({ minutes: holdMessage(t) }, { intent: "hold" })
      : failure({ form: t({ id: "onlinePayments.refusal.chooseIntent", defaultMessage: "Elige vincular o desvincular" }) });
  if (parsed.data.intent === "hold") {
    await saveStoreSettings(
      services.db,
      actingUser(context),
      store,
      { paymentHoldMinutes: parsed.data.minutes },
      "paymentHoldChanged",
      services.clock.now(),
      { before: String(store.paymentHoldMinutes), after: String(parsed.data.minutes) },
    );
    return redirectWithNotice(
      services.config,
      paymentsPagePath(store.id),
      notice(
        t({ id: "onlinePayments.notice.holdSaved", defaultMessage: "Tiempo para pagar guardado" }),
        t(
          {
            id: "onlinePayments.notice.holdSavedDetail",
            defaultMessage: "Los pedidos sin pagar guardan su stock {minutes} minutos.",
          },
          { minutes: parsed.data.minutes },
        ),
      ),
    );
  }
  if (parsed.data.intent === "link") {
    if (!services.storePayments) return failure({ form: t(ONLINE_PAYMENTS_MESSAGES.notConfigured) }, { status: 409 });
    const { url, nonce } = await startLinking(services, store.id, context.get(merchantContext).id);
    return redirect(url, { headers: { "Set-Cookie": await linkingCookie(services.config).serialize(nonce) } });
  }
  await unlinkStore(services, actingUser(context), store.id);
  return redirectWithNotice(
    services.config,
    paymentsPagePath(store.id),
    notice(
      t({ id: "onlinePayments.notice.unlinked", defaultMessage: "Mercado Pago desvinculado" }),
      t(
        { id: "onlinePayments.notice.unlinkedDetail", defaultMessage: "Tus clientes ya no pueden pagar en línea. {removal}" },
        { removal: t(ONLINE_PAYMENTS_MESSAGES.appRemoval) },
      ),
      "success",
      8000,
    ),
  );
}

export default function StorePayments({ loaderData: p, actionData }: Route.ComponentProps) {
  const t = useT();
  const removal = t(ONLINE_PAYMENTS_MESSAGES.appRemoval);
  return (
    <section className="panel wide" aria-labelledby="payments-title">
      <h2 id="payments-title">{t({ id: "onlinePayments.page.title", defaultMessage: "Cobros en línea" })}</h2>
      <p className="muted">
        {t({
          id: "onlinePayments.page.intro",
          defaultMessage:
            "Vincula tu cuenta de Mercado Pago y tus clientes podrán pagar sus pedidos en línea. El dinero llega directo a tu cuenta: Vitrina no lo recibe ni lo retiene.",
        })}
      </p>
      {p.sandbox && (
        <p className="muted">
          {t({
            id: "onlinePayments.page.sandbox",
            defaultMessage: "Entorno de pruebas: la vinculación usa el sandbox local, sin dinero real.",
          })}
        </p>
      )}
      <FormError message={actionData?.errors.form} />
      {p.linked ? (
        <>
          <p>
            {t({ id: "onlinePayments.page.state", defaultMessage: "Estado:" })}{" "}
            <strong className="status-approved">{t({ id: "onlinePayments.page.linked", defaultMessage: "Vinculada" })}</strong>
          </p>
          <p>
            {t({ id: "onlinePayments.page.account", defaultMessage: "Cuenta de Mercado Pago:" })} <strong>{p.accountId}</strong>
            <br />
            <span className="muted">
              {t({ id: "onlinePayments.page.linkedOn", defaultMessage: "Vinculada el {date}" }, { date: p.linkedOn })}
            </span>
          </p>
          <ConfirmedForm
            fields={{ intent: "unlink" }}
            buttonLabel={t({ id: "onlinePayments.unlink.button", defaultMessage: "Desvincular" })}
            title={t({ id: "onlinePayments.unlink.title", defaultMessage: "¿Desvincular Mercado Pago?" })}
            description={t(
              {
                id: "onlinePayments.unlink.description",
                defaultMessage: "Tus clientes ya no podrán pagar en línea en esta tienda. {removal}",
              },
              { removal },
            )}
          />
          <p className="muted">{removal}</p>
          <Form method="post" className="form inline-form" aria-labelledby="hold-title">
            <h3 id="hold-title">{t({ id: "onlinePayments.hold.title", defaultMessage: "Tiempo para pagar" })}</h3>
            <p className="field-hint">
              {t({
                id: "onlinePayments.hold.hint",
                defaultMessage:
                  "Un pedido que espera su pago en línea guarda su stock este tiempo. Si no se paga, el stock vuelve a la tienda y el pedido queda como 'Pago no completado' (el cliente puede volver a pagar mientras haya stock).",
              })}
            </p>
            <input type="hidden" name="intent" value="hold" />
            <Field
              label={t({ id: "onlinePayments.hold.minutes", defaultMessage: "Minutos" })}
              name="minutes"
              inputMode="numeric"
              defaultValue={String(p.holdMinutes)}
              error={actionData?.errors.minutes}
              required
            />
            <button type="submit" className="button secondary">
              {t({ id: "onlinePayments.hold.save", defaultMessage: "Guardar" })}
            </button>
          </Form>
        </>
      ) : !p.available ? (
        <p>{t(ONLINE_PAYMENTS_MESSAGES.notConfigured)}</p>
      ) : (
        <>
          <p>
            {t({ id: "onlinePayments.page.state", defaultMessage: "Estado:" })}{" "}
            <strong>{t({ id: "onlinePayments.page.unlinked", defaultMessage: "Sin vincular" })}</strong>
          </p>
          {/* A full page load: the authorization page is Mercado Pago's own site. */}
          <Form method="post" reloadDocument>
            <input type="hidden" name="intent" value="link" />
            <button type="submit" className="button">
              {t({ id: "onlinePayments.link.button", defaultMessage: "Vincular Mercado Pago" })}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
