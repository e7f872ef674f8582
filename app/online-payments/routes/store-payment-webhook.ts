import { verifySignature } from "~/billing/webhook-signature";
import { isId } from "~/domain/ids";
import { PaymentProviderError } from "~/services/payments";
import { getServices } from "~/services/services";
import { confirmSalePayment } from "../sale-payments.server";
import type { Route } from "./+types/store-payment-webhook";

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export function loader() {
  return text("Método no permitido", 405);
}

/**
 * MercadoPago's notification of a payment to a store's own account (the preference's notification_url,
 * one per store). As the platform's webhook: the x-signature HMAC must verify and be fresh, then the
 * payment is fetched with the store's token and applied once if it matches the sale. 2xx acknowledges;
 * 502 while MercadoPago cannot be asked, so it delivers the notification again later.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = getServices(context);
  const secret = services.config.MERCADOPAGO_WEBHOOK_SECRET;
  if (services.storePayments?.name !== "mercadopago" || !secret) return text("No encontrado", 404);
  if (request.method !== "POST") return text("Método no permitido", 405);
  if (!isId("store", params.storeId)) return text("No encontrado", 404);

  const url = new URL(request.url);
  const dataId = url.searchParams.get("data.id");
  const check = await verifySignature(
    secret,
    { xSignature: request.headers.get("x-signature"), xRequestId: request.headers.get("x-request-id"), dataId },
    services.clock.now(),
  );
  if (!check.ok) {
    console.warn(`store ${params.storeId} webhook refused: ${check.reason}`);
    return text("Firma inválida", 401);
  }
  const body = (await request.json().catch(() => null)) as { type?: unknown; data?: { id?: unknown } } | null;
  const type = url.searchParams.get("type") ?? (typeof body?.type === "string" ? body.type : null);
  if (type !== "payment" || !dataId || !/^\d{1,20}$/.test(dataId)) return text("Sin cambios", 200);
  if (body?.data?.id !== undefined && String(body.data.id) !== dataId) return text("Notificación inconsistente", 400);
  try {
    const { outcome } = await confirmSalePayment(services, params.storeId, dataId);
    return text(outcome, 200);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error(error);
    return text("Proveedor no disponible", 502);
  }
}
