import { useState } from "react";
import { useT } from "./messages";

/**
 * A text to hand on (a link, a key): shown in a read-only field the merchant can select, with 'Copiar' that puts it
 * on the clipboard and says so; where the clipboard is refused, it says to copy it by hand.
 */
export function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const [status, setStatus] = useState<string | null>(null);
  const t = useT();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setStatus(t({ id: "ui.copy.copied", defaultMessage: "Copiado" }));
    } catch {
      setStatus(t({ id: "ui.copy.failed", defaultMessage: "No se pudo copiar: selecciónalo y cópialo a mano" }));
    }
  };
  return (
    <div className="copy-field">
      <label htmlFor={id}>{label}</label>
      <div>
        <input id={id} readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="button secondary" onClick={copy}>
          {t({ id: "ui.copy.copy", defaultMessage: "Copiar" })}
        </button>
      </div>
      {status && <p role="status">{status}</p>}
    </div>
  );
}
