import { useEffect, useState } from "react";
import { useModalDialog } from "./dialog";
import { useT } from "./messages";

/** Full-screen loading overlay with spinner and text (shared by every page that waits on the server). */
export function LoadingOverlay({ text }: { text: string }) {
  return (
    <div className="overlay" role="alertdialog" aria-busy="true" aria-live="assertive" aria-label={text}>
      <div className="overlay-box">
        <span className="spinner" aria-hidden="true" />
        <p>{text}</p>
      </div>
    </div>
  );
}

/**
 * Confirm dialog: title, description, 'Cancelar' closes (`dismissLabel` names it where 'Cancelar' is also what the
 * question is about), 'Confirmar' runs the action and is replaced by a progress indicator while it runs.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  description: string;
  dismissLabel?: string;
  onCancel: () => void;
  onConfirm: () => Promise<unknown> | unknown;
}) {
  const [running, setRunning] = useState(false);
  const t = useT();
  const dialog = useModalDialog({ open: props.open, busy: running, onDismiss: props.onCancel });
  const confirm = async () => {
    setRunning(true);
    try {
      await props.onConfirm();
    } finally {
      setRunning(false);
    }
  };
  return (
    <dialog ref={dialog.ref} className="confirm" aria-labelledby="confirm-title" onCancel={dialog.onCancel}>
      <h2 id="confirm-title">{props.title}</h2>
      <p>{props.description}</p>
      <div className="confirm-actions">
        <button type="button" className="button secondary" onClick={props.onCancel} disabled={running}>
          {props.dismissLabel ?? t({ id: "ui.confirm.cancel", defaultMessage: "Cancelar" })}
        </button>
        {running ? (
          <span
            className="spinner"
            role="progressbar"
            aria-label={t({ id: "ui.confirm.running", defaultMessage: "Procesando" })}
          />
        ) : (
          <button type="button" className="button" onClick={confirm}>
            {t({ id: "ui.confirm.confirm", defaultMessage: "Confirmar" })}
          </button>
        )}
      </div>
    </dialog>
  );
}

/**
 * Notification banner: title and description, closes on click or after its timeout (3-4 s). The root renders it,
 * above every page's messages provider: its 'Cerrar aviso' is a literal, which 'vos' says the same (an infinitive);
 * the title and description are the action's, already in the merchant's variant.
 */
export function NotificationBanner(props: {
  title: string;
  description: string;
  kind?: "success" | "error" | "info";
  timeoutMs?: number;
  onClose: () => void;
}) {
  const { onClose, timeoutMs = 4000 } = props;
  useEffect(() => {
    const timer = setTimeout(onClose, timeoutMs);
    return () => clearTimeout(timer);
  }, [onClose, timeoutMs]);
  return (
    <div className={`notice notice-${props.kind ?? "info"}`} role="status">
      <button type="button" onClick={onClose} aria-label={`${props.title}. Cerrar aviso`}>
        <strong>{props.title}</strong>
        <span>{props.description}</span>
      </button>
    </div>
  );
}
