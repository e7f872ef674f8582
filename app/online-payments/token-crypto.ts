// The merchants' MercadoPago tokens at rest: AES-256-GCM with WebCrypto only (Node and workerd alike).
//
//   text = "v1." base64url(iv, 12 random bytes) "." base64url(ciphertext | 16-byte tag)
//   additional authenticated data = "store:" storeId
//
// The store id as AAD binds a token to its row: copied into another store's row, it does not decrypt.
// The version prefix lets a later format (or key) live beside this one.

import { fromBase64Url, toBase64Url } from "~/domain/base64url";

const VERSION = "v1";
const IV_BYTES = 12;
const encoder = new TextEncoder();

export class TokenDecryptionError extends Error {
  override name = "TokenDecryptionError";
}

/** The AES-256-GCM key from its 32 bytes in base64url (Config.paymentTokenKey). */
export async function importTokenKey(base64url: string): Promise<CryptoKey> {
  const raw = fromBase64Url(base64url);
  if (raw?.length !== 32) throw new Error("the token key must be 32 bytes");
  return crypto.subtle.importKey("raw", raw, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
}

const additionalData = (storeId: string) => encoder.encode(`store:${storeId}`);

export async function encryptToken(key: CryptoKey, storeId: string, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: additionalData(storeId) },
    key,
    encoder.encode(plaintext),
  );
  return `${VERSION}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/** The token, or TokenDecryptionError for another version, another key, another store or altered bytes. */
export async function decryptToken(key: CryptoKey, storeId: string, text: string): Promise<string> {
  const [version, ivText, sealedText, ...rest] = text.split(".");
  const iv = fromBase64Url(ivText ?? "");
  const sealed = fromBase64Url(sealedText ?? "");
  if (version !== VERSION || rest.length > 0 || iv?.length !== IV_BYTES || !sealed || sealed.length < 16) {
    throw new TokenDecryptionError("unknown token format");
  }
  try {
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv, additionalData: additionalData(storeId) }, key, sealed);
    return new TextDecoder().decode(plain);
  } catch (cause) {
    throw new TokenDecryptionError("the token does not decrypt with this key for this store", { cause });
  }
}
