import { type SyntheticEvent, useEffect, useRef } from "react";

/**
 * A `<dialog>` shown as a modal while `open` (from the first render when always open), whose
 * Escape key calls `onDismiss` instead of closing it, so the dialog's state stays React's; while
 * `busy`, Escape does nothing. Spread the result's `ref` and `onCancel` onto the `<dialog>`.
 */
export function useModalDialog({
  open = true,
  busy = false,
  onDismiss,
}: {
  open?: boolean;
  busy?: boolean;
  onDismiss: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    if (!busy) onDismiss();
  };
  return { ref, onCancel };
}
