import type { MailMessage } from "~/services/mail";
import { emailButton, emailLayout, escapeHtml } from "~/ui/html";

/** The buyer's copy of their 'Botón de arrepentimiento' request: its number, the order, and what happens next. */
export function withdrawalBuyerEmail(o: {
  to: string;
  buyerName: string;
  storeName: string;
  requestId: string;
  code: string;
  date: string;
  orderUrl: string;
}): MailMessage {
  const lines = [
    `Hola ${o.buyerName}:`,
    "",
    `Recibimos tu solicitud de cancelación del pedido ${o.code} en ${o.storeName} (Botón de arrepentimiento), el ${o.date}.`,
    `Número de solicitud: ${o.requestId}`,
    "",
    "La tienda ya fue avisada: te escribirá para confirmar la cancelación y, si ya pagaste, la devolución del dinero.",
    "",
    `Ver tu pedido: ${o.orderUrl}`,
  ];
  const html = emailLayout(
    `Solicitud de cancelación ${o.requestId}`,
    `<p>Hola ${escapeHtml(o.buyerName)}: recibimos tu solicitud de cancelación del pedido <strong>${escapeHtml(o.code)}</strong> en <strong>${escapeHtml(o.storeName)}</strong> (Botón de arrepentimiento), el ${escapeHtml(o.date)}.</p><p>Número de solicitud: <strong>${escapeHtml(o.requestId)}</strong></p><p>La tienda ya fue avisada: te escribirá para confirmar la cancelación y, si ya pagaste, la devolución del dinero.</p>${emailButton(o.orderUrl, "Ver mi pedido")}`,
  );
  return {
    to: o.to,
    subject: `Solicitud de cancelación ${o.requestId} del pedido ${o.code}`,
    text: lines.join("\n"),
    html,
  };
}

/** The merchant's notice: a buyer asked to cancel an order with the 'Botón de arrepentimiento'. */
export function withdrawalMerchantEmail(o: {
  to: string;
  merchantName: string;
  storeName: string;
  requestId: string;
  code: string;
  buyerName: string;
  saleUrl: string;
}): MailMessage {
  const what = `${o.buyerName} pidió cancelar el pedido ${o.code} de ${o.storeName} con el Botón de arrepentimiento (solicitud ${o.requestId}).`;
  const todo =
    "La ley de defensa del consumidor le da 10 días para arrepentirse de una compra en línea: cancela el pedido desde la venta (si lo pagó en línea, con «Cancelar y reembolsar») o escríbele para coordinar la devolución.";
  const html = emailLayout(
    `Solicitud de cancelación del pedido ${o.code}`,
    `<p>Hola ${escapeHtml(o.merchantName)}: ${escapeHtml(what)}</p><p>${escapeHtml(todo)}</p>${emailButton(o.saleUrl, "Ver la venta")}`,
  );
  return {
    to: o.to,
    subject: `Solicitud de cancelación del pedido ${o.code} en ${o.storeName}`,
    text: [`Hola ${o.merchantName}:`, "", what, "", todo, "", `Ver la venta: ${o.saleUrl}`, "", "Vitrina"].join("\n"),
    html,
  };
}
