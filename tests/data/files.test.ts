import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { loader as fileLoader } from "~/files/routes/stored-file";
import { isValidFileKey } from "~/services/files";
import { servicesContext } from "~/services/services";
import { DiskFileStore } from "../../server/disk-files";
import { TMP_DIR } from "../support/paths";
import { createTestServices } from "../support/services";

async function serve(services: ReturnType<typeof createTestServices>, key: string) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const response = (await fileLoader({
    request: new Request(`http://localhost/files/${key}`),
    params: { "*": key },
    context,
  } as never)) as Response;
  return { status: response.status, body: await response.text() };
}

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
      // Every object has these names: no content type of ours.
      "stores/1234567890/x.constructor",
      "stores/1234567890/private/x.constructor",
      "stores/1234567890/x.valueOf",
    ]) {
      expect(isValidFileKey(key)).toBe(false);
    }
    const { files } = createTestServices();
    expect(await files.get("stores/1234567890/../../x.jpg")).toBeNull();
    await expect(files.put("../x.jpg", new Uint8Array(1), "image/jpeg")).rejects.toThrow();
  });

  it("/files serves no file whose extension names an object's built-in", async () => {
    const s = createTestServices();
    const key = "stores/1234567890/x.constructor";
    await s.files.put(key, new TextEncoder().encode("<script>alert(1)</script>"), "text/html").catch(() => {});
    expect((await serve(s, key)).status).toBe(404);
  });

  it("concurrent puts of the same key and content all succeed and leave no temp file", async () => {
    const root = join(TMP_DIR, `files-${process.pid}-${crypto.randomUUID().slice(0, 8)}`);
    mkdirSync(root, { recursive: true });
    const files = new DiskFileStore(root);
    const key = "stores/1234567890/section/same.webp";
    const data = new TextEncoder().encode("the same image, uploaded twice at once");
    // Every put in the same millisecond: the case where a time-based temp name collides.
    const now = vi.spyOn(Date, "now").mockReturnValue(1_773_154_800_000);
    try {
      const results = await Promise.allSettled(Array.from({ length: 20 }, () => files.put(key, data)));
      expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    } finally {
      now.mockRestore();
    }
    const folder = join(root, "stores", "1234567890", "section");
    expect(readFileSync(join(folder, "same.webp"))).toEqual(Buffer.from(data));
    expect(readdirSync(folder)).toEqual(["same.webp"]);
    expect(await files.list("stores/1234567890/")).toEqual([key]);
  });
});

describe("image renditions in the file store", () => {
  it("deleting an image deletes its half-size rendition", async () => {
    const { files } = createTestServices();
    const bytes = new TextEncoder().encode("webp");
    await files.put("stores/1234567890/logo/abc.webp", bytes, "image/webp");
    await files.put("stores/1234567890/logo/abc-s.webp", bytes, "image/webp");
    await files.put("stores/1234567890/logo/other.webp", bytes, "image/webp");
    await files.delete(["stores/1234567890/logo/abc.webp"]);
    expect(await files.list("stores/1234567890/")).toEqual(["stores/1234567890/logo/other.webp"]);
  });

  it("/files serves a rendition, and the full image for one stored before renditions existed", async () => {
    const services = createTestServices();
    const enc = new TextEncoder();
    await services.files.put("stores/1234567890/p/new.webp", enc.encode("full"), "image/webp");
    await services.files.put("stores/1234567890/p/new-s.webp", enc.encode("small"), "image/webp");
    await services.files.put("stores/1234567890/p/old.webp", enc.encode("old full"), "image/webp");
    expect(await serve(services, "stores/1234567890/p/new-s.webp")).toEqual({ status: 200, body: "small" });
    expect(await serve(services, "stores/1234567890/p/old-s.webp")).toEqual({ status: 200, body: "old full" });
    expect((await serve(services, "stores/1234567890/p/gone-s.webp")).status).toBe(404);
    expect((await serve(services, "stores/1234567890/p/gone.webp")).status).toBe(404);
  });
});
