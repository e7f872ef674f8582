import { DELIVERY_METHOD_MESSAGES, type DeliveryMethod } from "~/domain/delivery";
import { defineMessages, type Translate } from "~/domain/messages";
import { moneyFormat } from "~/domain/money";
import { adjustmentRowLabel, type PaymentMethod } from "~/domain/payment-methods";
import { lineAmount, promotionSuffix, type SavedLine } from "~/domain/promotions";
import type { MailMessage } from "~/services/mail";
import { emailButton, emailLayout, escapeHtml } from "~/ui/html";

export type BuyerNoticeKind = "placed" | "confirmed" | "cancelled" | "refunded";

export interface BuyerSaleNotice {
  kind: BuyerNoticeKind;
  to: string;
  buyerName: string;
  storeName: string;
  code: string;
  currency: string;
  /** The store's country, whose writing the amounts take; '' or null for none. */
  country: string | null;
  lines: ReadonlyArray<{ name: string; quantity: number } & SavedLine>;
  subtotal: number;
  discount: number;
  discountCode: string | null;
  paymentAdjustment: number;
  paymentMethod: PaymentMethod;
  deliveryFee: number;
  total: number;
  delivery: DeliveryMethod;
  /** The buyer's order page (orderPageUrl). */
  orderUrl: string;
  /** The store's voice (storeTranslator). */
  t: Translate;
}

const WORDS = {
  placed: defineMessages({
    subject: { id: "email.buyer.placed.subject", defaultMessage: "Recibimos tu pedido {code} en {store}" },
    intro: { id: "email.buyer.placed.intro", defaultMessage: "{store} recibió tu pedido {code}." },
    next: {
      id: "email.buyer.placed.next",
      defaultMessage: "Te escribiremos cuando la tienda lo confirme. En el enlace de abajo ves su estado cuando quieras.",
    },
  }),
  confirmed: defineMessages({
    subject: { id: "email.buyer.confirmed.subject", defaultMessage: "Tu pedido {code} en {store} fue confirmado" },
    intro: { id: "email.buyer.confirmed.intro", defaultMessage: "{store} confirmó tu pedido {code}." },
    next: { id: "email.buyer.confirmed.next", defaultMessage: "La tienda te contactará si hace falta coordinar algo más." },
  }),
  cancelled: defineMessages({
    subject: { id: "email.buyer.cancelled.subject", defaultMessage: "Tu pedido {code} en {store} fue cancelado" },
    intro: { id: "email.buyer.cancelled.intro", defaultMessage: "{store} canceló tu pedido {code}." },
    next: { id: "email.buyer.cancelled.next", defaultMessage: "Si tienes dudas, escríbele a la tienda." },
  }),
  refunded: defineMessages({
    subject: { id: "email.buyer.refunded.subject", defaultMessage: "Tu pedido {code} en {store} fue cancelado y reembolsado" },
    intro: { id: "email.buyer.refunded.intro", defaultMessage: "{store} canceló y te reembolsó tu pedido {code}." },
    next: {
      id: "email.buyer.refunded.next",
      defaultMessage:
        "Mercado Pago te devuelve el pago completo por el mismo medio con que pagaste; según tu banco puede tardar unos días en verse.",
    },
  }),
} satisfies Record<BuyerNoticeKind, unknown>;

const M = defineMessages({
  hello: { id: "email.buyer.hello", defaultMessage: "Hola {name}:" },
  subtotal: { id: "email.buyer.subtotal", defaultMessage: "Subtotal" },
  discount: { id: "email.buyer.discount", defaultMessage: "Descuento" },
  discountCode: { id: "email.buyer.discountCode", defaultMessage: "Descuento ({code})" },
  delivery: { id: "email.buyer.delivery", defaultMessage: "Envío" },
  deliveryMethod: { id: "email.buyer.deliveryMethod", defaultMessage: "Entrega: {method}" },
  total: { id: "email.buyer.total", defaultMessage: "Total" },
  seeOrder: { id: "email.buyer.seeOrder", defaultMessage: "Ver tu pedido: {url}" },
  button: { id: "email.buyer.button", defaultMessage: "Ver mi pedido" },
  footer: { id: "email.buyer.footer", defaultMessage: "{store} · tienda hecha con Vitrina" },
});

/** The buyer's notice of their order: received, or the store confirmed ('Completar'), cancelled or refunded it. */
export function buyerSaleEmail(n: BuyerSaleNotice): MailMessage {
  const { t } = n;
  const words = WORDS[n.kind];
  const money = moneyFormat(n);
  const items = n.lines.map((l) => ({
    label: `${l.name} x ${l.quantity}${promotionSuffix(l, money)}`,
    amount: money(lineAmount(l)),
  }));
  const adjustment = n.paymentAdjustment;
  const sums = [
    ...(n.discount > 0 || n.deliveryFee > 0 || adjustment !== 0 ? [{ label: t(M.subtotal), amount: money(n.subtotal) }] : []),
    ...(n.discount > 0
      ? [{ label: n.discountCode ? t(M.discountCode, { code: n.discountCode }) : t(M.discount), amount: `−${money(n.discount)}` }]
      : []),
    ...(adjustment !== 0
      ? [
          {
            label: adjustmentRowLabel(n.paymentMethod, adjustment, t),
            amount: adjustment < 0 ? `−${money(-adjustment)}` : money(adjustment),
          },
        ]
      : []),
    ...(n.deliveryFee > 0 ? [{ label: t(M.delivery), amount: money(n.deliveryFee) }] : []),
  ];
  const total = money(n.total);
  const names = { code: n.code, store: n.storeName };
  const intro = t(words.intro, names);
  const subject = t(words.subject, names);
  const next = t(words.next);
  const delivery = t(M.deliveryMethod, { method: t(DELIVERY_METHOD_MESSAGES[n.delivery]) });
  const text = [
    t(M.hello, { name: n.buyerName }),
    "",
    `${intro} ${next}`,
    "",
    ...items.map((i) => `${i.label} = ${i.amount}`),
    ...sums.map((s) => `${s.label}: ${s.amount}`),
    `${t(M.total)}: ${total}`,
    delivery,
    "",
    t(M.seeOrder, { url: n.orderUrl }),
    "",
    n.storeName,
  ].join("\n");
  const row = (label: string, amount: string, top = false) => {
    const border = top ? "padding-top:8px;border-top:1px solid #eee;" : "padding:4px 0;";
    return `<tr><td style="${border}">${label}</td><td style="${border}text-align:right">${amount}</td></tr>`;
  };
  const rows = [
    ...items.map((i) => row(escapeHtml(i.label), escapeHtml(i.amount))),
    ...sums.map((s, index) => row(escapeHtml(s.label), escapeHtml(s.amount), index === 0)),
    row(`<strong>${escapeHtml(t(M.total))}</strong>`, `<strong>${escapeHtml(total)}</strong>`, sums.length === 0),
  ].join("");
  const html = emailLayout(
    subject,
    `<p>${escapeHtml(t(M.hello, { name: n.buyerName }))} ${escapeHtml(intro)} ${escapeHtml(next)}</p><table style="width:100%;border-collapse:collapse">${rows}</table><p>${escapeHtml(delivery)}</p>${emailButton(n.orderUrl, t(M.button))}`,
    t(M.footer, { store: n.storeName }),
  );
  return { to: n.to, subject, text, html };
}

/** The buyer's notice of the store's review of their transfer receipt: verified, or refused (send another). */
export function receiptReviewEmail(n: {
  verdict: "verified" | "rejected";
  to: string;
  buyerName: string;
  storeName: string;
  code: string;
  total: string;
  orderUrl: string;
  t: Translate;
}): MailMessage {
  const { t } = n;
  const verified = n.verdict === "verified";
  const names = { store: n.storeName, code: n.code, total: n.total };
  const subject = verified
    ? t({ id: "email.receipt.verified.subject", defaultMessage: "{store} recibió tu transferencia del pedido {code}" }, names)
    : t(
        { id: "email.receipt.rejected.subject", defaultMessage: "{store} no pudo verificar tu transferencia del pedido {code}" },
        names,
      );
  const body = verified
    ? t(
        {
          id: "email.receipt.verified.body",
          defaultMessage: "{store} verificó tu transferencia de {total} para el pedido {code}. Te avisará cuando lo complete.",
        },
        names,
      )
    : t(
        {
          id: "email.receipt.rejected.body",
          defaultMessage:
            "{store} revisó el comprobante de tu pedido {code} y no encontró la transferencia de {total}. Revisa que la hayas hecho y sube el comprobante correcto en tu pedido, o escribe a la tienda.",
        },
        names,
      );
  const hello = t(M.hello, { name: n.buyerName });
  const text = [hello, "", body, "", t(M.seeOrder, { url: n.orderUrl }), "", n.storeName].join("\n");
  const html = emailLayout(
    subject,
    `<p>${escapeHtml(hello)} ${escapeHtml(body)}</p>${emailButton(n.orderUrl, t(M.button))}`,
    t(M.footer, { store: n.storeName }),
  );
  return { to: n.to, subject, text, html };
}
