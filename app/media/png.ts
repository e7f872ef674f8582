import { PhotonImage, resize, SamplingFilter } from "@cf-wasm/photon";

/**
 * PNG in and out of raw RGBA pixels with photon, and resizing them: QR codes, the demo pictures and
 * the installable app's icons. Photon and relative imports only: the build's icon plugin runs it
 * while the Vite config loads (app/pwa/icons.ts), before any alias or the WebP encoder exists.
 */
export interface Pixels {
  rgba: Uint8Array;
  width: number;
  height: number;
}

/** Encodes raw RGBA pixels as PNG. */
export function encodePng(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const image = new PhotonImage(rgba, width, height);
  try {
    return image.get_bytes();
  } finally {
    image.free();
  }
}

export function decodePng(png: Uint8Array): Pixels {
  const image = PhotonImage.new_from_byteslice(png);
  try {
    return { rgba: image.get_raw_pixels(), width: image.get_width(), height: image.get_height() };
  } finally {
    image.free();
  }
}

/** The pixels resized (Lanczos3) to `width` × `height`; a copy when they already have that size. */
export function resizePixels(pixels: Pixels, width: number, height: number): Pixels {
  if (pixels.width === width && pixels.height === height) return { ...pixels, rgba: pixels.rgba.slice() };
  const image = new PhotonImage(pixels.rgba, pixels.width, pixels.height);
  try {
    const out = resize(image, width, height, SamplingFilter.Lanczos3);
    try {
      return { rgba: out.get_raw_pixels(), width, height };
    } finally {
      out.free();
    }
  } finally {
    image.free();
  }
}
