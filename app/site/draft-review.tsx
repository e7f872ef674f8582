import { ariaInvalid } from "~/ui/form";
import { useT } from "~/ui/messages";
import { Labelled } from "./checkout-page";

/**
 * The customer's side of an order the store built for them: what is missing (their contact, the address for a home
 * delivery, how they pay) in one plain form that works without JavaScript, and 'Confirmar pedido'.
 */
export interface DraftReviewProps {
  action: string;
  needsAddress: boolean;
  phoneRequired: boolean;
  /** Each way to pay with the total it makes, which the form sends back to be compared. */
  payments: Array<{ value: string; label: string; total?: number }>;
  values: Record<string, string | undefined>;
  errors: Record<string, string>;
}

export function DraftReview({ action, needsAddress, phoneRequired, payments, values, errors }: DraftReviewProps) {
  const field = (name: string) => ({ name, defaultValue: values[name] ?? "", ...ariaInvalid(name, errors[name]) });
  const chosen = values.payment ?? (payments.length === 1 ? payments[0]?.value : undefined);
  const t = useT();
  return (
    <form method="post" action={action} className="checkout-form draft-review">
      <input type="hidden" name="intent" value="confirm-draft" />
      {payments.map(
        (p) => p.total !== undefined && <input key={p.value} type="hidden" name={`shownTotal-${p.value}`} value={p.total} />,
      )}
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <Labelled label={t({ id: "site.checkout.name", defaultMessage: "Tu nombre" })} name="buyerName" error={errors.buyerName}>
        <input required maxLength={80} autoComplete="name" {...field("buyerName")} />
      </Labelled>
      {needsAddress && (
        <Labelled
          label={t({ id: "site.checkout.address", defaultMessage: "Dirección de entrega" })}
          name="address"
          error={errors.address}
        >
          <textarea rows={2} required maxLength={200} autoComplete="street-address" {...field("address")} />
        </Labelled>
      )}
      <Labelled
        label={t({ id: "site.checkout.phone", defaultMessage: "Tu teléfono" })}
        hint={phoneRequired ? undefined : t({ id: "site.checkout.optional", defaultMessage: "opcional" })}
        name="buyerPhone"
        error={errors.buyerPhone}
      >
        <input type="tel" required={phoneRequired} maxLength={30} autoComplete="tel" {...field("buyerPhone")} />
      </Labelled>
      <Labelled
        label={t({ id: "site.checkout.email", defaultMessage: "Tu correo" })}
        hint={t({ id: "site.draft.emailHint", defaultMessage: "opcional: te avisamos cuando la tienda confirme tu pedido" })}
        name="buyerEmail"
        error={errors.buyerEmail}
      >
        <input type="email" maxLength={254} autoComplete="email" {...field("buyerEmail")} />
      </Labelled>
      {payments.length > 1 || chosen !== "on_delivery" ? (
        <fieldset aria-describedby={errors.payment ? "payment-error" : undefined}>
          <legend>{t({ id: "site.checkout.payment", defaultMessage: "Pago" })}</legend>
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
        {t({ id: "site.checkout.confirm", defaultMessage: "Confirmar pedido" })}
      </button>
    </form>
  );
}
