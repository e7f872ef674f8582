import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { drawPicture } from "~/demo/pictures";
import { translatorFor } from "~/domain/message-catalogs";
import { checkImageUpload, MEDIA_MESSAGES, MediaError, readImageSize, sniffImageType, targetSize } from "~/media/image-rules";
import { processImage } from "~/media/images.server";
import { encodePng } from "~/media/png";
import { refusal } from "~/workspace/action-results.server";

const photo = (w: number, h: number) => encodePng(drawPicture({ shape: "mug", hue: 20, backdropHue: 200 }, w, h), w, h);

/** A PNG header claiming the given size, with no pixel data behind it. */
function pngHeader(width: number, height: number): Uint8Array {
  const b = new Uint8Array(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const v = new DataView(b.buffer);
  v.setUint32(16, width);
  v.setUint32(20, height);
  return b;
}

describe("image pipeline on real photographs", () => {
  it.each([
    ["tests/fixtures/photos/board.jpg", 720, 477],
    ["tests/fixtures/photos/wide.jpg", 1169, 584],
  ])("%s: resized to 400 px high, lossy WebP ≤ 35 KB", async (path, width, height) => {
    const original = new Uint8Array(readFileSync(path));
    expect(readImageSize(original, "jpeg")).toEqual({ width, height });
    const out = await processImage(original, 400);
    expect(out.height).toBe(400);
    expect(out.width).toBe(Math.round((width * 400) / height));
    expect(sniffImageType(out.data)).toBe("webp");
    expect(out.data.byteLength).toBeLessThanOrEqual(35 * 1024);
    // Lossy VP8 (the lossless format is 'VP8L'), far smaller than the raw pixels.
    expect(String.fromCharCode(...out.data.subarray(12, 16))).toBe("VP8 ");
    expect(readImageSize(out.data, "webp")).toEqual({ width: out.width, height: 400 });
    // Lossy: far smaller than the raw pixels (a lossless encoding of a photo is several times this).
    expect(out.data.byteLength).toBeLessThan((out.width * out.height * 3) / 8);
    // The half-size rendition phones at 1x download instead: 200 px high, far fewer bytes
    // (not a quarter: the full size may already have been squeezed to its byte budget).
    expect(out.small?.height).toBe(200);
    expect(out.small?.data.byteLength).toBeLessThan(out.data.byteLength * 0.6);
  });

  it("a 7 MB upload is refused before decoding", () => {
    const big = new Uint8Array(7 * 1024 * 1024);
    big.set(readFileSync("tests/fixtures/photos/board.jpg").subarray(0, 4096));
    expect(() => checkImageUpload(big)).toThrow(MEDIA_MESSAGES.tooHeavy.defaultMessage);
  });

  it("a refused file answers in the merchant's variant: 413 for the weight, 422 for the rest", () => {
    const answer = (error: unknown) =>
      refusal("upload", error, "photos", { t: translatorFor("es-AR") }) as unknown as {
        data: { errors: Record<string, string> };
        init: { status: number };
      };
    const lost = answer(new MediaError(MEDIA_MESSAGES.notStored));
    expect([lost.init.status, lost.data.errors.photos]).toEqual([
      422,
      "No pudimos guardar las imágenes por un problema técnico: no se guardó nada, volvé a intentarlo en unos minutos",
    ]);
    expect(answer(new MediaError(MEDIA_MESSAGES.tooHeavy)).init.status).toBe(413);
  });
});

describe("image pipeline", () => {
  it("resizes a product photo to 400 px high as lossy WebP under 35 KB", async () => {
    const out = await processImage(photo(1200, 1500), 400);
    expect(out.height).toBe(400);
    expect(out.width).toBe(320);
    expect(sniffImageType(out.data)).toBe("webp");
    expect(out.data.byteLength).toBeLessThanOrEqual(35 * 1024);
    expect(readImageSize(out.data, "webp")).toEqual({ width: 320, height: 400 });
    expect(out.hash).toMatch(/^[0-9a-f]{32}$/);
  });

  it("makes a half-size rendition from the original, smaller than the image", async () => {
    const out = await processImage(photo(1200, 1500), 400);
    expect(out.small).not.toBeNull();
    expect([out.small?.width, out.small?.height]).toEqual([160, 200]);
    expect(readImageSize(out.small?.data ?? new Uint8Array(), "webp")).toEqual({ width: 160, height: 200 });
  });

  it("a picture under 200 px high has no smaller rendition", async () => {
    expect((await processImage(photo(300, 199), 400)).small).toBeNull();
  });

  it("never upscales", async () => {
    const out = await processImage(photo(300, 200), 400);
    expect([out.width, out.height]).toEqual([300, 200]);
  });

  it("reads sizes from headers before decoding", () => {
    expect(readImageSize(pngHeader(640, 480), "png")).toEqual({ width: 640, height: 480 });
    expect(targetSize(4000, 3000, 600)).toEqual({ width: 800, height: 600 });
  });

  it("rejects an HTML file named .jpg", () => {
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    expect(() => checkImageUpload(html)).toThrow(MEDIA_MESSAGES.format.defaultMessage);
  });

  it("rejects a JPEG-looking polyglot it cannot decode, and re-encodes what it can", async () => {
    const polyglot = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new TextEncoder().encode("<script>alert(1)</script>")]);
    await expect(processImage(polyglot, 400)).rejects.toThrow();
    const real = photo(200, 200);
    const withHtml = new Uint8Array([...real, ...new TextEncoder().encode("<script>alert(1)</script>")]);
    const out = await processImage(withHtml, 400);
    expect(new TextDecoder().decode(out.data)).not.toContain("<script>");
  });

  it("rejects files over 6 MB before decoding", () => {
    const big = new Uint8Array(7 * 1024 * 1024);
    big.set(pngHeader(100, 100));
    expect(() => checkImageUpload(big)).toThrow(MEDIA_MESSAGES.tooHeavy.defaultMessage);
  });

  it("rejects huge dimensions before decoding", () => {
    expect(() => checkImageUpload(pngHeader(50_000, 50_000))).toThrow(MEDIA_MESSAGES.tooLarge.defaultMessage);
  });
});
