import { Form } from "react-router";
import {
  DISCOUNT_CODE_FIELD,
  DISCOUNT_FORM_NUMBERS,
  DISCOUNT_KIND_LABELS,
  type DiscountCodeFormValues,
} from "~/domain/discount-code-form";
import { Field, FormError, RadioGroup } from "~/ui/form";
import { useT } from "~/ui/messages";

/** Create and edit share this form; `uses` (edit only) is what checkouts already counted. */
export function DiscountCodeForm(props: {
  intent: "create" | "save";
  values: DiscountCodeFormValues;
  currency: string;
  errors: Record<string, string | undefined>;
  submitLabel: string;
  uses?: number;
}) {
  const { values, errors, currency, uses = 0 } = props;
  const t = useT();
  const kinds = [
    {
      value: "percent",
      label: t(DISCOUNT_KIND_LABELS.percent),
      hint: t({ id: "discounts.form.percentHint", defaultMessage: "Un porcentaje del subtotal de la compra." }),
    },
    {
      value: "amount",
      label: t(DISCOUNT_KIND_LABELS.amount),
      hint: t(
        { id: "discounts.form.amountHint", defaultMessage: "Un monto en {currency}, nunca más que el subtotal." },
        { currency },
      ),
    },
  ] as const;
  return (
    <Form method="post" className="form two-columns">
      <input type="hidden" name="intent" value={props.intent} />
      <Field
        label={t({ id: "discounts.form.code", defaultMessage: "Código" })}
        name="code"
        defaultValue={values.code}
        error={errors.code}
        maxLength={DISCOUNT_CODE_FIELD.maxLength}
        autoComplete="off"
        required
        hint={t(DISCOUNT_CODE_FIELD.hint, DISCOUNT_FORM_NUMBERS)}
      />
      <RadioGroup
        legend={t({ id: "discounts.form.kind", defaultMessage: "Tipo" })}
        name="kind"
        defaultValue={values.kind}
        options={kinds}
        error={errors.kind}
      />
      <Field
        label={t({ id: "discounts.form.value", defaultMessage: "Valor" })}
        name="value"
        inputMode="decimal"
        defaultValue={values.value}
        error={errors.value}
        required
        hint={t(
          {
            id: "discounts.form.valueHint",
            defaultMessage: "Porcentaje: un número entero de 1 a 100. Monto fijo: en {currency}, por ejemplo 5.000.",
          },
          { currency },
        )}
      />
      <Field
        label={t({ id: "discounts.form.minPurchase", defaultMessage: "Compra mínima ({currency})" }, { currency })}
        name="minPurchase"
        inputMode="decimal"
        defaultValue={values.minPurchase}
        error={errors.minPurchase}
        hint={t({ id: "discounts.form.minPurchaseHint", defaultMessage: "Opcional. El subtotal desde el que vale el código." })}
      />
      <Field
        label={t({ id: "discounts.form.startsOn", defaultMessage: "Desde" })}
        name="startsOn"
        type="date"
        defaultValue={values.startsOn}
        error={errors.startsOn}
        hint={t({
          id: "discounts.form.startsOnHint",
          defaultMessage: "Opcional. El primer día en que vale, en la zona horaria de tu tienda.",
        })}
      />
      <Field
        label={t({ id: "discounts.form.endsOn", defaultMessage: "Hasta" })}
        name="endsOn"
        type="date"
        defaultValue={values.endsOn}
        error={errors.endsOn}
        hint={t({ id: "discounts.form.endsOnHint", defaultMessage: "Opcional. El último día en que vale (incluido)." })}
      />
      <Field
        label={t({ id: "discounts.form.maxUses", defaultMessage: "Usos máximos" })}
        name="maxUses"
        inputMode="numeric"
        defaultValue={values.maxUses}
        error={errors.maxUses}
        hint={
          uses > 0
            ? t(
                {
                  id: "discounts.form.maxUsesHintUsed",
                  defaultMessage:
                    "Opcional: vacío es sin límite. Ya se usó {uses, plural, one {{count} vez} other {{count} veces}}.",
                },
                { uses, count: String(uses) },
              )
            : t({ id: "discounts.form.maxUsesHint", defaultMessage: "Opcional: vacío es sin límite." })
        }
      />
      <div className="field checkbox">
        <label>
          <input type="checkbox" name="active" defaultChecked={values.active === "on"} />{" "}
          {t({ id: "discounts.form.active", defaultMessage: "Activo" })}
        </label>
        <p className="field-hint">
          {t({ id: "discounts.form.activeHint", defaultMessage: "Si no está activo, tus clientes no pueden usarlo." })}
        </p>
      </div>
      <div className="field checkbox">
        <label>
          <input type="checkbox" name="oncePerCustomer" defaultChecked={values.oncePerCustomer === "on"} />{" "}
          {t({ id: "discounts.form.oncePerCustomer", defaultMessage: "Una vez por cliente" })}
        </label>
        <p className="field-hint">
          {t({
            id: "discounts.form.oncePerCustomerHint",
            defaultMessage:
              "Cada cliente, por su teléfono o su correo, lo usa en un solo pedido (un pedido cancelado lo devuelve).",
          })}
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
