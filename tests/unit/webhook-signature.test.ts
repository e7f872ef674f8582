import { createHmac } from "node:crypto";
import { InvalidWebhookSignatureError, WebhookSignatureValidator } from "mercadopago";
import { describe, expect, it } from "vitest";
import { parseSignatureHeader, signatureManifest, signNotification, verifySignature } from "~/billing/webhook-signature";

const SECRET = "secreto-de-webhook-de-prueba";
const now = new Date("2026-06-01T12:00:00Z");
const ts = String(Math.floor(now.getTime() / 1000));
const requestId = "bb56a2f1-6aae-46ac-982e-9dcd3581d08e";
const dataId = "123456789";

/** Reference vector computed independently with node:crypto. */
const v1 = createHmac("sha256", SECRET).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest("hex");
const header = `ts=${ts},v1=${v1}`;

describe("MercadoPago x-signature", () => {
  it("accepts a valid signature (same HMAC as node:crypto and the SDK's validator)", async () => {
    expect(await signNotification(SECRET, dataId, requestId, ts)).toBe(header);
    expect(await verifySignature(SECRET, { xSignature: header, xRequestId: requestId, dataId }, now)).toEqual({ ok: true });
    expect(() =>
      WebhookSignatureValidator.validate({ xSignature: header, xRequestId: requestId, dataId, secret: SECRET }),
    ).not.toThrow();
  });

  it("parses headers with spaces and in any order", async () => {
    expect(parseSignatureHeader(` v1=${v1.toUpperCase()} , ts=${ts}`)).toEqual({ ts, v1 });
    expect(await verifySignature(SECRET, { xSignature: `v1=${v1}, ts=${ts}`, xRequestId: requestId, dataId }, now)).toEqual({
      ok: true,
    });
  });

  it("lowercases alphanumeric ids in the manifest", () => {
    expect(signatureManifest("ABC123", "r", "1")).toBe("id:abc123;request-id:r;ts:1;");
  });

  it.each([
    ["another data.id", { dataId: "123456780" }],
    ["another request id", { xRequestId: "aa56a2f1-6aae-46ac-982e-9dcd3581d08e" }],
    ["a tampered hash", { xSignature: `ts=${ts},v1=${v1.replace(/^./, (c) => (c === "0" ? "1" : "0"))}` }],
    ["another ts with the old hash", { xSignature: `ts=${Number(ts) + 1},v1=${v1}` }],
  ])("refuses %s", async (_label, change) => {
    const result = await verifySignature(SECRET, { xSignature: header, xRequestId: requestId, dataId, ...change }, now);
    expect(result).toEqual({ ok: false, reason: "mismatch" });
    expect(() =>
      WebhookSignatureValidator.validate({
        xSignature: header,
        xRequestId: requestId,
        dataId,
        secret: SECRET,
        ...change,
      }),
    ).toThrow(InvalidWebhookSignatureError);
  });

  it("refuses the wrong secret", async () => {
    expect(await verifySignature("otro-secreto", { xSignature: header, xRequestId: requestId, dataId }, now)).toEqual({
      ok: false,
      reason: "mismatch",
    });
  });

  it.each([
    ["no header", { xSignature: null }],
    ["an empty header", { xSignature: "" }],
    ["no request id", { xRequestId: null }],
    ["no data.id", { dataId: null }],
    ["no ts", { xSignature: `v1=${v1}` }],
    ["no v1", { xSignature: `ts=${ts}` }],
  ])("refuses %s as missing", async (_label, change) => {
    expect(await verifySignature(SECRET, { xSignature: header, xRequestId: requestId, dataId, ...change }, now)).toEqual({
      ok: false,
      reason: "missing",
    });
  });

  it("refuses a malformed header", async () => {
    expect(await verifySignature(SECRET, { xSignature: `ts=ayer,v1=${v1}`, xRequestId: requestId, dataId }, now)).toMatchObject({
      ok: false,
      reason: "malformed",
    });
    expect(await verifySignature(SECRET, { xSignature: `ts=${ts},v1=zz`, xRequestId: requestId, dataId }, now)).toMatchObject({
      ok: false,
      reason: "malformed",
    });
  });

  it("refuses a stale or future timestamp (more than 5 minutes away), even correctly signed", async () => {
    const old = String(Number(ts) - 301);
    const stale = await signNotification(SECRET, dataId, requestId, old);
    expect(await verifySignature(SECRET, { xSignature: stale, xRequestId: requestId, dataId }, now)).toEqual({
      ok: false,
      reason: "stale",
    });
    const future = await signNotification(SECRET, dataId, requestId, String(Number(ts) + 301));
    expect(await verifySignature(SECRET, { xSignature: future, xRequestId: requestId, dataId }, now)).toMatchObject({
      reason: "stale",
    });
    const recent = await signNotification(SECRET, dataId, requestId, String(Number(ts) - 299));
    expect(await verifySignature(SECRET, { xSignature: recent, xRequestId: requestId, dataId }, now)).toEqual({ ok: true });
  });

  it("accepts a millisecond timestamp", async () => {
    const ms = String(now.getTime());
    const signed = await signNotification(SECRET, dataId, requestId, ms);
    expect(await verifySignature(SECRET, { xSignature: signed, xRequestId: requestId, dataId }, now)).toEqual({ ok: true });
  });
});
