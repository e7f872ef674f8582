import { describe, expect, it } from "vitest";
import { isValidFileKey } from "~/services/files";
import { createTestServices } from "../support/services";

describe("disk file store", () => {
  it("stores, lists and deletes under a store prefix", async () => {
    const { files } = createTestServices();
    const data = new TextEncoder().encode("hola");
    await files.put("stores/1234567890/logo/abc.jpg", data, "image/jpeg");
    await files.put("stores/1234567890/products/1234567/def.jpg", data, "image/jpeg");
    await files.put("stores/9999999999/logo/abc.jpg", data, "image/jpeg");
    expect(await files.list("stores/1234567890/")).toEqual([
      "stores/1234567890/logo/abc.jpg",
      "stores/1234567890/products/1234567/def.jpg",
    ]);
    const file = await files.get("stores/1234567890/logo/abc.jpg");
    expect(file?.size).toBe(4);
    expect(file?.contentType).toBe("image/jpeg");
    await files.delete(await files.list("stores/1234567890/"));
    expect(await files.list("stores/1234567890/")).toEqual([]);
    expect(await files.list("stores/9999999999/")).toHaveLength(1);
  });

  it("refuses keys that could escape the folder", async () => {
    for (const key of [
      "../etc/passwd",
      "stores/1234567890/../../x.jpg",
      "stores/12/x.jpg",
      "stores/1234567890/x.html",
      "/abs.jpg",
    ]) {
      expect(isValidFileKey(key)).toBe(false);
    }
    const { files } = createTestServices();
    expect(await files.get("stores/1234567890/../../x.jpg")).toBeNull();
    await expect(files.put("../x.jpg", new Uint8Array(1), "image/jpeg")).rejects.toThrow();
  });
});
