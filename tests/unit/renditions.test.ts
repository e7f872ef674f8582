import { describe, expect, it } from "vitest";
import { renditionSourceKey, smallRendition, smallRenditionKey, smallRenditionSize, withRenditionKeys } from "~/media/renditions";

describe("image renditions", () => {
  it("a WebP image has a half-size rendition named beside it", () => {
    expect(smallRenditionKey("stores/1234567890/logo/abc.webp")).toBe("stores/1234567890/logo/abc-s.webp");
    expect(renditionSourceKey("stores/1234567890/logo/abc-s.webp")).toBe("stores/1234567890/logo/abc.webp");
    expect(smallRendition("stores/1234567890/banner/b.webp", 1067, 600)).toEqual({
      key: "stores/1234567890/banner/b-s.webp",
      width: 534,
      height: 300,
    });
  });

  it("older JPEG files, renditions themselves and short pictures have none", () => {
    expect(smallRenditionKey("stores/1234567890/logo/abc.jpg")).toBeNull();
    expect(smallRenditionKey("stores/1234567890/logo/abc-s.webp")).toBeNull();
    expect(renditionSourceKey("stores/1234567890/logo/abc.webp")).toBeNull();
    expect(smallRenditionSize(300, 199)).toBeNull();
    expect(smallRendition("stores/1234567890/p/a.webp", 300, 150)).toBeNull();
  });

  it("deleting an image names its rendition too, once", () => {
    expect(withRenditionKeys(["stores/1234567890/a.webp", "stores/1234567890/a-s.webp", "stores/1234567890/v.mp4"])).toEqual([
      "stores/1234567890/a.webp",
      "stores/1234567890/a-s.webp",
      "stores/1234567890/v.mp4",
    ]);
  });
});
