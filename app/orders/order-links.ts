import type { PaymentMethod } from "~/domain/payment-methods";
import { type Config, publicStoreUrl } from "~/services/config";

/**
 * The buyer's order page: `{store}/Order/{code}?t={token}`. The token (the sale's access token) is what
 * lets the page open; the code alone shows nothing.
 */
export function orderPagePath(basePath: string, saleId: string, token: string): string {
  return `${basePath}/Order/${saleId}?t=${encodeURIComponent(token)}`;
}

/** The order page's absolute URL, for messages that leave the site (WhatsApp, email, payment return). */
export function orderPageUrl(
  config: Pick<Config, "APP_ORIGIN" | "STORES_DOMAIN">,
  store: Parameters<typeof publicStoreUrl>[1],
  saleId: string,
  token: string,
): string {
  const base = publicStoreUrl(config, store).replace(/\/$/, "");
  return orderPagePath(base, saleId, token);
}

/**
 * Whether placing an order paid this way sends the shopper on to the store's WhatsApp with it: paid in cash or on
 * delivery. Paid online they go to the payment, by transfer to the order page, and neither passes through WhatsApp.
 */
export const placedThroughWhatsapp = (method: PaymentMethod) => method === "on_delivery" || method === "cash";

/**
 * The WhatsApp button of the buyer's order page: back to the chat the checkout opened, or, for a transfer order
 * while the page shows where to transfer, the way to send it to the store; none for an order that never went to
 * WhatsApp, nor for a draft the customer has not confirmed.
 */
export function orderPageWhatsapp(order: {
  draft: boolean;
  paymentMethod: PaymentMethod;
  showsTransfer: boolean;
}): "Volver a WhatsApp" | "Enviar pedido por WhatsApp" | null {
  if (order.draft) return null;
  if (placedThroughWhatsapp(order.paymentMethod)) return "Volver a WhatsApp";
  return order.showsTransfer ? "Enviar pedido por WhatsApp" : null;
}
