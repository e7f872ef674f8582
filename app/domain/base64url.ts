/** Whether `bytes` has the shape of an uncompressed P-256 point: 0x04, then x and y (65 bytes). */
export function isUncompressedPoint(bytes: Uint8Array | null): bytes is Uint8Array {
  return bytes !== null && bytes.length === 65 && bytes[0] === 0x04;
}

/** base64url without padding (RFC 4648 §5), as Web Push keys, JWTs and tokens use it. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The bytes of a base64url string (trailing '=' padding tolerated), or null when it is not base64url. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  const body = text.replace(/=+$/, "");
  if (!/^[A-Za-z0-9_-]*$/.test(body) || body.length % 4 === 1) return null;
  const binary = atob(
    body
      .replace(/-/g, "+")
      .replace(/_/g, "/")
      .padEnd(Math.ceil(body.length / 4) * 4, "="),
  );
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
