import type { ReactNode } from "react";
import { useFetcher, useLocation } from "react-router";
import { STEP_LABELS } from "~/domain/fulfilment";
import { isFailure } from "~/http/action-result";
import { DeliveryTimeline } from "./delivery-timeline";
import type { ProgressPanelView } from "./panel.server";

type Answer = { message: string } | { errors: Record<string, string> };

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
      <h3 id={id("title")}>Entrega: {progress.step ? STEP_LABELS[progress.step] : "sin avance"}</h3>
      {children}
      {progress.cancelled ? (
        <p className="muted">Venta cancelada: no se prepara ni se envía.</p>
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
                {step === "preparing" ? "Preparando" : `Marcar '${STEP_LABELS[step]}'`}
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
              Volver al paso anterior ({STEP_LABELS[progress.back]})
            </button>
          </fetcher.Form>
        )}
        <a
          className="button secondary"
          href={`/Store/${storeId}/sales/imprimir?sale=${progress.saleId}`}
          target="_blank"
          rel="noopener"
        >
          Imprimir
        </a>
        {progress.whatsapp && (
          <a className="button secondary" href={progress.whatsapp} target="_blank" rel="noreferrer">
            Avisar por WhatsApp
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
  const suffix = saved ? "-saved" : "";
  return (
    <fetcher.Form method="post" action={props.action} className="sale-progress-ship">
      {props.hidden}
      <input type="hidden" name="to" value="shipped" />
      <div className="field">
        <label htmlFor={id(`carrier${suffix}`)}>Empresa de envío</label>
        <select id={id(`carrier${suffix}`)} name="carrier" defaultValue={saved?.carrier || progress.carriers[0]?.id}>
          {progress.carriers.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={id(`number${suffix}`)}>Número de seguimiento</label>
        <input
          id={id(`number${suffix}`)}
          name="trackingNumber"
          maxLength={60}
          autoComplete="off"
          defaultValue={saved?.trackingNumber}
        />
      </div>
      <details open={saved?.carrier === "otro" || undefined}>
        <summary>Si elegiste 'Otro'</summary>
        <div className="field">
          <label htmlFor={id(`carrier-name${suffix}`)}>Nombre de la empresa</label>
          <input id={id(`carrier-name${suffix}`)} name="carrierName" maxLength={60} defaultValue={saved?.carrierName} />
        </div>
        <div className="field">
          <label htmlFor={id(`url${suffix}`)}>Enlace de seguimiento</label>
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
        {saved ? "Guardar envío" : "Marcar como enviado"}
      </button>
    </fetcher.Form>
  );
}
