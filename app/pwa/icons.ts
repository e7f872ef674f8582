import { decodePng, encodePng, type Pixels, resizePixels } from "../media/png.ts";
import { ALL_ICONS, FAVICON, type IconSpec, MASKABLE_CONTENT_SHARE } from "./manifest.ts";

/**
 * Every icon of the installable app, derived at build time from the one square source image
 * (app/pwa/icon-source.png: the white mark on the brand background). Nothing here is drawn by hand
 * per size: each icon is the source resized, then shaped for where it is shown.
 */
interface RenderedIcon {
  spec: IconSpec;
  png: Uint8Array;
}

export function renderIcons(sourcePng: Uint8Array): RenderedIcon[] {
  const source = decodeSource(sourcePng);
  return ALL_ICONS.map((spec) => ({ spec, png: renderPng(source, spec) }));
}

/** /favicon.ico: an ICO file whose one image is the 32 px 'any' icon as a PNG. */
export function renderFavicon(sourcePng: Uint8Array): Uint8Array {
  return icoOf(renderPng(decodeSource(sourcePng), FAVICON), FAVICON.size);
}

function decodeSource(sourcePng: Uint8Array): Pixels {
  const source = decodePng(sourcePng);
  if (source.width !== source.height || source.width < 512) {
    throw new Error(`the icon source must be square and at least 512 px, not ${source.width}×${source.height}`);
  }
  return source;
}

function renderPng(source: Pixels, spec: IconSpec): Uint8Array {
  const { rgba, width, height } = shape(source, spec);
  return encodePng(rgba, width, height);
}

/** An ICO container of one square PNG: the 6-byte directory, its one 16-byte entry, then the PNG. */
function icoOf(png: Uint8Array, size: number): Uint8Array {
  const ico = new Uint8Array(6 + 16 + png.byteLength);
  const view = new DataView(ico.buffer);
  view.setUint16(2, 1, true); // type: icon
  view.setUint16(4, 1, true); // one image
  ico[6] = size; // width and height (0 would mean 256)
  ico[7] = size;
  view.setUint16(10, 1, true); // colour planes
  view.setUint16(12, 32, true); // bits per pixel
  view.setUint32(14, png.byteLength, true);
  view.setUint32(18, 22, true); // where the PNG starts
  ico.set(png, 22);
  return ico;
}

function shape(source: Pixels, { size, kind }: IconSpec): Pixels {
  switch (kind) {
    case "any":
      return roundCorners(resizePixels(source, size, size));
    case "apple":
      return opaque(resizePixels(source, size, size));
    case "maskable": {
      // The whole source, shrunk into the safe zone and padded with its own background colour.
      const inner = Math.round(size * MASKABLE_CONTENT_SHARE);
      return padded(resizePixels(source, inner, inner), size, backgroundOf(source));
    }
    case "badge":
      return resizePixels(squareAround(markOnly(source), 0.08), size, size);
  }
}

/** The source's background: its top-left pixel (the mark never reaches the corners). */
function backgroundOf({ rgba }: Pixels): [number, number, number] {
  return [rgba[0] ?? 0, rgba[1] ?? 0, rgba[2] ?? 0];
}

function opaque(pixels: Pixels): Pixels {
  for (let i = 3; i < pixels.rgba.length; i += 4) pixels.rgba[i] = 255;
  return pixels;
}

/** Rounded corners (radius a fifth of the side), anti-aliased by each pixel's distance to the edge. */
function roundCorners(pixels: Pixels): Pixels {
  const { rgba, width: side } = pixels;
  const radius = side * 0.2;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const dx = Math.max(radius - (x + 0.5), x + 0.5 - (side - radius), 0);
      const dy = Math.max(radius - (y + 0.5), y + 0.5 - (side - radius), 0);
      if (dx === 0 || dy === 0) continue;
      const coverage = Math.min(1, Math.max(0, radius - Math.hypot(dx, dy) + 0.5));
      const i = (y * side + x) * 4 + 3;
      rgba[i] = Math.round((rgba[i] ?? 255) * coverage);
    }
  }
  return pixels;
}

function padded(inner: Pixels, side: number, [r, g, b]: [number, number, number]): Pixels {
  const rgba = new Uint8Array(side * side * 4);
  for (let i = 0; i < rgba.length; i += 4) rgba.set([r, g, b, 255], i);
  const offset = Math.floor((side - inner.width) / 2);
  for (let y = 0; y < inner.height; y++) {
    const row = inner.rgba.subarray(y * inner.width * 4, (y + 1) * inner.width * 4);
    rgba.set(row, ((y + offset) * side + offset) * 4);
  }
  return opaque({ rgba, width: side, height: side });
}

const luminance = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/** The white mark alone: white pixels whose opacity is how far each is from the background towards white. */
function markOnly(source: Pixels): Pixels {
  const [br, bg, bb] = backgroundOf(source);
  const back = luminance(br, bg, bb);
  const rgba = new Uint8Array(source.rgba.length);
  for (let i = 0; i < rgba.length; i += 4) {
    const lum = luminance(source.rgba[i] ?? 0, source.rgba[i + 1] ?? 0, source.rgba[i + 2] ?? 0);
    const alpha = Math.min(1, Math.max(0, (lum - back) / (255 - back)));
    rgba.set([255, 255, 255, Math.round(alpha * 255)], i);
  }
  return { rgba, width: source.width, height: source.height };
}

/** The smallest centred square holding every visible pixel, plus `margin` of its side on each edge. */
function squareAround(pixels: Pixels, margin: number): Pixels {
  const { rgba, width, height } = pixels;
  let top = height;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((rgba[(y * width + x) * 4 + 3] ?? 0) < 8) continue;
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
  }
  if (bottom < 0) throw new Error("the icon source has no mark lighter than its background");
  const content = Math.max(bottom - top + 1, right - left + 1);
  const side = Math.round(content / (1 - 2 * margin));
  const cx = (left + right + 1) / 2;
  const cy = (top + bottom + 1) / 2;
  const x0 = Math.round(cx - side / 2);
  const y0 = Math.round(cy - side / 2);
  const out = new Uint8Array(side * side * 4);
  for (let y = 0; y < side; y++) {
    const sy = y0 + y;
    if (sy < 0 || sy >= height) continue;
    for (let x = 0; x < side; x++) {
      const sx = x0 + x;
      if (sx < 0 || sx >= width) continue;
      out.set(rgba.subarray((sy * width + sx) * 4, (sy * width + sx) * 4 + 4), (y * side + x) * 4);
    }
  }
  return { rgba: out, width: side, height: side };
}
