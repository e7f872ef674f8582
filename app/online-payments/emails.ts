import { formatMoney } from "~/domain/money";
import type { MailMessage } from "~/services/mail";
import { emailButton, emailLayout, escapeHtml } from "~/ui/html";

/** To the store's owner, once, when an online payment of an order is approved and applied. */
export function paymentApprovedEmail(o: {
  to: string;
  merchantName: string;
  storeName: string;
  code: string;
  amount: number;
  currency: string;
  salesUrl: string;
}): MailMessage {
  const amount = formatMoney(o.amount, o.currency);
  const text = [
    `Hola ${o.merchantName}:`,
    "",
    `El pedido ${o.code} de ${o.storeName} ya está pagado: Mercado Pago aprobó el pago de ${amount}. El dinero está en tu cuenta de Mercado Pago.`,
    "",
    `Ver tus ventas: ${o.salesUrl}`,
    "",
    "Vitrina",
  ].join("\n");
  const html = emailLayout(
    `Pago aprobado del pedido ${o.code}`,
    `<p>Hola ${escapeHtml(o.merchantName)}: el pedido ${escapeHtml(o.code)} de <strong>${escapeHtml(o.storeName)}</strong> ya está pagado. Mercado Pago aprobó el pago de <strong>${escapeHtml(amount)}</strong>; el dinero está en tu cuenta de Mercado Pago.</p>${emailButton(o.salesUrl, "Ver mis ventas")}`,
  );
  return { to: o.to, subject: `Pago aprobado del pedido ${o.code}`, text, html };
}
