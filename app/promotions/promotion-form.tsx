import { useEffect, useState } from "react";
import { Form } from "react-router";
import { PRODUCT_CATEGORIES } from "~/domain/categories";
import { PROMOTION_NAME_MAX, PROMOTION_SCOPE_LABELS, type PromotionFormValues } from "~/domain/promotion-form";
import { PROMOTION_KIND_LABELS, PROMOTION_KINDS, type PromotionKind } from "~/domain/promotions";
import { ErrorText, Field, FormError, RadioGroup, SelectField } from "~/ui/form";

const KIND_HINTS: Record<PromotionKind, string> = {
  discount: "Un porcentaje o un monto menos por unidad, en productos elegidos, una categoría o toda la tienda.",
  bundle: "Lleva N unidades y paga M: las más baratas salen gratis. Las opciones de un producto cuentan juntas.",
  volume: "Desde cierta cantidad de un producto (sumando sus opciones), un porcentaje menos o un precio por unidad.",
  free_delivery: "El envío a domicilio no se cobra desde un monto de compra, en las zonas que elijas.",
};

/** Which groups of fields each kind reads (the others are ignored when saving). */
const GROUPS: Record<PromotionKind, ReadonlyArray<"reach" | "value" | "bundle" | "volume" | "delivery">> = {
  discount: ["reach", "value"],
  bundle: ["reach", "bundle"],
  volume: ["reach", "value", "volume"],
  free_delivery: ["delivery"],
};

/**
 * Create and edit share this form. Without JavaScript every group of fields shows, each titled with the kinds it is
 * for; with it, only the chosen kind's.
 */
export function PromotionForm(props: {
  intent: "create" | "save";
  values: PromotionFormValues;
  currency: string;
  errors: Record<string, string | undefined>;
  submitLabel: string;
  products: ReadonlyArray<{ id: string; name: string; price: string }>;
  zones: ReadonlyArray<{ id: number; name: string }>;
}) {
  const { values, errors, currency } = props;
  const [kind, setKind] = useState<PromotionKind>(values.kind);
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const shows = (group: (typeof GROUPS)[PromotionKind][number]) => !scripted || GROUPS[kind].includes(group);
  const chosenProducts = new Set(values.products);
  const chosenZones = new Set(values.zones);
  return (
    <Form
      method="post"
      className="form promotion-form"
      onChange={(event) => {
        const target = event.target as unknown as HTMLInputElement;
        if (target.name === "kind") setKind(target.value as PromotionKind);
      }}
    >
      <input type="hidden" name="intent" value={props.intent} />
      <Field
        label="Nombre"
        name="name"
        defaultValue={values.name}
        error={errors.name}
        maxLength={PROMOTION_NAME_MAX}
        required
        hint="Lo ven tus clientes en el carrito y en su pedido, por ejemplo “2x1 en alfajores”."
      />
      <RadioGroup
        legend="Tipo"
        name="kind"
        defaultValue={values.kind}
        options={PROMOTION_KINDS.map((k) => ({ value: k, label: PROMOTION_KIND_LABELS[k], hint: KIND_HINTS[k] }))}
        error={errors.kind}
      />
      {shows("reach") && (
        <fieldset className="choices">
          <legend>A qué productos se aplica (descuento, lleva N paga M, precio por cantidad)</legend>
          <RadioGroup
            legend="Alcance"
            name="scope"
            defaultValue={values.scope}
            options={(["products", "category", "store"] as const).map((s) => ({
              value: s,
              label: PROMOTION_SCOPE_LABELS[s],
              hint:
                s === "store" ? "Solo para un descuento." : s === "category" ? "Para un descuento o lleva N, paga M." : undefined,
            }))}
            error={errors.scope}
          />
          <SelectField
            label="Categoría"
            name="category"
            defaultValue={values.category}
            options={[
              { value: "", label: "Elige una categoría" },
              ...PRODUCT_CATEGORIES.map((name, id) => ({ value: String(id), label: name })),
            ]}
            error={errors.category}
          />
          {props.products.length === 0 ? (
            <p className="muted">Aún no tienes productos.</p>
          ) : (
            <fieldset className="choices">
              <legend>Productos elegidos</legend>
              <ul className="picker promotion-picker" aria-label="Productos">
                {props.products.map((p) => (
                  <li key={p.id}>
                    <label>
                      <input type="checkbox" name="products" value={p.id} defaultChecked={chosenProducts.has(p.id)} />
                      <span>{p.name}</span>
                      <span className="muted">{p.price}</span>
                    </label>
                  </li>
                ))}
              </ul>
              <ErrorText message={errors.products} />
            </fieldset>
          )}
        </fieldset>
      )}
      {shows("value") && (
        <fieldset className="choices">
          <legend>Cuánto (descuento, precio por cantidad)</legend>
          <RadioGroup
            legend="Como"
            name="valueKind"
            defaultValue={values.valueKind}
            options={[
              { value: "percent", label: "Porcentaje" },
              {
                value: "amount",
                label: `Monto en ${currency}`,
                hint: "En un descuento, cuánto menos por unidad; en un precio por cantidad, el precio de cada unidad.",
              },
            ]}
          />
          <Field
            label="Valor"
            name="value"
            inputMode="decimal"
            defaultValue={values.value}
            error={errors.value}
            hint={`Porcentaje: un número entero de 1 a 100. Monto: en ${currency}, por ejemplo 500.`}
          />
        </fieldset>
      )}
      {shows("bundle") && (
        <fieldset className="choices">
          <legend>Lleva N, paga M</legend>
          <Field
            label="Lleva"
            name="buy"
            inputMode="numeric"
            defaultValue={values.buy}
            error={errors.buy}
            hint="Por ejemplo 2 en un 2x1."
          />
          <Field
            label="Paga"
            name="pay"
            inputMode="numeric"
            defaultValue={values.pay}
            error={errors.pay}
            hint="Por ejemplo 1 en un 2x1."
          />
        </fieldset>
      )}
      {shows("volume") && (
        <fieldset className="choices">
          <legend>Precio por cantidad</legend>
          <Field
            label="Desde cuántas unidades"
            name="minQuantity"
            inputMode="numeric"
            defaultValue={values.minQuantity}
            error={errors.minQuantity}
            hint="Se suman las unidades de todas las opciones del producto."
          />
        </fieldset>
      )}
      {shows("delivery") && (
        <fieldset className="choices">
          <legend>Envío gratis</legend>
          <Field
            label={`Desde un pedido de (${currency})`}
            name="minTotal"
            inputMode="decimal"
            defaultValue={values.minTotal}
            error={errors.minTotal}
            hint="Los productos después de promociones y código. 0: cualquier pedido."
          />
          {props.zones.length === 0 ? (
            <p className="muted">Tu tienda no tiene zonas de envío: puedes crearlas en Entrega.</p>
          ) : (
            <fieldset className="choices">
              <legend>Zonas (ninguna elegida: todas)</legend>
              <ul className="picker" aria-label="Zonas">
                {props.zones.map((z) => (
                  <li key={z.id}>
                    <label>
                      <input type="checkbox" name="zones" value={z.id} defaultChecked={chosenZones.has(String(z.id))} />
                      <span>{z.name}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
        </fieldset>
      )}
      <Field
        label="Desde"
        name="startsOn"
        type="date"
        defaultValue={values.startsOn}
        error={errors.startsOn}
        hint="Opcional. El primer día, desde la medianoche en la zona horaria de tu tienda."
      />
      <Field
        label="Hasta"
        name="endsOn"
        type="date"
        defaultValue={values.endsOn}
        error={errors.endsOn}
        hint="Opcional. El último día (incluido), hasta la medianoche de tu tienda."
      />
      <div className="field checkbox">
        <label>
          <input type="checkbox" name="enabled" defaultChecked={values.enabled === "on"} /> Activa
        </label>
        <p className="field-hint">Pausada, no se aplica aunque esté en sus fechas.</p>
      </div>
      <FormError message={errors.form} />
      <div className="actions">
        <button type="submit" className="button">
          {props.submitLabel}
        </button>
      </div>
    </Form>
  );
}
