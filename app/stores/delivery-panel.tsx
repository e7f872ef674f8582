// The 'Entrega' page's panel: the store's delivery methods, pickup points and zones.
import { Fragment, type ReactNode } from "react";
import { Form } from "react-router";
import { DELIVERY_METHOD_MESSAGES } from "~/domain/delivery";
import {
  DELIVERY_ZONE_NAME_MAX,
  DELIVERY_ZONES_MAX,
  PICKUP_POINT_LENGTHS,
  PICKUP_POINTS_MAX,
  POSTAL_CODES_TEXT_MAX,
} from "~/domain/delivery-settings";
import { defineMessages } from "~/domain/messages";
import { postalRangeExample } from "~/domain/postal-codes";
import type { ActionFailure } from "~/http/action-result";
import { CheckboxChoice, Field, FormError, RemoveButton } from "~/ui/form";
import { useT } from "~/ui/messages";
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
  const t = useT();
  return (
    <section className="panel wide" id="entrega" aria-labelledby="entrega-title">
      <h2 id="entrega-title">{t({ id: "stores.delivery.title", defaultMessage: "Entrega" })}</h2>
      <MethodsForm methods={delivery.methods} answer={answerFor(answer, "delivery-methods")} />

      <ListSection
        title={t({ id: "stores.delivery.pickupPoints", defaultMessage: "Puntos de retiro" })}
        hint={
          <>
            {t({ id: "stores.delivery.for", defaultMessage: "Para '{method}'." }, { method: t(DELIVERY_METHOD_MESSAGES.pickup) })}{" "}
            {location
              ? t(
                  {
                    id: "stores.delivery.pickupAtStore",
                    defaultMessage: "Sin puntos de retiro, el comprador retira en la ubicación de tu tienda: {location}.",
                  },
                  { location },
                )
              : t({
                  id: "stores.delivery.pickupAtStoreNoLocation",
                  defaultMessage:
                    "Sin puntos de retiro, el comprador retira en la ubicación de tu tienda (escríbela en Información de la tienda).",
                })}
          </>
        }
        list="pickup"
        rows={pickupPoints}
        max={PICKUP_POINTS_MAX}
        words={{
          save: t({ id: "stores.delivery.pickup.save", defaultMessage: "Guardar punto" }),
          legend: t({ id: "stores.delivery.pickup.legend", defaultMessage: "Nuevo punto de retiro" }),
          add: t({ id: "stores.delivery.pickup.add", defaultMessage: "Agregar punto de retiro" }),
          full: t(
            { id: "stores.delivery.pickup.full", defaultMessage: "Llegaste al máximo de {max} puntos de retiro." },
            { max: String(PICKUP_POINTS_MAX) },
          ),
        }}
        answer={answer}
        valuesOf={(p) => ({ name: p.name, address: p.address, hours: p.hours })}
        form={(props) => <PickupPointForm {...props} />}
      />
      <ListSection
        title={t({ id: "stores.delivery.zones", defaultMessage: "Zonas de envío" })}
        hint={t(
          {
            id: "stores.delivery.zonesHint",
            defaultMessage:
              "Para '{method}'. Sin zonas, el envío a domicilio no tiene costo y no se pide zona al comprar. El pedido mínimo y el envío gratis se comparan con el total de los productos, después del descuento. Con códigos postales, el comprador ve el costo de envío a su código y solo elige las zonas que lo cubren (y las que no listan códigos).",
          },
          { method: t(DELIVERY_METHOD_MESSAGES.delivery) },
        )}
        list="zone"
        rows={zones}
        max={DELIVERY_ZONES_MAX}
        words={{
          save: t({ id: "stores.delivery.zone.save", defaultMessage: "Guardar zona" }),
          legend: t({ id: "stores.delivery.zone.legend", defaultMessage: "Nueva zona de envío" }),
          add: t({ id: "stores.delivery.zone.add", defaultMessage: "Agregar zona" }),
          full: t(
            { id: "stores.delivery.zone.full", defaultMessage: "Llegaste al máximo de {max} zonas de envío." },
            { max: String(DELIVERY_ZONES_MAX) },
          ),
        }}
        answer={answer}
        valuesOf={(z) => ({ name: z.name, fee: z.fee, minOrder: z.minOrder, freeFrom: z.freeFrom, postalCodes: z.postalCodes })}
        form={(props) => <ZoneForm {...props} currency={currency} postalExample={postalExample} />}
      />
    </section>
  );
}

const METHOD_HINTS = defineMessages({
  pickup: { id: "stores.delivery.method.pickup", defaultMessage: "El comprador pasa a recoger su pedido." },
  delivery: { id: "stores.delivery.method.delivery", defaultMessage: "Llevas el pedido a su dirección." },
  arrange: { id: "stores.delivery.method.arrange", defaultMessage: "Acuerdan la entrega por WhatsApp." },
});
const METHOD_FIELDS = [
  { name: "pickup", on: "pickupEnabled", label: DELIVERY_METHOD_MESSAGES.pickup, hint: METHOD_HINTS.pickup },
  { name: "delivery", on: "homeDeliveryEnabled", label: DELIVERY_METHOD_MESSAGES.delivery, hint: METHOD_HINTS.delivery },
  { name: "arrange", on: "arrangeEnabled", label: DELIVERY_METHOD_MESSAGES.arrange, hint: METHOD_HINTS.arrange },
] as const;

function MethodsForm({ methods, answer }: { methods: Delivery["methods"]; answer?: ActionFailure }) {
  const error = answer?.errors.methods ?? answer?.errors.form;
  const t = useT();
  return (
    <Form method="post" className="form" key={JSON.stringify(methods)}>
      <input type="hidden" name="intent" value="delivery-methods" />
      <fieldset className="choices" aria-describedby={error ? "f-delivery-methods-error" : undefined}>
        <legend>{t({ id: "stores.delivery.methods", defaultMessage: "Métodos de entrega" })}</legend>
        {METHOD_FIELDS.map((m) => (
          <CheckboxChoice
            key={m.name}
            id={`f-delivery-${m.name}`}
            name={m.name}
            label={t(m.label)}
            hint={t(m.hint)}
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
          {t({ id: "stores.delivery.saveMethods", defaultMessage: "Guardar métodos" })}
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
  const t = useT();
  return (
    <>
      <h3 className="panel-subtitle">{props.title}</h3>
      <p className="field-hint">
        {props.hint}{" "}
        {t(
          { id: "stores.delivery.count", defaultMessage: "{count} de {max}." },
          { count: String(rows.length), max: String(max) },
        )}
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
        <p className="form-info">{words.full}</p>
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
  const t = useT();
  if (props.rows.length === 0) return null;
  return (
    <ul className="section-list delivery-list" aria-label={props.label}>
      {props.rows.map((row) => {
        const refused = answerFor(props.answer, `${props.intent}-edit`, row.id);
        return (
          // Keyed by what it shows: a saved change closes its edit form.
          <li key={`${row.id}-${row.text}`}>
            <span className="grow">{row.text}</span>
            <RemoveButton
              intent={`${props.intent}-delete`}
              id={row.id}
              label={t({ id: "stores.delivery.removeOf", defaultMessage: "Eliminar {name}" }, { name: row.name })}
              text={t({ id: "stores.delivery.remove", defaultMessage: "Eliminar" })}
            />
            <details open={refused ? true : undefined}>
              <summary
                className="button secondary"
                aria-label={t({ id: "stores.delivery.editOf", defaultMessage: "Editar {name}" }, { name: row.name })}
              >
                {t({ id: "stores.delivery.edit", defaultMessage: "Editar" })}
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
  const t = useT();
  return (
    <RowForm {...form}>
      <Field
        {...bind("name")}
        label={t({ id: "stores.delivery.pickup.name", defaultMessage: "Nombre" })}
        required
        maxLength={PICKUP_POINT_LENGTHS.name}
        placeholder={t({ id: "stores.delivery.pickup.namePlaceholder", defaultMessage: "Ej.: Local Centro" })}
      />
      <Field
        {...bind("address")}
        label={t({ id: "stores.delivery.pickup.address", defaultMessage: "Dirección" })}
        maxLength={PICKUP_POINT_LENGTHS.address}
      />
      <Field
        {...bind("hours")}
        label={t({ id: "stores.delivery.pickup.hours", defaultMessage: "Horario" })}
        maxLength={PICKUP_POINT_LENGTHS.hours}
        placeholder={t({ id: "stores.delivery.pickup.hoursPlaceholder", defaultMessage: "Ej.: Lun a sáb, 9 a 18 h" })}
      />
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
  const t = useT();
  return (
    <RowForm {...form}>
      <Field
        {...bind("name")}
        label={t({ id: "stores.delivery.zone.name", defaultMessage: "Nombre" })}
        required
        maxLength={DELIVERY_ZONE_NAME_MAX}
        placeholder={t({ id: "stores.delivery.zone.namePlaceholder", defaultMessage: "Ej.: Norte" })}
      />
      <Field
        {...bind("fee")}
        label={t({ id: "stores.delivery.zone.fee", defaultMessage: "Costo de envío ({currency})" }, { currency })}
        required
        inputMode="decimal"
        hint={t({ id: "stores.delivery.zone.feeHint", defaultMessage: "0 si el envío a esta zona es gratis." })}
      />
      <Field
        {...bind("minOrder")}
        label={t({ id: "stores.delivery.zone.minOrder", defaultMessage: "Pedido mínimo ({currency})" }, { currency })}
        inputMode="decimal"
        hint={t({
          id: "stores.delivery.zone.minOrderHint",
          defaultMessage: "Opcional: debajo de este monto no envías a esta zona.",
        })}
      />
      <Field
        {...bind("freeFrom")}
        label={t({ id: "stores.delivery.zone.freeFrom", defaultMessage: "Envío gratis desde ({currency})" }, { currency })}
        inputMode="decimal"
        hint={t({ id: "stores.delivery.zone.freeFromHint", defaultMessage: "Opcional." })}
      />
      <div className="span-all">
        <Field
          {...bind("postalCodes")}
          label={t({ id: "stores.delivery.zone.postalCodes", defaultMessage: "Códigos postales" })}
          maxLength={POSTAL_CODES_TEXT_MAX}
          autoComplete="off"
          placeholder={t(
            { id: "stores.delivery.zone.postalPlaceholder", defaultMessage: "Ej.: {range}, {prefix}*" },
            { range: postalRangeExample(postalExample), prefix: postalExample.slice(0, 2) },
          )}
          hint={t(
            {
              id: "stores.delivery.zone.postalHint",
              defaultMessage:
                "Opcional: códigos como {code}, prefijos como {prefix}* o rangos como {range}, separados por comas. Vacío: el comprador elige la zona por su nombre.",
            },
            { code: postalExample, prefix: postalExample.slice(0, 2), range: postalRangeExample(postalExample) },
          )}
        />
      </div>
    </RowForm>
  );
}
