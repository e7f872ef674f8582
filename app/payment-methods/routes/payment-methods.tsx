// 'Cobros': the store's transfer and cash methods, each on or off with its discount or surcharge, and how long
// unpaid orders of each way to pay (and of 'al recibir, como lo acuerden') keep their units.
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { defineMessage, defineMessages, type Translate } from "~/domain/messages";
import {
  ADJUST_PERCENT_MAX,
  arrangedHoldSchema,
  cashMethodSchema,
  HOLD_HOURS_CHOICES,
  holdHoursOf,
  type ManualMethod,
  type ManualPaymentMethod,
  manualMethod,
  TRANSFER_HOLD_HOURS,
  TRANSFER_LENGTHS,
  transferMethodSchema,
} from "~/domain/payment-methods";
import { type ActionFailure, failure, fieldErrors, parseForm } from "~/http/action-result";
import { getServices } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { Field, FormError, SelectField, TextAreaField } from "~/ui/form";
import { Rich, useT } from "~/ui/messages";
import { notice } from "~/ui/notice";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext, storeRoleContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { paymentMethodsReads } from "../page-reads.server";
import { savePaymentMethod } from "../payment-methods.server";
import type { Route } from "./+types/payment-methods";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: storePageTitle(t({ id: "paymentMethods.pageTitle.title", defaultMessage: "Cobros" }), matches) }];
};

const paymentMethodsPagePath = (storeId: string) => `/Store/${storeId}/cobros`;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const [rows] = await readPage(context, paymentMethodsReads, { request, params });
  return {
    storeId: store.id,
    // Linking MercadoPago is the owner's: an administrator is not pointed to it.
    linksPayments: context.get(storeRoleContext) === "owner",
    transfer: manualMethod(rows, "transfer"),
    cash: manualMethod(rows, "cash"),
    arrangedHours: holdHoursOf(rows, "on_delivery").holdHours,
  };
}

const SCHEMAS = { transfer: transferMethodSchema, cash: cashMethodSchema, on_delivery: arrangedHoldSchema } as const;
const SAVED = {
  transfer: (t: Translate, on: boolean) =>
    on
      ? t({ id: "paymentMethods.notice.transferOn", defaultMessage: "Tus clientes pueden elegir pagar por transferencia." })
      : t({ id: "paymentMethods.notice.transferOff", defaultMessage: "La transferencia ya no se ofrece al comprar." }),
  cash: (t: Translate, on: boolean) =>
    on
      ? t({ id: "paymentMethods.notice.cashOn", defaultMessage: "Tus clientes pueden elegir pagar en efectivo." })
      : t({ id: "paymentMethods.notice.cashOff", defaultMessage: "El efectivo ya no se ofrece al comprar." }),
  on_delivery: (t: Translate) =>
    t({
      id: "paymentMethods.notice.arrangedSaved",
      defaultMessage: "Guardamos el tiempo de reserva de los pedidos a coordinar.",
    }),
} as const;

const PAYMENTS_LINK = defineMessage({
  id: "paymentMethods.page.online",
  defaultMessage: "Para cobrar en línea, vincula Mercado Pago en <a>Cobros en línea</a>.",
});

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const store = context.get(ownedStoreContext);
  const t = merchantT(context);
  const fields = Object.fromEntries(await request.formData()) as Record<string, string>;
  const method = fields.intent;
  if (method !== "transfer" && method !== "cash" && method !== "on_delivery")
    return failure({
      form: t({ id: "paymentMethods.refusal.chooseMethod", defaultMessage: "Elige qué forma de cobro guardar" }),
    });
  const parsed = parseForm(SCHEMAS[method](t), fields, t);
  if (!parsed.success) return failure(fieldErrors(parsed.error), { intent: method, values: fields });
  await savePaymentMethod(services.db, actingUser(context), store.id, parsed.data, services.clock.now());
  return redirectWithNotice(
    services.config,
    `${paymentMethodsPagePath(store.id)}#${method}`,
    notice(t({ id: "paymentMethods.notice.saved", defaultMessage: "Cobros guardados" }), SAVED[method](t, parsed.data.enabled)),
  );
}

export default function PaymentMethodsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { storeId, transfer, cash, arrangedHours, linksPayments } = loaderData;
  const answer = (method: ManualMethod | "on_delivery") => (actionData?.intent === method ? actionData : undefined);
  const t = useT();
  return (
    <section className="panel wide" aria-labelledby="cobros-title">
      <h2 id="cobros-title">{t({ id: "paymentMethods.page.title", defaultMessage: "Cobros" })}</h2>
      <p className="muted">
        {t({
          id: "paymentMethods.page.intro",
          defaultMessage:
            "Elige cómo te pagan tus clientes al comprar. Si no activas ninguna, el pedido se paga como lo acuerden.",
        })}
        {linksPayments && (
          <>
            {" "}
            <Rich message={PAYMENTS_LINK} values={{ a: (chunks) => <Link to={`/Store/${storeId}/payments`}>{chunks}</Link> }} />
          </>
        )}
      </p>
      <FormError message={actionData && !actionData.intent ? actionData.errors.form : undefined} />
      <MethodForm
        method={transfer}
        answer={answer("transfer")}
        title={t({ id: "paymentMethods.transfer.title", defaultMessage: "Transferencia o depósito" })}
      >
        {(values, errors) => (
          <>
            <Field
              id="transfer-keyLabel"
              label={t({ id: "paymentMethods.transfer.keyLabel", defaultMessage: "Nombre de la clave (opcional)" })}
              name="keyLabel"
              defaultValue={values.keyLabel}
              maxLength={TRANSFER_LENGTHS.keyLabel}
              placeholder={t({
                id: "paymentMethods.transfer.keyLabelExample",
                defaultMessage: "Alias, CBU, CVU, CLABE, Clave Pix…",
              })}
              error={errors.keyLabel}
            />
            <Field
              id="transfer-keyValue"
              label={t({ id: "paymentMethods.transfer.keyValue", defaultMessage: "Clave para transferir" })}
              name="keyValue"
              defaultValue={values.keyValue}
              maxLength={TRANSFER_LENGTHS.keyValue}
              hint={t({
                id: "paymentMethods.transfer.keyValueHint",
                defaultMessage: "Tus clientes la ven con un botón 'Copiar'.",
              })}
              error={errors.keyValue}
            />
            <TextAreaField
              label={t({ id: "paymentMethods.transfer.instructions", defaultMessage: "Instrucciones (opcional)" })}
              name="instructions"
              defaultValue={values.instructions}
              maxLength={TRANSFER_LENGTHS.instructions}
              hint={t({
                id: "paymentMethods.transfer.instructionsHint",
                defaultMessage: "Titular, banco, tipo de cuenta, a quién enviar el comprobante…",
              })}
              error={errors.instructions}
            />
            <Field
              id="transfer-holdHours"
              label={t({ id: "paymentMethods.transfer.holdHours", defaultMessage: "Horas que guardamos el stock" })}
              name="holdHours"
              inputMode="numeric"
              defaultValue={values.holdHours}
              hint={t(
                {
                  id: "paymentMethods.transfer.holdHoursHint",
                  defaultMessage:
                    "Un pedido por transferencia guarda sus productos este tiempo (entre {min} y {max} horas). Si no lo completas antes, vuelven a la tienda.",
                },
                { min: TRANSFER_HOLD_HOURS.min, max: TRANSFER_HOLD_HOURS.max },
              )}
              error={errors.holdHours}
            />
          </>
        )}
      </MethodForm>
      <MethodForm
        method={cash}
        answer={answer("cash")}
        title={t({ id: "paymentMethods.cash.title", defaultMessage: "Efectivo" })}
      >
        {(values, errors) => (
          <>
            <p className="field-hint">
              {t({
                id: "paymentMethods.cash.hint",
                defaultMessage: "Tu cliente paga en efectivo al recibir el pedido o al retirarlo.",
              })}
            </p>
            <HoldHoursField id="cash-holdHours" value={values.holdHours} error={errors.holdHours} kind="cash" />
          </>
        )}
      </MethodForm>
      <ArrangedHoldForm hours={arrangedHours} answer={answer("on_delivery")} />
    </section>
  );
}

/** How long an unpaid order paid this way keeps its units: one of HOLD_HOURS_CHOICES. */
function HoldHoursField(props: { id: string; value: string | undefined; error: string | undefined; kind: "cash" | "arranged" }) {
  const t = useT();
  return (
    <SelectField
      id={props.id}
      label={t({ id: "paymentMethods.hold.label", defaultMessage: "Tiempo que guardamos el stock" })}
      name="holdHours"
      defaultValue={props.value}
      options={HOLD_HOURS_CHOICES.map((h) => ({
        value: String(h),
        label: t({ id: "paymentMethods.hold.option", defaultMessage: "{hours} horas" }, { hours: h }),
      }))}
      hint={t(
        {
          id: "paymentMethods.hold.hint",
          defaultMessage:
            "Un pedido {kind, select, cash {en efectivo} other {que se paga al recibir o como lo acuerden}} sin completar guarda sus productos este tiempo. Después vuelven a estar a la venta; el pedido sigue pendiente y puedes completarlo si hay stock.",
        },
        { kind: props.kind },
      )}
      error={props.error}
    />
  );
}

/** 'Al recibir o como lo acuerden', what a store without transfer or cash offers: only its orders' hold. */
function ArrangedHoldForm(props: { hours: number; answer: ActionFailure | undefined }) {
  const errors = props.answer?.errors ?? {};
  const t = useT();
  return (
    <Form
      method="post"
      className="form"
      id="on_delivery"
      aria-labelledby="on_delivery-title"
      key={props.hours}
      preventScrollReset
    >
      <h3 id="on_delivery-title">{t({ id: "paymentMethods.arranged.title", defaultMessage: "Pedidos a coordinar" })}</h3>
      <input type="hidden" name="intent" value="on_delivery" />
      <HoldHoursField
        id="on_delivery-holdHours"
        value={props.answer?.values?.holdHours ?? String(props.hours)}
        error={errors.holdHours}
        kind="arranged"
      />
      <FormError message={errors.form} />
      <div>
        <button type="submit" className="button">
          {t({ id: "paymentMethods.arranged.save", defaultMessage: "Guardar pedidos a coordinar" })}
        </button>
      </div>
    </Form>
  );
}

const ADJUST_LABELS = defineMessages({
  none: { id: "paymentMethods.adjust.none", defaultMessage: "Sin descuento ni recargo" },
  discount: { id: "paymentMethods.adjust.discount", defaultMessage: "Descuento" },
  surcharge: { id: "paymentMethods.adjust.surcharge", defaultMessage: "Recargo" },
});
const ADJUST_KINDS = ["none", "discount", "surcharge"] as const;

/** The form's values: what was sent, after a refusal; otherwise the saved method. */
function formValues(method: ManualPaymentMethod, answer: ActionFailure | undefined): Record<string, string | undefined> {
  if (answer?.values) return answer.values;
  const percent = Math.abs(method.adjustPercent);
  return {
    enabled: method.enabled ? "on" : undefined,
    adjustKind: method.adjustPercent < 0 ? "discount" : method.adjustPercent > 0 ? "surcharge" : "none",
    adjustPercent: percent ? String(percent) : "",
    keyLabel: method.keyLabel ?? "",
    keyValue: method.keyValue ?? "",
    instructions: method.instructions ?? "",
    holdHours: String(method.holdHours),
  };
}

function MethodForm(props: {
  method: ManualPaymentMethod;
  answer: ActionFailure | undefined;
  title: string;
  children: (values: Record<string, string | undefined>, errors: Record<string, string>) => ReactNode;
}) {
  const { method, answer, title } = props;
  const values = formValues(method, answer);
  const errors = answer?.errors ?? {};
  const id = method.method;
  const t = useT();
  return (
    <Form
      method="post"
      className="form"
      id={id}
      aria-labelledby={`${id}-title`}
      // A saved form starts again from what was saved.
      key={JSON.stringify(method)}
      preventScrollReset
    >
      <h3 id={`${id}-title`}>{title}</h3>
      <input type="hidden" name="intent" value={id} />
      <label className="check">
        <input type="checkbox" name="enabled" value="on" defaultChecked={values.enabled === "on"} />{" "}
        {t({ id: "paymentMethods.method.enabled", defaultMessage: "Ofrecer al comprar" })}
      </label>
      {props.children(values, errors)}
      <SelectField
        id={`${id}-adjustKind`}
        label={t({ id: "paymentMethods.adjust.label", defaultMessage: "Descuento o recargo" })}
        name="adjustKind"
        defaultValue={values.adjustKind}
        options={ADJUST_KINDS.map((kind) => ({ value: kind, label: t(ADJUST_LABELS[kind]) }))}
        error={errors.adjustKind}
      />
      <Field
        id={`${id}-adjustPercent`}
        label={t({ id: "paymentMethods.adjust.percent", defaultMessage: "Porcentaje" })}
        name="adjustPercent"
        inputMode="numeric"
        defaultValue={values.adjustPercent}
        hint={t(
          {
            id: "paymentMethods.adjust.percentHint",
            defaultMessage:
              "Sobre los productos, después del código de descuento; no sobre el envío. Hasta {discount} % de descuento o {surcharge} % de recargo.",
          },
          { discount: ADJUST_PERCENT_MAX.discount, surcharge: ADJUST_PERCENT_MAX.surcharge },
        )}
        error={errors.adjustPercent}
      />
      <FormError message={errors.form} />
      <div>
        <button type="submit" className="button">
          {t({ id: "paymentMethods.method.save", defaultMessage: "Guardar {what}" }, { what: title.toLowerCase() })}
        </button>
      </div>
    </Form>
  );
}
