import { DELIVERY_LABELS, type DeliveryMethod } from "~/domain/delivery";
import { formatMoney } from "~/domain/money";
import type { MailMessage } from "~/services/mail";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type BuyerNoticeKind = "confirmed" | "cancelled";

export interface BuyerSaleNotice {
  kind: BuyerNoticeKind;
  to: string;
  buyerName: string;
  storeName: string;
  code: string;
  currency: string;
  lines: ReadonlyArray<{ name: string; quantity: number; unitPrice: number }>;
  subtotal: number;
  discount: number;
  discountCode: string | null;
  deliveryFee: number;
  total: number;
  delivery: DeliveryMethod;
  /** The buyer's order page (orderPageUrl). */
  orderUrl: string;
}

const WORDS: Record<BuyerNoticeKind, { state: string; verb: string; next: string }> = {
  confirmed: {
    state: "confirmado",
    verb: "confirmó",
    next: "La tienda te contactará si hace falta coordinar algo más.",
  },
  cancelled: {
    state: "cancelado",
    verb: "canceló",
    next: "Si tienes dudas, escríbele a la tienda.",
  },
};

/** The buyer's notice that the store confirmed ('Completar') or cancelled their order. */
export function buyerSaleEmail(n: BuyerSaleNotice): MailMessage {
  const words = WORDS[n.kind];
  const money = (minor: number) => formatMoney(minor, n.currency);
  const items = n.lines.map((l) => ({ label: `${l.name} x ${l.quantity}`, amount: money(l.unitPrice * l.quantity) }));
  const sums = [
    ...(n.discount > 0 || n.deliveryFee > 0 ? [{ label: "Subtotal", amount: money(n.subtotal) }] : []),
    ...(n.discount > 0
      ? [{ label: n.discountCode ? `Descuento (${n.discountCode})` : "Descuento", amount: `−${money(n.discount)}` }]
      : []),
    ...(n.deliveryFee > 0 ? [{ label: "Envío", amount: money(n.deliveryFee) }] : []),
  ];
  const total = money(n.total);
  const intro = `${n.storeName} ${words.verb} tu pedido ${n.code}.`;
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
  const html = `<!doctype html><html lang="es"><body style="font-family:system-ui,sans-serif;background:#f6f6f8;padding:24px"><div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:24px"><h1 style="font-size:20px;margin:0 0 12px">Tu pedido ${escapeHtml(n.code)} fue ${words.state}</h1><p>Hola ${escapeHtml(n.buyerName)}: <strong>${escapeHtml(n.storeName)}</strong> ${words.verb} tu pedido ${escapeHtml(n.code)}. ${words.next}</p><table style="width:100%;border-collapse:collapse">${rows}</table><p>${escapeHtml(delivery)}</p><p><a href="${escapeHtml(n.orderUrl)}" style="display:inline-block;background:#5b3df5;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">Ver mi pedido</a></p><p style="color:#777;font-size:12px;margin-top:24px">${escapeHtml(n.storeName)} · tienda hecha con Vitrina</p></div></body></html>`;
  return { to: n.to, subject: `Tu pedido ${n.code} en ${n.storeName} fue ${words.state}`, text, html };
}
