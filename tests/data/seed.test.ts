import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/auth/password.server";
import { DEMO_GALLERY_PRODUCT, DEMO_MERCHANT, DEMO_STAFF, seedDemo } from "~/demo/seed.server";
import { translatorFor } from "~/domain/message-catalogs";
import { sniffImageType } from "~/media/image-rules";
import { loadStoreHome } from "~/site/queries.server";
import { activityPage } from "~/workspace/activity.server";
import { productPhotos, products, storeActivity, storeMembers, stores, users } from "../../db/schema";
import { createTestServices, demoTestServices } from "../support/services";

async function bytesOf(stream: ReadableStream<Uint8Array>) {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("demo seed and the store home query", () => {
  it("seeds the demo merchant, store, products, a staff member and their history once, with images through the pipeline", async () => {
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

    // A 'Ventas' member who signs in, and a week of history in 'Actividad', once.
    const staff = await s.db.query.users.findFirst({ where: eq(users.email, DEMO_STAFF.email) });
    expect(await verifyPassword(DEMO_STAFF.password, staff?.passwordHash ?? "")).toBe(true);
    const members = await s.db
      .select()
      .from(storeMembers)
      .where(eq(storeMembers.storeId, store?.id ?? ""));
    expect(members.map((m) => [m.userId, m.role])).toEqual([[staff?.id, "sales"]]);

    const page = await activityPage(
      s.db,
      store?.id ?? "",
      { actor: null, kind: null, from: null, to: null, before: null },
      "UTC",
      translatorFor("es"),
    );
    const now = s.clock.now().getTime();
    expect(page.entries.every((e) => e.at.getTime() < now)).toBe(true);
    const read = page.entries.map((e) => [e.kind, e.summary, e.before, e.after]);
    expect(read).toEqual(
      expect.arrayContaining([
        ["member", `Invitó a ${DEMO_STAFF.email} como Ventas`, null, null],
        ["member", "Se unió al equipo como Ventas", null, null],
        ["price", "Cambió el precio de “Café de Colombia 500 g”", "890 USD", "990 USD"],
        ["stock", "Cambió el stock de “Bolso tejido wayuu”", "7", "4"],
        ["settings", "Cambió la información de la tienda: ubicación", null, null],
      ]),
    );
    expect(page.people.map((p) => p.label)).toEqual([
      `Ana Demo (${DEMO_MERCHANT.email})`,
      `${DEMO_STAFF.name} ${DEMO_STAFF.lastname} (${DEMO_STAFF.email})`,
    ]);
    // Newest first: the store's information saved last, the delivery set up first.
    expect(page.entries[0]?.summary).toBe("Cambió la información de la tienda: ubicación");
    expect(page.entries.at(-1)?.summary).toMatch(/^Agregó .*“Centro”$/);
    expect(await s.db.$count(storeActivity)).toBe(page.entries.length);
    // The products end as the demo lists them.
    const coffee = await s.db.query.products.findFirst({ where: eq(products.name, "Café de Colombia 500 g") });
    expect([coffee?.price, coffee?.stock]).toEqual([990, 30]);
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
