import type { MailMessage } from "~/services/mail";
import { emailButton, emailLayout, escapeHtml } from "~/ui/html";

/** The merchant's email when a product's available units fall to its low-stock threshold (once per crossing). */
export function lowStockEmail(n: {
  to: string;
  storeName: string;
  productName: string;
  available: number;
  pageUrl: string;
}): MailMessage {
  const subject = `Poco stock en ${n.storeName}: ${n.productName}`;
  const left =
    n.available <= 0
      ? "ya no tiene unidades disponibles"
      : n.available === 1
        ? "tiene 1 unidad disponible"
        : `tiene ${n.available} unidades disponibles`;
  const body = `«${n.productName}» ${left}. Repón el stock para seguir vendiéndolo; no volveremos a avisarte de este producto hasta que su stock suba y vuelva a bajar.`;
  const text = [`Hola:`, "", body, "", `Ver tus productos con poco stock: ${n.pageUrl}`, "", "Vitrina"].join("\n");
  const html = emailLayout(subject, `<p>${escapeHtml(body)}</p>${emailButton(n.pageUrl, "Ver productos con poco stock")}`);
  return { to: n.to, subject, text, html };
}
