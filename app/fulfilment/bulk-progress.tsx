import { Form } from "react-router";
import { defineMessages } from "~/domain/messages";
import { useT } from "~/ui/messages";

const M = defineMessages({
  pick: { id: "fulfilment.bulk.pick", defaultMessage: "Elegir la venta {sale}" },
  form: { id: "fulfilment.bulk.form", defaultMessage: "Marcar las ventas elegidas" },
  hint: { id: "fulfilment.bulk.hint", defaultMessage: "Elige ventas en la lista y márcalas:" },
  preparing: { id: "fulfilment.panel.preparing", defaultMessage: "Preparando" },
  carrier: { id: "fulfilment.panel.carrier", defaultMessage: "Empresa de envío" },
  ship: { id: "fulfilment.panel.ship", defaultMessage: "Marcar como enviado" },
  print: { id: "fulfilment.panel.print", defaultMessage: "Imprimir" },
});

/** The id of the list's bulk form: each row's checkbox belongs to it through its `form` attribute. */
const BULK_FORM_ID = "sales-bulk";

/** A row's checkbox for the bulk moves (the row opens the sale on a click anywhere but here: `data-pick`). */
export function SaleCheckbox({ saleId }: { saleId: string }) {
  const t = useT();
  // The label is the 44-px touch target around the box.
  return (
    <label className="sale-pick-box" data-pick="">
      {/* Named by aria-label, not by text, so the cell's text stays the code alone. */}
      <input type="checkbox" name="sale" value={saleId} form={BULK_FORM_ID} aria-label={t(M.pick, { sale: saleId })} />
    </label>
  );
}

/**
 * 'Preparando' and 'Marcar como enviado' for the ticked sales (a plain form: works without JavaScript), with the
 * carrier the sent ones go with (each sale's tracking number is added from its dialog), and 'Imprimir' their slips.
 */
export function BulkProgressForm({
  action,
  printAction,
  carriers,
  answer,
}: {
  action: string;
  /** The packing slips' page: 'Imprimir' sends the ticked sales there (a GET in a new tab). */
  printAction: string;
  carriers: ReadonlyArray<{ id: string; name: string }>;
  answer: { ok: boolean; message: string } | null;
}) {
  const t = useT();
  return (
    // A document form, so 'Imprimir' opens its own tab (the router would take it in this one).
    <Form
      reloadDocument
      id={BULK_FORM_ID}
      method="post"
      action={action}
      className="inline-form sales-bulk"
      aria-label={t(M.form)}
    >
      <p className="muted sales-bulk-hint">{t(M.hint)}</p>
      <button type="submit" name="to" value="preparing" className="button secondary">
        {t(M.preparing)}
      </button>
      <div className="field">
        <label htmlFor="bulk-carrier">{t(M.carrier)}</label>
        <select id="bulk-carrier" name="carrier" defaultValue={carriers[0]?.id}>
          {carriers.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" name="to" value="shipped" className="button secondary">
        {t(M.ship)}
      </button>
      <button type="submit" formMethod="get" formAction={printAction} formTarget="_blank" className="button secondary">
        {t(M.print)}
      </button>
      {answer && (
        <p className={answer.ok ? "muted" : "field-error"} role="status" data-bulk-answer="">
          {answer.message}
        </p>
      )}
    </Form>
  );
}
