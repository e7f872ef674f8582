import { defineMessages } from "~/domain/messages";
import { useT } from "~/ui/messages";
import type { TimelineView } from "./timeline";

const M = defineMessages({
  heading: { id: "fulfilment.timeline.heading", defaultMessage: "Seguimiento de tu pedido" },
  pending: { id: "fulfilment.timeline.pending", defaultMessage: "pendiente" },
  carrier: { id: "fulfilment.timeline.carrier", defaultMessage: "Lo lleva {carrier}" },
  number: { id: "fulfilment.timeline.number", defaultMessage: "número de seguimiento" },
  goCopy: { id: "fulfilment.timeline.goCopy", defaultMessage: "Ir a {carrier} (copia el número)" },
  follow: { id: "fulfilment.timeline.follow", defaultMessage: "Seguir mi envío" },
});

/**
 * The steps as an ordered list, done ones marked, with the tracking link; plain HTML, no script. With `heading` null
 * it is part of a section that already names it (the sale dialog's 'Entrega: …'): the list alone, no heading.
 */
export function DeliveryTimeline({
  timeline,
  heading,
}: {
  timeline: TimelineView;
  /** The section's heading ('Seguimiento de tu pedido' when not given). */
  heading?: string | null;
}) {
  const t = useT();
  const steps = (
    <>
      <ol>
        {timeline.steps.map((s) => (
          <li
            key={s.step}
            data-step={s.step}
            data-done={s.done ? "" : undefined}
            aria-current={timeline.current === s.step ? "step" : undefined}
          >
            <span className="delivery-timeline-mark" aria-hidden="true">
              {s.done ? "✓" : ""}
            </span>
            <span>
              <strong>{s.label}</strong>
              {s.at ? <span className="muted"> · {s.at}</span> : s.done ? null : <span className="muted"> · {t(M.pending)}</span>}
            </span>
          </li>
        ))}
      </ol>
      {timeline.tracking && (
        <p className="delivery-tracking">
          {t(M.carrier, { carrier: timeline.tracking.carrierName })}
          {timeline.tracking.number && (
            <>
              {" · "}
              {t(M.number)} <code data-tracking-number="">{timeline.tracking.number}</code>
            </>
          )}
          {timeline.tracking.url && (
            <>
              {" · "}
              <a href={timeline.tracking.url} target="_blank" rel="noreferrer noopener" data-tracking-link="">
                {timeline.tracking.copyNumber ? t(M.goCopy, { carrier: timeline.tracking.carrierName }) : t(M.follow)}
              </a>
            </>
          )}
        </p>
      )}
    </>
  );
  if (heading === null) return <div className="delivery-timeline">{steps}</div>;
  return (
    <section className="delivery-timeline" aria-labelledby="delivery-timeline-heading">
      <h2 id="delivery-timeline-heading">{heading ?? t(M.heading)}</h2>
      {steps}
    </section>
  );
}
