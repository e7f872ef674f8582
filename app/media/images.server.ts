import { PhotonImage, resize, SamplingFilter } from "@cf-wasm/photon";
import createWebpEncoder, { type WebPModule } from "@jsquash/webp/codec/enc/webp_enc.js";
import { defaultOptions as webpDefaults } from "@jsquash/webp/meta.js";
import { initEmscriptenModule } from "@jsquash/webp/utils.js";
import { sha256Hex } from "~/domain/ids";
import { logoColors } from "~/domain/look";
import { loadWebpWasm } from "~/media/webp-wasm";
import { logoBrandImages } from "./brand-images";
import {
  checkImageUpload,
  MAX_DECODED_PIXELS,
  MAX_PIXELS_WITHOUT_SCALING,
  MEDIA_MESSAGES,
  MediaError,
  targetSize,
  WEBP_QUALITY,
  webpByteBudget,
} from "./image-rules";
import { decodeJpegScaled, jpegScaleFor, scaledSize, UnsupportedJpegError } from "./jpeg-scaled";
import { smallRenditionSize } from "./renditions";

export interface ProcessedImage {
  data: Uint8Array;
  width: number;
  height: number;
  contentType: "image/webp";
  ext: "webp";
  /** sha-256 of the output: the content address of the stored file. */
  hash: string;
  /** The half-size rendition for `srcset` (app/media/renditions.ts), when the image is tall enough. */
  small: { data: Uint8Array; width: number; height: number } | null;
  /** A logo's main colours (they suggest the store's look); empty for other pictures. */
  palette: string[];
  /** For a logo: its icons and link preview (app/media/brand-images.ts). */
  brand?: ReturnType<typeof logoBrandImages>;
}

/**
 * Validates an upload (bytes, weight, pixels) then decodes, resizes to `maxHeight` (never up)
 * and re-encodes as lossy WebP within the byte budget, plus a half-size rendition resized from
 * the original. See docs/decisions/0007-lossy-webp-images.md and 0011-image-renditions.md.
 */
export async function processImage(
  bytes: Uint8Array,
  maxHeight: number,
  opts: { brand?: boolean } = {},
): Promise<ProcessedImage> {
  const checked = checkImageUpload(bytes);
  return oneAtATime(() => decodeResizeEncode(bytes, checked, maxHeight, opts.brand ?? false));
}

// Wasm memory grows to the largest picture decoded and stays there: pictures decoded side by side
// would add up. One at a time, the process never holds more than one picture's pixels.
let imageQueue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = imageQueue.then(work);
  imageQueue = run.catch(() => undefined);
  return run;
}

async function decodeResizeEncode(
  bytes: Uint8Array,
  checked: ReturnType<typeof checkImageUpload>,
  maxHeight: number,
  brand: boolean,
): Promise<ProcessedImage> {
  let source: PhotonImage | undefined;
  let resized: PhotonImage | undefined;
  let smaller: PhotonImage | undefined;
  try {
    source = decodeSource(bytes, checked, maxHeight);
    const size = targetSize(source.get_width(), source.get_height(), maxHeight);
    resized = size.height === source.get_height() ? undefined : resize(source, size.width, size.height, SamplingFilter.Lanczos3);
    const out = resized ?? source;
    const width = out.get_width();
    const height = out.get_height();
    const pixels = out.get_raw_pixels() as Uint8Array<ArrayBuffer>;
    // Only a logo's colours are offered (the look page's suggestions): product photos skip the count.
    const palette = brand ? logoColors(pixels) : [];
    const data = await encodeWebp(pixels, width, height);
    const smallSize = smallRenditionSize(width, height);
    let small: ProcessedImage["small"] = null;
    if (smallSize) {
      smaller = resize(source, smallSize.width, smallSize.height, SamplingFilter.Lanczos3);
      const pixels = smaller.get_raw_pixels() as Uint8Array<ArrayBuffer>;
      small = { data: await encodeWebp(pixels, smallSize.width, smallSize.height), ...smallSize };
    }
    return {
      brand: brand ? logoBrandImages({ rgba: pixels, width, height }) : undefined,
      data,
      width,
      height,
      contentType: "image/webp",
      ext: "webp",
      hash: (await sha256Hex(data)).slice(0, 32),
      small,
      palette,
    };
  } catch (error) {
    if (error instanceof MediaError) throw error;
    throw new MediaError(checked.type === "tiff" ? MEDIA_MESSAGES.format : MEDIA_MESSAGES.unreadable, { cause: error });
  } finally {
    smaller?.free();
    resized?.free();
    source?.free();
  }
}

/**
 * The picture's pixels, never more than the renditions need: a JPEG (every phone photo) is decoded
 * straight to the smallest 1/2, 1/4 or 1/8 scale still at least `maxHeight` on its short side, so a
 * 12-megapixel photo never exists at full size. Other formats (and the rare JPEG kinds the scaled
 * decoder does not read) are decoded whole by photon, which is why their pixel cap is lower.
 * See docs/decisions/0016-photos-decoded-at-reduced-scale.md.
 */
function decodeSource(bytes: Uint8Array, checked: ReturnType<typeof checkImageUpload>, maxHeight: number): PhotonImage {
  if (checked.type === "jpeg") {
    const scale = jpegScaleFor(Math.min(checked.width, checked.height), maxHeight);
    const size = scaledSize(checked.width, checked.height, scale);
    if (size.width * size.height > MAX_DECODED_PIXELS) throw new MediaError(MEDIA_MESSAGES.tooLarge);
    try {
      const decoded = decodeJpegScaled(bytes, scale);
      return new PhotonImage(decoded.rgba, decoded.width, decoded.height);
    } catch (error) {
      if (!(error instanceof UnsupportedJpegError)) throw error;
    }
  }
  if (checked.width * checked.height > MAX_PIXELS_WITHOUT_SCALING) throw new MediaError(MEDIA_MESSAGES.tooLarge);
  return PhotonImage.new_from_byteslice(bytes);
}

let webpEncoder: Promise<WebPModule> | undefined;

/** Lossy WebP at the usual quality; a photo too detailed for its byte budget is re-encoded to fit it. */
async function encodeWebp(rgba: Uint8Array<ArrayBuffer>, width: number, height: number): Promise<Uint8Array> {
  webpEncoder ??= loadWebpWasm().then((wasm) => initEmscriptenModule(createWebpEncoder, wasm));
  const encoder = await webpEncoder;
  const budget = webpByteBudget(width, height);
  let out = encoder.encode(rgba, width, height, { ...webpDefaults, quality: WEBP_QUALITY });
  if (out && out.byteLength > budget)
    out = encoder.encode(rgba, width, height, { ...webpDefaults, quality: WEBP_QUALITY, target_size: budget - 2048, pass: 6 });
  if (!out) throw new Error("webp encoding failed");
  return new Uint8Array(out);
}
