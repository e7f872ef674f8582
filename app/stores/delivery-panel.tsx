// The 'Entrega' page's panel: the store's delivery methods, pickup points and zones.
import { Fragment, type ReactNode } from "react";
import { Form } from "react-router";
import { DELIVERY_LABELS } from "~/domain/delivery";
import {
  DELIVERY_ZONE_NAME_MAX,
  DELIVERY_ZONES_MAX,
  PICKUP_POINT_LENGTHS,
  PICKUP_POINTS_MAX,
  POSTAL_CODES_TEXT_MAX,
} from "~/domain/delivery-settings";
import { postalRangeExample } from "~/domain/postal-codes";
import type { ActionFailure } from "~/http/action-result";
import { CheckboxChoice, Field, FormError, RemoveButton } from "~/ui/form";
import type { Route } from "./routes/+types/store-delivery";

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
  postalExample,
  answer,
}: {
  delivery: Delivery;
  currency: string;
  location: string;
  /** A postal code of the store's country, for the zone form's hint. */
  postalExample: string;
  answer?: ActionFailure;
}) {
  const { pickupPoints, zones } = delivery;
  return (
    <section className="panel wide" id="entrega" aria-labelledby="entrega-title">
      <h2 id="entrega-title">Entrega</h2>
      <MethodsForm methods={delivery.methods} answer={answerFor(answer, "delivery-methods")} />

      <ListSection
        title="Puntos de retiro"
        hint={
          <>
            Para '{DELIVERY_LABELS.pickup}'.{" "}
            {location
              ? `Sin puntos de retiro, el comprador retira en la ubicación de tu tienda: ${location}.`
              : "Sin puntos de retiro, el comprador retira en la ubicación de tu tienda (escríbela en Información de la tienda)."}
          </>
        }
        list="pickup"
        rows={pickupPoints}
        max={PICKUP_POINTS_MAX}
        words={{
          save: "Guardar punto",
          legend: "Nuevo punto de retiro",
          add: "Agregar punto de retiro",
          full: "puntos de retiro",
        }}
        answer={answer}
        valuesOf={(p) => ({ name: p.name, address: p.address, hours: p.hours })}
        form={(props) => <PickupPointForm {...props} />}
      />
      <ListSection
        title="Zonas de envío"
        hint={`Para '${DELIVERY_LABELS.delivery}'. Sin zonas, el envío a domicilio no tiene costo y no se pide zona al comprar. El pedido mínimo y el envío gratis se comparan con el total de los productos, después del descuento. Con códigos postales, el comprador ve el costo de envío a su código y solo elige las zonas que lo cubren (y las que no listan códigos).`}
        list="zone"
        rows={zones}
        max={DELIVERY_ZONES_MAX}
        words={{ save: "Guardar zona", legend: "Nueva zona de envío", add: "Agregar zona", full: "zonas de envío" }}
        answer={answer}
        valuesOf={(z) => ({ name: z.name, fee: z.fee, minOrder: z.minOrder, freeFrom: z.freeFrom, postalCodes: z.postalCodes })}
        form={(props) => <ZoneForm {...props} currency={currency} postalExample={postalExample} />}
      />
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
          <CheckboxChoice
            key={m.name}
            id={`f-delivery-${m.name}`}
            name={m.name}
            label={m.label}
            hint={m.hint}
            defaultChecked={answer?.values ? answer.values[m.name] !== undefined : methods[m.on]}
          />
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
 * One of the panel's lists (pickup points, zones): its heading and hint with how many there are, the saved rows,
 * and the new row's form while the list has room.
 */
function ListSection<Row extends { id: number; name: string; text: string }>(props: {
  title: string;
  hint: ReactNode;
  list: "pickup" | "zone";
  rows: Row[];
  max: number;
  words: { save: string; legend: string; add: string; full: string };
  answer?: ActionFailure;
  valuesOf: (row: Row) => Values;
  form: (props: RowFormProps) => ReactNode;
}) {
  const { list, rows, max, words } = props;
  const added = answerFor(props.answer, `${list}-add`);
  return (
    <>
      <h3 className="panel-subtitle">{props.title}</h3>
      <p className="field-hint">
        {props.hint} {rows.length} de {max}.
      </p>
      <DeliveryList
        label={props.title}
        rows={rows}
        answer={props.answer}
        intent={list}
        editForm={(row, refused) =>
          props.form({
            idPrefix: `${list}-${row.id}`,
            intent: `${list}-edit`,
            id: row.id,
            values: refused?.values ?? props.valuesOf(row),
            errors: refused?.errors ?? {},
            button: words.save,
          })
        }
      />
      {rows.length < max ? (
        <Fragment key={`${list}-add-${rows.length}`}>
          {props.form({
            legend: words.legend,
            idPrefix: `${list}-new`,
            intent: `${list}-add`,
            values: added?.values ?? {},
            errors: added?.errors ?? {},
            button: words.add,
          })}
        </Fragment>
      ) : (
        <p className="form-info">
          Llegaste al máximo de {max} {words.full}.
        </p>
      )}
    </>
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

/** A field's id (the panel repeats the same fields in several forms), name, typed value and error, for `Field`. */
const fieldBinder = (idPrefix: string, values: Values, errors: Values) => (name: string) => ({
  id: `${idPrefix}-${name}`,
  name,
  defaultValue: values[name] ?? "",
  error: errors[name],
});

function PickupPointForm({ idPrefix, values, ...form }: RowFormProps) {
  const bind = fieldBinder(idPrefix, values, form.errors);
  return (
    <RowForm {...form}>
      <Field {...bind("name")} label="Nombre" required maxLength={PICKUP_POINT_LENGTHS.name} placeholder="Ej.: Local Centro" />
      <Field {...bind("address")} label="Dirección" maxLength={PICKUP_POINT_LENGTHS.address} />
      <Field {...bind("hours")} label="Horario" maxLength={PICKUP_POINT_LENGTHS.hours} placeholder="Ej.: Lun a sáb, 9 a 18 h" />
    </RowForm>
  );
}

function ZoneForm({
  idPrefix,
  values,
  currency,
  postalExample,
  ...form
}: RowFormProps & { currency: string; postalExample: string }) {
  const bind = fieldBinder(idPrefix, values, form.errors);
  return (
    <RowForm {...form}>
      <Field {...bind("name")} label="Nombre" required maxLength={DELIVERY_ZONE_NAME_MAX} placeholder="Ej.: Norte" />
      <Field
        {...bind("fee")}
        label={`Costo de envío (${currency})`}
        required
        inputMode="decimal"
        hint="0 si el envío a esta zona es gratis."
      />
      <Field
        {...bind("minOrder")}
        label={`Pedido mínimo (${currency})`}
        inputMode="decimal"
        hint="Opcional: debajo de este monto no envías a esta zona."
      />
      <Field {...bind("freeFrom")} label={`Envío gratis desde (${currency})`} inputMode="decimal" hint="Opcional." />
      <div className="span-all">
        <Field
          {...bind("postalCodes")}
          label="Códigos postales"
          maxLength={POSTAL_CODES_TEXT_MAX}
          autoComplete="off"
          placeholder={`Ej.: ${postalRangeExample(postalExample)}, ${postalExample.slice(0, 2)}*`}
          hint={`Opcional: códigos como ${postalExample}, prefijos como ${postalExample.slice(0, 2)}* o rangos como ${postalRangeExample(postalExample)}, separados por comas. Vacío: el comprador elige la zona por su nombre.`}
        />
      </div>
    </RowForm>
  );
}
