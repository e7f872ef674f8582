import { defineMessages, type Translate } from "~/domain/messages";
import type { MailMessage } from "~/services/mail";
import { emailButton, emailLayout, escapedValues, escapeHtml } from "~/ui/html";

const BUYER = defineMessages({
  subject: {
    id: "email.withdrawal.buyer.subject",
    defaultMessage: "Solicitud de cancelación {request} del pedido {code}",
  },
  title: { id: "email.withdrawal.buyer.title", defaultMessage: "Solicitud de cancelación {request}" },
  hello: { id: "email.withdrawal.buyer.hello", defaultMessage: "Hola {name}:" },
  received: {
    id: "email.withdrawal.buyer.received",
    defaultMessage: "Recibimos tu solicitud de cancelación del pedido {code} en {store} (Botón de arrepentimiento), el {date}.",
  },
  number: { id: "email.withdrawal.buyer.number", defaultMessage: "Número de solicitud: {request}" },
  next: {
    id: "email.withdrawal.buyer.next",
    defaultMessage:
      "La tienda ya fue avisada: te escribirá para confirmar la cancelación y, si ya pagaste, la devolución del dinero.",
  },
  seeOrder: { id: "email.withdrawal.buyer.seeOrder", defaultMessage: "Ver tu pedido: {url}" },
  button: { id: "email.withdrawal.buyer.button", defaultMessage: "Ver mi pedido" },
});

const MERCHANT = defineMessages({
  subject: {
    id: "email.withdrawal.merchant.subject",
    defaultMessage: "Solicitud de cancelación del pedido {code} en {store}",
  },
  title: { id: "email.withdrawal.merchant.title", defaultMessage: "Solicitud de cancelación del pedido {code}" },
  hello: { id: "email.withdrawal.merchant.hello", defaultMessage: "Hola {name}:" },
  what: {
    id: "email.withdrawal.merchant.what",
    defaultMessage: "{buyer} pidió cancelar el pedido {code} de {store} con el Botón de arrepentimiento (solicitud {request}).",
  },
  todo: {
    id: "email.withdrawal.merchant.todo",
    defaultMessage:
      "La ley de defensa del consumidor le da 10 días para arrepentirse de una compra en línea: cancela el pedido desde la venta (si lo pagó en línea, con «Cancelar y reembolsar») o escríbele para coordinar la devolución.",
  },
  seeSale: { id: "email.withdrawal.merchant.seeSale", defaultMessage: "Ver la venta: {url}" },
  button: { id: "email.withdrawal.merchant.button", defaultMessage: "Ver la venta" },
});

/** The buyer's copy of their 'Botón de arrepentimiento' request, in the store's voice (`t`): its number, the order, and what happens next. */
export function withdrawalBuyerEmail(
  o: {
    to: string;
    buyerName: string;
    storeName: string;
    requestId: string;
    code: string;
    date: string;
    orderUrl: string;
  },
  t: Translate,
): MailMessage {
  const names = { code: o.code, store: o.storeName, date: o.date };
  const next = t(BUYER.next);
  const lines = [
    t(BUYER.hello, { name: o.buyerName }),
    "",
    t(BUYER.received, names),
    t(BUYER.number, { request: o.requestId }),
    "",
    next,
    "",
    t(BUYER.seeOrder, { url: o.orderUrl }),
  ];
  const html = emailLayout(
    t(BUYER.title, { request: o.requestId }),
    `<p>${escapeHtml(t(BUYER.hello, { name: o.buyerName }))}</p><p>${t(BUYER.received, escapedValues(names, ["code", "store"]))}</p><p>${t(BUYER.number, escapedValues({ request: o.requestId }, ["request"]))}</p><p>${escapeHtml(next)}</p>${emailButton(o.orderUrl, t(BUYER.button))}`,
  );
  return {
    to: o.to,
    subject: t(BUYER.subject, { request: o.requestId, code: o.code }),
    text: lines.join("\n"),
    html,
  };
}

/** The merchant's notice, in the merchant's voice (`t`): a buyer asked to cancel an order with the 'Botón de arrepentimiento'. */
export function withdrawalMerchantEmail(
  o: {
    to: string;
    merchantName: string;
    storeName: string;
    requestId: string;
    code: string;
    buyerName: string;
    saleUrl: string;
  },
  t: Translate,
): MailMessage {
  const what = t(MERCHANT.what, { buyer: o.buyerName, code: o.code, store: o.storeName, request: o.requestId });
  const todo = t(MERCHANT.todo);
  const hello = t(MERCHANT.hello, { name: o.merchantName });
  const html = emailLayout(
    t(MERCHANT.title, { code: o.code }),
    `<p>${escapeHtml(hello)} ${escapeHtml(what)}</p><p>${escapeHtml(todo)}</p>${emailButton(o.saleUrl, t(MERCHANT.button))}`,
  );
  return {
    to: o.to,
    subject: t(MERCHANT.subject, { code: o.code, store: o.storeName }),
    text: [hello, "", what, "", todo, "", t(MERCHANT.seeSale, { url: o.saleUrl }), "", "Vitrina"].join("\n"),
    html,
  };
}
