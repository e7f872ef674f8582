import { useEffect, useState } from "react";
import { useT } from "./messages";

/**
 * 'Compartir…': the phone's own share sheet (Web Share), shown only where the browser has one; elsewhere the
 * page's other ways to share are enough.
 */
export function ShareSheetButton({ title, text, url }: { title: string; text: string; url: string }) {
  const [canShare, setCanShare] = useState(false);
  const t = useT();
  useEffect(() => setCanShare(typeof navigator.share === "function"), []);
  if (!canShare) return null;
  return (
    <button
      type="button"
      className="button secondary"
      onClick={() => navigator.share({ title, text, url }).catch(() => undefined)}
    >
      {t({ id: "ui.share.button", defaultMessage: "Compartir…" })}
    </button>
  );
}
