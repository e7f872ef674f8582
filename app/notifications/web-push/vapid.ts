// VAPID (RFC 8292): the application server identifies itself to the push service with an ES256
// JWT signed by its P-256 key, and the public key the browser subscribed with. WebCrypto only.
import { fromBase64Url, isUncompressedPoint, toBase64Url } from "~/domain/base64url";
import type { VapidKeys } from "~/services/config";

/** A VAPID key pair in base64url: the uncompressed public point (65 bytes) and the private scalar `d` (32 bytes). */
export type VapidKeyPair = Pick<VapidKeys, "publicKey" | "privateKey">;

/** RFC 8292 §2: at most 24 hours ahead; 12 hours leaves room for clocks that disagree. */
export const VAPID_TTL_SECONDS = 12 * 60 * 60;

const encoder = new TextEncoder();
const json = (value: unknown) => toBase64Url(encoder.encode(JSON.stringify(value)));

/** The signing key as WebCrypto wants it: a JWK with d, and x and y from the public key. */
export async function importVapidPrivateKey(keys: VapidKeyPair): Promise<CryptoKey> {
  const pub = fromBase64Url(keys.publicKey);
  if (!isUncompressedPoint(pub)) throw new Error("the VAPID public key is not an uncompressed P-256 point");
  if (fromBase64Url(keys.privateKey)?.length !== 32) throw new Error("the VAPID private key is not 32 bytes");
  const jwk: JsonWebKey = {
    kty: "EC",
    crv: "P-256",
    x: toBase64Url(pub.subarray(1, 33)),
    y: toBase64Url(pub.subarray(33, 65)),
    d: keys.privateKey.replace(/=+$/, ""),
    ext: false,
  };
  return crypto.subtle.importKey("jwk", jwk, { name: "ECDSA", namedCurve: "P-256" }, false, ["sign"]);
}

/** A new VAPID key pair (the README's key generator and local runs without configured keys use it). */
export async function generateVapidKeyPair(): Promise<VapidKeyPair> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
  if (!jwk.d) throw new Error("the generated key has no d");
  return { publicKey: toBase64Url(raw), privateKey: jwk.d };
}

/**
 * Whether the private key belongs to the public key: signs a message with one and verifies it with
 * the other (a pair copied wrong would otherwise fail only at the push service, with a 403).
 */
export async function vapidKeysMatch(keys: VapidKeyPair): Promise<boolean> {
  try {
    const signer = await importVapidPrivateKey(keys);
    const verifier = await crypto.subtle.importKey(
      "raw",
      fromBase64Url(keys.publicKey) as Uint8Array<ArrayBuffer>,
      { name: "ECDSA", namedCurve: "P-256" },
      false,
      ["verify"],
    );
    const probe = encoder.encode("vitrina-vapid");
    const signature = await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, signer, probe);
    return await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, verifier, signature, probe);
  } catch {
    return false;
  }
}

/** The JWT's audience: the push resource's origin (scheme, host and any port), RFC 8292 §2. */
export function audienceOf(endpoint: string): string {
  return new URL(endpoint).origin;
}

/**
 * The signed ES256 JWT for one audience: `{aud, exp, sub}`, exp 12 hours after `now` (the services
 * clock). WebCrypto's ECDSA signature is already JWS's r|s form (64 bytes).
 */
export async function vapidJwt(signingKey: CryptoKey, audience: string, subject: string, now: Date): Promise<string> {
  const claims = { aud: audience, exp: Math.floor(now.getTime() / 1000) + VAPID_TTL_SECONDS, sub: subject };
  const unsigned = `${json({ typ: "JWT", alg: "ES256" })}.${json(claims)}`;
  const signature = await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, signingKey, encoder.encode(unsigned));
  return `${unsigned}.${toBase64Url(new Uint8Array(signature))}`;
}

/** The `Authorization` header value of RFC 8292 §3: `vapid t=<jwt>, k=<public key>`. */
export function vapidAuthorization(jwt: string, publicKey: string): string {
  return `vapid t=${jwt}, k=${publicKey.replace(/=+$/, "")}`;
}
