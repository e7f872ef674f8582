import { describe, expect, it } from "vitest";
import { readImageSize, sniffImageType } from "~/media/image-rules";
import { qrMatrix, qrPng, qrSvg, qrTarget } from "~/workspace/store-qr.server";

describe("store QR", () => {
  const target = qrTarget("https://app.vitrina.com", "1234567890");
  it("encodes the /QR/{id} link", () => {
    expect(target).toBe("https://app.vitrina.com/QR/1234567890");
    const m = qrMatrix(target);
    expect(m.size).toBeGreaterThanOrEqual(21);
    // Finder pattern corners are dark.
    expect(m.dark(0, 0) && m.dark(m.size - 1, 0) && m.dark(0, m.size - 1)).toBe(true);
  });

  it("draws SVG and PNG of the same matrix with a quiet zone", () => {
    const m = qrMatrix(target);
    expect(qrSvg(target)).toContain(`viewBox="0 0 ${m.size + 8} ${m.size + 8}"`);
    const png = qrPng(target, 4);
    expect(sniffImageType(png)).toBe("png");
    expect(readImageSize(png, "png")).toEqual({ width: (m.size + 8) * 4, height: (m.size + 8) * 4 });
  });
});
