import type { ReactNode } from "react";
import { useFetcher, useLocation } from "react-router";
import { quotedStep, STEP_LABELS } from "~/domain/fulfilment";
import { defineMessages } from "~/domain/messages";
import { isFailure } from "~/http/action-result";
import { useT } from "~/ui/messages";
import { DeliveryTimeline } from "./delivery-timeline";
import type { ProgressPanelView } from "./panel.server";

type Answer = { message: string } | { errors: Record<string, string> };

const M = defineMessages({
  title: { id: "fulfilment.panel.title", defaultMessage: "Entrega: {step}" },
  noProgress: { id: "fulfilment.panel.noProgress", defaultMessage: "sin avance" },
  cancelled: { id: "fulfilment.panel.cancelled", defaultMessage: "Venta cancelada: no se prepara ni se envía." },
  preparing: { id: "fulfilment.panel.preparing", defaultMessage: "Preparando" },
  mark: { id: "fulfilment.panel.mark", defaultMessage: "Marcar {step}" },
  back: { id: "fulfilment.panel.back", defaultMessage: "Volver al paso anterior ({step})" },
  print: { id: "fulfilment.panel.print", defaultMessage: "Imprimir" },
  whatsapp: { id: "fulfilment.panel.whatsapp", defaultMessage: "Avisar por WhatsApp" },
  carrier: { id: "fulfilment.panel.carrier", defaultMessage: "Empresa de envío" },
  number: { id: "fulfilment.panel.number", defaultMessage: "Número de seguimiento" },
  other: { id: "fulfilment.panel.other", defaultMessage: "Si elegiste 'Otro'" },
  carrierName: { id: "fulfilment.panel.carrierName", defaultMessage: "Nombre de la empresa" },
  url: { id: "fulfilment.panel.url", defaultMessage: "Enlace de seguimiento" },
  save: { id: "fulfilment.panel.save", defaultMessage: "Guardar envío" },
  ship: { id: "fulfilment.panel.ship", defaultMessage: "Marcar como enviado" },
});

/**
 * The sale's delivery in its dialog, under one heading ('Entrega: {step}'): `children` (how and where it is delivered),
 * the timeline, the next moves (with the carrier and tracking number for
 * 'Enviado'), an explicit move back, and 'Avisar por WhatsApp'. Plain forms to the sale's own action: with JavaScript
 * they post through a fetcher, without it the page comes back with the answer (the dialog's copy shows it).
 */
export function ProgressPanel({
  progress,
  storeId,
  idSuffix,
  children,
}: {
  progress: ProgressPanelView;
  storeId: string;
  idSuffix: string;
  children?: ReactNode;
}) {
  const t = useT();
  const fetcher = useFetcher<Answer>();
  const { search } = useLocation();
  // Back to the list as it was, once the page comes back without JavaScript.
  const action = `/Store/${storeId}/sales/${progress.saleId}${search}`;
  const shown = fetcher.data ?? null;
  const busy = fetcher.state !== "idle";
  const id = (name: string) => `progress-${name}-${idSuffix}`;
  const hidden = (
    <>
      <input type="hidden" name="intent" value="progress" />
      <input type="hidden" name="seen" value={progress.version} />
    </>
  );
  return (
    <section className="sale-progress" aria-labelledby={id("title")} data-progress={progress.step ?? "none"}>
      <h3 id={id("title")}>{t(M.title, { step: progress.step ? t(STEP_LABELS[progress.step]) : t(M.noProgress) })}</h3>
      {children}
      {progress.cancelled ? (
        <p className="muted">{t(M.cancelled)}</p>
      ) : (
        progress.timeline && <DeliveryTimeline timeline={progress.timeline} heading={null} />
      )}
      {shown && (
        <p className={isFailure(shown) ? "field-error" : "muted"} role="status" data-progress-answer="">
          {isFailure(shown) ? shown.errors.form : shown.message}
        </p>
      )}
      <div className="sale-progress-moves">
        {progress.next.map((step) =>
          step === "shipped" ? (
            <ShipmentForm key={step} fetcher={fetcher} action={action} hidden={hidden} id={id} progress={progress} busy={busy} />
          ) : (
            <fetcher.Form key={step} method="post" action={action}>
              {hidden}
              <input type="hidden" name="to" value={step} />
              <button type="submit" className={step === "preparing" ? "button secondary" : "button"} disabled={busy}>
                {step === "preparing" ? t(M.preparing) : t(M.mark, { step: quotedStep(step, t) })}
              </button>
            </fetcher.Form>
          ),
        )}
        {progress.shipment && (
          <ShipmentForm
            fetcher={fetcher}
            action={action}
            hidden={hidden}
            id={id}
            progress={progress}
            busy={busy}
            saved={progress.shipment}
          />
        )}
        {progress.back && (
          <fetcher.Form method="post" action={action}>
            {hidden}
            <input type="hidden" name="to" value={progress.back} />
            <input type="hidden" name="back" value="1" />
            <button type="submit" className="button secondary" disabled={busy}>
              {t(M.back, { step: t(STEP_LABELS[progress.back]) })}
            </button>
          </fetcher.Form>
        )}
        <a
          className="button secondary"
          href={`/Store/${storeId}/sales/imprimir?sale=${progress.saleId}`}
          target="_blank"
          rel="noopener"
        >
          {t(M.print)}
        </a>
        {progress.whatsapp && (
          <a className="button secondary" href={progress.whatsapp} target="_blank" rel="noreferrer">
            {t(M.whatsapp)}
          </a>
        )}
      </div>
    </section>
  );
}

/**
 * 'Marcar como enviado' with the carrier, the tracking number and, for 'Otro', its name and link; once sent, the same
 * fields filled in to correct them ('Guardar envío').
 */
function ShipmentForm(props: {
  fetcher: ReturnType<typeof useFetcher<Answer>>;
  action: string;
  hidden: ReactNode;
  id: (name: string) => string;
  progress: ProgressPanelView;
  busy: boolean;
  saved?: NonNullable<ProgressPanelView["shipment"]>;
}) {
  const { fetcher, id, progress, saved } = props;
  const t = useT();
  const suffix = saved ? "-saved" : "";
  return (
    <fetcher.Form method="post" action={props.action} className="sale-progress-ship">
      {props.hidden}
      <input type="hidden" name="to" value="shipped" />
      <div className="field">
        <label htmlFor={id(`carrier${suffix}`)}>{t(M.carrier)}</label>
        <select id={id(`carrier${suffix}`)} name="carrier" defaultValue={saved?.carrier || progress.carriers[0]?.id}>
          {progress.carriers.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={id(`number${suffix}`)}>{t(M.number)}</label>
        <input
          id={id(`number${suffix}`)}
          name="trackingNumber"
          maxLength={60}
          autoComplete="off"
          defaultValue={saved?.trackingNumber}
        />
      </div>
      <details open={saved?.carrier === "otro" || undefined}>
        <summary>{t(M.other)}</summary>
        <div className="field">
          <label htmlFor={id(`carrier-name${suffix}`)}>{t(M.carrierName)}</label>
          <input id={id(`carrier-name${suffix}`)} name="carrierName" maxLength={60} defaultValue={saved?.carrierName} />
        </div>
        <div className="field">
          <label htmlFor={id(`url${suffix}`)}>{t(M.url)}</label>
          <input
            id={id(`url${suffix}`)}
            name="trackingUrl"
            type="url"
            inputMode="url"
            placeholder="https://"
            defaultValue={saved?.trackingUrl}
          />
        </div>
      </details>
      <button type="submit" className={saved ? "button secondary" : "button"} disabled={props.busy}>
        {saved ? t(M.save) : t(M.ship)}
      </button>
    </fetcher.Form>
  );
}
