// 'Calcular envío' on the product page and the cart: a GET form (`?cp=1425`) answered on the same page, no script.
import { POSTAL_CODE_INPUT_MAX, POSTAL_CODE_PARAM, type ShippingEstimate } from "~/domain/shipping-estimate";
import { useT } from "~/ui/messages";

/** `keep`: the page's own parameters the form sends again (the product's chosen variant). */
export function ShippingEstimateForm({ estimate, keep = {} }: { estimate: ShippingEstimate; keep?: Record<string, string> }) {
  const invalid = estimate.kind === "invalid";
  const typed = estimate.kind === "invalid" ? estimate.typed : estimate.kind === "form" ? "" : estimate.code;
  const t = useT();
  return (
    <section
      id="calcular"
      className="shipping-estimate"
      aria-label={t({ id: "site.shipping.label", defaultMessage: "Calcular envío" })}
    >
      <form method="get" action="#calcular" className="code-form">
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label>
          {t({ id: "site.shipping.code", defaultMessage: "Calcular envío: código postal" })}
          <input
            name={POSTAL_CODE_PARAM}
            defaultValue={typed}
            maxLength={POSTAL_CODE_INPUT_MAX}
            autoComplete="postal-code"
            placeholder={t({ id: "site.shipping.example", defaultMessage: "Ej.: {example}" }, { example: estimate.example })}
            required
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? "cp-error" : undefined}
          />
        </label>
        <button type="submit" className="button secondary">
          {t({ id: "site.shipping.submit", defaultMessage: "Calcular" })}
        </button>
      </form>
      {estimate.kind === "invalid" && (
        <p className="field-error" id="cp-error" role="alert">
          {estimate.message}
        </p>
      )}
      {estimate.kind === "uncovered" && (
        <p className="muted" role="status">
          {estimate.message}
        </p>
      )}
      {estimate.kind === "zones" && (
        <div role="status">
          <p className="muted">
            {t({ id: "site.shipping.zonesFor", defaultMessage: "Envío a domicilio a {code}:" }, { code: estimate.code })}
          </p>
          <ul
            className="summary-lines"
            aria-label={t({ id: "site.shipping.zonesLabel", defaultMessage: "Envío a {code}" }, { code: estimate.code })}
          >
            {estimate.zones.map((zone) => (
              <li key={zone.id}>{zone.text}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
