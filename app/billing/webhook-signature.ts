/**
 * MercadoPago webhook signatures (x-signature: `ts=…,v1=…`): HMAC-SHA256 with the webhook secret
 * over the manifest `id:{data.id};request-id:{x-request-id};ts:{ts};`. WebCrypto only, so it runs
 * the same in Node and workerd. Every part is required here: a notification missing one is refused.
 */
import { constantTimeEqual } from "~/domain/constant-time";

const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

export type SignatureCheck = { ok: true } | { ok: false; reason: "missing" | "malformed" | "mismatch" | "stale" };

export interface SignedNotification {
  xSignature: string | null;
  xRequestId: string | null;
  /** `data.id` from the notification URL's query string. */
  dataId: string | null;
}

export function parseSignatureHeader(header: string): { ts: string | null; v1: string | null } {
  let ts: string | null = null;
  let v1: string | null = null;
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim().toLowerCase();
    const value = part.slice(eq + 1).trim();
    if (key === "ts") ts = value;
    if (key === "v1") v1 = value.toLowerCase();
  }
  return { ts, v1 };
}

/** MercadoPago lowercases alphanumeric ids in the manifest. */
export function signatureManifest(dataId: string, requestId: string, ts: string): string {
  const id = /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  return `id:${id};request-id:${requestId};ts:${ts};`;
}

async function hmacHex(secret: string, message: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, enc.encode(message)));
  return [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The header's ts is in seconds; milliseconds are accepted too. */
function timestampMs(ts: string): number {
  const n = Number(ts);
  return n > 1e11 ? n : n * 1000;
}

export async function signNotification(secret: string, dataId: string, requestId: string, ts: string): Promise<string> {
  return `ts=${ts},v1=${await hmacHex(secret, signatureManifest(dataId, requestId, ts))}`;
}

export async function verifySignature(secret: string, n: SignedNotification, now: Date): Promise<SignatureCheck> {
  if (!n.xSignature || !n.xRequestId || !n.dataId) return { ok: false, reason: "missing" };
  const { ts, v1 } = parseSignatureHeader(n.xSignature);
  if (!ts || !v1) return { ok: false, reason: "missing" };
  if (!/^\d{1,16}$/.test(ts) || !/^[0-9a-f]{64}$/.test(v1)) return { ok: false, reason: "malformed" };
  const expected = await hmacHex(secret, signatureManifest(n.dataId, n.xRequestId, ts));
  if (!constantTimeEqual(expected, v1)) return { ok: false, reason: "mismatch" };
  if (Math.abs(now.getTime() - timestampMs(ts)) > SIGNATURE_TOLERANCE_MS) return { ok: false, reason: "stale" };
  return { ok: true };
}
