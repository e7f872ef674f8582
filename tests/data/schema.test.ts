import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { MOST_BANNER_SLOTS, MOST_ITEMS_PER_SECTION, MOST_PHOTOS_PER_PRODUCT } from "~/domain/limits";
import { insertProduct } from "~/products/products.server";
import { insertStore } from "~/workspace/store-record.server";
import { plans, products, productVariants, saleLines, sales, sectionItems, sections, stores } from "../../db/schema";
import { expectConstraint } from "../support/constraints";
import { merchantAccount } from "../support/merchants";
import { createTestServices } from "../support/services";

let s: ReturnType<typeof createTestServices>;

/** A merchant before any plan: no trial, no bill. */
const merchant = (email = `m${crypto.randomUUID().slice(0, 6)}@x.co`) =>
  merchantAccount(s, "standard", { name: "M", lastname: "X", email, trialStarted: false, billTotal: 0, billDueAt: null });

beforeEach(() => {
  s = createTestServices();
});

describe("data model constraints (real libSQL)", () => {
  it("seeds both plans with the decided limits and prices", async () => {
    const rows = await s.db.select().from(plans).orderBy(plans.id);
    expect(
      rows.map((p) => [
        p.id,
        p.products,
        p.banner,
        p.sections,
        p.itemsPerSection,
        p.photosPerProduct,
        p.priceMonthly,
        p.priceBiannual,
        p.priceAnnually,
      ]),
    ).toEqual([
      ["premium", null, 6, 8, 20, 8, 999, 5399, 9599],
      ["standard", 30, 3, 3, 8, 4, 499, 2699, 4799],
    ]);
  });

  it("keeps store urls unique and well-formed", async () => {
    const owner = await merchant();
    await insertStore(s.db, { ownerId: owner, name: "Café", url: "cafe", category: 6 }, s.clock.now());
    await expectConstraint(
      insertStore(s.db, { ownerId: owner, name: "cafe", url: "cafe", category: 6 }, s.clock.now()),
      "UNIQUE",
    );
    await expectConstraint(insertStore(s.db, { ownerId: owner, name: "x", url: "Bad_Url", category: 6 }, s.clock.now()), "CHECK");
  });

  it("never lets stock go below zero", async () => {
    const owner = await merchant();
    const store = await insertStore(s.db, { ownerId: owner, name: "Stock", url: "stock", category: 1 }, s.clock.now());
    const p = await insertProduct(s.db, { storeId: store.id, name: "Uno", price: 100, stock: 1 }, s.clock.now());
    // Below zero would also be below what is reserved (0): the reservation rule answers first.
    await expectConstraint(
      s.db
        .update(products)
        .set({ stock: sql`${products.stock} - 2` })
        .where(eq(products.id, p.id)),
      "products_reserved_within_stock",
    );
    const [row] = await s.db.select().from(products).where(eq(products.id, p.id));
    expect(row?.stock).toBe(1);
  });

  it("never lets what is reserved pass the stock or go below zero, for products and variants", async () => {
    const owner = await merchant();
    const store = await insertStore(s.db, { ownerId: owner, name: "Reservas", url: "reservas", category: 1 }, s.clock.now());
    const p = await insertProduct(s.db, { storeId: store.id, name: "Dos", price: 100, stock: 2 }, s.clock.now());
    const own = eq(products.id, p.id);
    await s.db.update(products).set({ reserved: 2 }).where(own);
    await expectConstraint(s.db.update(products).set({ reserved: 3 }).where(own), "products_reserved_within_stock");
    // The merchant cannot lower the stock under what pending orders hold.
    await expectConstraint(s.db.update(products).set({ stock: 1 }).where(own), "products_reserved_within_stock");
    await expectConstraint(s.db.update(products).set({ reserved: -1 }).where(own), "products_reserved_within_stock");
    const [row] = await s.db.select().from(products).where(own);
    expect([row?.stock, row?.reserved]).toEqual([2, 2]);

    await s.db.insert(productVariants).values({ productId: p.id, storeId: store.id, position: 0, option1: "S", stock: 1 });
    const [v] = await s.db.select().from(productVariants).where(eq(productVariants.productId, p.id));
    const ownVariant = eq(productVariants.id, v?.id ?? 0);
    await s.db.update(productVariants).set({ reserved: 1 }).where(ownVariant);
    await expectConstraint(
      s.db.update(productVariants).set({ reserved: 2 }).where(ownVariant),
      "product_variants_reserved_within_stock",
    );
    // The product sums its enabled variants' stock and reservations.
    const [summed] = await s.db.select().from(products).where(own);
    expect([summed?.stock, summed?.reserved]).toEqual([1, 1]);
  });

  it("removes a deleted product from every section, and keeps sale history", async () => {
    const owner = await merchant();
    const store = await insertStore(s.db, { ownerId: owner, name: "Casc", url: "casc", category: 1 }, s.clock.now());
    const p = await insertProduct(s.db, { storeId: store.id, name: "Uno", price: 100, stock: 5 }, s.clock.now());
    await s.db
      .insert(sections)
      .values({ id: "1000001", storeId: store.id, title: "Ofertas", position: 0, createdAt: s.clock.now() });
    await s.db.insert(sectionItems).values({ sectionId: "1000001", position: 0, type: "product", productId: p.id });
    await s.db.insert(sales).values({
      id: "2000000001",
      storeId: store.id,
      total: 100,
      subtotal: 100,
      currency: "USD",
      buyerName: "B",
      delivery: "pickup",
      createdAt: s.clock.now(),
    });
    await s.db
      .insert(saleLines)
      .values({ saleId: "2000000001", position: 0, productId: p.id, name: "Uno", unitPrice: 100, quantity: 1 });

    await s.db.delete(products).where(eq(products.id, p.id));

    expect(await s.db.select().from(sectionItems)).toHaveLength(0);
    const lines = await s.db.select().from(saleLines);
    expect(lines).toEqual([expect.objectContaining({ name: "Uno", productId: null })]);
  });

  it("deleting a store removes its products, sections and sales", async () => {
    const owner = await merchant();
    const store = await insertStore(s.db, { ownerId: owner, name: "Borrar", url: "borrar", category: 1 }, s.clock.now());
    await insertProduct(s.db, { storeId: store.id, name: "Uno", price: 100, stock: 5 }, s.clock.now());
    await s.db.insert(sections).values({ id: "1000002", storeId: store.id, title: "S", position: 0, createdAt: s.clock.now() });
    await s.db.insert(sales).values({
      id: "2000000002",
      storeId: store.id,
      total: 0,
      subtotal: 0,
      currency: "USD",
      buyerName: "B",
      delivery: "pickup",
      createdAt: s.clock.now(),
    });
    await s.db.delete(stores).where(eq(stores.id, store.id));
    for (const table of [products, sections, sales]) expect(await s.db.select().from(table)).toHaveLength(0);
  });

  it("requires an address for home delivery", async () => {
    const owner = await merchant();
    const store = await insertStore(s.db, { ownerId: owner, name: "Envio", url: "envio", category: 1 }, s.clock.now());
    await expectConstraint(
      s.db.insert(sales).values({
        id: "2000000003",
        storeId: store.id,
        total: 0,
        subtotal: 0,
        currency: "USD",
        buyerName: "B",
        delivery: "delivery",
        createdAt: s.clock.now(),
      }),
      "CHECK",
    );
  });

  it("keeps emails unique", async () => {
    await merchant("dup@x.co");
    await expectConstraint(merchant("dup@x.co"), "UNIQUE");
  });
});

describe("plans and request limits", () => {
  it("no plan allows more banners, section items or product photos than the upload body limits are sized for", async () => {
    const rows = await s.db
      .select({ banner: plans.banner, items: plans.itemsPerSection, photos: plans.photosPerProduct })
      .from(plans);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.banner).toBeLessThanOrEqual(MOST_BANNER_SLOTS);
      expect(row.items).toBeLessThanOrEqual(MOST_ITEMS_PER_SECTION);
      expect(row.photos).toBeLessThanOrEqual(MOST_PHOTOS_PER_PRODUCT);
    }
  });
});
