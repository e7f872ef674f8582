import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { readImageSize, sniffImageType } from "~/media/image-rules";
import { decodePng } from "~/media/png";
import { renderFavicon, renderIcons } from "~/pwa/icons";
import {
  ALL_ICONS,
  BACKGROUND_COLOR,
  ICONS,
  type IconSpec,
  MASKABLE_CONTENT_SHARE,
  THEME_COLOR,
  webManifest,
} from "~/pwa/manifest";

const SOURCE = readFileSync("app/pwa/icon-source.png");

function pixels(png: Uint8Array) {
  const { rgba, width } = decodePng(png);
  return (x: number, y: number) => Array.from(rgba.subarray((y * width + x) * 4, (y * width + x) * 4 + 4));
}

let rendered: Map<IconSpec, Uint8Array>;
beforeAll(() => {
  rendered = new Map(renderIcons(SOURCE).map(({ spec, png }) => [spec, png]));
});
const icon = (spec: IconSpec) => rendered.get(spec) as Uint8Array;

describe("icons, every one resized at build from the one source image", () => {
  it("the source is a square of at least 1024 px on the brand colour", () => {
    const size = readImageSize(SOURCE, "png");
    expect(size?.width).toBe(size?.height);
    expect(size?.width).toBeGreaterThanOrEqual(1024);
    expect(pixels(SOURCE)(0, 0).slice(0, 3)).toEqual([0x5b, 0x3d, 0xf5]);
  });

  it("each icon is a PNG of its declared size", () => {
    expect(rendered.size).toBe(ALL_ICONS.length);
    for (const spec of ALL_ICONS) {
      expect(sniffImageType(icon(spec)), spec.path).toBe("png");
      expect(readImageSize(icon(spec), "png"), spec.path).toEqual({ width: spec.size, height: spec.size });
    }
    expect(ALL_ICONS.map((s) => s.size).sort((a, b) => a - b)).toEqual([96, 180, 192, 512, 512]);
  });

  it("'any' icons have rounded, transparent corners; the mark is white in the middle", () => {
    for (const spec of [ICONS.any192, ICONS.any512]) {
      const at = pixels(icon(spec));
      expect(at(0, 0)[3], spec.path).toBe(0);
      expect(at(spec.size - 1, spec.size - 1)[3], spec.path).toBe(0);
      expect(at(spec.size / 2, Math.round(spec.size * 0.08))).toEqual([0x5b, 0x3d, 0xf5, 255]);
      expect(at(spec.size / 2, Math.round(spec.size * 0.26))).toEqual([255, 255, 255, 255]);
    }
  });

  it("the maskable icon is opaque, its mark inside the safe zone and padded with the background", () => {
    const at = pixels(icon(ICONS.maskable512));
    const size = ICONS.maskable512.size;
    const pad = Math.floor((size * (1 - MASKABLE_CONTENT_SHARE)) / 2);
    for (const [x, y] of [
      [0, 0],
      [size - 1, size - 1],
      [pad - 1, size / 2],
      [size / 2, pad - 1],
    ] as const)
      expect(at(x, y), `${x},${y}`).toEqual([0x5b, 0x3d, 0xf5, 255]);
    // Nothing white outside the centred circle of 80 % (the safe zone every launcher shape keeps).
    for (let y = 0; y < size; y += 2)
      for (let x = 0; x < size; x += 2) {
        if (Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) <= size * 0.4) continue;
        expect(at(x, y)[1], `${x},${y}`).toBeLessThan(80);
      }
  });

  it("the apple-touch icon is opaque (iOS rounds it itself); the badge is the white mark on transparency", () => {
    const apple = pixels(icon(ICONS.apple180));
    expect(apple(0, 0)).toEqual([0x5b, 0x3d, 0xf5, 255]);
    const badge = pixels(icon(ICONS.badge96));
    expect(badge(0, 95)[3]).toBe(0);
    let opaqueWhite = 0;
    for (let y = 0; y < 96; y++) for (let x = 0; x < 96; x++) if (badge(x, y)[3] === 255) opaqueWhite++;
    expect(opaqueWhite).toBeGreaterThan(96 * 96 * 0.2);
    expect(badge(48, 48).slice(0, 3)).toEqual([255, 255, 255]);
  });
});

describe("/favicon.ico", () => {
  it("is an ICO file of one 32 px PNG: the 'any' icon, rounded, the white mark on the brand colour", () => {
    const ico = renderFavicon(SOURCE);
    const view = new DataView(ico.buffer, ico.byteOffset, ico.byteLength);
    expect([view.getUint16(0, true), view.getUint16(2, true), view.getUint16(4, true)]).toEqual([0, 1, 1]);
    expect([ico[6], ico[7], view.getUint16(10, true), view.getUint16(12, true)]).toEqual([32, 32, 1, 32]);
    const offset = view.getUint32(18, true);
    const png = ico.subarray(offset, offset + view.getUint32(14, true));
    expect(offset + png.byteLength).toBe(ico.byteLength);
    expect(sniffImageType(png)).toBe("png");
    expect(readImageSize(png, "png")).toEqual({ width: 32, height: 32 });
    const at = pixels(png);
    expect(at(0, 0)[3]).toBe(0);
    expect(at(16, 2)).toEqual([0x5b, 0x3d, 0xf5, 255]);
    expect(at(16, 8)).toEqual([255, 255, 255, 255]);
  });
});

describe("the web app manifest", () => {
  it("names the Spanish app, its scope and its icons", () => {
    const manifest = webManifest();
    expect(manifest).toMatchObject({
      id: "/",
      name: "Vitrina",
      short_name: "Vitrina",
      lang: "es",
      start_url: "/",
      scope: "/",
      display: "standalone",
    });
    expect(manifest.icons).toEqual([
      { src: ICONS.any192.path, sizes: "192x192", type: "image/png", purpose: "any" },
      { src: ICONS.any512.path, sizes: "512x512", type: "image/png", purpose: "any" },
      { src: ICONS.maskable512.path, sizes: "512x512", type: "image/png", purpose: "maskable" },
    ]);
  });

  it("its colours are the merchant app's (app/styles/app.css): the brand purple and the page background", () => {
    const css = readFileSync("app/styles/app.css", "utf8");
    expect(css).toMatch(new RegExp(`body\\{[^}]*background:${BACKGROUND_COLOR}`));
    expect(css).toMatch(new RegExp(`\\.button\\{[^}]*background:${THEME_COLOR}`));
    expect(css).toMatch(new RegExp(`\\.brand\\{[^}]*color:${THEME_COLOR}`));
    expect(webManifest()).toMatchObject({ theme_color: THEME_COLOR, background_color: BACKGROUND_COLOR });
  });
});
