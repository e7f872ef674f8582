import { getServices } from "~/services/services";
import { confirmProviderPayment } from "../payments.server";
import { answerMercadoPagoNotification, methodNotAllowed, plainText } from "../webhook.server";
import type { Route } from "./+types/mercadopago-webhook";

export const loader = methodNotAllowed;

/** MercadoPago's notification of a payment to the platform (plans, extra stores). */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  if (services.payments.name !== "mercadopago") return plainText("No encontrado", 404);
  return answerMercadoPagoNotification(services, request, (dataId) => confirmProviderPayment(services, dataId));
}
