import type { SavedLine } from "~/domain/abandoned-carts";
import { formatMoney } from "~/domain/money";
import type { MailMessage } from "~/services/mail";
import { emailButton, emailLayout, escapeHtml } from "~/ui/html";

/** The one reminder to a buyer who left their checkout: their cart, the link that restores it, and the opt-out. */
export function cartReminderEmail(n: {
  to: string;
  buyerName: string;
  storeName: string;
  currency: string;
  lines: readonly SavedLine[];
  total: number;
  restoreUrl: string;
  optOutUrl: string;
}): MailMessage {
  const subject = `Tu pedido en ${n.storeName} quedó sin terminar`;
  const intro = `Guardamos tu carrito de ${n.storeName} tal como lo dejaste. Puedes terminar tu pedido cuando quieras: los precios y las unidades son los de hoy.`;
  const items = n.lines.map((l) => `${l.name} x ${l.quantity}`);
  const total = `Total de los productos: ${formatMoney(n.total, n.currency)}`;
  const optOut = `¿No quieres más recordatorios de ${n.storeName}? ${n.optOutUrl}`;
  const text = [
    `Hola ${n.buyerName}:`,
    "",
    intro,
    "",
    ...items,
    total,
    "",
    `Terminar mi pedido: ${n.restoreUrl}`,
    "",
    optOut,
    "",
    n.storeName,
  ].join("\n");
  const html = emailLayout(
    subject,
    `<p>Hola ${escapeHtml(n.buyerName)}: ${escapeHtml(intro)}</p><ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul><p>${escapeHtml(total)}</p>${emailButton(n.restoreUrl, "Terminar mi pedido")}<p style="font-size:12px;color:#777"><a href="${escapeHtml(n.optOutUrl)}">No quiero más recordatorios de ${escapeHtml(n.storeName)}</a></p>`,
    `${n.storeName} · tienda hecha con Vitrina`,
  );
  return { to: n.to, subject, text, html };
}
