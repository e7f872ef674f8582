/** The WhatsApp order message and link (docs/product-rules.md, The public site). */
import { DELIVERY_LABELS, type DeliveryMethod } from "./delivery";
import { fractionDigits } from "./money";

export type Delivery = DeliveryMethod;
export { DELIVERY_LABELS };

export interface OrderMessage {
  storeName: string;
  code: string;
  currency: string;
  lines: Array<{ name: string; quantity: number; unitPrice: number }>;
  total: number;
  buyer: { name: string; delivery: Delivery; address?: string | null; phone?: string | null; note?: string | null };
}

/** An amount in the currency's digits with Spanish separators, no symbol: 1250 USD minor → '12,50'. */
export function formatAmount(minor: number, currency: string): string {
  const digits = fractionDigits(currency);
  return new Intl.NumberFormat("es", { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    minor / 10 ** digits,
  );
}

/** Greeting, 'Pedido {code}', one line per item 'name x quantity = subtotal', 'Total: {amount} {currency}', buyer details. */
export function orderMessage(order: OrderMessage): string {
  const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
  const rows = [
    `¡Hola ${oneLine(order.storeName)}! Quiero hacer este pedido:`,
    `Pedido ${order.code}`,
    ...order.lines.map((l) => `${oneLine(l.name)} x ${l.quantity} = ${formatAmount(l.unitPrice * l.quantity, order.currency)}`),
    `Total: ${formatAmount(order.total, order.currency)} ${order.currency}`,
    "",
    `Nombre: ${oneLine(order.buyer.name)}`,
    `Entrega: ${DELIVERY_LABELS[order.buyer.delivery]}`,
  ];
  if (order.buyer.delivery === "delivery" && order.buyer.address) rows.push(`Dirección: ${oneLine(order.buyer.address)}`);
  if (order.buyer.phone) rows.push(`Teléfono: ${oneLine(order.buyer.phone)}`);
  if (order.buyer.note) rows.push(`Nota: ${order.buyer.note.trim()}`);
  return rows.join("\n");
}

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile|webOS|BlackBerry|KaiOS/i;

export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return MOBILE_UA.test(userAgent ?? "");
}

/** Digits only: saleNumber is stored as digits with the country code, this guards old '+57 300…' values. */
export function phoneDigits(number: string): string {
  return number.replace(/\D/g, "");
}

/**
 * Mobile: api.whatsapp.com (opens the app); desktop: web.whatsapp.com. A store without a sales
 * number has no one to send the order to: null, and the order is confirmed on the site instead.
 */
export function whatsappUrl(saleNumber: string, text: string, mobile: boolean): string | null {
  const digits = phoneDigits(saleNumber);
  if (!digits) return null;
  const host = mobile ? "https://api.whatsapp.com" : "https://web.whatsapp.com";
  return `${host}/send?phone=${digits}&text=${encodeURIComponent(text)}`;
}
