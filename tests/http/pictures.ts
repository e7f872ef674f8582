import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { PhotonImage } from "@cf-wasm/photon";

/**
 * A phone-like JPEG of `width` × `height`: smooth light and shade with fine grain, so it
 * decodes like a photo and stays under the 6 MB upload limit.
 *
 * Encoding one takes seconds (2.4 s at 24 MP), and a run's image tests ask for the same sizes in different stages: each
 * is made once and kept in tests/.tmp/photos, named by its size, its quality and this file's source, so a changed
 * drawing never reads an older file.
 */
export function phoneJpeg(width: number, height: number, quality = 70): Uint8Array<ArrayBuffer> {
  const file = join(PHOTOS, `${width}x${height}-q${quality}-${DRAWING}.jpg`);
  if (existsSync(file)) return new Uint8Array(readFileSync(file));
  const bytes = drawPhoneJpeg(width, height, quality);
  mkdirSync(PHOTOS, { recursive: true });
  // Written whole, then renamed: a test in another process never reads half a photo.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  return bytes;
}

const PHOTOS = resolve("tests/.tmp/photos");

function drawPhoneJpeg(width: number, height: number, quality: number): Uint8Array<ArrayBuffer> {
  const rgba = new Uint8Array(width * height * 4);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed >> 16) & 7;
      const i = (y * width + x) * 4;
      rgba[i] = ((x * 255) / width + grain) & 255;
      rgba[i + 1] = ((y * 255) / height + grain) & 255;
      rgba[i + 2] = (((x + y) * 128) / (width + height) + 64 + grain) & 255;
      rgba[i + 3] = 255;
    }
  }
  const image = new PhotonImage(rgba, width, height);
  try {
    return new Uint8Array(image.get_bytes_jpeg(quality));
  } finally {
    image.free();
  }
}

/** This file's own source: any change to the drawing makes new photos. */
const DRAWING = createHash("sha256")
  .update(readFileSync(new URL(import.meta.url)))
  .digest("hex")
  .slice(0, 12);

/**
 * A small JPEG whose header declares `width` × `height`: what a decompression bomb looks like before it is decoded.
 * The frame header (SOF0–SOF15 but DHT, JPG and DAC) holds the height, then the width, after its length and precision.
 */
export function jpegDeclaring(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = phoneJpeg(64, 48);
  const view = new DataView(bytes.buffer);
  for (let at = 2; at + 9 < bytes.byteLength; at += 2 + view.getUint16(at + 2)) {
    const marker = view.getUint16(at);
    if (marker >= 0xffc0 && marker <= 0xffcf && ![0xffc4, 0xffc8, 0xffcc].includes(marker)) {
      view.setUint16(at + 5, height);
      view.setUint16(at + 7, width);
      return bytes;
    }
  }
  throw new Error("no frame header in the JPEG");
}
