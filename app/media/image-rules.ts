import { defineMessages, type MessageDescriptor } from "~/domain/messages";

/** Image rules (docs/product-rules.md, Images and videos), independent of any codec. */
export const MAX_UPLOAD_BYTES = 6 * 1024 * 1024;
/**
 * The most pixels a picture may have: more than any phone camera makes by default (12–24 MP).
 * JPEGs are decoded at a reduced scale (app/media/jpeg-scaled.ts), never whole.
 */
export const MAX_PIXELS = 24_000_000;
/**
 * Pixels a JPEG may still have once decoded at its reduced scale (only very long panoramas reach it):
 * 4 MP is 16 MB of RGBA.
 */
export const MAX_DECODED_PIXELS = 4_000_000;
/**
 * PNG, WebP and unusual JPEGs are decoded whole by photon, at about 11.5 bytes a pixel of wasm memory
 * that never shrinks again: this cap keeps that under a third of a Worker's 128 MB.
 */
export const MAX_PIXELS_WITHOUT_SCALING = 6_000_000;
export const IMAGE_HEIGHTS = { banner: 600, logo: 450, product: 400, section: 400, videoThumb: 400 } as const;
/**
 * The banner picture 'Logo y banner' asks for: three times as wide as tall (the carousel fills the store's width and
 * crops what its height cannot show), at the height banners are kept at.
 */
export const BANNER_RECOMMENDED = { width: IMAGE_HEIGHTS.banner * 3, height: IMAGE_HEIGHTS.banner } as const;
export const WEBP_QUALITY = 75;

/** Bytes an encoded image may take: 35 KB for a 400-px product photo, more for larger pictures (banners). */
export function webpByteBudget(width: number, height: number): number {
  return Math.round(35 * 1024 * Math.max(1, (width * height) / (600 * 400)));
}

export type ImageType = "jpeg" | "png" | "webp" | "tiff";

/** A refused file: `text` is its message in the catalog (the merchant's variant says it), `message` its neutral Spanish. */
export class MediaError extends Error {
  override name = "MediaError";
  readonly text: MessageDescriptor;
  constructor(text: MessageDescriptor, options?: ErrorOptions) {
    super(text.defaultMessage, options);
    this.text = text;
  }
}

export const MEDIA_MESSAGES = defineMessages({
  format: { id: "media.refusal.format", defaultMessage: "Formato no admitido" },
  tooHeavy: { id: "media.refusal.tooHeavy", defaultMessage: "Uno de los archivos pesa más de 6mb" },
  tooLarge: { id: "media.refusal.tooLarge", defaultMessage: "La imagen es demasiado grande" },
  unreadable: { id: "media.refusal.unreadable", defaultMessage: "No se pudieron subir las imágenes" },
  notStored: {
    id: "media.refusal.notStored",
    defaultMessage:
      "No pudimos guardar las imágenes por un problema técnico: no se guardó nada, vuelve a intentarlo en unos minutos",
  },
});

/** The type by magic bytes, never by file name. */
export function sniffImageType(b: Uint8Array): ImageType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return "png";
  if (b.length >= 12 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP") return "webp";
  if (
    b.length >= 4 &&
    ((b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a && b[3] === 0) ||
      (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0 && b[3] === 0x2a))
  )
    return "tiff";
  return null;
}

export function ascii(b: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...b.subarray(from, to));
}

/** A JPEG start-of-frame marker (SOF0–SOF15, which share their range with DHT, JPG and DAC). */
export function isJpegFrameMarker(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** A JPEG restart marker (RST0–RST7): no length, found inside entropy-coded data. */
export function isJpegRestartMarker(marker: number): boolean {
  return marker >= 0xd0 && marker <= 0xd7;
}

/** Width and height read from the header, before any decoding; null when the header is not understood. */
export function readImageSize(b: Uint8Array, type: ImageType): { width: number; height: number } | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  try {
    if (type === "png") return { width: view.getUint32(16), height: view.getUint32(20) };
    if (type === "jpeg") {
      let i = 2;
      while (i + 9 < b.length) {
        if (b[i] !== 0xff) return null;
        const marker = b[i + 1] ?? 0;
        // A fill byte, and markers without a length, as the JPEG decoder (app/media/jpeg-scaled.ts) reads them: both must
        // find the same frame, since this one's size is what the pixel limits were checked against.
        if (marker === 0xff) {
          i += 1;
          continue;
        }
        if (marker === 0xd8 || marker === 0x00 || marker === 0x01 || isJpegRestartMarker(marker)) {
          i += 2;
          continue;
        }
        const length = view.getUint16(i + 2);
        if (isJpegFrameMarker(marker)) return { height: view.getUint16(i + 5), width: view.getUint16(i + 7) };
        i += 2 + length;
      }
      return null;
    }
    if (type === "webp") {
      const chunk = ascii(b, 12, 16);
      if (chunk === "VP8 ") return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
      if (chunk === "VP8L") {
        const bits = view.getUint32(21, true);
        return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
      }
      if (chunk === "VP8X") {
        const w = (b[24] ?? 0) | ((b[25] ?? 0) << 8) | ((b[26] ?? 0) << 16);
        const h = (b[27] ?? 0) | ((b[28] ?? 0) << 8) | ((b[29] ?? 0) << 16);
        return { width: w + 1, height: h + 1 };
      }
      return null;
    }
    // TIFF: ImageWidth (256) and ImageLength (257) in IFD0.
    const tags = tiffTags(view, 0, b.byteLength, [256, 257]);
    const width = tags.get(256);
    const height = tags.get(257);
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/**
 * The values of `tags` in the first directory (IFD0) of a TIFF structure at `start`, read no further than
 * `end`: TIFF files themselves, and the EXIF block of a JPEG. SHORT values as 16 bits, others as 32.
 */
export function tiffTags(view: DataView, start: number, end: number, tags: readonly number[]): Map<number, number> {
  const found = new Map<number, number>();
  if (start + 8 > end) return found;
  const little = view.getUint8(start) === 0x49;
  const ifd = start + view.getUint32(start + 4, little);
  if (ifd + 2 > end) return found;
  const count = view.getUint16(ifd, little);
  for (let n = 0; n < count; n++) {
    const entry = ifd + 2 + n * 12;
    if (entry + 12 > end) break;
    const tag = view.getUint16(entry, little);
    if (!tags.includes(tag) || found.has(tag)) continue;
    const short = view.getUint16(entry + 2, little) === 3;
    found.set(tag, short ? view.getUint16(entry + 8, little) : view.getUint32(entry + 8, little));
  }
  return found;
}

/** Output size for a target height: never upscaled, aspect kept. */
export function targetSize(width: number, height: number, maxHeight: number): { width: number; height: number } {
  if (height <= maxHeight) return { width, height };
  return { width: Math.max(1, Math.round((width * maxHeight) / height)), height: maxHeight };
}

/** Checks done before any decode: type by bytes, weight, pixel count. */
export function checkImageUpload(bytes: Uint8Array): { type: ImageType; width: number; height: number } {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new MediaError(MEDIA_MESSAGES.tooHeavy);
  const type = sniffImageType(bytes);
  if (!type) throw new MediaError(MEDIA_MESSAGES.format);
  const size = readImageSize(bytes, type);
  if (!size || size.width < 1 || size.height < 1) throw new MediaError(MEDIA_MESSAGES.format);
  if (size.width * size.height > MAX_PIXELS) throw new MediaError(MEDIA_MESSAGES.tooLarge);
  return { type, ...size };
}
