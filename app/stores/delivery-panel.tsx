// The 'Entrega' panel of a store's information page: the delivery methods, pickup points and zones.
import { Form } from "react-router";
import { DELIVERY_LABELS } from "~/domain/delivery";
import { DELIVERY_ZONE_NAME_MAX, PICKUP_POINT_LENGTHS } from "~/domain/delivery-settings";
import { ariaInvalid, FormError, RemoveButton } from "~/ui/form";
import type { Route } from "./routes/+types/store-info";

type Delivery = Route.ComponentProps["loaderData"]["delivery"];
type Values = Record<string, string | undefined>;
/** The refused delivery form's answer: its intent, messages and the values typed. */
interface Answer {
  intent?: string;
  errors: Record<string, string>;
  values?: Record<string, string>;
}

/** The refused answer of this form (`intent`, and `id` for a row's form), or nothing. */
function answerFor(answer: Answer | undefined, intent: string, id?: number): Answer | undefined {
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
  answer?: Answer;
}) {
  const { pickupPoints, zones, limits } = delivery;
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
        {pickupPoints.length} de {limits.pickupPoints}.
      </p>
      {pickupPoints.length > 0 && (
        <ul className="section-list delivery-list" aria-label="Puntos de retiro">
          {pickupPoints.map((p) => {
            const refused = answerFor(answer, "pickup-edit", p.id);
            return (
              // Keyed by what it shows: a saved change closes its edit form.
              <li key={`${p.id}-${p.text}`}>
                <span className="grow">{p.text}</span>
                <RemoveButton intent="pickup-delete" id={p.id} label={`Eliminar ${p.name}`} text="Eliminar" />
                <details open={refused ? true : undefined}>
                  <summary className="button secondary" aria-label={`Editar ${p.name}`}>
                    Editar
                  </summary>
                  <PickupPointForm
                    idPrefix={`pickup-${p.id}`}
                    intent="pickup-edit"
                    id={p.id}
                    values={refused?.values ?? { name: p.name, address: p.address, hours: p.hours }}
                    errors={refused?.errors ?? {}}
                    button="Guardar punto"
                  />
                </details>
              </li>
            );
          })}
        </ul>
      )}
      {pickupPoints.length < limits.pickupPoints ? (
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
        <p className="form-info">Llegaste al máximo de {limits.pickupPoints} puntos de retiro.</p>
      )}

      <h3 className="panel-subtitle">Zonas de envío</h3>
      <p className="field-hint">
        Para '{DELIVERY_LABELS.delivery}'. Sin zonas, el envío a domicilio no tiene costo y no se pide zona al comprar. El pedido
        mínimo y el envío gratis se comparan con el total de los productos, después del descuento. {zones.length} de{" "}
        {limits.zones}.
      </p>
      {zones.length > 0 && (
        <ul className="section-list delivery-list" aria-label="Zonas de envío">
          {zones.map((z) => {
            const refused = answerFor(answer, "zone-edit", z.id);
            return (
              <li key={`${z.id}-${z.text}`}>
                <span className="grow">{z.text}</span>
                <RemoveButton intent="zone-delete" id={z.id} label={`Eliminar ${z.name}`} text="Eliminar" />
                <details open={refused ? true : undefined}>
                  <summary className="button secondary" aria-label={`Editar ${z.name}`}>
                    Editar
                  </summary>
                  <ZoneForm
                    idPrefix={`zone-${z.id}`}
                    intent="zone-edit"
                    id={z.id}
                    currency={currency}
                    values={refused?.values ?? { name: z.name, fee: z.fee, minOrder: z.minOrder, freeFrom: z.freeFrom }}
                    errors={refused?.errors ?? {}}
                    button="Guardar zona"
                  />
                </details>
              </li>
            );
          })}
        </ul>
      )}
      {zones.length < limits.zones ? (
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
        <p className="form-info">Llegaste al máximo de {limits.zones} zonas de envío.</p>
      )}
    </section>
  );
}

const METHOD_FIELDS = [
  { name: "pickup", on: "pickupEnabled", label: DELIVERY_LABELS.pickup, hint: "El comprador pasa a recoger su pedido." },
  { name: "delivery", on: "homeDeliveryEnabled", label: DELIVERY_LABELS.delivery, hint: "Llevas el pedido a su dirección." },
  { name: "arrange", on: "arrangeEnabled", label: DELIVERY_LABELS.arrange, hint: "Acuerdan la entrega por WhatsApp." },
] as const;

function MethodsForm({ methods, answer }: { methods: Delivery["methods"]; answer?: Answer }) {
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

function PickupPointForm(props: {
  idPrefix: string;
  intent: string;
  id?: number;
  values: Values;
  errors: Values;
  button: string;
  legend?: string;
}) {
  const { idPrefix, values, errors } = props;
  return (
    <Form method="post" className="form two-columns delivery-form" aria-label={props.legend}>
      {props.legend && <p className="span-all delivery-form-title">{props.legend}</p>}
      <input type="hidden" name="intent" value={props.intent} />
      {props.id !== undefined && <input type="hidden" name="id" value={props.id} />}
      <Input
        id={`${idPrefix}-name`}
        label="Nombre"
        name="name"
        required
        maxLength={PICKUP_POINT_LENGTHS.name}
        placeholder="Ej.: Local Centro"
        values={values}
        errors={errors}
      />
      <Input
        id={`${idPrefix}-address`}
        label="Dirección"
        name="address"
        maxLength={PICKUP_POINT_LENGTHS.address}
        values={values}
        errors={errors}
      />
      <Input
        id={`${idPrefix}-hours`}
        label="Horario"
        name="hours"
        maxLength={PICKUP_POINT_LENGTHS.hours}
        placeholder="Ej.: Lun a sáb, 9 a 18 h"
        values={values}
        errors={errors}
      />
      <div className="span-all">
        <FormError message={errors.form} />
        <button type="submit" className="button">
          {props.button}
        </button>
      </div>
    </Form>
  );
}

function ZoneForm(props: {
  idPrefix: string;
  intent: string;
  id?: number;
  currency: string;
  values: Values;
  errors: Values;
  button: string;
  legend?: string;
}) {
  const { idPrefix, values, errors, currency } = props;
  return (
    <Form method="post" className="form two-columns delivery-form" aria-label={props.legend}>
      {props.legend && <p className="span-all delivery-form-title">{props.legend}</p>}
      <input type="hidden" name="intent" value={props.intent} />
      {props.id !== undefined && <input type="hidden" name="id" value={props.id} />}
      <Input
        id={`${idPrefix}-name`}
        label="Nombre"
        name="name"
        required
        maxLength={DELIVERY_ZONE_NAME_MAX}
        placeholder="Ej.: Norte"
        values={values}
        errors={errors}
      />
      <Input
        id={`${idPrefix}-fee`}
        label={`Costo de envío (${currency})`}
        name="fee"
        required
        inputMode="decimal"
        hint="0 si el envío a esta zona es gratis."
        values={values}
        errors={errors}
      />
      <Input
        id={`${idPrefix}-minOrder`}
        label={`Pedido mínimo (${currency})`}
        name="minOrder"
        inputMode="decimal"
        hint="Opcional: debajo de este monto no envías a esta zona."
        values={values}
        errors={errors}
      />
      <Input
        id={`${idPrefix}-freeFrom`}
        label={`Envío gratis desde (${currency})`}
        name="freeFrom"
        inputMode="decimal"
        hint="Opcional."
        values={values}
        errors={errors}
      />
      <div className="span-all">
        <FormError message={errors.form} />
        <button type="submit" className="button">
          {props.button}
        </button>
      </div>
    </Form>
  );
}

/**
 * A labelled text input with its own id: the panel repeats the same fields in several forms
 * (one per row and the new one), so ids cannot come from the name alone.
 */
function Input(props: {
  id: string;
  label: string;
  name: string;
  values: Values;
  errors: Values;
  required?: boolean;
  maxLength?: number;
  placeholder?: string;
  inputMode?: "decimal";
  hint?: string;
}) {
  const error = props.errors[props.name];
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.name}
        type="text"
        defaultValue={props.values[props.name] ?? ""}
        required={props.required}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        inputMode={props.inputMode}
        {...ariaInvalid(props.id, error)}
      />
      {props.hint && <p className="field-hint">{props.hint}</p>}
      {error && (
        <p className="field-error" id={`${props.id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
