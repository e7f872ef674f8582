/**
 * The pictures a store's logo makes for the places that show a store by its mark: a phone's home screen (a 192-px
 * square PNG icon), the browser tab (the same icon at 48 px, a few KB: a 192-px icon of a detailed logo weighs about
 * 30 KB, which a slow phone still downloads while the page paints) and a link preview in WhatsApp or Facebook (a
 * 1200 × 630 JPEG). Each is the logo, whole, centred on white.
 */
import { PhotonImage } from "@cf-wasm/photon";
import { readImageSize, sniffImageType } from "./image-rules";
import { decodePng, encodePng, type Pixels, resizePixels } from "./png";

const ICON_SIDE = 192;
const TAB_ICON_SIDE = 48;
export const SHARE_SIZE = { width: 1200, height: 630 } as const;
const SHARE_JPEG_QUALITY = 82;

/** `inner` scaled to fit inside `maxWidth` × `maxHeight` (never up), then laid on a white canvas, centred. */
function centredOnWhite(inner: Pixels, width: number, height: number, maxWidth: number, maxHeight: number): Pixels {
  const scale = Math.min(1, maxWidth / inner.width, maxHeight / inner.height);
  const fitted = resizePixels(inner, Math.max(1, Math.round(inner.width * scale)), Math.max(1, Math.round(inner.height * scale)));
  const rgba = new Uint8Array(width * height * 4).fill(255);
  const left = Math.floor((width - fitted.width) / 2);
  const top = Math.floor((height - fitted.height) / 2);
  for (let y = 0; y < fitted.height; y++) {
    for (let x = 0; x < fitted.width; x++) {
      const from = (y * fitted.width + x) * 4;
      const to = ((y + top) * width + (x + left)) * 4;
      const alpha = (fitted.rgba[from + 3] ?? 255) / 255;
      for (let c = 0; c < 3; c++) rgba[to + c] = Math.round((fitted.rgba[from + c] ?? 0) * alpha + 255 * (1 - alpha));
    }
  }
  return { rgba, width, height };
}

/** The icon and the tab icon (PNG) and the link preview (JPEG) of a logo's pixels. */
export function logoBrandImages(logo: Pixels): { icon: Uint8Array; tabIcon: Uint8Array; share: Uint8Array } {
  const margin = Math.round(ICON_SIDE * 0.1);
  const icon = centredOnWhite(logo, ICON_SIDE, ICON_SIDE, ICON_SIDE - 2 * margin, ICON_SIDE - 2 * margin);
  const share = centredOnWhite(logo, SHARE_SIZE.width, SHARE_SIZE.height, 1000, 420);
  const shareImage = new PhotonImage(share.rgba, share.width, share.height);
  try {
    return {
      icon: encodePng(icon.rgba, icon.width, icon.height),
      tabIcon: tabIconOf(icon),
      share: shareImage.get_bytes_jpeg(SHARE_JPEG_QUALITY),
    };
  } finally {
    shareImage.free();
  }
}

/** The tab icon (PNG): the icon scaled down whole, so an upload and the upkeep's backfill make the same picture. */
function tabIconOf(icon: Pixels): Uint8Array {
  const small = resizePixels(icon, TAB_ICON_SIDE, TAB_ICON_SIDE);
  return encodePng(small.rgba, small.width, small.height);
}

/**
 * The tab icon of a logo stored before tab icons, made from its stored 192-px icon; null when the file is not a PNG
 * of at most that size (the pixels are read from its header before anything is decoded, so a wrong file can never
 * make the upkeep decode a large picture).
 */
export function tabIconFromStoredIcon(png: Uint8Array): Uint8Array | null {
  if (sniffImageType(png) !== "png") return null;
  const size = readImageSize(png, "png");
  if (!size || size.width > ICON_SIDE || size.height > ICON_SIDE) return null;
  return tabIconOf(decodePng(png));
}
