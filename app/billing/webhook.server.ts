import { loggedPath } from "~/services/log";
import { PaymentProviderError } from "~/services/payments";
import type { Services } from "~/services/services";
import { verifySignature } from "./webhook-signature";

export const plainText = (body: string, status: number) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/** A webhook's answer to GET. */
export const methodNotAllowed = () => plainText("Método no permitido", 405);

/**
 * A MercadoPago notification (POST {notification_url}?data.id=…&type=payment), for the platform's
 * webhook and the stores' alike. The x-signature HMAC must verify and be fresh; then `apply` fetches
 * the payment from MercadoPago by id and applies it once if it matches our record, and its outcome is
 * the answer. 2xx acknowledges; 502 while MercadoPago cannot be asked, so it delivers it again later.
 * The caller answers 404 first when its provider is not MercadoPago.
 */
export async function answerMercadoPagoNotification(
  services: Services,
  request: Request,
  apply: (dataId: string) => Promise<{ outcome: string }>,
): Promise<Response> {
  const secret = services.config.MERCADOPAGO_WEBHOOK_SECRET;
  if (!secret) return plainText("No encontrado", 404);
  if (request.method !== "POST") return methodNotAllowed();

  const url = new URL(request.url);
  const dataId = url.searchParams.get("data.id");
  const check = await verifySignature(
    secret,
    { xSignature: request.headers.get("x-signature"), xRequestId: request.headers.get("x-request-id"), dataId },
    services.clock.now(),
  );
  if (!check.ok) {
    services.log.warn("webhook.refused", { path: loggedPath(url.pathname), reason: check.reason });
    return plainText("Firma inválida", 401);
  }
  const body = (await request.json().catch(() => null)) as { type?: unknown; data?: { id?: unknown } } | null;
  const type = url.searchParams.get("type") ?? (typeof body?.type === "string" ? body.type : null);
  if (type !== "payment" || !dataId || !/^\d{1,20}$/.test(dataId)) return plainText("Sin cambios", 200);
  if (body?.data?.id !== undefined && String(body.data.id) !== dataId) return plainText("Notificación inconsistente", 400);
  try {
    const { outcome } = await apply(dataId);
    return plainText(outcome, 200);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    services.log.error("webhook.provider_failed", error);
    return plainText("Proveedor no disponible", 502);
  }
}
