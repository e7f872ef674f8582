import { OnlinePaymentsUnavailableError, startSalePayment } from "~/orders/sale-payments.server";
import type { Services } from "~/services/services";
import { orderPagePath, orderPageUrl } from "./order-links";

/**
 * Where a buyer goes to pay a sale online: the store's checkout for the sale's own total, coming back
 * to its order page; the order page with the 'could not start' notice when the provider fails.
 */
export async function paymentRedirect(
  services: Services,
  store: { id: string; name: string; url: string },
  sale: { id: string; accessToken: string },
  basePath: string,
): Promise<string> {
  const returnUrl = orderPageUrl(services.config, store.url, sale.id, sale.accessToken);
  try {
    const { redirectUrl } = await startSalePayment(services, store.id, sale.id, returnUrl, `Pedido ${sale.id} en ${store.name}`);
    return redirectUrl;
  } catch (error) {
    if (!(error instanceof OnlinePaymentsUnavailableError)) throw error;
    return `${orderPagePath(basePath, sale.id, sale.accessToken)}&aviso=pago`;
  }
}
