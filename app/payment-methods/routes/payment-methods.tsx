// 'Cobros': the store's transfer and cash methods, each on or off with its discount or surcharge, and how long
// unpaid orders of each way to pay (and of 'al recibir, como lo acuerden') keep their units.
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
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
import { type ActionFailure, failure, fieldErrors } from "~/http/action-result";
import { getServices } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { Field, FormError, SelectField, TextAreaField } from "~/ui/form";
import { notice } from "~/ui/notice";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext, storeRoleContext } from "~/workspace/context.server";
import { storePageTitle } from "~/workspace/page-titles";
import { paymentMethodsQuery, savePaymentMethod } from "../payment-methods.server";
import type { Route } from "./+types/payment-methods";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: storePageTitle("Cobros", matches) }];

const paymentMethodsPagePath = (storeId: string) => `/Store/${storeId}/cobros`;

export async function loader({ context }: Route.LoaderArgs) {
  const services = getServices(context);
  const store = context.get(ownedStoreContext);
  const rows = await paymentMethodsQuery(services.db, store.id);
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
  transfer: (on: boolean) =>
    on ? "Tus clientes pueden elegir pagar por transferencia." : "La transferencia ya no se ofrece al comprar.",
  cash: (on: boolean) => (on ? "Tus clientes pueden elegir pagar en efectivo." : "El efectivo ya no se ofrece al comprar."),
  on_delivery: () => "Guardamos el tiempo de reserva de los pedidos a coordinar.",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const store = context.get(ownedStoreContext);
  const fields = Object.fromEntries(await request.formData()) as Record<string, string>;
  const method = fields.intent;
  if (method !== "transfer" && method !== "cash" && method !== "on_delivery")
    return failure({ form: "Elige qué forma de cobro guardar" });
  const parsed = SCHEMAS[method].safeParse(fields);
  if (!parsed.success) return failure(fieldErrors(parsed.error), { intent: method, values: fields });
  await savePaymentMethod(services.db, actingUser(context), store.id, parsed.data, services.clock.now());
  return redirectWithNotice(
    services.config,
    `${paymentMethodsPagePath(store.id)}#${method}`,
    notice("Cobros guardados", SAVED[method](parsed.data.enabled)),
  );
}

export default function PaymentMethodsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { storeId, transfer, cash, arrangedHours, linksPayments } = loaderData;
  const answer = (method: ManualMethod | "on_delivery") => (actionData?.intent === method ? actionData : undefined);
  return (
    <section className="panel wide" aria-labelledby="cobros-title">
      <h2 id="cobros-title">Cobros</h2>
      <p className="muted">
        Elige cómo te pagan tus clientes al comprar. Si no activas ninguna, el pedido se paga como lo acuerden.
        {linksPayments && (
          <>
            {" "}
            Para cobrar en línea, vincula Mercado Pago en <Link to={`/Store/${storeId}/payments`}>Cobros en línea</Link>.
          </>
        )}
      </p>
      <FormError message={actionData && !actionData.intent ? actionData.errors.form : undefined} />
      <MethodForm method={transfer} answer={answer("transfer")} title="Transferencia o depósito">
        {(values, errors) => (
          <>
            <Field
              id="transfer-keyLabel"
              label="Nombre de la clave (opcional)"
              name="keyLabel"
              defaultValue={values.keyLabel}
              maxLength={TRANSFER_LENGTHS.keyLabel}
              placeholder="Alias, CBU, CVU, CLABE, Clave Pix…"
              error={errors.keyLabel}
            />
            <Field
              id="transfer-keyValue"
              label="Clave para transferir"
              name="keyValue"
              defaultValue={values.keyValue}
              maxLength={TRANSFER_LENGTHS.keyValue}
              hint="Tus clientes la ven con un botón 'Copiar'."
              error={errors.keyValue}
            />
            <TextAreaField
              label="Instrucciones (opcional)"
              name="instructions"
              defaultValue={values.instructions}
              maxLength={TRANSFER_LENGTHS.instructions}
              hint="Titular, banco, tipo de cuenta, a quién enviar el comprobante…"
              error={errors.instructions}
            />
            <Field
              id="transfer-holdHours"
              label="Horas que guardamos el stock"
              name="holdHours"
              inputMode="numeric"
              defaultValue={values.holdHours}
              hint={`Un pedido por transferencia guarda sus productos este tiempo (entre ${TRANSFER_HOLD_HOURS.min} y ${TRANSFER_HOLD_HOURS.max} horas). Si no lo completas antes, vuelven a la tienda.`}
              error={errors.holdHours}
            />
          </>
        )}
      </MethodForm>
      <MethodForm method={cash} answer={answer("cash")} title="Efectivo">
        {(values, errors) => (
          <>
            <p className="field-hint">Tu cliente paga en efectivo al recibir el pedido o al retirarlo.</p>
            <HoldHoursField id="cash-holdHours" value={values.holdHours} error={errors.holdHours} kind="en efectivo" />
          </>
        )}
      </MethodForm>
      <ArrangedHoldForm hours={arrangedHours} answer={answer("on_delivery")} />
    </section>
  );
}

const HOLD_OPTIONS = HOLD_HOURS_CHOICES.map((h) => ({ value: String(h), label: `${h} horas` }));

/** How long an unpaid order paid this way keeps its units: one of HOLD_HOURS_CHOICES. */
function HoldHoursField(props: { id: string; value: string | undefined; error: string | undefined; kind: string }) {
  return (
    <SelectField
      id={props.id}
      label="Tiempo que guardamos el stock"
      name="holdHours"
      defaultValue={props.value}
      options={HOLD_OPTIONS}
      hint={`Un pedido ${props.kind} sin completar guarda sus productos este tiempo. Después vuelven a estar a la venta; el pedido sigue pendiente y puedes completarlo si hay stock.`}
      error={props.error}
    />
  );
}

/** 'Al recibir o como lo acuerden', what a store without transfer or cash offers: only its orders' hold. */
function ArrangedHoldForm(props: { hours: number; answer: ActionFailure | undefined }) {
  const errors = props.answer?.errors ?? {};
  return (
    <Form
      method="post"
      className="form"
      id="on_delivery"
      aria-labelledby="on_delivery-title"
      key={props.hours}
      preventScrollReset
    >
      <h3 id="on_delivery-title">Pedidos a coordinar</h3>
      <input type="hidden" name="intent" value="on_delivery" />
      <HoldHoursField
        id="on_delivery-holdHours"
        value={props.answer?.values?.holdHours ?? String(props.hours)}
        error={errors.holdHours}
        kind="que se paga al recibir o como lo acuerden"
      />
      <FormError message={errors.form} />
      <div>
        <button type="submit" className="button">
          Guardar pedidos a coordinar
        </button>
      </div>
    </Form>
  );
}

const ADJUST_OPTIONS = [
  { value: "none", label: "Sin descuento ni recargo" },
  { value: "discount", label: "Descuento" },
  { value: "surcharge", label: "Recargo" },
] as const;

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
        <input type="checkbox" name="enabled" value="on" defaultChecked={values.enabled === "on"} /> Ofrecer al comprar
      </label>
      {props.children(values, errors)}
      <SelectField
        id={`${id}-adjustKind`}
        label="Descuento o recargo"
        name="adjustKind"
        defaultValue={values.adjustKind}
        options={ADJUST_OPTIONS}
        error={errors.adjustKind}
      />
      <Field
        id={`${id}-adjustPercent`}
        label="Porcentaje"
        name="adjustPercent"
        inputMode="numeric"
        defaultValue={values.adjustPercent}
        hint={`Sobre los productos, después del código de descuento; no sobre el envío. Hasta ${ADJUST_PERCENT_MAX.discount} % de descuento o ${ADJUST_PERCENT_MAX.surcharge} % de recargo.`}
        error={errors.adjustPercent}
      />
      <FormError message={errors.form} />
      <div>
        <button type="submit" className="button">
          Guardar {title.toLowerCase()}
        </button>
      </div>
    </Form>
  );
}
