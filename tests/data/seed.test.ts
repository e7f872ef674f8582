import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/auth/password.server";
import { DEMO_GALLERY_PRODUCT, DEMO_MERCHANT, seedDemo } from "~/demo/seed.server";
import { sniffImageType } from "~/media/image-rules";
import { loadStoreHome } from "~/site/queries.server";
import { productPhotos, products, stores, users } from "../../db/schema";
import { createTestServices, demoTestServices } from "../support/services";

async function bytesOf(stream: ReadableStream<Uint8Array>) {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("demo seed and the store home query", () => {
  it("seeds the demo merchant, store and products once, with images through the pipeline", async () => {
    const s = createTestServices();
    expect(await seedDemo(s)).toEqual({ created: true });
    expect(await seedDemo(s)).toEqual({ created: false });

    const user = await s.db.query.users.findFirst({ where: eq(users.email, DEMO_MERCHANT.email) });
    expect(user?.passwordHash).not.toContain(DEMO_MERCHANT.password);
    expect(await verifyPassword(DEMO_MERCHANT.password, user?.passwordHash ?? "")).toBe(true);

    const store = await s.db.query.stores.findFirst({ where: eq(stores.url, "demo") });
    expect(store?.id).toMatch(/^\d{10}$/);
    expect(store?.qrPngKey && store.qrSvgKey && store.logoKey).toBeTruthy();
    const rows = await s.db
      .select()
      .from(products)
      .where(eq(products.storeId, store?.id ?? ""));
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const p of rows) {
      expect(p.id).toMatch(/^\d{7}$/);
      expect(p.imageHeight).toBe(400);
      const file = await s.files.get(p.imageKey ?? "");
      expect(file).not.toBeNull();
      const bytes = await bytesOf(file?.body as ReadableStream<Uint8Array>);
      expect(sniffImageType(bytes)).toBe("webp");
      expect(bytes.byteLength).toBeLessThanOrEqual(35 * 1024);
    }

    // One product has a gallery of 4 photos, its cover first; the T-shirt has a photo per colour; every other product has its cover alone.
    const gallery = rows.find((p) => p.name === DEMO_GALLERY_PRODUCT);
    const photos = await s.db
      .select()
      .from(productPhotos)
      .where(eq(productPhotos.productId, gallery?.id ?? ""))
      .orderBy(asc(productPhotos.position), asc(productPhotos.id));
    expect(photos).toHaveLength(4);
    expect(photos[0]?.key).toBe(gallery?.imageKey);
    expect(new Set(photos.map((p) => p.key)).size).toBe(4);
    for (const photo of photos) expect(await s.files.get(photo.key)).not.toBeNull();
    const shirt = rows.find((p) => p.name === "Camiseta estampada");
    expect(await s.db.$count(productPhotos, eq(productPhotos.productId, shirt?.id ?? ""))).toBe(2);
    expect(await s.db.$count(productPhotos)).toBe(rows.length + 3 + 1);
  });

  it("loads a store home in one round trip, newest products first", async () => {
    const s = await demoTestServices();
    const before = s.roundTrips.count;
    const home = await loadStoreHome(s.db, "demo");
    expect(s.roundTrips.count - before).toBe(1);
    expect(home.store?.name).toBe("Demo");
    const dates = home.products.map((p) => p.name);
    expect(dates[0]).toBe("Suculenta en maceta");
    const missing = await loadStoreHome(s.db, "no-existe");
    expect(missing.store).toBeNull();
  });
});
