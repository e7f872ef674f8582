// The OAuth `state` of 'Vincular Mercado Pago': which store and which signed-in owner asked, until when,
// signed with HMAC-SHA-256 under a key derived (HKDF) from the token key. The callback path is one fixed
// URL for every store, so the state is what carries the store; the signature makes it unguessable and
// unforgeable, the owner binding makes another merchant's state useless, the expiry keeps it short-lived.
// Its nonce is also kept in a cookie of the browser that asked ('Vincular'): a state that leaked (from a
// log, a shared screen) cannot be completed from another browser, which would link the victim's store to
// someone else's MercadoPago account.

import { fromBase64Url, toBase64Url } from "~/domain/base64url";
import { constantTimeEqual } from "~/domain/constant-time";

export const STATE_LIFETIME_MS = 15 * 60_000;
const encoder = new TextEncoder();

async function stateKey(tokenKey: string): Promise<CryptoKey> {
  const raw = fromBase64Url(tokenKey);
  if (!raw) throw new Error("bad token key");
  const base = await crypto.subtle.importKey("raw", raw, "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode("vitrina oauth state v1") },
    base,
    { name: "HMAC", hash: "SHA-256", length: 256 },
    false,
    ["sign"],
  );
}

async function mac(tokenKey: string, payload: string): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await stateKey(tokenKey), encoder.encode(payload));
  return toBase64Url(new Uint8Array(signature));
}

/** The state, and its nonce for the browser's cookie. */
export async function signOAuthState(
  tokenKey: string,
  storeId: string,
  ownerId: string,
  now: Date,
): Promise<{ state: string; nonce: string }> {
  const nonce = toBase64Url(crypto.getRandomValues(new Uint8Array(12)));
  const payload = `${storeId}.${ownerId}.${now.getTime() + STATE_LIFETIME_MS}.${nonce}`;
  return { state: `${payload}.${await mac(tokenKey, payload)}`, nonce };
}

/**
 * The store the state was issued for, when it is genuine, fresh, issued to `ownerId` and presented with
 * its nonce from the browser's cookie; otherwise null.
 */
export async function verifyOAuthState(
  tokenKey: string,
  state: string,
  ownerId: string,
  now: Date,
  cookieNonce: string | null,
): Promise<string | null> {
  const parts = state.split(".");
  if (parts.length !== 5) return null;
  const [storeId = "", stateOwner = "", expiresAt = "", nonce = "", signature = ""] = parts;
  const expected = await mac(tokenKey, `${storeId}.${stateOwner}.${expiresAt}.${nonce}`);
  if (!constantTimeEqual(expected, signature)) return null;
  if (stateOwner !== ownerId) return null;
  if (!cookieNonce || !constantTimeEqual(nonce, cookieNonce)) return null;
  if (!/^\d{1,16}$/.test(expiresAt) || Number(expiresAt) < now.getTime()) return null;
  return storeId;
}
