import { useEffect, useState } from "react";
import { Form } from "react-router";
import { PRODUCT_CATEGORIES } from "~/domain/categories";
import { defineMessages } from "~/domain/messages";
import { PROMOTION_NAME_MAX, PROMOTION_SCOPE_LABELS, type PromotionFormValues } from "~/domain/promotion-form";
import { PROMOTION_KIND_LABELS, PROMOTION_KINDS, type PromotionKind } from "~/domain/promotions";
import { ErrorText, Field, FormError, RadioGroup, SelectField } from "~/ui/form";
import { useT } from "~/ui/messages";

const KIND_HINTS = defineMessages<PromotionKind>({
  discount: {
    id: "promotions.form.hint.discount",
    defaultMessage: "Un porcentaje o un monto menos por unidad, en productos elegidos, una categoría o toda la tienda.",
  },
  bundle: {
    id: "promotions.form.hint.bundle",
    defaultMessage: "Lleva N unidades y paga M: las más baratas salen gratis. Las opciones de un producto cuentan juntas.",
  },
  volume: {
    id: "promotions.form.hint.volume",
    defaultMessage: "Desde cierta cantidad de un producto (sumando sus opciones), un porcentaje menos o un precio por unidad.",
  },
  free_delivery: {
    id: "promotions.form.hint.freeDelivery",
    defaultMessage: "El envío a domicilio no se cobra desde un monto de compra, en las zonas que elijas.",
  },
});

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
  const t = useT();
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
        label={t({ id: "promotions.form.name", defaultMessage: "Nombre" })}
        name="name"
        defaultValue={values.name}
        error={errors.name}
        maxLength={PROMOTION_NAME_MAX}
        required
        hint={t({
          id: "promotions.form.nameHint",
          defaultMessage: "Lo ven tus clientes en el carrito y en su pedido, por ejemplo “2x1 en alfajores”.",
        })}
      />
      <RadioGroup
        legend={t({ id: "promotions.form.kind", defaultMessage: "Tipo" })}
        name="kind"
        defaultValue={values.kind}
        options={PROMOTION_KINDS.map((k) => ({ value: k, label: t(PROMOTION_KIND_LABELS[k]), hint: t(KIND_HINTS[k]) }))}
        error={errors.kind}
      />
      {shows("reach") && (
        <fieldset className="choices">
          <legend>
            {t({
              id: "promotions.form.reach",
              defaultMessage: "A qué productos se aplica (descuento, lleva N paga M, precio por cantidad)",
            })}
          </legend>
          <RadioGroup
            legend={t({ id: "promotions.form.scope", defaultMessage: "Alcance" })}
            name="scope"
            defaultValue={values.scope}
            options={(["products", "category", "store"] as const).map((s) => ({
              value: s,
              label: t(PROMOTION_SCOPE_LABELS[s]),
              hint:
                s === "store"
                  ? t({ id: "promotions.form.scopeStoreHint", defaultMessage: "Solo para un descuento." })
                  : s === "category"
                    ? t({ id: "promotions.form.scopeCategoryHint", defaultMessage: "Para un descuento o lleva N, paga M." })
                    : undefined,
            }))}
            error={errors.scope}
          />
          <SelectField
            label={t({ id: "promotions.form.category", defaultMessage: "Categoría" })}
            name="category"
            defaultValue={values.category}
            options={[
              { value: "", label: t({ id: "promotions.form.chooseCategory", defaultMessage: "Elige una categoría" }) },
              ...PRODUCT_CATEGORIES.map((name, id) => ({ value: String(id), label: name })),
            ]}
            error={errors.category}
          />
          {props.products.length === 0 ? (
            <p className="muted">{t({ id: "promotions.form.noProducts", defaultMessage: "Aún no tienes productos." })}</p>
          ) : (
            <fieldset className="choices">
              <legend>{t({ id: "promotions.form.products", defaultMessage: "Productos elegidos" })}</legend>
              <ul
                className="picker promotion-picker"
                aria-label={t({ id: "promotions.form.productsLabel", defaultMessage: "Productos" })}
              >
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
          <legend>{t({ id: "promotions.form.value", defaultMessage: "Cuánto (descuento, precio por cantidad)" })}</legend>
          <RadioGroup
            legend={t({ id: "promotions.form.valueKind", defaultMessage: "Como" })}
            name="valueKind"
            defaultValue={values.valueKind}
            options={[
              { value: "percent", label: t({ id: "promotions.form.percent", defaultMessage: "Porcentaje" }) },
              {
                value: "amount",
                label: t({ id: "promotions.form.amount", defaultMessage: "Monto en {currency}" }, { currency }),
                hint: t({
                  id: "promotions.form.amountHint",
                  defaultMessage:
                    "En un descuento, cuánto menos por unidad; en un precio por cantidad, el precio de cada unidad.",
                }),
              },
            ]}
          />
          <Field
            label={t({ id: "promotions.form.valueLabel", defaultMessage: "Valor" })}
            name="value"
            inputMode="decimal"
            defaultValue={values.value}
            error={errors.value}
            hint={t(
              {
                id: "promotions.form.valueHint",
                defaultMessage: "Porcentaje: un número entero de 1 a 100. Monto: en {currency}, por ejemplo 500.",
              },
              { currency },
            )}
          />
        </fieldset>
      )}
      {shows("bundle") && (
        <fieldset className="choices">
          <legend>{t({ id: "promotions.form.bundle", defaultMessage: "Lleva N, paga M" })}</legend>
          <Field
            label={t({ id: "promotions.form.buy", defaultMessage: "Lleva" })}
            name="buy"
            inputMode="numeric"
            defaultValue={values.buy}
            error={errors.buy}
            hint={t({ id: "promotions.form.buyHint", defaultMessage: "Por ejemplo 2 en un 2x1." })}
          />
          <Field
            label={t({ id: "promotions.form.pay", defaultMessage: "Paga" })}
            name="pay"
            inputMode="numeric"
            defaultValue={values.pay}
            error={errors.pay}
            hint={t({ id: "promotions.form.payHint", defaultMessage: "Por ejemplo 1 en un 2x1." })}
          />
        </fieldset>
      )}
      {shows("volume") && (
        <fieldset className="choices">
          <legend>{t({ id: "promotions.form.volume", defaultMessage: "Precio por cantidad" })}</legend>
          <Field
            label={t({ id: "promotions.form.minQuantity", defaultMessage: "Desde cuántas unidades" })}
            name="minQuantity"
            inputMode="numeric"
            defaultValue={values.minQuantity}
            error={errors.minQuantity}
            hint={t({
              id: "promotions.form.minQuantityHint",
              defaultMessage: "Se suman las unidades de todas las opciones del producto.",
            })}
          />
        </fieldset>
      )}
      {shows("delivery") && (
        <fieldset className="choices">
          <legend>{t({ id: "promotions.form.delivery", defaultMessage: "Envío gratis" })}</legend>
          <Field
            label={t({ id: "promotions.form.minTotal", defaultMessage: "Desde un pedido de ({currency})" }, { currency })}
            name="minTotal"
            inputMode="decimal"
            defaultValue={values.minTotal}
            error={errors.minTotal}
            hint={t({
              id: "promotions.form.minTotalHint",
              defaultMessage: "Los productos después de promociones y código. 0: cualquier pedido.",
            })}
          />
          {props.zones.length === 0 ? (
            <p className="muted">
              {t({
                id: "promotions.form.noZones",
                defaultMessage: "Tu tienda no tiene zonas de envío: puedes crearlas en Entrega.",
              })}
            </p>
          ) : (
            <fieldset className="choices">
              <legend>{t({ id: "promotions.form.zones", defaultMessage: "Zonas (ninguna elegida: todas)" })}</legend>
              <ul className="picker" aria-label={t({ id: "promotions.form.zonesLabel", defaultMessage: "Zonas" })}>
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
        label={t({ id: "promotions.form.startsOn", defaultMessage: "Desde" })}
        name="startsOn"
        type="date"
        defaultValue={values.startsOn}
        error={errors.startsOn}
        hint={t({
          id: "promotions.form.startsOnHint",
          defaultMessage: "Opcional. El primer día, desde la medianoche en la zona horaria de tu tienda.",
        })}
      />
      <Field
        label={t({ id: "promotions.form.endsOn", defaultMessage: "Hasta" })}
        name="endsOn"
        type="date"
        defaultValue={values.endsOn}
        error={errors.endsOn}
        hint={t({
          id: "promotions.form.endsOnHint",
          defaultMessage: "Opcional. El último día (incluido), hasta la medianoche de tu tienda.",
        })}
      />
      <div className="field checkbox">
        <label>
          <input type="checkbox" name="enabled" defaultChecked={values.enabled === "on"} />{" "}
          {t({ id: "promotions.form.enabled", defaultMessage: "Activa" })}
        </label>
        <p className="field-hint">
          {t({ id: "promotions.form.enabledHint", defaultMessage: "Pausada, no se aplica aunque esté en sus fechas." })}
        </p>
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
