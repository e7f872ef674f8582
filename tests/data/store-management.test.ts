import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { translatorFor } from "~/domain/message-catalogs";
import { decodePng } from "~/media/png";
import { logoBrandKeys } from "~/media/renditions";
import { createSale } from "~/orders/order-records.server";
import { createProduct, deleteProduct, insertProduct } from "~/products/products.server";
import { addFileItems, addProductItems, createSection, listSectionItems, listSections } from "~/sections/sections.server";
import { loadSitePage } from "~/site/site.server";
import { addBanners, listBanners } from "~/stores/banners.server";
import { giveLogosTheirTabIcon } from "~/stores/logo-tab-icons.server";
import * as brand from "~/stores/routes/store-brand";
import { changeStoreCurrency, createStore, deleteStore, listStoreSummaries, updateStoreInfo } from "~/stores/stores.server";
import { planLimits } from "~/workspace/plan-limits.server";
import { writeStoreQr } from "~/workspace/store-qr.server";
import { availableSlug } from "~/workspace/store-record.server";
import { products, saleLines, sales, sectionItems, storeBanners, stores, users } from "../../db/schema";
import { activityEntries } from "../support/activity";
import { merchantWithStore, signedInMerchant, TEST_ACTOR } from "../support/merchants";
import { newOrder } from "../support/orders";
import { createTestServices } from "../support/services";
import { siteArgs } from "../support/site-args";
import { workspaceRequest } from "../support/workspace-request";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

const photo = new Uint8Array(readFileSync("tests/fixtures/photos/wide.jpg"));

const stub = (i: number) => ({ key: `stores/x/banner/${i}.webp`, name: `b${i}`, width: 1200, height: 600 });

describe("counts the merchant sees", () => {
  it("the dashboard counts each store's products and pending sales; store info counts each section's items", async () => {
    const s = createTestServices();
    const m = await merchantWithStore(s);
    const now = s.clock.now();
    const a = await insertProduct(s.db, { storeId: m.store.id, name: "Uno", price: 100, stock: 5 }, now);
    await insertProduct(s.db, { storeId: m.store.id, name: "Dos", price: 100, stock: 5 }, now);
    const order = (key: string) =>
      newOrder({
        key,
        storeId: m.store.id,
        currency: "USD",
        buyerName: "Luis",
        buyerPhone: null,
        delivery: "pickup" as const,
        address: null,
        note: null,
        lines: [{ productId: a.id, name: "Uno", imageKey: null, unitPrice: 100, quantity: 1 }],
      });
    await createSale(s.db, order("k1"), now);
    await createSale(s.db, order("k2"), now);
    await createSale(s.db, order("k3"), now);
    const [summary] = await listStoreSummaries(s.db, m.id);
    expect({ products: summary?.products, pendingSales: summary?.pendingSales }).toEqual({ products: 2, pendingSales: 3 });

    const plan = await planLimits(s.db, "standard");
    const section = await createSection(s.db, TEST_ACTOR, m.store.id, plan, "Ofertas", now);
    expect(await addProductItems(s.db, TEST_ACTOR, section, plan, [a.id], now)).toBe(true);
    expect((await listSections(s.db, m.store.id)).map((x) => x.items)).toEqual([1]);
  });
});

describe("stores", () => {
  it("a store at the limit needs the merchant's confirmation, then raises the limit and the bill once", async () => {
    const s = createTestServices();
    const m = await merchantWithStore(s);
    const input = { name: "Sucursal Norte", category: 2, timeZone: "America/Lima" };
    expect(await createStore(s, m.id, input, false)).toEqual({ kind: "needs_confirmation", extraPerBill: 499, currency: "USD" });
    expect(await s.db.$count(stores, eq(stores.ownerId, m.id))).toBe(1);

    // A double submit of the confirmation: one store, one charge (the second has the same name).
    const results = await Promise.allSettled([createStore(s, m.id, input, true), createStore(s, m.id, input, true)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [user] = await s.db.select().from(users).where(eq(users.id, m.id));
    expect(user?.storesLimit).toBe(2);
    expect(user?.billTotal).toBe(998);
    const created = await s.db.query.stores.findFirst({ where: eq(stores.url, "sucursal-norte") });
    expect(created?.timeZone).toBe("America/Lima");
    // QR files of the refused attempt were removed: only the created store's two remain.
    expect(await s.files.list(`stores/${created?.id}/`)).toHaveLength(2);
  });

  it("rename keeps the old slug redirecting, reserved for this store only", async () => {
    const s = createTestServices();
    const a = await merchantWithStore(s);
    const b = await merchantWithStore(s);
    const renamed = await updateStoreInfo(s.db, TEST_ACTOR, a.store, { ...info(a.store), name: "Café Ñandú  " }, s.clock.now());
    expect(renamed.url).toBe("cafe-nandu");
    await expect(availableSlug(s.db, a.store.url, b.store.id)).rejects.toThrow(
      `Ya existe una tienda con el nombre ${a.store.url}`,
    );
    await expect(
      updateStoreInfo(s.db, TEST_ACTOR, b.store, { ...info(b.store), name: "cafe ñandu" }, s.clock.now()),
    ).rejects.toThrow("Ya existe una tienda con el nombre cafe ñandu");
    // Taking back its own former name is allowed.
    const back = await updateStoreInfo(s.db, TEST_ACTOR, renamed, { ...info(renamed), name: a.store.name }, s.clock.now());
    expect(back.url).toBe(a.store.url);
    // In the merchant's variant: an Argentine merchant reads 'Elegí otro'.
    await expect(availableSlug(s.db, "admin", undefined, translatorFor("es-AR"))).rejects.toThrow(
      "Ese nombre está reservado. Elegí otro.",
    );
  });

  it("changing the currency restates prices; deleting the store removes rows and every file", async () => {
    const s = createTestServices();
    const m = await merchantWithStore(s);
    const qr = await writeStoreQr(s.files, s.config.APP_ORIGIN, m.store.id);
    await s.db.update(stores).set(qr).where(eq(stores.id, m.store.id));
    const p = await insertProduct(s.db, { storeId: m.store.id, name: "Pan", price: 1250, stock: 3 }, s.clock.now());
    const offer = await insertProduct(
      s.db,
      { storeId: m.store.id, name: "Pan en oferta", price: 1250, compareAtPrice: 1990, stock: 3 },
      s.clock.now(),
    );
    await s.files.put(`stores/${m.store.id}/products/${p.id}/a.webp`, photo, "image/webp");
    await changeStoreCurrency(s.db, TEST_ACTOR, m.store, "CLP", s.clock.now());
    expect((await s.db.query.products.findFirst({ where: eq(products.id, p.id) }))?.price).toBe(13);
    // The offer's old price is restated with it; no offer stays no offer.
    expect(await s.db.query.products.findFirst({ where: eq(products.id, offer.id) })).toMatchObject({
      price: 13,
      compareAtPrice: 20,
    });
    expect((await s.db.query.products.findFirst({ where: eq(products.id, p.id) }))?.compareAtPrice).toBeNull();

    await deleteStore(s, TEST_ACTOR, m.store);
    expect(await s.db.$count(stores, eq(stores.id, m.store.id))).toBe(0);
    expect(await s.db.$count(products, eq(products.storeId, m.store.id))).toBe(0);
    expect(await s.files.list(`stores/${m.store.id}/`)).toEqual([]);
  });
});

describe("product files", () => {
  it("a deleted product's image stays while a sale shows it", async () => {
    const s = createTestServices();
    const m = await merchantWithStore(s);
    const now = s.clock.now();
    const sold = await insertProduct(s.db, { storeId: m.store.id, name: "Vendido", price: 100, stock: 1 }, now);
    const unsold = await insertProduct(s.db, { storeId: m.store.id, name: "Sin ventas", price: 100, stock: 1 }, now);
    const soldKey = `stores/${m.store.id}/products/${sold.id}/a.webp`;
    const unsoldKey = `stores/${m.store.id}/products/${unsold.id}/b.webp`;
    await s.files.put(soldKey, photo, "image/webp");
    await s.files.put(soldKey.replace(".webp", "-s.webp"), photo, "image/webp");
    await s.files.put(unsoldKey, photo, "image/webp");
    await s.files.put(unsoldKey.replace(".webp", "-s.webp"), photo, "image/webp");
    await s.db.insert(sales).values({
      id: "1234567890",
      storeId: m.store.id,
      total: 100,
      subtotal: 100,
      currency: "USD",
      buyerName: "Eva",
      delivery: "pickup",
      createdAt: now,
    });
    await s.db.insert(saleLines).values({
      saleId: "1234567890",
      position: 1,
      productId: sold.id,
      name: "Vendido",
      imageKey: soldKey,
      unitPrice: 100,
      quantity: 1,
    });
    await deleteProduct(s.db, TEST_ACTOR, s.files, m.store.id, sold.id, now);
    await deleteProduct(s.db, TEST_ACTOR, s.files, m.store.id, unsold.id, now);
    expect(await s.files.list(`stores/${m.store.id}/products/`)).toEqual([soldKey.replace(".webp", "-s.webp"), soldKey]);
  });
});

describe("'Logo y banner' uploads", () => {
  it("refuses the same picture sent again to the banner or as the logo, and stores nothing more", async () => {
    const s = createTestServices();
    const m = await signedInMerchant(s, "premium");
    const small = new Uint8Array(readFileSync("tests/fixtures/jpeg/ycc420.jpg"));
    const picture = () => new File([small], "portada.jpg", { type: "image/jpeg" });
    const send = async (intent: "banner" | "logo", files: File[]) => {
      const answer = await workspaceRequest(s, {
        module: brand,
        cookie: m.cookie,
        method: "POST",
        path: `/Store/${m.store.id}/brand`,
        params: { storeId: m.store.id },
        form: { intent, [intent]: files },
      });
      return { status: answer.status, errors: (answer.data as { errors?: Record<string, string> } | undefined)?.errors };
    };
    expect((await send("banner", [picture()])).status).toBe(302);
    const banners = await listBanners(s.db, m.store.id);
    expect(banners).toHaveLength(1);
    const stored = await s.files.list(`stores/${m.store.id}/banner/`);
    // 'Subir imágenes' tapped again with the same picture still in the field.
    const repeated = { status: 409, errors: { banner: "Esa imagen ya está en tus banners." } };
    expect(await send("banner", [picture()])).toEqual(repeated);
    // The same picture twice in one upload.
    await s.db.delete(storeBanners).where(eq(storeBanners.storeId, m.store.id));
    expect(await send("banner", [picture(), picture()])).toEqual(repeated);
    expect(await listBanners(s.db, m.store.id)).toEqual([]);
    expect((await send("banner", [picture()])).status).toBe(302);
    expect(await s.files.list(`stores/${m.store.id}/banner/`)).toEqual(stored);

    expect((await send("logo", [picture()])).status).toBe(302);
    const logoOf = async () =>
      (await s.db.select({ logoKey: stores.logoKey }).from(stores).where(eq(stores.id, m.store.id)))[0]?.logoKey;
    const logoKey = await logoOf();
    expect(logoKey).not.toBeNull();
    expect(await send("logo", [picture()])).toEqual({ status: 409, errors: { logo: "Esa imagen ya es el logo de tu tienda." } });
    expect(await logoOf()).toBe(logoKey);
  });

  it("a logo's tab icon is the pages' icon; logos from before are given theirs by the upkeep, a few stores per run", async () => {
    const s = createTestServices();
    const m = await signedInMerchant(s, "standard", { url: "con-logo" });
    const other = await merchantWithStore(s, "standard", { url: "otro-logo" });
    const small = new Uint8Array(readFileSync("tests/fixtures/jpeg/ycc420.jpg"));
    const form = { intent: "logo", logo: [new File([small], "logo.jpg", { type: "image/jpeg" })] };
    const path = `/Store/${m.store.id}/brand`;
    await workspaceRequest(s, { module: brand, cookie: m.cookie, method: "POST", path, params: { storeId: m.store.id }, form });
    const [row] = await s.db.select().from(stores).where(eq(stores.id, m.store.id));
    const keys = row?.logoKey ? logoBrandKeys(row.logoKey) : null;
    if (!row || !keys) throw new Error("no logo");
    const icons = async (url: string) => {
      const { site } = await loadSitePage(siteArgs(s, url), () => []);
      return { tab: site.tabIcon, home: site.favicon };
    };
    const stored = async (key: string) => {
      const file = await s.files.get(key);
      return file && new Uint8Array(await new Response(file.body).arrayBuffer());
    };
    expect(row.logoTabIcon).toBe(true);
    expect(await icons("con-logo")).toEqual({ tab: `/files/${keys.tabIcon}`, home: `/files/${keys.icon}` });
    const made = await stored(keys.tabIcon);
    expect(made && [decodePng(made).width, made.byteLength < 6 * 1024]).toEqual([48, true]);

    // Two stores with logos uploaded before tab icons (the 192-px icon only), at an older version.
    const version = new Date(row.updatedAt.getTime() - 60_000);
    await s.db.update(stores).set({ logoKey: row.logoKey, logoBrandImages: true }).where(eq(stores.id, other.store.id));
    await s.db
      .update(stores)
      .set({ logoTabIcon: false, updatedAt: version })
      .where(eq(stores.logoKey, row.logoKey as string));
    await s.files.delete([keys.tabIcon]);
    expect(await icons("con-logo")).toEqual({ tab: null, home: `/files/${keys.icon}` });

    expect(await giveLogosTheirTabIcon(s, 1)).toBe(1);
    expect(await giveLogosTheirTabIcon(s, 1)).toBe(1);
    expect(await giveLogosTheirTabIcon(s, 1)).toBe(0);
    expect(await stored(keys.tabIcon)).toEqual(made);
    for (const url of ["con-logo", "otro-logo"]) expect((await icons(url)).tab).toBe(`/files/${keys.tabIcon}`);
    const [after] = await s.db.select().from(stores).where(eq(stores.id, m.store.id));
    expect(after?.updatedAt.getTime()).toBeGreaterThan(version.getTime());
    expect(after?.logoKey).toBe(row.logoKey);

    // Two runs at once (a scheduled run can outlast its minute): both make the same icon and the store keeps it.
    await s.db.update(stores).set({ logoTabIcon: false }).where(eq(stores.id, m.store.id));
    await s.files.delete([keys.tabIcon]);
    expect(await Promise.all([giveLogosTheirTabIcon(s, 1), giveLogosTheirTabIcon(s, 1)])).toEqual([1, 1]);
    expect((await s.db.select().from(stores).where(eq(stores.id, m.store.id)))[0]?.logoTabIcon).toBe(true);
    expect(await stored(keys.tabIcon)).toEqual(made);

    // An icon file gone or not an icon: marked done all the same (never read again), and nothing is written.
    await s.db.update(stores).set({ logoTabIcon: false }).where(eq(stores.id, other.store.id));
    await s.files.delete([keys.tabIcon]);
    await s.files.put(keys.icon, new TextEncoder().encode("no es un PNG"), "image/png");
    expect(await giveLogosTheirTabIcon(s)).toBe(1);
    expect(await giveLogosTheirTabIcon(s)).toBe(0);
    expect(await stored(keys.tabIcon)).toBeNull();
  });
});

describe("'Logo y banner': deleting a banner", () => {
  it("asks first on the page ?eliminar= opens (without JavaScript), only for the store's own banner", async () => {
    const s = createTestServices();
    const m = await signedInMerchant(s, "premium");
    const other = await merchantWithStore(s, "premium");
    const plan = await planLimits(s.db, "premium");
    await addBanners(s.db, TEST_ACTOR, m.store.id, plan, [stub(1)], s.clock.now());
    await addBanners(s.db, TEST_ACTOR, other.store.id, plan, [stub(2)], s.clock.now());
    // 'Actividad' says it once, the verb agreeing with who did it ('Agregó Se agregó…' before).
    const [entry] = await activityEntries(s, m.store.id);
    expect(entry?.summary).toBe("Agregó 1 imagen al banner");
    const [own] = await listBanners(s.db, m.store.id);
    const [theirs] = await listBanners(s.db, other.store.id);
    const page = async (query: string) => {
      const answer = await workspaceRequest(s, {
        module: brand,
        cookie: m.cookie,
        method: "GET",
        path: `/Store/${m.store.id}/brand${query}`,
        params: { storeId: m.store.id },
      });
      return (answer.data as { removing: unknown }).removing;
    };
    expect(await page(`?eliminar=${own?.id}`)).toEqual({ id: own?.id, name: own?.name });
    expect(await page("")).toBeNull();
    expect(await page(`?eliminar=${theirs?.id}`)).toBeNull();
    expect(await page("?eliminar=constructor")).toBeNull();
    // Asking deletes nothing; the question's form posts the delete.
    expect(await listBanners(s.db, m.store.id)).toHaveLength(1);
    const deleted = await workspaceRequest(s, {
      module: brand,
      cookie: m.cookie,
      method: "POST",
      path: `/Store/${m.store.id}/brand`,
      params: { storeId: m.store.id },
      form: { intent: "banner-delete", id: String(own?.id) },
    });
    expect(deleted.status).toBe(302);
    expect(await listBanners(s.db, m.store.id)).toEqual([]);
  });
});

describe("plan limits at the database", () => {
  it("banner slots hold under concurrent uploads", async () => {
    const s = createTestServices();
    const m = await merchantWithStore(s);
    const plan = await planLimits(s.db, "standard");
    const tries = await Promise.allSettled(
      [0, 1, 2].map((i) => addBanners(s.db, TEST_ACTOR, m.store.id, plan, [stub(i * 2), stub(i * 2 + 1)], s.clock.now())),
    );
    expect(tries.filter((t) => t.status === "fulfilled")).toHaveLength(1);
    expect(await listBanners(s.db, m.store.id)).toHaveLength(2);
    await expect(addBanners(s.db, TEST_ACTOR, m.store.id, plan, [stub(8), stub(9)], s.clock.now())).rejects.toThrow(
      "Queda solo 1 espacio",
    );
    // A picture shown already, in an upload too big for the slots left: the slots are told first (as the browser does).
    const shown = { ...stub(7), key: (await listBanners(s.db, m.store.id))[0]?.key ?? "" };
    await expect(addBanners(s.db, TEST_ACTOR, m.store.id, plan, [shown, stub(9)], s.clock.now())).rejects.toThrow(
      "Queda solo 1 espacio",
    );
    await expect(addBanners(s.db, TEST_ACTOR, m.store.id, plan, [shown], s.clock.now())).rejects.toThrow(
      "Esa imagen ya está en tus banners.",
    );
  });

  it("standard stops at 30 products even when requests race; premium has no limit", async () => {
    const s = createTestServices();
    const m = await merchantWithStore(s);
    const plan = await planLimits(s.db, "standard");
    for (let i = 0; i < 28; i++)
      await insertProduct(s.db, { storeId: m.store.id, name: `P${i}`, price: 100, stock: 1 }, s.clock.now());
    const image = { key: "k", width: 1, height: 1, filename: "f" };
    const input = { name: "Nuevo", price: 100, compareAtPrice: null, stock: 1, description: "", category: 0, published: true };
    const tries = await Promise.allSettled(
      ["1000001", "1000002", "1000003", "1000004"].map((id) =>
        createProduct(s.db, TEST_ACTOR, m.store.id, plan, id, input, image, s.clock.now()),
      ),
    );
    expect(tries.filter((t) => t.status === "fulfilled")).toHaveLength(2);
    expect(tries.find((t) => t.status === "rejected")?.reason.message).toBe("Limite de productos alcanzado");
    expect(await s.db.$count(products, eq(products.storeId, m.store.id))).toBe(30);

    const p = await merchantWithStore(s, "premium");
    const premium = await planLimits(s.db, "premium");
    expect(premium.products).toBeNull();
    for (let i = 0; i < 35; i++)
      await createProduct(s.db, TEST_ACTOR, p.store.id, premium, String(2000000 + i), input, image, s.clock.now());
    expect(await s.db.$count(products, eq(products.storeId, p.store.id))).toBe(35);
  });

  it("sections and items per section; deleting a product leaves every section", async () => {
    const s = createTestServices();
    const m = await merchantWithStore(s);
    const plan = await planLimits(s.db, "standard");
    const sections = [];
    for (const title of ["A", "B", "C"])
      sections.push(await createSection(s.db, TEST_ACTOR, m.store.id, plan, title, s.clock.now()));
    await expect(createSection(s.db, TEST_ACTOR, m.store.id, plan, "D", s.clock.now())).rejects.toThrow(
      "Límite de secciones alcanzado",
    );

    const [first, second] = sections;
    if (!first || !second) throw new Error("sections");
    const p = await insertProduct(s.db, { storeId: m.store.id, name: "Queso", price: 100, stock: 1 }, s.clock.now());
    expect(await addProductItems(s.db, TEST_ACTOR, first, plan, [p.id], s.clock.now())).toBe(true);
    expect(await addProductItems(s.db, TEST_ACTOR, second, plan, [p.id], s.clock.now())).toBe(true);
    const files = Array.from({ length: 7 }, (_, i) => ({
      type: "image" as const,
      fileKey: `k${i}`,
      thumbKey: null,
      width: 1,
      height: 1,
    }));
    await expect(addFileItems(s.db, TEST_ACTOR, first, plan, files.slice(0, 8), s.clock.now())).resolves.toBeUndefined();
    await expect(addFileItems(s.db, TEST_ACTOR, first, plan, files.slice(0, 1), s.clock.now())).rejects.toThrow(
      "Límite sobrepasado: Esta sección solo tiene 0 espacios disponibles",
    );

    // Another store's product is not added.
    const other = await merchantWithStore(s);
    const foreign = await insertProduct(s.db, { storeId: other.store.id, name: "Ajeno", price: 1, stock: 1 }, s.clock.now());
    expect(await addProductItems(s.db, TEST_ACTOR, second, plan, [foreign.id], s.clock.now())).toBe(false);

    expect(await deleteProduct(s.db, TEST_ACTOR, s.files, m.store.id, p.id, s.clock.now())).toBe(true);
    expect(await s.db.$count(sectionItems, eq(sectionItems.productId, p.id))).toBe(0);
    expect(await listSectionItems(s.db, second.id)).toHaveLength(0);
  });
});

function info(store: typeof stores.$inferSelect) {
  return {
    name: store.name,
    category: store.category,
    description: "",
    mainTitle: "",
    storeTitle: "",
    saleNumber: "",
    attentionNumber: "",
    location: "",
    timeZone: store.timeZone,
    country: "CO" as const,
  };
}
