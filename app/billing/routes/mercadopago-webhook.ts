import { PaymentProviderError } from "~/services/payments";
import { getServices } from "~/services/services";
import { confirmProviderPayment } from "../payments.server";
import { verifySignature } from "../webhook-signature";
import type { Route } from "./+types/mercadopago-webhook";

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export function loader() {
  return text("Método no permitido", 405);
}

/**
 * MercadoPago's notification (POST {notification_url}?data.id=…&type=payment). The x-signature
 * HMAC must verify and be fresh; then the payment is fetched from MercadoPago by id and applied once
 * if it matches our record. 2xx acknowledges; 5xx makes MercadoPago deliver it again later.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const secret = services.config.MERCADOPAGO_WEBHOOK_SECRET;
  if (services.payments.name !== "mercadopago" || !secret) return text("No encontrado", 404);
  if (request.method !== "POST") return text("Método no permitido", 405);

  const url = new URL(request.url);
  const dataId = url.searchParams.get("data.id");
  const check = await verifySignature(
    secret,
    { xSignature: request.headers.get("x-signature"), xRequestId: request.headers.get("x-request-id"), dataId },
    services.clock.now(),
  );
  if (!check.ok) {
    console.warn(`webhook refused: ${check.reason}`);
    return text("Firma inválida", 401);
  }
  const body = (await request.json().catch(() => null)) as { type?: unknown; data?: { id?: unknown } } | null;
  const type = url.searchParams.get("type") ?? (typeof body?.type === "string" ? body.type : null);
  if (type !== "payment" || !dataId || !/^\d{1,20}$/.test(dataId)) return text("Sin cambios", 200);
  if (body?.data?.id !== undefined && String(body.data.id) !== dataId) return text("Notificación inconsistente", 400);
  try {
    const result = await confirmProviderPayment(services, dataId);
    return text(result.outcome, 200);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error(error);
    return text("Proveedor no disponible", 502);
  }
}
