import { describe, expect, it } from "vitest";
import { receiptKey, sniffReceipt } from "~/orders/receipts";
import { isServableFileKey, isValidFileKey } from "~/services/files";

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("a transfer's receipt", () => {
  it("is a photo or a PDF by its first bytes, whatever its name says", () => {
    expect(sniffReceipt(bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF"))).toBe("jpeg");
    expect(sniffReceipt(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("png");
    expect(sniffReceipt(bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "))).toBe("webp");
    expect(sniffReceipt(bytes("%PDF-1.7\n"))).toBe("pdf");
  });

  it("is nothing else: a page, a script, a TIFF, an empty file", () => {
    expect(sniffReceipt(bytes("<html><script>alert(1)</script>"))).toBeNull();
    expect(sniffReceipt(bytes("%PD"))).toBeNull();
    expect(sniffReceipt(bytes([0x49, 0x49, 0x2a, 0]))).toBeNull();
    expect(sniffReceipt(new Uint8Array())).toBeNull();
  });

  it("is kept under the store's private folder, which the public /files route never serves", () => {
    const key = receiptKey("1234567890", "9876543210", "pdf");
    expect(key).toMatch(/^stores\/1234567890\/private\/receipts\/9876543210-[0-9a-f]{32}\.pdf$/);
    expect(isValidFileKey(key)).toBe(true);
    expect(isServableFileKey(key)).toBe(false);
    expect(receiptKey("1234567890", "9876543210", "pdf")).not.toBe(key);
    for (const format of ["jpeg", "png", "webp"] as const) {
      expect(isValidFileKey(receiptKey("1234567890", "9876543210", format))).toBe(true);
      expect(isServableFileKey(receiptKey("1234567890", "9876543210", format))).toBe(false);
    }
  });
});
