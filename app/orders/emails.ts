import { defineMessages, type Translate } from "~/domain/messages";
import { formatMoney, moneyFormat } from "~/domain/money";
import type { PaymentMethod } from "~/domain/payment-methods";
import { lineAmount, promotionSuffix, type SavedLine } from "~/domain/promotions";
import { amountParts, deliveryText, type OrderAmounts, type OrderBuyer } from "~/domain/whatsapp";
import type { MailMessage } from "~/services/mail";
import { emailButton, emailLayout, escapedValues, escapeHtml } from "~/ui/html";

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

/** The way to pay as the merchant's notice names it. */
const PAYMENT_NOTICE_TEXT = defineMessages({
  on_delivery: { id: "orders.email.newOrder.pay.onDelivery", defaultMessage: "al recibir, como lo acuerden" },
  transfer: {
    id: "orders.email.newOrder.pay.transfer",
    defaultMessage: "transferencia o depósito (revisa que llegue antes de completar el pedido)",
  },
  cash: { id: "orders.email.newOrder.pay.cash", defaultMessage: "efectivo al entregar o retirar" },
  online: {
    id: "orders.email.newOrder.pay.online",
    defaultMessage: "en línea con Mercado Pago (pendiente hasta que se apruebe)",
  },
}) satisfies Record<PaymentMethod, unknown>;

/** The merchant's emails of their store's orders, in the merchant's variant. */
const M = defineMessages({
  hello: { id: "orders.email.hello", defaultMessage: "Hola {name}:" },
  customer: { id: "orders.email.newOrder.customer", defaultMessage: "Cliente: {name}" },
  delivery: { id: "orders.email.newOrder.delivery", defaultMessage: "Entrega: {delivery}" },
  payment: { id: "orders.email.newOrder.payment", defaultMessage: "Pago: {payment}" },
  phone: { id: "orders.email.newOrder.phone", defaultMessage: "Teléfono: {phone}" },
  email: { id: "orders.email.newOrder.email", defaultMessage: "Correo: {email}" },
  note: { id: "orders.email.newOrder.note", defaultMessage: "Nota: {note}" },
  received: {
    id: "orders.email.newOrder.received",
    defaultMessage: "Recibiste el pedido {code} en {store}. Está Pendiente hasta que lo completes o lo canceles.",
  },
  receivedHtml: {
    id: "orders.email.newOrder.receivedHtml",
    defaultMessage: "Hola {name}: recibiste un pedido en {store}. Está Pendiente hasta que lo completes o lo canceles.",
  },
  seeSales: { id: "orders.email.seeSales", defaultMessage: "Ver tus ventas: {url}" },
  salesButton: { id: "orders.email.salesButton", defaultMessage: "Ver mis ventas" },
  newOrderTitle: { id: "orders.email.newOrder.title", defaultMessage: "Nuevo pedido {code}" },
  newOrderSubject: { id: "orders.email.newOrder.subject", defaultMessage: "Nuevo pedido {code} en {store}" },
  paidWithoutStock: {
    id: "orders.email.paid.withoutStock",
    defaultMessage:
      " Pero su reserva venció y ya no hay stock para este pedido: entra a tus ventas para reembolsarlo o completarlo cuando tengas stock.",
  },
  paidClosed: {
    id: "orders.email.paid.closed",
    defaultMessage:
      " Pero este pedido ya estaba cerrado cuando llegó el pago: si lo cancelaste, devuelve el pago desde tu cuenta de Mercado Pago.",
  },
  paid: {
    id: "orders.email.paid.text",
    defaultMessage:
      "El pedido {code} de {store} ya está pagado: Mercado Pago aprobó el pago de {amount}. El dinero está en tu cuenta de Mercado Pago.",
  },
  paidHtml: {
    id: "orders.email.paid.html",
    defaultMessage:
      "Hola {name}: el pedido {code} de {store} ya está pagado. Mercado Pago aprobó el pago de {amount}; el dinero está en tu cuenta de Mercado Pago.",
  },
  paidTitle: { id: "orders.email.paid.title", defaultMessage: "Pago aprobado del pedido {code}" },
  receiptSubject: { id: "orders.email.receipt.subject", defaultMessage: "Recibiste un comprobante para el pedido {code}" },
  receipt: {
    id: "orders.email.receipt.text",
    defaultMessage:
      "{buyer} subió el comprobante de su transferencia de {amount} para el pedido {code} de {store}. Revísalo y marca el pago como verificado o rechaza el comprobante.",
  },
  seeSale: { id: "orders.email.receipt.seeSale", defaultMessage: "Ver el pedido: {url}" },
  saleButton: { id: "orders.email.receipt.button", defaultMessage: "Ver el pedido" },
});

/** The merchant's new-order notice, sent when a sale is saved; its own words in the merchant's variant (`mt`). */
export function newOrderEmail(o: NewOrderNotice, mt: Translate): MailMessage {
  const money = moneyFormat(o);
  const sums = amountParts(o.amounts, o.buyer.delivery === "delivery" ? o.buyer.zone : null, money, o.t);
  const details = [
    mt(M.customer, { name: o.buyer.name }),
    mt(M.delivery, { delivery: `${deliveryText(o.buyer, o.t)}${o.buyer.address ? ` — ${o.buyer.address}` : ""}` }),
    mt(M.payment, { payment: mt(PAYMENT_NOTICE_TEXT[o.amounts.paymentMethod ?? "on_delivery"]) }),
    ...(o.buyer.phone ? [mt(M.phone, { phone: o.buyer.phone })] : []),
    ...(o.buyer.email ? [mt(M.email, { email: o.buyer.email })] : []),
    ...(o.buyer.note ? [mt(M.note, { note: o.buyer.note })] : []),
  ];
  const items = o.lines.map((l) => `${l.name} x ${l.quantity} = ${money(lineAmount(l))}${promotionSuffix(l, money)}`);
  const text = [
    mt(M.hello, { name: o.merchantName }),
    "",
    mt(M.received, { code: o.code, store: o.storeName }),
    "",
    ...items,
    ...sums.map((part) => `${part.label}: ${part.value}`),
    "",
    ...details,
    "",
    mt(M.seeSales, { url: o.salesUrl }),
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
    mt(M.newOrderTitle, { code: o.code }),
    `<p>${mt(M.receivedHtml, escapedValues({ name: o.merchantName, store: o.storeName }, ["store"]))}</p><table style="width:100%;border-collapse:collapse">${rows}${sums
      .map(
        (part) =>
          `<tr><td style="padding-top:6px;border-top:1px solid #eee">${escapeHtml(part.label)}</td><td style="text-align:right;padding-top:6px;border-top:1px solid #eee">${escapeHtml(part.value)}</td></tr>`,
      )
      .join("")}</table><p>${details.map(escapeHtml).join("<br>")}</p>${emailButton(o.salesUrl, mt(M.salesButton))}`,
  );
  return { to: o.to, subject: mt(M.newOrderSubject, { code: o.code, store: o.storeName }), text, html };
}

/** To the store's owner, once, when an online payment of an order is approved and applied. */
export function paymentApprovedEmail(
  o: {
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
  },
  t: Translate,
): MailMessage {
  const amount = formatMoney(o.amount, o.currency, o.country);
  const shortNote = o.problem === "without_stock" ? t(M.paidWithoutStock) : o.problem === "closed" ? t(M.paidClosed) : "";
  const text = [
    t(M.hello, { name: o.merchantName }),
    "",
    `${t(M.paid, { code: o.code, store: o.storeName, amount })}${shortNote}`,
    "",
    t(M.seeSales, { url: o.salesUrl }),
    "",
    "Vitrina",
  ].join("\n");
  const html = emailLayout(
    t(M.paidTitle, { code: o.code }),
    `<p>${t(M.paidHtml, escapedValues({ name: o.merchantName, code: o.code, store: o.storeName, amount }, ["store", "amount"]))}${escapeHtml(shortNote)}</p>${emailButton(o.salesUrl, t(M.salesButton))}`,
  );
  return { to: o.to, subject: t(M.paidTitle, { code: o.code }), text, html };
}

/** To the store's owner when a buyer sends the receipt of a transfer: the sale to check, one tap away. */
export function receiptReceivedEmail(
  o: {
    to: string;
    merchantName: string;
    storeName: string;
    code: string;
    buyerName: string;
    amount: number;
    currency: string;
    country: string | null;
    saleUrl: string;
  },
  t: Translate,
): MailMessage {
  const subject = t(M.receiptSubject, { code: o.code });
  const amount = formatMoney(o.amount, o.currency, o.country);
  const line = t(M.receipt, { buyer: o.buyerName, amount, code: o.code, store: o.storeName });
  const hello = t(M.hello, { name: o.merchantName });
  const text = [hello, "", line, "", t(M.seeSale, { url: o.saleUrl })].join("\n");
  const html = emailLayout(
    subject,
    `<p>${escapeHtml(hello)}</p><p>${escapeHtml(line)}</p>${emailButton(o.saleUrl, t(M.saleButton))}`,
  );
  return { to: o.to, subject, text, html };
}
