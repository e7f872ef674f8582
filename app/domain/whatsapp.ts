/** The WhatsApp order message and link (docs/product-rules.md, The public site). */
import type { StoreCountry } from "./countries";
import type { DeliveryMethod } from "./delivery";
import { defineMessages, type Translate } from "./messages";
import { moneyFormat } from "./money";
import type { PaymentMethod } from "./payment-methods";
import { normalizePhone, storedPhone } from "./phone";
import { lineAmount, promotionSuffix, type SavedLine } from "./promotions";

export interface OrderAmounts {
  subtotal: number;
  discount: number;
  discountCode: string | null;
  /** The way to pay's discount (negative) or surcharge; its line names `paymentMethod`. */
  paymentAdjustment?: number;
  /** How the buyer pays ('al recibir' when absent, and then not written). */
  paymentMethod?: PaymentMethod;
  deliveryFee: number;
  total: number;
}

export interface OrderBuyer {
  name: string;
  delivery: DeliveryMethod;
  /** The delivery zone's name, when the store delivers by zone. */
  zone?: string | null;
  pickupPoint?: string | null;
  address?: string | null;
  phone?: string | null;
  note?: string | null;
}

export interface OrderMessage {
  storeName: string;
  code: string;
  currency: string;
  /** The store's country, whose writing the amounts take ('$ 22.750' in Argentina); '' or null for none. */
  country: string | null;
  lines: Array<{ name: string; quantity: number } & SavedLine>;
  amounts: OrderAmounts;
  buyer: OrderBuyer;
  /** The store's voice (storeTranslator): the message is the buyer's words to the store. */
  t: Translate;
}

const PAYMENT_MESSAGE_TEXT = defineMessages<Exclude<PaymentMethod, "on_delivery">>({
  online: { id: "whatsapp.payment.online", defaultMessage: "en línea con Mercado Pago" },
  transfer: { id: "whatsapp.payment.transfer", defaultMessage: "transferencia o depósito" },
  cash: { id: "whatsapp.payment.cash", defaultMessage: "efectivo" },
});

const DELIVERY_TEXT = defineMessages<DeliveryMethod>({
  pickup: { id: "whatsapp.delivery.pickup", defaultMessage: "Retiro en tienda" },
  delivery: { id: "whatsapp.delivery.delivery", defaultMessage: "Envío a domicilio" },
  arrange: { id: "whatsapp.delivery.arrange", defaultMessage: "A coordinar con el vendedor" },
});

const M = defineMessages({
  subtotal: { id: "whatsapp.amounts.subtotal", defaultMessage: "Subtotal" },
  discount: { id: "whatsapp.amounts.discount", defaultMessage: "Descuento{code, select, none {} other { ({code})}}" },
  adjustment: {
    id: "whatsapp.amounts.adjustment",
    defaultMessage:
      "{kind, select, discount {Descuento} other {Recargo}} por {method, select, cash {pago en efectivo} other {transferencia}}",
  },
  shipping: { id: "whatsapp.amounts.shipping", defaultMessage: "Envío{zone, select, none {} other { ({zone})}}" },
  free: { id: "whatsapp.amounts.free", defaultMessage: "Gratis" },
  total: { id: "whatsapp.amounts.total", defaultMessage: "Total" },
  greeting: { id: "whatsapp.order.greeting", defaultMessage: "¡Hola {store}! Quiero hacer este pedido:" },
  order: { id: "whatsapp.order.code", defaultMessage: "Pedido {code}" },
  name: { id: "whatsapp.order.name", defaultMessage: "Nombre: {name}" },
  delivery: { id: "whatsapp.order.delivery", defaultMessage: "Entrega: {delivery}" },
  address: { id: "whatsapp.order.address", defaultMessage: "Dirección: {address}" },
  payment: { id: "whatsapp.order.payment", defaultMessage: "Pago: {payment}" },
  phone: { id: "whatsapp.order.phone", defaultMessage: "Teléfono: {phone}" },
  note: { id: "whatsapp.order.note", defaultMessage: "Nota: {note}" },
});

/**
 * The order's amount lines as every message writes them: 'Subtotal', 'Descuento (CODE)' when there is
 * one, 'Descuento por transferencia' or a surcharge of the way to pay, 'Envío (zone)' when the store charges
 * delivery by zone, 'Total'.
 */
export function amountParts(
  amounts: OrderAmounts,
  zone: string | null | undefined,
  money: (minor: number) => string,
  t: Translate,
): Array<{ label: string; value: string }> {
  const parts = [{ label: t(M.subtotal), value: money(amounts.subtotal) }];
  if (amounts.discount > 0)
    parts.push({
      label: t(M.discount, { code: amounts.discountCode || "none" }),
      value: money(-amounts.discount),
    });
  const adjustment = amounts.paymentAdjustment ?? 0;
  if (adjustment !== 0)
    parts.push({
      label: t(M.adjustment, { kind: adjustment < 0 ? "discount" : "surcharge", method: amounts.paymentMethod ?? "transfer" }),
      value: money(adjustment),
    });
  // A zone's fee (free or not), or the fee the merchant set on an order built for the customer.
  if (zone || amounts.deliveryFee > 0)
    parts.push({
      label: t(M.shipping, { zone: zone || "none" }),
      value: amounts.deliveryFee > 0 ? money(amounts.deliveryFee) : t(M.free),
    });
  parts.push({ label: t(M.total), value: money(amounts.total) });
  return parts;
}

/** The amount parts as text lines, 'label: value'. */
function amountLines(
  amounts: OrderAmounts,
  zone: string | null | undefined,
  money: (minor: number) => string,
  t: Translate,
): string[] {
  return amountParts(amounts, zone, money, t).map((part) => `${part.label}: ${part.value}`);
}

/** 'Envío a domicilio — Centro' / 'Retiro en tienda — Local 1 — Calle 5': the delivery as messages write it. */
export function deliveryText(buyer: Pick<OrderBuyer, "delivery" | "zone" | "pickupPoint">, t: Translate): string {
  const where = buyer.delivery === "delivery" ? buyer.zone : buyer.delivery === "pickup" ? buyer.pickupPoint : null;
  return `${t(DELIVERY_TEXT[buyer.delivery])}${where ? ` — ${where}` : ""}`;
}

/**
 * Greeting, 'Pedido {code}', one line per item 'name x quantity = subtotal', the amounts, the buyer. Never the
 * buyer's order link: its secret would travel in the WhatsApp address (the buyer finds the order on the store).
 */
export function orderMessage(order: OrderMessage): string {
  const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
  const money = moneyFormat(order);
  const { t } = order;
  const rows = [
    t(M.greeting, { store: oneLine(order.storeName) }),
    t(M.order, { code: order.code }),
    ...order.lines.map((l) => `${oneLine(l.name)} x ${l.quantity} = ${money(lineAmount(l))}${promotionSuffix(l, money)}`),
    ...amountLines(order.amounts, order.buyer.delivery === "delivery" ? order.buyer.zone : null, money, t),
    "",
    t(M.name, { name: oneLine(order.buyer.name) }),
    t(M.delivery, { delivery: oneLine(deliveryText(order.buyer, t)) }),
  ];
  if (order.buyer.delivery === "delivery" && order.buyer.address)
    rows.push(t(M.address, { address: oneLine(order.buyer.address) }));
  const method = order.amounts.paymentMethod;
  if (method && method !== "on_delivery") rows.push(t(M.payment, { payment: t(PAYMENT_MESSAGE_TEXT[method]) }));
  if (order.buyer.phone) rows.push(t(M.phone, { phone: oneLine(order.buyer.phone) }));
  if (order.buyer.note) rows.push(t(M.note, { note: order.buyer.note.trim() }));
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

/**
 * A buyer's number as a WhatsApp chat takes it (E.164 digits), or null when it is no valid number. Orders keep the
 * number as the buyer typed it ('11 4444-5678', '011 15 6666-7777'): it is read in the store's country, as their
 * customer's number was; a customer's stored digits, and numbers typed with their country code, read as they are.
 */
export function buyerWhatsappNumber(phone: string | null | undefined, country: StoreCountry): string | null {
  const typed = phone?.trim() ?? "";
  if (!typed) return null;
  return normalizePhone(typed, country) ?? storedPhone(phoneDigits(typed), country);
}

/**
 * A chat with the buyer (mobile: api.whatsapp.com, desktop: web.whatsapp.com), the one link every page that writes
 * to a buyer uses; null when there is no valid number to write to.
 */
export function buyerChatUrl(
  phone: string | null | undefined,
  country: StoreCountry,
  text: string,
  mobile: boolean,
): string | null {
  const number = buyerWhatsappNumber(phone, country);
  return number ? whatsappUrl(number, text, mobile) : null;
}
