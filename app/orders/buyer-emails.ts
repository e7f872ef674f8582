import { DELIVERY_LABELS, type DeliveryMethod } from "~/domain/delivery";
import { formatMoney } from "~/domain/money";
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
}

const WORDS: Record<BuyerNoticeKind, { subject: string; intro: string; next: string }> = {
  placed: {
    subject: "Recibimos tu pedido {code} en {store}",
    intro: "{store} recibió tu pedido {code}.",
    next: "Te escribiremos cuando la tienda lo confirme. En el enlace de abajo ves su estado cuando quieras.",
  },
  confirmed: {
    subject: "Tu pedido {code} en {store} fue confirmado",
    intro: "{store} confirmó tu pedido {code}.",
    next: "La tienda te contactará si hace falta coordinar algo más.",
  },
  cancelled: {
    subject: "Tu pedido {code} en {store} fue cancelado",
    intro: "{store} canceló tu pedido {code}.",
    next: "Si tienes dudas, escríbele a la tienda.",
  },
  refunded: {
    subject: "Tu pedido {code} en {store} fue cancelado y reembolsado",
    intro: "{store} canceló y te reembolsó tu pedido {code}.",
    next: "Mercado Pago te devuelve el pago completo por el mismo medio con que pagaste; según tu banco puede tardar unos días en verse.",
  },
};

const fill = (words: string, n: { code: string; storeName: string }) =>
  words.replace("{code}", () => n.code).replace("{store}", () => n.storeName);

/** The buyer's notice of their order: received, or the store confirmed ('Completar'), cancelled or refunded it. */
export function buyerSaleEmail(n: BuyerSaleNotice): MailMessage {
  const words = WORDS[n.kind];
  const money = (minor: number) => formatMoney(minor, n.currency);
  const items = n.lines.map((l) => ({
    label: `${l.name} x ${l.quantity}${promotionSuffix(l, money)}`,
    amount: money(lineAmount(l)),
  }));
  const adjustment = n.paymentAdjustment;
  const sums = [
    ...(n.discount > 0 || n.deliveryFee > 0 || adjustment !== 0 ? [{ label: "Subtotal", amount: money(n.subtotal) }] : []),
    ...(n.discount > 0
      ? [{ label: n.discountCode ? `Descuento (${n.discountCode})` : "Descuento", amount: `−${money(n.discount)}` }]
      : []),
    ...(adjustment !== 0
      ? [
          {
            label: adjustmentRowLabel(n.paymentMethod, adjustment),
            amount: adjustment < 0 ? `−${money(-adjustment)}` : money(adjustment),
          },
        ]
      : []),
    ...(n.deliveryFee > 0 ? [{ label: "Envío", amount: money(n.deliveryFee) }] : []),
  ];
  const total = money(n.total);
  const intro = fill(words.intro, n);
  const subject = fill(words.subject, n);
  const delivery = `Entrega: ${DELIVERY_LABELS[n.delivery]}`;
  const text = [
    `Hola ${n.buyerName}:`,
    "",
    `${intro} ${words.next}`,
    "",
    ...items.map((i) => `${i.label} = ${i.amount}`),
    ...sums.map((s) => `${s.label}: ${s.amount}`),
    `Total: ${total}`,
    delivery,
    "",
    `Ver tu pedido: ${n.orderUrl}`,
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
    row("<strong>Total</strong>", `<strong>${escapeHtml(total)}</strong>`, sums.length === 0),
  ].join("");
  const html = emailLayout(
    subject,
    `<p>Hola ${escapeHtml(n.buyerName)}: ${escapeHtml(intro)} ${words.next}</p><table style="width:100%;border-collapse:collapse">${rows}</table><p>${escapeHtml(delivery)}</p>${emailButton(n.orderUrl, "Ver mi pedido")}`,
    `${n.storeName} · tienda hecha con Vitrina`,
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
}): MailMessage {
  const verified = n.verdict === "verified";
  const subject = verified
    ? `${n.storeName} recibió tu transferencia del pedido ${n.code}`
    : `${n.storeName} no pudo verificar tu transferencia del pedido ${n.code}`;
  const body = verified
    ? `${n.storeName} verificó tu transferencia de ${n.total} para el pedido ${n.code}. Te avisará cuando lo complete.`
    : `${n.storeName} revisó el comprobante de tu pedido ${n.code} y no encontró la transferencia de ${n.total}. Revisa que la hayas hecho y sube el comprobante correcto en tu pedido, o escribe a la tienda.`;
  const text = [`Hola ${n.buyerName}:`, "", body, "", `Ver tu pedido: ${n.orderUrl}`, "", n.storeName].join("\n");
  const html = emailLayout(
    subject,
    `<p>Hola ${escapeHtml(n.buyerName)}: ${escapeHtml(body)}</p>${emailButton(n.orderUrl, "Ver mi pedido")}`,
    `${n.storeName} · tienda hecha con Vitrina`,
  );
  return { to: n.to, subject, text, html };
}
