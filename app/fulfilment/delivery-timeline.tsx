import type { TimelineView } from "./timeline";

/** The steps as an ordered list, done ones marked, with the tracking link; plain HTML, no script. */
export function DeliveryTimeline({
  timeline,
  heading = "Seguimiento de tu pedido",
  id = "delivery-timeline",
}: {
  timeline: TimelineView;
  heading?: string;
  /** Unique on the page (the sale dialog has a copy for browsers without JavaScript). */
  id?: string;
}) {
  return (
    <section className="delivery-timeline" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
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
    </section>
  );
}
