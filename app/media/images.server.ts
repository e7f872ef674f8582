import { PhotonImage, resize, SamplingFilter } from "@cf-wasm/photon";
import { sha256Hex } from "~/domain/ids";
import { checkImageUpload, JPEG_QUALITY, MEDIA_MESSAGES, MediaError, targetSize } from "./image-rules";

export interface ProcessedImage {
  data: Uint8Array;
  width: number;
  height: number;
  contentType: "image/jpeg";
  ext: "jpg";
  /** sha-256 of the output: the content address of the stored file. */
  hash: string;
}

/**
 * Validates an upload (bytes, weight, pixels) then decodes, resizes to `maxHeight` (never up)
 * and re-encodes as lossy JPEG. See docs/decisions/0004-lossy-jpeg-images.md.
 */
export async function processImage(bytes: Uint8Array, maxHeight: number): Promise<ProcessedImage> {
  const checked = checkImageUpload(bytes);
  let source: PhotonImage | undefined;
  let resized: PhotonImage | undefined;
  try {
    source = PhotonImage.new_from_byteslice(bytes);
    const size = targetSize(source.get_width(), source.get_height(), maxHeight);
    resized = size.height === source.get_height() ? undefined : resize(source, size.width, size.height, SamplingFilter.Lanczos3);
    const out = resized ?? source;
    const data = out.get_bytes_jpeg(JPEG_QUALITY);
    return {
      data,
      width: out.get_width(),
      height: out.get_height(),
      contentType: "image/jpeg",
      ext: "jpg",
      hash: (await sha256Hex(data)).slice(0, 32),
    };
  } catch (error) {
    if (error instanceof MediaError) throw error;
    throw new MediaError(checked.type === "tiff" ? MEDIA_MESSAGES.format : MEDIA_MESSAGES.unreadable, { cause: error });
  } finally {
    resized?.free();
    source?.free();
  }
}

/** Encodes raw RGBA pixels as PNG (QR codes, generated demo pictures). */
export function encodePng(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const image = new PhotonImage(rgba, width, height);
  try {
    return image.get_bytes();
  } finally {
    image.free();
  }
}
