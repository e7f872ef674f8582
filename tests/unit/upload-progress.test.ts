import { describe, expect, it } from "vitest";
import { dataUrl } from "~/media/upload-progress";

describe("uploads with progress", () => {
  it("post to the single-fetch URL React Router itself would use, query kept", () => {
    expect(dataUrl(new URL("http://localhost/Store/1234567890/info"))).toBe("/Store/1234567890/info.data");
    expect(dataUrl(new URL("http://localhost/Store/1/section/2/new/file?x=1"))).toBe("/Store/1/section/2/new/file.data?x=1");
    expect(dataUrl(new URL("http://localhost/"))).toBe("/_.data");
  });
});
