import type { TimelineView } from "./timeline";

/**
 * The steps as an ordered list, done ones marked, with the tracking link; plain HTML, no script. With `heading` null
 * it is part of a section that already names it (the sale dialog's 'Entrega: …'): the list alone, no heading.
 */
export function DeliveryTimeline({
  timeline,
  heading = "Seguimiento de tu pedido",
}: {
  timeline: TimelineView;
  heading?: string | null;
}) {
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
              {s.at ? <span className="muted"> · {s.at}</span> : s.done ? null : <span className="muted"> · pendiente</span>}
            </span>
          </li>
        ))}
      </ol>
      {timeline.tracking && (
        <p className="delivery-tracking">
          Lo lleva {timeline.tracking.carrierName}
          {timeline.tracking.number && (
            <>
              {" · "}número de seguimiento <code data-tracking-number="">{timeline.tracking.number}</code>
            </>
          )}
          {timeline.tracking.url && (
            <>
              {" · "}
              <a href={timeline.tracking.url} target="_blank" rel="noreferrer noopener" data-tracking-link="">
                {timeline.tracking.copyNumber ? `Ir a ${timeline.tracking.carrierName} (copia el número)` : "Seguir mi envío"}
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
      <h2 id="delivery-timeline-heading">{heading}</h2>
      {steps}
    </section>
  );
}
