import { z } from "zod";
import { fromBase64Url } from "~/domain/base64url";
import { isAllowedPushEndpoint, MAX_ENDPOINT_LENGTH } from "./push-endpoint";
import { isP256Point } from "./web-push/encryption";

/** What the merchant reads when a browser's subscription is refused or the device cannot get notices. */
export const PUSH_MESSAGES = {
  endpoint: "El navegador no entregó una dirección de avisos válida",
  endpointTooLong: "La dirección de avisos del navegador es demasiado larga",
  notAllowed: "Ese servicio de avisos no está permitido: usa Chrome, Firefox, Edge o Safari",
  p256dh: "La clave de avisos del navegador no es válida",
  auth: "El secreto de avisos del navegador no es válido",
  intent: "No entendimos qué querías hacer con los avisos",
} as const;

/** An endpoint as a form sends it: present and of a bounded length. */
const endpointField = z
  .string({ error: PUSH_MESSAGES.endpoint })
  .min(1, PUSH_MESSAGES.endpoint)
  .max(MAX_ENDPOINT_LENGTH, PUSH_MESSAGES.endpointTooLong);

/**
 * A browser's PushSubscription as the toggle posts it (`endpoint`, `keys.p256dh`, `keys.auth`):
 * the endpoint on an allowed push service (the server will POST to it), p256dh a 65-byte
 * uncompressed point on P-256, auth 16 bytes, both base64url.
 */
export function subscriptionSchema(env: "local" | "production") {
  return z.object({
    endpoint: endpointField
      .refine((v) => URL.canParse(v), PUSH_MESSAGES.endpoint)
      .refine((v) => !URL.canParse(v) || isAllowedPushEndpoint(v, env), PUSH_MESSAGES.notAllowed),
    "keys.p256dh": z.string({ error: PUSH_MESSAGES.p256dh }).refine(async (v) => {
      const bytes = fromBase64Url(v);
      return bytes !== null && (await isP256Point(bytes));
    }, PUSH_MESSAGES.p256dh),
    "keys.auth": z.string({ error: PUSH_MESSAGES.auth }).refine((v) => fromBase64Url(v)?.length === 16, PUSH_MESSAGES.auth),
  });
}

export const unsubscribeSchema = z.object({ endpoint: endpointField });
