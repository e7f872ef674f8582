import { z } from "zod";
import { fromBase64Url } from "~/domain/base64url";
import { defineMessages, type Translate } from "~/domain/messages";
import { isAllowedPushEndpoint, MAX_ENDPOINT_LENGTH } from "./push-endpoint";
import { isP256Point } from "./web-push/encryption";

/** What the merchant reads when a browser's subscription is refused or the device cannot get notices. */
export const PUSH_MESSAGES = defineMessages({
  endpoint: { id: "notifications.refusal.endpoint", defaultMessage: "El navegador no entregó una dirección de avisos válida" },
  endpointTooLong: {
    id: "notifications.refusal.endpointTooLong",
    defaultMessage: "La dirección de avisos del navegador es demasiado larga",
  },
  notAllowed: {
    id: "notifications.refusal.notAllowed",
    defaultMessage: "Ese servicio de avisos no está permitido: usa Chrome, Firefox, Edge o Safari",
  },
  p256dh: { id: "notifications.refusal.p256dh", defaultMessage: "La clave de avisos del navegador no es válida" },
  auth: { id: "notifications.refusal.auth", defaultMessage: "El secreto de avisos del navegador no es válido" },
  intent: { id: "notifications.refusal.intent", defaultMessage: "No entendimos qué querías hacer con los avisos" },
});

/** An endpoint as a form sends it: present and of a bounded length. */
const endpointField = (t: Translate) =>
  z
    .string({ error: t(PUSH_MESSAGES.endpoint) })
    .min(1, t(PUSH_MESSAGES.endpoint))
    .max(MAX_ENDPOINT_LENGTH, t(PUSH_MESSAGES.endpointTooLong));

/**
 * A browser's PushSubscription as the toggle posts it (`endpoint`, `keys.p256dh`, `keys.auth`):
 * the endpoint on an allowed push service (the server will POST to it), p256dh a 65-byte
 * uncompressed point on P-256, auth 16 bytes, both base64url. Refusals in the merchant's words (`t`).
 */
export function subscriptionSchema(env: "local" | "production", t: Translate) {
  const p256dh = t(PUSH_MESSAGES.p256dh);
  const auth = t(PUSH_MESSAGES.auth);
  return z.object({
    endpoint: endpointField(t)
      .refine((v) => URL.canParse(v), t(PUSH_MESSAGES.endpoint))
      .refine((v) => !URL.canParse(v) || isAllowedPushEndpoint(v, env), t(PUSH_MESSAGES.notAllowed)),
    "keys.p256dh": z.string({ error: p256dh }).refine(async (v) => {
      const bytes = fromBase64Url(v);
      return bytes !== null && (await isP256Point(bytes));
    }, p256dh),
    "keys.auth": z.string({ error: auth }).refine((v) => fromBase64Url(v)?.length === 16, auth),
  });
}

export const unsubscribeSchema = (t: Translate) => z.object({ endpoint: endpointField(t) });
