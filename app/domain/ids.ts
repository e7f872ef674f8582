import { toBase64Url } from "./base64url";

/** Random numeric ids from a CSPRNG (store 10 digits, product/section 7, sale/payment 10, code 5). */
export const ID_DIGITS = { store: 10, product: 7, section: 7, sale: 10, payment: 10, verificationCode: 5 } as const;

/** Whether `value` has the shape of an id of `kind` (its digits, nothing else): checked before any query. */
export function isId(kind: keyof typeof ID_DIGITS, value: string): boolean {
  return value.length === ID_DIGITS[kind] && /^\d+$/.test(value);
}

export function randomDigits(length: number): string {
  if (!Number.isInteger(length) || length < 1) throw new RangeError("length must be a positive integer");
  // Rejection sampling keeps every digit uniform: bytes >= 250 are discarded.
  let out = "";
  while (out.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const b of bytes) {
      if (b < 250 && out.length < length) out += String(b % 10);
    }
  }
  // An id never starts with 0, so it keeps its length when handled as a number by spreadsheets.
  return out[0] === "0" ? String(1 + (Number(out[0]) % 9)) + out.slice(1) : out;
}

/** A random token (for session ids, reset links), base64url, `bytes` long before encoding. */
export function randomToken(bytes = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** A short non-cryptographic hash of a text (FNV-1a, base 36): versions and cache validators, never secrets. */
export function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

export async function sha256Hex(input: string | Uint8Array): Promise<string> {
  const data = typeof input === "string" ? new TextEncoder().encode(input) : input;
  const digest = await crypto.subtle.digest("SHA-256", data as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
