import type { Translate } from "~/domain/messages";
import { formatMoney, moneyFormat } from "~/domain/money";
import type { PaymentMethod } from "~/domain/payment-methods";
import { lineAmount, promotionSuffix, type SavedLine } from "~/domain/promotions";
import { amountParts, deliveryText, type OrderAmounts, type OrderBuyer } from "~/domain/whatsapp";
import type { MailMessage } from "~/services/mail";
import { emailButton, emailLayout, escapeHtml } from "~/ui/html";

export interface NewOrderNotice {
  to: string;
  merchantName: string;
  storeName: string;
  code: string;
  currency: string;
  /** The store's country, whose writing the amounts take; '' or null for none. */
  country: string | null;
  amounts: OrderAmounts;
  lines: Array<{ name: string; quantity: number } & SavedLine>;
  buyer: OrderBuyer & { email?: string | null };
  salesUrl: string;
  /** The store's voice, for the order's amounts and delivery as its WhatsApp message writes them. */
  t: Translate;
}

const PAYMENT_NOTICE_TEXT: Record<PaymentMethod, string> = {
  on_delivery: "al recibir, como lo acuerden",
  transfer: "transferencia o depósito (revisa que llegue antes de completar el pedido)",
  cash: "efectivo al entregar o retirar",
  online: "en línea con Mercado Pago (pendiente hasta que se apruebe)",
};

/** The merchant's new-order notice, sent when a sale is saved. */
export function newOrderEmail(o: NewOrderNotice): MailMessage {
  const money = moneyFormat(o);
  const sums = amountParts(o.amounts, o.buyer.delivery === "delivery" ? o.buyer.zone : null, money, o.t);
  const details = [
    `Cliente: ${o.buyer.name}`,
    `Entrega: ${deliveryText(o.buyer, o.t)}${o.buyer.address ? ` — ${o.buyer.address}` : ""}`,
    `Pago: ${PAYMENT_NOTICE_TEXT[o.amounts.paymentMethod ?? "on_delivery"]}`,
    ...(o.buyer.phone ? [`Teléfono: ${o.buyer.phone}`] : []),
    ...(o.buyer.email ? [`Correo: ${o.buyer.email}`] : []),
    ...(o.buyer.note ? [`Nota: ${o.buyer.note}`] : []),
  ];
  const items = o.lines.map((l) => `${l.name} x ${l.quantity} = ${money(lineAmount(l))}${promotionSuffix(l, money)}`);
  const text = [
    `Hola ${o.merchantName}:`,
    "",
    `Recibiste el pedido ${o.code} en ${o.storeName}. Está Pendiente hasta que lo completes o lo canceles.`,
    "",
    ...items,
    ...sums.map((part) => `${part.label}: ${part.value}`),
    "",
    ...details,
    "",
    `Ver tus ventas: ${o.salesUrl}`,
    "",
    "Vitrina",
  ].join("\n");
  const rows = o.lines
    .map(
      (l) =>
        `<tr><td style="padding:4px 0">${escapeHtml(`${l.name} x ${l.quantity}${promotionSuffix(l, money)}`)}</td><td style="text-align:right">${escapeHtml(money(lineAmount(l)))}</td></tr>`,
    )
    .join("");
  const html = emailLayout(
    `Nuevo pedido ${o.code}`,
    `<p>Hola ${escapeHtml(o.merchantName)}: recibiste un pedido en <strong>${escapeHtml(o.storeName)}</strong>. Está Pendiente hasta que lo completes o lo canceles.</p><table style="width:100%;border-collapse:collapse">${rows}${sums
      .map(
        (part) =>
          `<tr><td style="padding-top:6px;border-top:1px solid #eee">${escapeHtml(part.label)}</td><td style="text-align:right;padding-top:6px;border-top:1px solid #eee">${escapeHtml(part.value)}</td></tr>`,
      )
      .join("")}</table><p>${details.map(escapeHtml).join("<br>")}</p>${emailButton(o.salesUrl, "Ver mis ventas")}`,
  );
  return { to: o.to, subject: `Nuevo pedido ${o.code} en ${o.storeName}`, text, html };
}

/** To the store's owner, once, when an online payment of an order is approved and applied. */
export function paymentApprovedEmail(o: {
  to: string;
  merchantName: string;
  storeName: string;
  code: string;
  amount: number;
  currency: string;
  country: string | null;
  salesUrl: string;
  /**
   * What is wrong with it: paid after its reservation lapsed and its units went to other orders (refund it from the
   * desk, or complete it when stock comes), or paid after the merchant cancelled it (give it back in Mercado Pago).
   */
  problem?: "without_stock" | "closed" | null;
}): MailMessage {
  const amount = formatMoney(o.amount, o.currency, o.country);
  const shortNote =
    o.problem === "without_stock"
      ? " Pero su reserva venció y ya no hay stock para este pedido: entra a tus ventas para reembolsarlo o completarlo cuando tengas stock."
      : o.problem === "closed"
        ? " Pero este pedido ya estaba cerrado cuando llegó el pago: si lo cancelaste, devuelve el pago desde tu cuenta de Mercado Pago."
        : "";
  const text = [
    `Hola ${o.merchantName}:`,
    "",
    `El pedido ${o.code} de ${o.storeName} ya está pagado: Mercado Pago aprobó el pago de ${amount}. El dinero está en tu cuenta de Mercado Pago.${shortNote}`,
    "",
    `Ver tus ventas: ${o.salesUrl}`,
    "",
    "Vitrina",
  ].join("\n");
  const html = emailLayout(
    `Pago aprobado del pedido ${o.code}`,
    `<p>Hola ${escapeHtml(o.merchantName)}: el pedido ${escapeHtml(o.code)} de <strong>${escapeHtml(o.storeName)}</strong> ya está pagado. Mercado Pago aprobó el pago de <strong>${escapeHtml(amount)}</strong>; el dinero está en tu cuenta de Mercado Pago.${escapeHtml(shortNote)}</p>${emailButton(o.salesUrl, "Ver mis ventas")}`,
  );
  return { to: o.to, subject: `Pago aprobado del pedido ${o.code}`, text, html };
}

/** To the store's owner when a buyer sends the receipt of a transfer: the sale to check, one tap away. */
export function receiptReceivedEmail(o: {
  to: string;
  merchantName: string;
  storeName: string;
  code: string;
  buyerName: string;
  amount: number;
  currency: string;
  country: string | null;
  saleUrl: string;
}): MailMessage {
  const subject = `Recibiste un comprobante para el pedido ${o.code}`;
  const line = `${o.buyerName} subió el comprobante de su transferencia de ${formatMoney(o.amount, o.currency, o.country)} para el pedido ${o.code} de ${o.storeName}. Revísalo y marca el pago como verificado o rechaza el comprobante.`;
  const text = [`Hola ${o.merchantName}:`, "", line, "", `Ver el pedido: ${o.saleUrl}`].join("\n");
  const html = emailLayout(
    subject,
    `<p>Hola ${escapeHtml(o.merchantName)}:</p><p>${escapeHtml(line)}</p>${emailButton(o.saleUrl, "Ver el pedido")}`,
  );
  return { to: o.to, subject, text, html };
}
