import type { ReactNode } from "react";

/**
 * The customer's side of an order the store built for them: what is missing (their contact, the address for a home
 * delivery, how they pay) in one plain form that works without JavaScript, and 'Confirmar pedido'.
 */
export interface DraftReviewProps {
  action: string;
  needsAddress: boolean;
  phoneRequired: boolean;
  payments: Array<{ value: string; label: string }>;
  values: Record<string, string | undefined>;
  errors: Record<string, string>;
}

function Labelled(props: { label: string; hint?: string; name: string; error?: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control comes in as children, inside the label
    <label>
      {props.label}
      {props.hint && <span className="hint"> ({props.hint})</span>}
      {props.children}
      {props.error && (
        <span className="field-error" id={`${props.name}-error`}>
          {props.error}
        </span>
      )}
    </label>
  );
}

export function DraftReview({ action, needsAddress, phoneRequired, payments, values, errors }: DraftReviewProps) {
  const field = (name: string) => ({
    name,
    defaultValue: values[name] ?? "",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${name}-error` : undefined,
  });
  const chosen = values.payment ?? (payments.length === 1 ? payments[0]?.value : undefined);
  return (
    <form method="post" action={action} className="checkout-form draft-review">
      <input type="hidden" name="intent" value="confirm-draft" />
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <Labelled label="Tu nombre" name="buyerName" error={errors.buyerName}>
        <input required maxLength={80} autoComplete="name" {...field("buyerName")} />
      </Labelled>
      {needsAddress && (
        <Labelled label="Dirección de entrega" name="address" error={errors.address}>
          <textarea rows={2} required maxLength={200} autoComplete="street-address" {...field("address")} />
        </Labelled>
      )}
      <Labelled label="Tu teléfono" hint={phoneRequired ? undefined : "opcional"} name="buyerPhone" error={errors.buyerPhone}>
        <input type="tel" required={phoneRequired} maxLength={30} autoComplete="tel" {...field("buyerPhone")} />
      </Labelled>
      <Labelled
        label="Tu correo"
        hint="opcional: te avisamos cuando la tienda confirme tu pedido"
        name="buyerEmail"
        error={errors.buyerEmail}
      >
        <input type="email" maxLength={254} autoComplete="email" {...field("buyerEmail")} />
      </Labelled>
      {payments.length > 1 || chosen !== "on_delivery" ? (
        <fieldset aria-describedby={errors.payment ? "payment-error" : undefined}>
          <legend>Pago</legend>
          {payments.map((p) => (
            <label className="radio" key={p.value}>
              <input type="radio" name="payment" value={p.value} defaultChecked={p.value === chosen} />
              {p.label}
            </label>
          ))}
          {errors.payment && (
            <span className="field-error" id="payment-error">
              {errors.payment}
            </span>
          )}
        </fieldset>
      ) : null}
      <button type="submit" className="button">
        Confirmar pedido
      </button>
    </form>
  );
}
