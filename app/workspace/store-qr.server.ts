import QRCode from "qrcode";
import { sha256Hex } from "~/domain/ids";
import { encodePng } from "~/media/png";
import type { FileStore } from "~/services/files";

/**
 * The store's QR code, encoding {APP_ORIGIN}/QR/{storeId} so printed codes survive renames.
 * The matrix comes from QRCode.create (same in every bundler); SVG and PNG are drawn here.
 */
export function qrMatrix(text: string): { size: number; dark: (x: number, y: number) => boolean } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  return { size: modules.size, dark: (x, y) => Boolean(modules.get(y, x)) };
}

const QUIET = 4;

export function qrSvg(text: string): string {
  const m = qrMatrix(text);
  const total = m.size + QUIET * 2;
  let path = "";
  for (let y = 0; y < m.size; y++) {
    for (let x = 0; x < m.size; x++) {
      if (m.dark(x, y)) path += `M${x + QUIET} ${y + QUIET}h1v1h-1z`;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${total} ${total}" shape-rendering="crispEdges"><rect width="${total}" height="${total}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

export function qrPng(text: string, scale = 10): Uint8Array {
  const m = qrMatrix(text);
  const side = (m.size + QUIET * 2) * scale;
  const rgba = new Uint8Array(side * side * 4).fill(255);
  for (let y = 0; y < m.size; y++) {
    for (let x = 0; x < m.size; x++) {
      if (!m.dark(x, y)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const row = ((y + QUIET) * scale + dy) * side;
        for (let dx = 0; dx < scale; dx++) {
          const i = (row + (x + QUIET) * scale + dx) * 4;
          rgba[i] = 0;
          rgba[i + 1] = 0;
          rgba[i + 2] = 0;
        }
      }
    }
  }
  return encodePng(rgba, side, side);
}

export function qrTarget(appOrigin: string, storeId: string): string {
  return `${appOrigin}/QR/${storeId}`;
}

/** Generates the store's QR (PNG and SVG) pointing at /QR/{id} and stores both files. */
export async function writeStoreQr(
  files: FileStore,
  appOrigin: string,
  storeId: string,
): Promise<{ qrPngKey: string; qrSvgKey: string }> {
  const target = qrTarget(appOrigin, storeId);
  const png = qrPng(target);
  const svg = new TextEncoder().encode(qrSvg(target));
  const qrPngKey = `stores/${storeId}/qr/${(await sha256Hex(png)).slice(0, 32)}.png`;
  const qrSvgKey = `stores/${storeId}/qr/${(await sha256Hex(svg)).slice(0, 32)}.svg`;
  await files.put(qrPngKey, png, "image/png");
  await files.put(qrSvgKey, svg, "image/svg+xml");
  return { qrPngKey, qrSvgKey };
}
