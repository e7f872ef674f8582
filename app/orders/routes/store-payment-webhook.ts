import { answerMercadoPagoNotification, methodNotAllowed, plainText } from "~/billing/webhook.server";
import { isId } from "~/domain/ids";
import { getServices } from "~/services/services";
import { confirmSalePayment } from "../sale-payments.server";
import type { Route } from "./+types/store-payment-webhook";

export const loader = methodNotAllowed;

/**
 * MercadoPago's notification of a payment to a store's own account (the preference's notification_url,
 * one per store): verified as the platform's, then fetched with the store's token and applied once if it
 * matches the sale.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = getServices(context);
  if (services.storePayments?.name !== "mercadopago" || !isId("store", params.storeId)) return plainText("No encontrado", 404);
  return answerMercadoPagoNotification(services, request, (dataId) => confirmSalePayment(services, params.storeId, dataId));
}
