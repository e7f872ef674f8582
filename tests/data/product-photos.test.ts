// A product's photo gallery on real libSQL: the plan's limit held by the insert itself (also when uploads
// race), the cover copied into the product by the database, the last photo kept, other merchants' ids
// refused, and files removed only when no photo and no sale line shows them.

import { readFileSync } from "node:fs";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createSession } from "~/auth/sessions.server";
import { ID_DIGITS, randomDigits } from "~/domain/ids";
import { slugify } from "~/domain/slug";
import { sniffImageType } from "~/media/image-rules";
import { addPhotos, deletePhoto, movePhoto } from "~/products/photos.server";
import { productFilesPrefix } from "~/products/product-files.server";
import { insertProduct } from "~/products/products.server";
import * as editProduct from "~/products/routes/edit-product";
import * as newProductPage from "~/products/routes/new-product";
import * as productPhotosPage from "~/products/routes/product-photos";
import { loader as publicProductLoader } from "~/site/routes/product";
import { planLimits } from "~/workspace/plan-limits.server";
import { productPhotos, products, saleLines, sales, stores } from "../../db/schema";
import { merchantWithStore, TEST_ACTOR } from "../support/merchants";
import { createTestServices } from "../support/services";
import { siteArgs } from "../support/site-args";
import { workspaceRequest } from "../support/workspace-request";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

type S = ReturnType<typeof createTestServices>;

const fixture = (path: string, name = path.split("/").pop() ?? "foto.jpg") =>
  new File([readFileSync(`tests/fixtures/${path}`)], name, { type: "image/jpeg" });

/** A merchant on `plan` with one product whose cover (its first photo) is stored at a known key. */
async function productWithCover(s: S, plan: "standard" | "premium" = "standard") {
  const m = await merchantWithStore(s, plan);
  const now = s.clock.now();
  const id = randomDigits(ID_DIGITS.product);
  const coverKey = `${productFilesPrefix(m.store.id, id)}/portada.webp`;
  const product = await insertProduct(
    s.db,
    {
      id,
      storeId: m.store.id,
      name: "Mochila wayuu",
      price: 4500,
      stock: 3,
      imageKey: coverKey,
      imageWidth: 400,
      imageHeight: 400,
      filename: "portada.jpg",
    },
    now,
  );
  await s.files.put(coverKey, new Uint8Array([1]), "image/webp");
  const cookie = (await createSession(s, m.id)).split(";")[0] ?? "";
  return { ...m, product, coverKey, cookie, limits: await planLimits(s.db, plan) };
}

const photo = (storeId: string, productId: string, name: string) => ({
  key: `${productFilesPrefix(storeId, productId)}/${name}.webp`,
  width: 600,
  height: 400,
  filename: `${name}.jpg`,
});

async function galleryRows(s: S, productId: string) {
  return s.db
    .select()
    .from(productPhotos)
    .where(eq(productPhotos.productId, productId))
    .orderBy(asc(productPhotos.position), asc(productPhotos.id));
}

async function galleryKeys(s: S, productId: string) {
  return (await galleryRows(s, productId)).map((r) => r.key);
}

async function coverOf(s: S, productId: string) {
  const row = await s.db.query.products.findFirst({ where: eq(products.id, productId) });
  return row?.imageKey;
}

async function storeUpdatedAt(s: S, storeId: string) {
  return (await s.db.query.stores.findFirst({ where: eq(stores.id, storeId) }))?.updatedAt.getTime();
}

/** The photos page's action for the merchant's own store and `productId`, as an HTTP status and data. */
function postPhotos(
  s: S,
  m: Awaited<ReturnType<typeof productWithCover>>,
  form: Record<string, string | File | File[]>,
  productId = m.product.id,
) {
  return workspaceRequest(s, {
    module: productPhotosPage,
    cookie: m.cookie,
    method: "POST",
    path: `/Store/${m.store.id}/products/${productId}/photos`,
    params: { storeId: m.store.id, productId },
    form,
  });
}

describe("the plan's photos per product", () => {
  it("standard adds up to 4 photos, the cover included, all or none, and refuses past it", async () => {
    const s = createTestServices();
    const m = await productWithCover(s);
    expect(m.limits.photosPerProduct).toBe(4);
    const [a, b, c, d] = ["a", "b", "c", "d"].map((n) => photo(m.store.id, m.product.id, n));
    if (!a || !b || !c || !d) throw new Error("photos");

    await addPhotos(s.db, TEST_ACTOR, m.product, m.limits, [a, b], s.clock.now());
    // Three more do not fit the one free slot: none of them is added.
    await expect(addPhotos(s.db, TEST_ACTOR, m.product, m.limits, [c, d, d], s.clock.now())).rejects.toThrow(
      "Queda solo 1 espacio para fotos de este producto",
    );
    expect(await galleryKeys(s, m.product.id)).toEqual([m.coverKey, a.key, b.key]);
    await addPhotos(s.db, TEST_ACTOR, m.product, m.limits, [c], s.clock.now());
    await expect(addPhotos(s.db, TEST_ACTOR, m.product, m.limits, [d], s.clock.now())).rejects.toThrow(
      "Límite de fotos alcanzado: tu plan permite 4 fotos por producto",
    );
    expect(await galleryKeys(s, m.product.id)).toEqual([m.coverKey, a.key, b.key, c.key]);
    // Adding never changes the cover.
    expect(await coverOf(s, m.product.id)).toBe(m.coverKey);
  });

  it("premium adds up to 8", async () => {
    const s = createTestServices();
    const m = await productWithCover(s, "premium");
    expect(m.limits.photosPerProduct).toBe(8);
    const seven = Array.from({ length: 7 }, (_, i) => photo(m.store.id, m.product.id, `p${i}`));
    await addPhotos(s.db, TEST_ACTOR, m.product, m.limits, seven, s.clock.now());
    expect(await galleryKeys(s, m.product.id)).toHaveLength(8);
    await expect(addPhotos(s.db, TEST_ACTOR, m.product, m.limits, seven.slice(0, 1), s.clock.now())).rejects.toThrow(
      "tu plan permite 8 fotos por producto",
    );
  });

  it("simultaneous uploads never pass the limit", async () => {
    const s = createTestServices();
    const m = await productWithCover(s);
    const tries = await Promise.allSettled(
      [0, 1, 2].map((i) =>
        addPhotos(
          s.db,
          TEST_ACTOR,
          m.product,
          m.limits,
          [photo(m.store.id, m.product.id, `x${i}`), photo(m.store.id, m.product.id, `y${i}`)],
          s.clock.now(),
        ),
      ),
    );
    expect(tries.filter((t) => t.status === "fulfilled")).toHaveLength(1);
    expect(await galleryKeys(s, m.product.id)).toHaveLength(3);
    const singles = await Promise.allSettled(
      [0, 1, 2].map((i) =>
        addPhotos(s.db, TEST_ACTOR, m.product, m.limits, [photo(m.store.id, m.product.id, `z${i}`)], s.clock.now()),
      ),
    );
    expect(singles.filter((t) => t.status === "fulfilled")).toHaveLength(1);
    expect(await galleryKeys(s, m.product.id)).toHaveLength(4);
  });

  it("two uploads through the page at once: one is saved through the image pipeline, the other refused with its files removed", async () => {
    const s = createTestServices();
    const m = await productWithCover(s);
    const [first, second] = await Promise.all([
      postPhotos(s, m, { intent: "add", photos: [fixture("photos/board.jpg"), fixture("photos/wide.jpg")] }),
      postPhotos(s, m, { intent: "add", photos: [fixture("jpeg/ycc420.jpg"), fixture("jpeg/grey.jpg")] }),
    ]);
    // The page redirects after a saved upload and answers 409 with the Spanish limit message otherwise.
    expect([first.status, second.status].sort()).toEqual([302, 409]);
    const refused = [first, second].find((r) => r.status === 409);
    expect(refused?.data).toMatchObject({
      intent: "add",
      errors: { photos: "Queda solo 1 espacio para fotos de este producto" },
    });
    const rows = await galleryRows(s, m.product.id);
    expect(rows).toHaveLength(3);
    // Each saved photo is a lossy WebP 400 px high (never enlarged) with its half-size rendition beside it.
    for (const row of rows.slice(1)) {
      expect(row.height).toBeLessThanOrEqual(400);
      const stored = await s.files.get(row.key);
      const bytes = new Uint8Array(await new Response(stored?.body).arrayBuffer());
      expect(sniffImageType(bytes)).toBe("webp");
      expect(["WEBPVP8 ", "WEBPVP8X"]).toContain(Buffer.from(bytes.subarray(8, 16)).toString("latin1"));
    }
    const files = await s.files.list(`${productFilesPrefix(m.store.id, m.product.id)}/`);
    const expected = [m.coverKey, ...rows.slice(1).map((r) => r.key)];
    for (const row of rows.slice(1)) if (row.height >= 200) expected.push(row.key.replace(/\.webp$/, "-s.webp"));
    expect(files.sort()).toEqual(expected.sort());
  });

  it("the page refuses an upload that cannot fit before decoding anything, and one without files", async () => {
    const s = createTestServices();
    const m = await productWithCover(s);
    const tooMany = await postPhotos(s, m, {
      intent: "add",
      photos: [fixture("photos/board.jpg"), fixture("photos/wide.jpg"), fixture("jpeg/grey.jpg"), fixture("jpeg/rgb.jpg")],
    });
    expect(tooMany).toMatchObject({
      status: 409,
      data: { errors: { photos: "Quedan solo 3 espacios para fotos de este producto" } },
    });
    expect(await postPhotos(s, m, { intent: "add" })).toMatchObject({
      status: 400,
      data: { errors: { photos: "Elige al menos una foto" } },
    });
    expect(await s.files.list(`${productFilesPrefix(m.store.id, m.product.id)}/`)).toEqual([m.coverKey]);
  });
});

describe("a new product with several photos", () => {
  const postNew = (s: S, m: Awaited<ReturnType<typeof productWithCover>>, images: File[]) =>
    workspaceRequest(s, {
      module: newProductPage,
      cookie: m.cookie,
      method: "POST",
      path: `/Store/${m.store.id}/products/new`,
      params: { storeId: m.store.id },
      form: { intent: "create", name: "Bolso tejido", price: "30", stock: "2", category: "1", image: images },
    });
  const created = async (s: S, storeId: string) =>
    s.db.query.products.findFirst({ where: (t, { and, eq }) => and(eq(t.storeId, storeId), eq(t.name, "Bolso tejido")) });

  it("is created in one form: the first photo its cover, the others its gallery in the order chosen", async () => {
    const s = createTestServices();
    const m = await productWithCover(s);
    const answer = await postNew(s, m, [
      fixture("photos/wide.jpg", "frente.jpg"),
      fixture("photos/board.jpg", "lado.jpg"),
      fixture("jpeg/rgb.jpg", "detalle.jpg"),
    ]);
    expect(answer.status).toBe(302);
    const product = await created(s, m.store.id);
    const gallery = await galleryRows(s, product?.id ?? "");
    expect(gallery.map((p) => p.filename)).toEqual(["frente.jpg", "lado.jpg", "detalle.jpg"]);
    expect(product?.imageKey).toBe(gallery[0]?.key);
    for (const row of gallery)
      expect(row.key).toMatch(new RegExp(`^${productFilesPrefix(m.store.id, product?.id ?? "")}/[0-9a-f]{32}\\.webp$`));
    expect(await s.files.list(`${productFilesPrefix(m.store.id, product?.id ?? "")}/`)).toEqual(
      expect.arrayContaining(gallery.map((row) => row.key)),
    );
  });

  it("more photos than the plan allows are refused before any is decoded: no product, no file", async () => {
    const s = createTestServices();
    const m = await productWithCover(s);
    const five = ["photos/wide.jpg", "photos/board.jpg", "jpeg/rgb.jpg", "jpeg/grey.jpg", "jpeg/ycc420.jpg"].map((f) =>
      fixture(f),
    );
    const answer = await postNew(s, m, five);
    expect(answer).toMatchObject({
      status: 409,
      data: { errors: { image: "Quedan solo 4 espacios para fotos de este producto" } },
    });
    expect(await created(s, m.store.id)).toBeUndefined();
    expect((await s.files.list(`stores/${m.store.id}/products/`)).filter((k) => k !== m.coverKey)).toEqual([]);
  });
});

describe("order and cover", () => {
  it("moving a photo reorders the gallery in one batch and the first one becomes the product's cover", async () => {
    const s = createTestServices();
    const m = await productWithCover(s);
    const [a, b, c] = ["a", "b", "c"].map((n) => photo(m.store.id, m.product.id, n));
    if (!a || !b || !c) throw new Error("photos");
    await addPhotos(s.db, TEST_ACTOR, m.product, m.limits, [a, b, c], s.clock.now());
    const ids = () => galleryKeys(s, m.product.id);
    const idOf = async (key: string) => (await galleryRows(s, m.product.id)).find((r) => r.key === key)?.id ?? 0;

    // 'Usar como portada' on the last photo.
    expect(
      await movePhoto(s.db, TEST_ACTOR, m.product, await galleryRows(s, m.product.id), await idOf(c.key), "cover", s.clock.now()),
    ).toBe(true);
    expect(await ids()).toEqual([c.key, m.coverKey, a.key, b.key]);
    expect(await coverOf(s, m.product.id)).toBe(c.key);
    expect((await galleryRows(s, m.product.id)).map((r) => r.position)).toEqual([0, 1, 2, 3]);
    const product = await s.db.query.products.findFirst({ where: eq(products.id, m.product.id) });
    expect({ width: product?.imageWidth, height: product?.imageHeight, filename: product?.filename }).toEqual({
      width: 600,
      height: 400,
      filename: "c.jpg",
    });

    // One place down moves the cover away: the next photo becomes the cover.
    await movePhoto(s.db, TEST_ACTOR, m.product, await galleryRows(s, m.product.id), await idOf(c.key), "down", s.clock.now());
    expect(await ids()).toEqual([m.coverKey, c.key, a.key, b.key]);
    expect(await coverOf(s, m.product.id)).toBe(m.coverKey);
    await movePhoto(s.db, TEST_ACTOR, m.product, await galleryRows(s, m.product.id), await idOf(b.key), "up", s.clock.now());
    expect(await ids()).toEqual([m.coverKey, c.key, b.key, a.key]);
    // At an end already: nothing changes.
    expect(
      await movePhoto(s.db, TEST_ACTOR, m.product, await galleryRows(s, m.product.id), await idOf(a.key), "down", s.clock.now()),
    ).toBe(true);
    expect(await ids()).toEqual([m.coverKey, c.key, b.key, a.key]);
  });

  it("every change bumps the store's updated_at (the public pages' cache key)", async () => {
    const s = createTestServices();
    const m = await productWithCover(s);
    let last = await storeUpdatedAt(s, m.store.id);
    const changed = async () => {
      const now = await storeUpdatedAt(s, m.store.id);
      const moved = now !== last;
      last = now;
      return moved;
    };
    const tick = () => {
      s.testClock.current = new Date(s.testClock.current.getTime() + 60_000);
    };
    tick();
    await addPhotos(s.db, TEST_ACTOR, m.product, m.limits, [photo(m.store.id, m.product.id, "a")], s.clock.now());
    expect(await changed()).toBe(true);
    tick();
    const rows = await galleryRows(s, m.product.id);
    await movePhoto(s.db, TEST_ACTOR, m.product, rows, rows[1]?.id ?? 0, "cover", s.clock.now());
    expect(await changed()).toBe(true);
    tick();
    await deletePhoto(s.db, TEST_ACTOR, s.files, m.product, rows[0]?.id ?? 0, s.clock.now());
    expect(await changed()).toBe(true);
  });
});

describe("deleting photos", () => {
  it("the last photo is never deleted, not even by two deletes at once; deleting the cover promotes the next one", async () => {
    const s = createTestServices();
    const m = await productWithCover(s);
    const [cover] = await galleryRows(s, m.product.id);
    await expect(deletePhoto(s.db, TEST_ACTOR, s.files, m.product, cover?.id ?? 0, s.clock.now())).rejects.toThrow(
      "No puedes eliminar la única foto: un producto siempre tiene una portada",
    );
    const a = photo(m.store.id, m.product.id, "a");
    await addPhotos(s.db, TEST_ACTOR, m.product, m.limits, [a], s.clock.now());
    const [first, second] = await galleryRows(s, m.product.id);
    const both = await Promise.allSettled([
      deletePhoto(s.db, TEST_ACTOR, s.files, m.product, first?.id ?? 0, s.clock.now()),
      deletePhoto(s.db, TEST_ACTOR, s.files, m.product, second?.id ?? 0, s.clock.now()),
    ]);
    expect(both.filter((t) => t.status === "fulfilled")).toHaveLength(1);
    const left = await galleryRows(s, m.product.id);
    expect(left).toHaveLength(1);
    expect(await coverOf(s, m.product.id)).toBe(left[0]?.key);

    // Through the page: the same refusal, as a 409 with the message.
    const refused = await postPhotos(s, m, { intent: "delete", photo: String(left[0]?.id) });
    expect(refused).toMatchObject({
      status: 409,
      data: { errors: { form: "No puedes eliminar la única foto: un producto siempre tiene una portada" } },
    });
  });

  it("a deleted photo's file goes unless a sale line or another photo still shows it", async () => {
    const s = createTestServices();
    const m = await productWithCover(s);
    const [sold, twice] = ["vendida", "repetida"].map((n) => photo(m.store.id, m.product.id, n));
    if (!sold || !twice) throw new Error("photos");
    // The same picture uploaded twice shares its content-addressed key.
    await addPhotos(s.db, TEST_ACTOR, m.product, m.limits, [sold, twice, twice], s.clock.now());
    for (const key of [sold.key, twice.key])
      for (const k of [key, key.replace(/\.webp$/, "-s.webp")]) await s.files.put(k, new Uint8Array([1]), "image/webp");
    await s.db.insert(sales).values({
      id: "1234567890",
      storeId: m.store.id,
      total: 4500,
      subtotal: 4500,
      currency: "USD",
      buyerName: "Eva",
      delivery: "pickup",
      createdAt: s.clock.now(),
    });
    await s.db.insert(saleLines).values({
      saleId: "1234567890",
      position: 1,
      productId: m.product.id,
      name: "Mochila wayuu",
      imageKey: sold.key,
      unitPrice: 4500,
      quantity: 1,
    });
    const idsOf = async (key: string) => (await galleryRows(s, m.product.id)).filter((r) => r.key === key).map((r) => r.id);
    const list = () => s.files.list(`${productFilesPrefix(m.store.id, m.product.id)}/`);

    await deletePhoto(s.db, TEST_ACTOR, s.files, m.product, (await idsOf(sold.key))[0] ?? 0, s.clock.now());
    expect(await list()).toContain(sold.key);
    const [one, other] = await idsOf(twice.key);
    await deletePhoto(s.db, TEST_ACTOR, s.files, m.product, one ?? 0, s.clock.now());
    expect(await list()).toContain(twice.key);
    await deletePhoto(s.db, TEST_ACTOR, s.files, m.product, other ?? 0, s.clock.now());
    expect((await list()).sort()).toEqual([m.coverKey, sold.key.replace(/\.webp$/, "-s.webp"), sold.key].sort());
  });
});

describe("tenant scoping of the photos page", () => {
  it("another product's or store's photo ids answer 404 and change nothing; bad input answers 400 in Spanish", async () => {
    const s = createTestServices();
    const me = await productWithCover(s);
    const them = await productWithCover(s);
    await addPhotos(s.db, TEST_ACTOR, me.product, me.limits, [photo(me.store.id, me.product.id, "mia")], s.clock.now());
    await addPhotos(s.db, TEST_ACTOR, them.product, them.limits, [photo(them.store.id, them.product.id, "ajena")], s.clock.now());
    // Another product of my own store: its photo ids are not this product's either.
    const sibling = await insertProduct(
      s.db,
      {
        id: "7654321",
        storeId: me.store.id,
        name: "Otra",
        price: 1,
        stock: 1,
        imageKey: `${productFilesPrefix(me.store.id, "7654321")}/otra.webp`,
        imageWidth: 400,
        imageHeight: 400,
      },
      s.clock.now(),
    );
    const snapshot = async () => ({
      mine: await galleryRows(s, me.product.id),
      sibling: await galleryRows(s, sibling.id),
      theirs: await galleryRows(s, them.product.id),
      files: await s.files.list("stores/"),
    });
    const before = await snapshot();
    const foreignPhotoIds = [...before.theirs, ...before.sibling].map((r) => String(r.id));

    for (const id of foreignPhotoIds)
      for (const form of [
        { intent: "cover", photo: id } as Record<string, string>,
        { intent: "move", photo: id, direction: "up" },
        { intent: "delete", photo: id },
      ])
        expect((await postPhotos(s, me, form)).status, `${form.intent} ${id}`).toBe(404);
    // Their product id under my store, and their store id in the path.
    expect((await postPhotos(s, me, { intent: "add", photos: fixture("photos/board.jpg") }, them.product.id)).status).toBe(404);
    expect((await postPhotos(s, me, { intent: "delete", photo: foreignPhotoIds[0] ?? "" }, them.product.id)).status).toBe(404);
    for (const [path, params] of [
      [`/Store/${me.store.id}/products/${them.product.id}/photos`, { storeId: me.store.id, productId: them.product.id }],
      [`/Store/${them.store.id}/products/${them.product.id}/photos`, { storeId: them.store.id, productId: them.product.id }],
    ] as const) {
      const page = await workspaceRequest(s, { module: productPhotosPage, cookie: me.cookie, method: "GET", path, params });
      expect(page.status, path).toBe(404);
      const post = await workspaceRequest(s, {
        module: productPhotosPage,
        cookie: me.cookie,
        method: "POST",
        path,
        params,
        form: { intent: "cover", photo: foreignPhotoIds[0] ?? "" },
      });
      expect(post.status, path).toBe(404);
    }

    for (const [form, message] of [
      [{ intent: "cover", photo: "abc" }, "Elige una foto de este producto"],
      [{ intent: "delete", photo: "-3" }, "Elige una foto de este producto"],
      [{ intent: "move", photo: String(before.mine[1]?.id), direction: "left" }, "Elige subir, bajar o usar como portada"],
      [{ intent: "rotate", photo: String(before.mine[1]?.id) }, "Acción desconocida"],
    ] as const)
      expect(await postPhotos(s, me, form), form.intent).toMatchObject({ status: 400, data: { errors: { form: message } } });
    // The data layer holds it too: another store's product, named with my store, gets no photo.
    expect(
      await addPhotos(
        s.db,
        TEST_ACTOR,
        { id: them.product.id, storeId: me.store.id },
        me.limits,
        [photo(me.store.id, them.product.id, "intrusa")],
        s.clock.now(),
      ),
    ).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it("the page lists the photos in order with the plan's limit; the edit page shows the whole gallery", async () => {
    const s = createTestServices();
    const m = await productWithCover(s, "premium");
    await addPhotos(s.db, TEST_ACTOR, m.product, m.limits, [photo(m.store.id, m.product.id, "a")], s.clock.now());
    const params = { storeId: m.store.id, productId: m.product.id };
    const page = await workspaceRequest(s, {
      module: productPhotosPage,
      cookie: m.cookie,
      method: "GET",
      path: `/Store/${m.store.id}/products/${m.product.id}/photos`,
      params,
    });
    expect(page).toMatchObject({
      status: 200,
      data: {
        limit: 8,
        photos: [{ src: `/files/${m.coverKey}` }, { src: `/files/${photo(m.store.id, m.product.id, "a").key}` }],
      },
    });
    const edit = await workspaceRequest(s, {
      module: editProduct,
      cookie: m.cookie,
      method: "GET",
      path: `/Store/${m.store.id}/products/${m.product.id}`,
      params,
    });
    expect(edit).toMatchObject({
      status: 200,
      data: {
        photoLimit: 8,
        gallery: [{ src: `/files/${m.coverKey}` }, { src: `/files/${photo(m.store.id, m.product.id, "a").key}` }],
      },
    });
  });
});

describe("the gallery on the edit page", () => {
  const editPath = (m: Awaited<ReturnType<typeof productWithCover>>, productId = m.product.id) =>
    `/Store/${m.store.id}/products/${productId}`;
  /** The edit page's action, as its gallery's forms post to it. */
  const postEdit = (
    s: S,
    m: Awaited<ReturnType<typeof productWithCover>>,
    form: Record<string, string | File | File[]>,
    productId = m.product.id,
  ) =>
    workspaceRequest(s, {
      module: editProduct,
      cookie: m.cookie,
      method: "POST",
      path: editPath(m, productId),
      params: { storeId: m.store.id, productId },
      form,
    });
  const galleryOf = async (s: S, m: Awaited<ReturnType<typeof productWithCover>>) => {
    const page = await workspaceRequest(s, {
      module: editProduct,
      cookie: m.cookie,
      method: "GET",
      path: editPath(m),
      params: { storeId: m.store.id, productId: m.product.id },
    });
    return (page.data as { gallery: Array<{ id: number; src: string }> }).gallery;
  };

  it("reorders, chooses the cover, adds and removes photos, each answer back on the edit page", async () => {
    const s = createTestServices();
    const m = await productWithCover(s);
    const [a, b] = ["a", "b"].map((n) => photo(m.store.id, m.product.id, n));
    if (!a || !b) throw new Error("photos");
    await addPhotos(s.db, TEST_ACTOR, m.product, m.limits, [a, b], s.clock.now());
    const [cover, first, second] = await galleryOf(s, m);
    expect([cover, first, second].map((p) => p?.src)).toEqual([m.coverKey, a.key, b.key].map((k) => `/files/${k}`));
    const backHere = (answer: { response?: Response }) => answer.response?.headers.get("Location");

    // The cover one place down: the next photo is the cover.
    const moved = await postEdit(s, m, { intent: "photo-move", photo: String(cover?.id), direction: "down" });
    expect(backHere(moved)).toBe(editPath(m));
    expect(await galleryKeys(s, m.product.id)).toEqual([a.key, m.coverKey, b.key]);
    expect(await coverOf(s, m.product.id)).toBe(a.key);

    // 'Usar como portada' on the last one.
    const covered = await postEdit(s, m, { intent: "photo-cover", photo: String(second?.id) });
    expect(backHere(covered)).toBe(editPath(m));
    expect(await galleryKeys(s, m.product.id)).toEqual([b.key, a.key, m.coverKey]);
    expect(await coverOf(s, m.product.id)).toBe(b.key);

    // Removing the cover promotes the next photo; its file goes.
    await s.files.put(b.key, new Uint8Array([1]), "image/webp");
    const removed = await postEdit(s, m, { intent: "photo-delete", photo: String(second?.id) });
    expect(backHere(removed)).toBe(editPath(m));
    expect(await galleryKeys(s, m.product.id)).toEqual([a.key, m.coverKey]);
    expect(await coverOf(s, m.product.id)).toBe(a.key);
    expect(await s.files.list(`${productFilesPrefix(m.store.id, m.product.id)}/b`)).toEqual([]);

    // Added through the same image pipeline (WebP renditions), at the end of the gallery.
    const added = await postEdit(s, m, { intent: "photo-add", photos: fixture("photos/board.jpg", "nueva.jpg") });
    expect(backHere(added)).toBe(editPath(m));
    const rows = await galleryRows(s, m.product.id);
    expect(rows.map((r) => r.filename)).toEqual(["a.jpg", "portada.jpg", "nueva.jpg"]);
    expect(rows[2]?.key).toMatch(new RegExp(`^${productFilesPrefix(m.store.id, m.product.id)}/[0-9a-f]{32}\\.webp$`));
    // Past the plan's 4 photos: refused, with the gallery's message and nothing added.
    const tooMany = await postEdit(s, m, {
      intent: "photo-add",
      photos: [fixture("photos/wide.jpg"), fixture("jpeg/rgb.jpg")],
    });
    expect(tooMany).toMatchObject({
      status: 409,
      data: { intent: "photo-add", errors: { photos: "Queda solo 1 espacio para fotos de este producto" } },
    });
    expect(await galleryRows(s, m.product.id)).toHaveLength(3);
    // The product's own 'delete' still deletes the product, not a photo; an unknown gallery intent is refused.
    expect(await postEdit(s, m, { intent: "photo-rotate", photo: String(rows[0]?.id) })).toMatchObject({
      status: 400,
      data: { errors: { form: "Acción desconocida" } },
    });
  });

  it("answers 404 for another product's or store's photos and products, changing nothing", async () => {
    const s = createTestServices();
    const me = await productWithCover(s);
    const them = await productWithCover(s);
    await addPhotos(s.db, TEST_ACTOR, me.product, me.limits, [photo(me.store.id, me.product.id, "mia")], s.clock.now());
    await addPhotos(s.db, TEST_ACTOR, them.product, them.limits, [photo(them.store.id, them.product.id, "ajena")], s.clock.now());
    const before = { mine: await galleryRows(s, me.product.id), theirs: await galleryRows(s, them.product.id) };
    for (const row of before.theirs)
      for (const form of [
        { intent: "photo-cover", photo: String(row.id) } as Record<string, string>,
        { intent: "photo-move", photo: String(row.id), direction: "up" },
        { intent: "photo-delete", photo: String(row.id) },
      ]) {
        expect((await postEdit(s, me, form)).status, `${form.intent} ${row.id}`).toBe(404);
        expect((await postEdit(s, me, form, them.product.id)).status, `${form.intent} on their product`).toBe(404);
      }
    expect((await postEdit(s, me, { intent: "photo-add", photos: fixture("photos/board.jpg") }, them.product.id)).status).toBe(
      404,
    );
    expect({ mine: await galleryRows(s, me.product.id), theirs: await galleryRows(s, them.product.id) }).toEqual(before);
  });
});

describe("the public product page", () => {
  type PublicPage = { data: { product: { photos: { image: { src: string; srcSet: string }; thumb: string }[] } } };
  const openPage = async (s: S, m: Awaited<ReturnType<typeof productWithCover>>) => {
    const path = `/Product/${slugify(m.product.name)}/${m.product.id}`;
    const args = siteArgs(s, m.store.url, path, { params: { title: slugify(m.product.name), id: m.product.id } });
    try {
      return { status: 200, page: (await publicProductLoader(args as never)) as unknown as PublicPage };
    } catch (thrown) {
      const init = (thrown as { init?: ResponseInit }).init;
      return { status: init?.status ?? 500, page: null };
    }
  };

  it("reads the gallery in the page's one round trip, cover first, with each thumbnail's small rendition", async () => {
    const s = createTestServices();
    const m = await productWithCover(s);
    const a = photo(m.store.id, m.product.id, "a");
    const b = { ...photo(m.store.id, m.product.id, "b"), height: 150, width: 150 };
    await addPhotos(s.db, TEST_ACTOR, m.product, m.limits, [a, b], s.clock.now());
    const before = s.roundTrips.count;
    const { page } = await openPage(s, m);
    expect(s.roundTrips.count - before).toBe(1);
    const photos = page?.data.product.photos ?? [];
    expect(photos.map((p) => p.image.src)).toEqual([m.coverKey, a.key, b.key].map((k) => `/files/${k}`));
    expect(photos[1]).toMatchObject({
      image: { srcSet: `/files/${a.key.replace(".webp", "-s.webp")} 300w, /files/${a.key} 600w` },
      thumb: `/files/${a.key.replace(".webp", "-s.webp")}`,
    });
    // A picture under 200 px high has no small rendition: its thumbnail is the picture itself.
    expect(photos[2]?.thumb).toBe(`/files/${b.key}`);

    const rows = await galleryRows(s, m.product.id);
    await movePhoto(s.db, TEST_ACTOR, m.product, rows, rows[2]?.id ?? 0, "cover", s.clock.now());
    expect((await openPage(s, m)).page?.data.product.photos.map((p) => p.image.src)).toEqual(
      [b.key, m.coverKey, a.key].map((k) => `/files/${k}`),
    );
  });

  it("shows at most 8 photos, a product without photo rows shows its cover, and a hidden product's page is 404", async () => {
    const s = createTestServices();
    const m = await productWithCover(s, "premium");
    // More rows than any plan allows (written past the limit on purpose): the page still reads 8.
    await s.db.insert(productPhotos).values(
      Array.from({ length: 11 }, (_, i) => ({
        productId: m.product.id,
        storeId: m.store.id,
        position: i + 1,
        ...photo(m.store.id, m.product.id, `extra${i}`),
      })),
    );
    expect((await openPage(s, m)).page?.data.product.photos).toHaveLength(8);

    await s.db.delete(productPhotos).where(eq(productPhotos.productId, m.product.id));
    await s.db
      .update(products)
      .set({ imageKey: m.coverKey, imageWidth: 400, imageHeight: 400 })
      .where(eq(products.id, m.product.id));
    expect((await openPage(s, m)).page?.data.product.photos.map((p) => p.image.src)).toEqual([`/files/${m.coverKey}`]);

    await s.db.update(products).set({ published: false }).where(eq(products.id, m.product.id));
    expect((await openPage(s, m)).status).toBe(404);
  });
});
