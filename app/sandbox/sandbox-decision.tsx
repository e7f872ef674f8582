import { Form, useNavigation } from "react-router";
import { STATUS_LABELS } from "~/billing/messages";
import { FormError } from "~/ui/form";

/** The sandbox checkout's 'Aprobar pago' / 'Rechazar pago', or what was decided and where to go next. */
export function SandboxDecision(props: {
  status: keyof typeof STATUS_LABELS;
  error?: string;
  next: { href: string; label: string };
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <FormError message={props.error} />
      {props.status === "pending" ? (
        <Form method="post" className="sandbox-actions">
          <button type="submit" name="decision" value="approved" className="button" disabled={busy}>
            Aprobar pago
          </button>
          <button type="submit" name="decision" value="rejected" className="button secondary" disabled={busy}>
            Rechazar pago
          </button>
        </Form>
      ) : (
        <p>
          Este pago ya fue decidido: <strong>{STATUS_LABELS[props.status]}</strong>.{" "}
          <a href={props.next.href}>{props.next.label}</a>
        </p>
      )}
    </>
  );
}
