import { Form } from "react-router";
import { DISCOUNT_CODE_FIELD, DISCOUNT_KIND_LABELS, type DiscountCodeFormValues } from "~/domain/discount-code-form";
import { Field, FormError, RadioGroup } from "~/ui/form";

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
  const kinds = [
    { value: "percent", label: DISCOUNT_KIND_LABELS.percent, hint: "Un porcentaje del subtotal de la compra." },
    { value: "amount", label: DISCOUNT_KIND_LABELS.amount, hint: `Un monto en ${currency}, nunca más que el subtotal.` },
  ] as const;
  return (
    <Form method="post" className="form two-columns">
      <input type="hidden" name="intent" value={props.intent} />
      <Field
        label="Código"
        name="code"
        defaultValue={values.code}
        error={errors.code}
        maxLength={DISCOUNT_CODE_FIELD.maxLength}
        autoComplete="off"
        required
        hint={DISCOUNT_CODE_FIELD.hint}
      />
      <RadioGroup legend="Tipo" name="kind" defaultValue={values.kind} options={kinds} error={errors.kind} />
      <Field
        label="Valor"
        name="value"
        inputMode="decimal"
        defaultValue={values.value}
        error={errors.value}
        required
        hint={`Porcentaje: un número entero de 1 a 100. Monto fijo: en ${currency}, por ejemplo 5.000.`}
      />
      <Field
        label={`Compra mínima (${currency})`}
        name="minPurchase"
        inputMode="decimal"
        defaultValue={values.minPurchase}
        error={errors.minPurchase}
        hint="Opcional. El subtotal desde el que vale el código."
      />
      <Field
        label="Desde"
        name="startsOn"
        type="date"
        defaultValue={values.startsOn}
        error={errors.startsOn}
        hint="Opcional. El primer día en que vale, en la zona horaria de tu tienda."
      />
      <Field
        label="Hasta"
        name="endsOn"
        type="date"
        defaultValue={values.endsOn}
        error={errors.endsOn}
        hint="Opcional. El último día en que vale (incluido)."
      />
      <Field
        label="Usos máximos"
        name="maxUses"
        inputMode="numeric"
        defaultValue={values.maxUses}
        error={errors.maxUses}
        hint={
          uses > 0
            ? `Opcional: vacío es sin límite. Ya se usó ${uses} ${uses === 1 ? "vez" : "veces"}.`
            : "Opcional: vacío es sin límite."
        }
      />
      <div className="field checkbox">
        <label>
          <input type="checkbox" name="active" defaultChecked={values.active === "on"} /> Activo
        </label>
        <p className="field-hint">Si no está activo, tus clientes no pueden usarlo.</p>
      </div>
      <div className="field checkbox">
        <label>
          <input type="checkbox" name="oncePerCustomer" defaultChecked={values.oncePerCustomer === "on"} /> Una vez por cliente
        </label>
        <p className="field-hint">
          Cada cliente, por su teléfono o su correo, lo usa en un solo pedido (un pedido cancelado lo devuelve).
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
