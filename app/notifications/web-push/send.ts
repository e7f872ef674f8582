// One Web Push message to one subscription (RFC 8030 §5): POST the encrypted body to the browser's
// push resource with VAPID, TTL and urgency. WebCrypto and fetch only, for Node and workerd alike.
import { fromBase64Url } from "~/domain/base64url";
import { encryptPushMessage } from "./encryption";
import { audienceOf, vapidAuthorization, vapidJwt } from "./vapid";

/** What a browser's PushSubscription gives: its push resource and its keys (base64url). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushOutcome =
  | { ok: true; status: number }
  /** `gone`: the push service says the subscription no longer exists (404, 410), so it can be forgotten. */
  | { ok: false; gone: boolean; status: number | null; error: string };

export interface PushRequestOptions {
  /** Signs the VAPID JWT; imported once per batch of messages. */
  signingKey: CryptoKey;
  publicKey: string;
  subject: string;
  now: Date;
  /** Seconds the push service keeps the message for a device that is offline. */
  ttl: number;
  urgency: "very-low" | "low" | "normal" | "high";
}

/** The fetch init of one message: encrypted body and the headers RFC 8030, 8188, 8291 and 8292 ask for. */
export async function pushRequest(target: PushTarget, payload: string, options: PushRequestOptions): Promise<RequestInit> {
  const uaPublic = fromBase64Url(target.p256dh);
  const authSecret = fromBase64Url(target.auth);
  if (!uaPublic || !authSecret) throw new RangeError("subscription keys are not base64url");
  const body = await encryptPushMessage({ uaPublic, authSecret, plaintext: payload });
  const jwt = await vapidJwt(options.signingKey, audienceOf(target.endpoint), options.subject, options.now);
  return {
    method: "POST",
    headers: {
      Authorization: vapidAuthorization(jwt, options.publicKey),
      "Content-Encoding": "aes128gcm",
      "Content-Type": "application/octet-stream",
      TTL: String(options.ttl),
      Urgency: options.urgency,
    },
    body,
  };
}

/**
 * Sends one message. Never throws: a refusal, a network error or the timeout is an outcome. Redirects
 * are not followed (the endpoint was checked against the allowed push services; a redirect was not).
 */
export async function sendPush(
  target: PushTarget,
  payload: string,
  options: PushRequestOptions & { timeoutMs: number; fetch?: typeof fetch },
): Promise<PushOutcome> {
  try {
    const init = await pushRequest(target, payload, options);
    const reply = await (options.fetch ?? fetch)(target.endpoint, {
      ...init,
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (reply.ok) {
      await reply.body?.cancel().catch(() => {});
      return { ok: true, status: reply.status };
    }
    // The body says why, for the log; nothing else needs it.
    const text = (await reply.text().catch(() => "")).slice(0, 200);
    return { ok: false, gone: reply.status === 404 || reply.status === 410, status: reply.status, error: text };
  } catch (error) {
    return {
      ok: false,
      gone: false,
      status: null,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    };
  }
}
