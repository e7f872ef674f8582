// The 'Entrega' panel of a store's information page: the delivery methods, pickup points and zones.
import type { ReactNode } from "react";
import { Form } from "react-router";
import { DELIVERY_LABELS } from "~/domain/delivery";
import { DELIVERY_ZONE_NAME_MAX, DELIVERY_ZONES_MAX, PICKUP_POINT_LENGTHS, PICKUP_POINTS_MAX } from "~/domain/delivery-settings";
import type { ActionFailure } from "~/http/action-result";
import { Field, FormError, RemoveButton } from "~/ui/form";
import type { Route } from "./routes/+types/store-info";

type Delivery = Route.ComponentProps["loaderData"]["delivery"];
type Values = Record<string, string | undefined>;

/** The refused answer of this form (`intent`, and `id` for a row's form), or nothing. */
function answerFor(answer: ActionFailure | undefined, intent: string, id?: number): ActionFailure | undefined {
  if (answer?.intent !== intent) return undefined;
  if (id !== undefined && answer.values?.id !== String(id)) return undefined;
  return answer;
}

export function DeliveryPanel({
  delivery,
  currency,
  location,
  answer,
}: {
  delivery: Delivery;
  currency: string;
  location: string;
  answer?: ActionFailure;
}) {
  const { pickupPoints, zones } = delivery;
  const pickupAdd = answerFor(answer, "pickup-add");
  const zoneAdd = answerFor(answer, "zone-add");
  return (
    <section className="panel wide" id="entrega" aria-labelledby="entrega-title">
      <h2 id="entrega-title">Entrega</h2>
      <MethodsForm methods={delivery.methods} answer={answerFor(answer, "delivery-methods")} />

      <h3 className="panel-subtitle">Puntos de retiro</h3>
      <p className="field-hint">
        Para '{DELIVERY_LABELS.pickup}'.{" "}
        {location
          ? `Sin puntos de retiro, el comprador retira en la ubicación de tu tienda: ${location}.`
          : "Sin puntos de retiro, el comprador retira en la ubicación de tu tienda (escríbela en Información de la tienda)."}{" "}
        {pickupPoints.length} de {PICKUP_POINTS_MAX}.
      </p>
      <DeliveryList
        label="Puntos de retiro"
        rows={pickupPoints}
        answer={answer}
        intent="pickup"
        editForm={(p, refused) => (
          <PickupPointForm
            idPrefix={`pickup-${p.id}`}
            intent="pickup-edit"
            id={p.id}
            values={refused?.values ?? { name: p.name, address: p.address, hours: p.hours }}
            errors={refused?.errors ?? {}}
            button="Guardar punto"
          />
        )}
      />
      {pickupPoints.length < PICKUP_POINTS_MAX ? (
        <PickupPointForm
          legend="Nuevo punto de retiro"
          key={`pickup-add-${pickupPoints.length}`}
          idPrefix="pickup-new"
          intent="pickup-add"
          values={pickupAdd?.values ?? {}}
          errors={pickupAdd?.errors ?? {}}
          button="Agregar punto de retiro"
        />
      ) : (
        <p className="form-info">Llegaste al máximo de {PICKUP_POINTS_MAX} puntos de retiro.</p>
      )}

      <h3 className="panel-subtitle">Zonas de envío</h3>
      <p className="field-hint">
        Para '{DELIVERY_LABELS.delivery}'. Sin zonas, el envío a domicilio no tiene costo y no se pide zona al comprar. El pedido
        mínimo y el envío gratis se comparan con el total de los productos, después del descuento. {zones.length} de{" "}
        {DELIVERY_ZONES_MAX}.
      </p>
      <DeliveryList
        label="Zonas de envío"
        rows={zones}
        answer={answer}
        intent="zone"
        editForm={(z, refused) => (
          <ZoneForm
            idPrefix={`zone-${z.id}`}
            intent="zone-edit"
            id={z.id}
            currency={currency}
            values={refused?.values ?? { name: z.name, fee: z.fee, minOrder: z.minOrder, freeFrom: z.freeFrom }}
            errors={refused?.errors ?? {}}
            button="Guardar zona"
          />
        )}
      />
      {zones.length < DELIVERY_ZONES_MAX ? (
        <ZoneForm
          legend="Nueva zona de envío"
          key={`zone-add-${zones.length}`}
          idPrefix="zone-new"
          intent="zone-add"
          currency={currency}
          values={zoneAdd?.values ?? {}}
          errors={zoneAdd?.errors ?? {}}
          button="Agregar zona"
        />
      ) : (
        <p className="form-info">Llegaste al máximo de {DELIVERY_ZONES_MAX} zonas de envío.</p>
      )}
    </section>
  );
}

const METHOD_FIELDS = [
  { name: "pickup", on: "pickupEnabled", label: DELIVERY_LABELS.pickup, hint: "El comprador pasa a recoger su pedido." },
  { name: "delivery", on: "homeDeliveryEnabled", label: DELIVERY_LABELS.delivery, hint: "Llevas el pedido a su dirección." },
  { name: "arrange", on: "arrangeEnabled", label: DELIVERY_LABELS.arrange, hint: "Acuerdan la entrega por WhatsApp." },
] as const;

function MethodsForm({ methods, answer }: { methods: Delivery["methods"]; answer?: ActionFailure }) {
  const error = answer?.errors.methods ?? answer?.errors.form;
  return (
    <Form method="post" className="form" key={JSON.stringify(methods)}>
      <input type="hidden" name="intent" value="delivery-methods" />
      <fieldset className="choices" aria-describedby={error ? "f-delivery-methods-error" : undefined}>
        <legend>Métodos de entrega</legend>
        {METHOD_FIELDS.map((m) => (
          <div key={m.name} className="choice">
            <label>
              <input
                type="checkbox"
                name={m.name}
                value="on"
                defaultChecked={answer?.values ? answer.values[m.name] !== undefined : methods[m.on]}
                aria-describedby={`f-delivery-${m.name}-hint`}
              />
              {m.label}
            </label>
            <p className="field-hint" id={`f-delivery-${m.name}-hint`}>
              {m.hint}
            </p>
          </div>
        ))}
        {error && (
          <p className="field-error" id="f-delivery-methods-error" role="alert">
            {error}
          </p>
        )}
      </fieldset>
      <div>
        <button type="submit" className="button">
          Guardar métodos
        </button>
      </div>
    </Form>
  );
}

/**
 * The saved pickup points or zones: each row's text, its 'Eliminar' (`${intent}-delete`) and its 'Editar' form
 * (`${intent}-edit`), open when that row's change was refused.
 */
function DeliveryList<Row extends { id: number; name: string; text: string }>(props: {
  label: string;
  rows: Row[];
  answer?: ActionFailure;
  intent: "pickup" | "zone";
  editForm: (row: Row, refused: ActionFailure | undefined) => ReactNode;
}) {
  if (props.rows.length === 0) return null;
  return (
    <ul className="section-list delivery-list" aria-label={props.label}>
      {props.rows.map((row) => {
        const refused = answerFor(props.answer, `${props.intent}-edit`, row.id);
        return (
          // Keyed by what it shows: a saved change closes its edit form.
          <li key={`${row.id}-${row.text}`}>
            <span className="grow">{row.text}</span>
            <RemoveButton intent={`${props.intent}-delete`} id={row.id} label={`Eliminar ${row.name}`} text="Eliminar" />
            <details open={refused ? true : undefined}>
              <summary className="button secondary" aria-label={`Editar ${row.name}`}>
                Editar
              </summary>
              {props.editForm(row, refused)}
            </details>
          </li>
        );
      })}
    </ul>
  );
}

interface RowFormProps {
  /** The ids of the form's fields start with it: the panel repeats the same fields in several forms. */
  idPrefix: string;
  intent: string;
  id?: number;
  values: Values;
  errors: Values;
  button: string;
  legend?: string;
}

/** A pickup point's or zone's form, new or a row's: its intent and row id, the fields, the form's message and button. */
function RowForm({
  intent,
  id,
  errors,
  button,
  legend,
  children,
}: Omit<RowFormProps, "idPrefix" | "values"> & { children: ReactNode }) {
  return (
    <Form method="post" className="form two-columns delivery-form" aria-label={legend}>
      {legend && <p className="span-all delivery-form-title">{legend}</p>}
      <input type="hidden" name="intent" value={intent} />
      {id !== undefined && <input type="hidden" name="id" value={id} />}
      {children}
      <div className="span-all">
        <FormError message={errors.form} />
        <button type="submit" className="button">
          {button}
        </button>
      </div>
    </Form>
  );
}

function PickupPointForm({ idPrefix, values, ...form }: RowFormProps) {
  const { errors } = form;
  return (
    <RowForm {...form}>
      <Field
        id={`${idPrefix}-name`}
        label="Nombre"
        name="name"
        required
        maxLength={PICKUP_POINT_LENGTHS.name}
        placeholder="Ej.: Local Centro"
        defaultValue={values.name ?? ""}
        error={errors.name}
      />
      <Field
        id={`${idPrefix}-address`}
        label="Dirección"
        name="address"
        maxLength={PICKUP_POINT_LENGTHS.address}
        defaultValue={values.address ?? ""}
        error={errors.address}
      />
      <Field
        id={`${idPrefix}-hours`}
        label="Horario"
        name="hours"
        maxLength={PICKUP_POINT_LENGTHS.hours}
        placeholder="Ej.: Lun a sáb, 9 a 18 h"
        defaultValue={values.hours ?? ""}
        error={errors.hours}
      />
    </RowForm>
  );
}

function ZoneForm({ idPrefix, values, currency, ...form }: RowFormProps & { currency: string }) {
  const { errors } = form;
  return (
    <RowForm {...form}>
      <Field
        id={`${idPrefix}-name`}
        label="Nombre"
        name="name"
        required
        maxLength={DELIVERY_ZONE_NAME_MAX}
        placeholder="Ej.: Norte"
        defaultValue={values.name ?? ""}
        error={errors.name}
      />
      <Field
        id={`${idPrefix}-fee`}
        label={`Costo de envío (${currency})`}
        name="fee"
        required
        inputMode="decimal"
        hint="0 si el envío a esta zona es gratis."
        defaultValue={values.fee ?? ""}
        error={errors.fee}
      />
      <Field
        id={`${idPrefix}-minOrder`}
        label={`Pedido mínimo (${currency})`}
        name="minOrder"
        inputMode="decimal"
        hint="Opcional: debajo de este monto no envías a esta zona."
        defaultValue={values.minOrder ?? ""}
        error={errors.minOrder}
      />
      <Field
        id={`${idPrefix}-freeFrom`}
        label={`Envío gratis desde (${currency})`}
        name="freeFrom"
        inputMode="decimal"
        hint="Opcional."
        defaultValue={values.freeFrom ?? ""}
        error={errors.freeFrom}
      />
    </RowForm>
  );
}
