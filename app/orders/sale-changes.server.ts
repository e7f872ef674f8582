// 'Completar' and 'Cancelar' as the merchant runs them: the state change, then the buyer's email when it happened.

import type { Services } from "~/services/services";
import { type BuyerNoticeKind, buyerSaleEmail } from "./buyer-emails";
import { orderPageUrl } from "./order-links";
import type { SaleWithLines } from "./order-queries.server";
import { cancelSale, confirmSale, type SaleChange, withoutSale } from "./order-records.server";

interface StoreForNotice {
  id: string;
  name: string;
  /** The store's url slug, for the buyer's order page. */
  url: string;
}

/**
 * Confirms or cancels the store's sale. Only a change that really happened (this call moved the sale out of
 * Pendiente) emails the buyer, so a second click or a concurrent confirmation sends nothing more.
 */
export async function changeSale(
  services: Services,
  store: StoreForNotice,
  saleId: string,
  intent: "confirm" | "cancel",
): Promise<SaleChange> {
  const result =
    intent === "confirm" ? await confirmSale(services, store.id, saleId) : await cancelSale(services, store.id, saleId);
  if (result.ok) await emailBuyer(services, store, result.sale, intent === "confirm" ? "confirmed" : "cancelled");
  return withoutSale(result);
}

/** Sends the buyer's notice when the sale has an email; a failure is logged, never the merchant's problem. */
async function emailBuyer(services: Services, store: StoreForNotice, sale: SaleWithLines, kind: BuyerNoticeKind) {
  if (!sale.buyerEmail) return;
  try {
    await services.mail.send(
      buyerSaleEmail({
        kind,
        to: sale.buyerEmail,
        buyerName: sale.buyerName,
        storeName: store.name,
        code: sale.id,
        currency: sale.currency,
        lines: sale.lines,
        subtotal: sale.subtotal,
        discount: sale.discount,
        discountCode: sale.discountCode,
        deliveryFee: sale.deliveryFee,
        total: sale.total,
        delivery: sale.delivery,
        orderUrl: orderPageUrl(services.config, store.url, sale.id, sale.accessToken),
      }),
    );
  } catch (error) {
    // The sale changed; the buyer still sees it on their order page.
    console.error("buyer sale email failed", sale.id, kind, error);
  }
}
