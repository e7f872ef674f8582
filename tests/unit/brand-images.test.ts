import { describe, expect, it } from "vitest";
import { drawPicture } from "~/demo/pictures";
import { tabIconFromStoredIcon } from "~/media/brand-images";
import { readImageSize, sniffImageType } from "~/media/image-rules";
import { processImage } from "~/media/images.server";
import { decodePng, encodePng } from "~/media/png";
import { logoBrandKeys, renditionSourceKey, withRenditionKeys } from "~/media/renditions";
import { preparedImage } from "~/media/uploads.server";

/** A wide logo: a coloured mark on a transparent-free backdrop, 900 × 300. */
const logo = () => encodePng(drawPicture({ shape: "box", hue: 260, backdropHue: 260 }, 900, 300), 900, 300);

describe("a logo's browser icon and link preview", () => {
  it("are made from the logo when it is uploaded: a 192-px PNG square and a 1200 × 630 JPEG, the logo whole and centred", async () => {
    const image = await processImage(logo(), 450, { brand: true });
    const brand = image.brand;
    if (!brand) throw new Error("no brand images");
    const icon = decodePng(brand.icon);
    expect([icon.width, icon.height]).toEqual([192, 192]);
    // The corners are the white canvas; the centre is the logo.
    expect([...icon.rgba.subarray(0, 4)]).toEqual([255, 255, 255, 255]);
    const centre = ((96 * 192 + 96) * 4) as number;
    expect([...icon.rgba.subarray(centre, centre + 3)]).not.toEqual([255, 255, 255]);
    expect(sniffImageType(brand.share)).toBe("jpeg");
    expect(readImageSize(brand.share, "jpeg")).toEqual({ width: 1200, height: 630 });
    expect(brand.share.byteLength).toBeLessThan(120 * 1024);
    // Its colours, offered on the look page.
    expect(image.palette.length).toBeGreaterThan(0);
  });

  it("are not made for other pictures, nor their colours counted", async () => {
    const photo = await processImage(logo(), 400);
    expect(photo.brand).toBeUndefined();
    expect(photo.palette).toEqual([]);
  });

  it("are stored beside the logo and deleted with it", async () => {
    const prepared = preparedImage(await processImage(logo(), 450, { brand: true }), "stores/1234567890/logo");
    const keys = logoBrandKeys(prepared.key);
    expect(keys).toEqual({
      icon: prepared.key.replace(/\.webp$/, "-icon.png"),
      tabIcon: prepared.key.replace(/\.webp$/, "-icon-48.png"),
      share: prepared.key.replace(/\.webp$/, "-og.jpg"),
    });
    expect(prepared.renditions?.map((r) => r.key)).toEqual(expect.arrayContaining([keys?.icon, keys?.tabIcon, keys?.share]));
    expect(withRenditionKeys([prepared.key])).toEqual(expect.arrayContaining([keys?.icon, keys?.tabIcon, keys?.share]));
    // A logo from before tab icons: its 192-px icon answers for the tab icon it does not have yet.
    expect(keys && renditionSourceKey(keys.tabIcon)).toBe(keys?.icon);
    expect(logoBrandKeys("stores/1234567890/products/1234567/abc.webp")).toBeNull();
  });

  it("the browser tab's icon is the icon at 48 px, a few KB where the 192-px one of a detailed logo weighs about 30", async () => {
    const brand = (await processImage(logo(), 450, { brand: true })).brand;
    if (!brand) throw new Error("no brand images");
    const tab = decodePng(brand.tabIcon);
    expect([tab.width, tab.height]).toEqual([48, 48]);
    expect([...tab.rgba.subarray(0, 4)]).toEqual([255, 255, 255, 255]);
    const centre = ((24 * 48 + 24) * 4) as number;
    expect([...tab.rgba.subarray(centre, centre + 3)]).not.toEqual([255, 255, 255]);
    expect(brand.tabIcon.byteLength).toBeLessThan(6 * 1024);
    expect(brand.tabIcon.byteLength * 4).toBeLessThan(brand.icon.byteLength);
    // The upkeep makes a logo from before the same tab icon from its stored 192-px icon.
    expect(tabIconFromStoredIcon(brand.icon)).toEqual(brand.tabIcon);
  });

  it("the upkeep reads only a PNG of at most 192 px as a stored icon, by its header, before decoding anything", () => {
    const square = (side: number) => encodePng(new Uint8Array(side * side * 4).fill(200), side, side);
    expect(tabIconFromStoredIcon(square(193))).toBeNull();
    // A header claiming a huge picture is refused without decoding it (decoding these bytes would throw).
    const huge = square(8);
    new DataView(huge.buffer, huge.byteOffset).setUint32(16, 50_000);
    expect(tabIconFromStoredIcon(huge)).toBeNull();
    expect(tabIconFromStoredIcon(new TextEncoder().encode("<svg></svg>"))).toBeNull();
    expect(tabIconFromStoredIcon(square(96))?.byteLength).toBeGreaterThan(0);
  });
});
