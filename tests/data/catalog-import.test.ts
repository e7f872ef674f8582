import type { Client } from "@libsql/client";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { csvCell } from "~/domain/csv";
import { translatorFor } from "~/domain/message-catalogs";
import { CATALOG_COLUMNS, CATALOG_MESSAGES } from "~/domain/product-csv";
import { catalogCsvStream, importCatalog, previewCatalogImport } from "~/products/catalog-import.server";
import { handleEditProduct } from "~/products/product-actions.server";
import { createProduct, findProduct, insertProduct } from "~/products/products.server";
import { listVariants } from "~/products/variants.server";
import { planLimits } from "~/workspace/plan-limits.server";
import { productPhotos, products, productVariants, stores } from "../../db/schema";
import { merchantWithStore, TEST_ACTOR } from "../support/merchants";
import { createTestServices } from "../support/services";
import { anotherProcess } from "./sales-fixtures";

const es = translatorFor("es");

type Cells = Partial<Record<(typeof CATALOG_COLUMNS)[number], string>>;
const row = (cells: Cells) => CATALOG_COLUMNS.map((c) => csvCell(cells[c] ?? "")).join(";");
const file = (rows: Cells[]) => [CATALOG_COLUMNS.join(";"), ...rows.map(row)].join("\r\n");
const SIZES = ["XS", "S", "M", "L", "XL"];
const image = { key: "stores/x/products/p/a.webp", width: 400, height: 400, filename: "a.jpg" };
/** A product made with its photo, as the app makes them (only the import makes one without, and keeps it hidden). */
const withPhoto = { imageKey: image.key, imageWidth: image.width, imageHeight: image.height };
const input = { name: "Camiseta", price: 2000, compareAtPrice: null, stock: 0, description: "", category: 0, published: true };

/** Previews the file, then confirms it with the preview's fingerprint, as the import page does. */
async function importFile(
  s: ReturnType<typeof createTestServices>,
  storeId: string,
  limits: Awaited<ReturnType<typeof planLimits>>,
  text: string,
) {
  const preview = await previewCatalogImport(s.db, storeId, "USD", limits, text, es);
  return importCatalog(s.db, TEST_ACTOR, storeId, "USD", limits, text, preview.fingerprint, s.clock.now(), es);
}

/** Every write batch (one with an insert, update or delete) the client sends, counted; `before` runs ahead of each. */
function countingWrites(before?: () => Promise<void>) {
  const counter = { writes: 0 };
  const wrapClient = (client: Client): Client =>
    new Proxy(client, {
      get(target, prop, receiver) {
        if (prop === "batch")
          return async (...args: Parameters<Client["batch"]>) => {
            const statements = args[0].map((st) =>
              (typeof st === "string" ? st : Array.isArray(st) ? st[0] : st.sql).trim().toLowerCase(),
            );
            if (statements.some((sql) => /^(insert|update|delete)/.test(sql))) {
              counter.writes++;
              await before?.();
            }
            return target.batch(...args);
          };
        const value = Reflect.get(target, prop, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return { counter, wrapClient };
}

/**
 * A merchant with a standard store whose client runs the function given to `beforeNextWrite` just
 * before its next write batch, once: another request slipping in between the import's check and its write.
 */
async function storeWithARace() {
  let racing: (() => Promise<void>) | undefined;
  const { wrapClient } = countingWrites(async () => {
    const race = racing;
    racing = undefined;
    await race?.();
  });
  const s = createTestServices({ wrapClient });
  const m = await merchantWithStore(s);
  const limits = await planLimits(s.db, "standard");
  const beforeNextWrite = (race: () => Promise<void>) => {
    racing = race;
  };
  return { s, m, limits, beforeNextWrite };
}

const storeState = async (s: ReturnType<typeof createTestServices>, storeId: string) => ({
  products: await s.db.select().from(products).where(eq(products.storeId, storeId)),
  variants: await s.db.select().from(productVariants).where(eq(productVariants.storeId, storeId)),
  updatedAt: (await s.db.query.stores.findFirst({ where: eq(stores.id, storeId) }))?.updatedAt,
});

describe("catalog import", () => {
  it("applies 500 rows (99 new products and an existing one, 5 sizes each) in one batch, and its export reads back unchanged", async () => {
    const { counter, wrapClient } = countingWrites();
    const s = createTestServices({ wrapClient });
    const m = await merchantWithStore(s, "premium");
    const limits = await planLimits(s.db, "premium");
    const existing = await createProduct(s.db, TEST_ACTOR, m.store.id, limits, "1000001", input, image, s.clock.now(), {
      options: [{ name: "Talla", values: ["S", "M"] }],
      drafts: ["S", "M"].map((v) => ({ values: [v], price: null, sku: `OLD-${v}`, stock: 1, enabled: true })),
    });
    // The S variant shows the product's photo: the import (which has no photos) keeps it.
    const [photo] = await s.db.select().from(productPhotos).where(eq(productPhotos.productId, existing.id));
    await s.db
      .update(productVariants)
      .set({ photoId: photo?.id })
      .where(and(eq(productVariants.productId, existing.id), eq(productVariants.option1, "S")));
    s.testClock.current = new Date("2026-03-11T10:00:00Z");

    const rows: Cells[] = SIZES.map((size, i) => ({
      ID: existing.id,
      Nombre: "Camiseta básica",
      Precio: "25",
      "Opción 1": "Talla",
      "Valor 1": size,
      SKU: size === "S" ? "OLD-S" : `CAM-${size}`,
      Stock: String(i + 1),
    }));
    for (let p = 0; p < 99; p++)
      for (const [i, size] of SIZES.entries())
        rows.push({
          Nombre: `Producto ${p}`,
          Descripción: "Hecho a mano;\nen Colombia",
          Categoría: "Hogar",
          Precio: "1.234,50",
          "Opción 1": "Talla",
          "Valor 1": size,
          SKU: `P${p}-${size}`,
          "Precio variante": i === 4 ? "1300" : "",
          Stock: "2",
          Activa: i === 0 ? "No" : "Sí",
        });
    expect(rows).toHaveLength(500);
    const text = file(rows);
    const writesBefore = counter.writes;
    const result = await importFile(s, m.store.id, limits, text);
    expect(result).toEqual({ ok: true, created: 99, updated: 1 });
    expect(counter.writes - writesBefore).toBe(1);

    const state = await storeState(s, m.store.id);
    expect(state.products).toHaveLength(100);
    expect(state.variants).toHaveLength(500);
    expect(state.updatedAt).toEqual(new Date("2026-03-11T10:00:00Z"));
    const updated = await findProduct(s.db, m.store.id, existing.id);
    expect({ name: updated?.name, price: updated?.price, stock: updated?.stock, published: updated?.published }).toEqual({
      name: "Camiseta básica",
      price: 2500,
      stock: 15,
      published: true,
    });
    const variants = await listVariants(s.db, m.store.id, existing.id);
    expect(variants.map((v) => [v.option1, v.sku, v.stock])).toEqual(
      SIZES.map((size, i) => [size, size === "S" ? "OLD-S" : `CAM-${size}`, i + 1]),
    );
    expect(variants.find((v) => v.option1 === "S")?.photoId).toBe(photo?.id);
    const created = state.products.filter((p) => p.id !== existing.id);
    expect(new Set(created.map((p) => [p.published, p.price, p.category, p.stock, p.description].join("|")))).toEqual(
      new Set(["false|123450|4|8|Hecho a mano;\nen Colombia"]),
    );

    // Exported and imported again: every product is updated, and nothing changes.
    const exported = await new Response(catalogCsvStream(s.db, m.store.id, "USD")).text();
    const again = await previewCatalogImport(s.db, m.store.id, "USD", limits, exported, es);
    expect(again.plan.problems).toEqual([]);
    expect(again.plan.rows).toHaveLength(500);
    expect([again.plan.creates, again.plan.updates]).toEqual([0, 100]);
    expect(
      await importCatalog(s.db, TEST_ACTOR, m.store.id, "USD", limits, exported, again.fingerprint, s.clock.now(), es),
    ).toEqual({
      ok: true,
      created: 0,
      updated: 100,
    });
    const after = await storeState(s, m.store.id);
    const comparable = (state: typeof after) => ({
      products: state.products.map((p) => ({ ...p })).sort((a, b) => a.id.localeCompare(b.id)),
      variants: state.variants.map((v) => ({ ...v })).sort((a, b) => a.id - b.id),
    });
    expect(comparable(after)).toEqual(comparable(state));
  });

  it("a file with one failing row applies nothing, and neither does a batch the database refuses halfway", async () => {
    const { s, m, limits, beforeNextWrite } = await storeWithARace();
    const kept = await insertProduct(
      s.db,
      { storeId: m.store.id, name: "Taza", price: 1000, stock: 3, ...withPhoto },
      s.clock.now(),
    );
    const before = await storeState(s, m.store.id);
    const rows: Cells[] = [
      { ID: kept.id, Nombre: "Taza grande", Precio: "15", Stock: "9" },
      { Nombre: "Plato", Precio: "8", Stock: "1" },
      { Nombre: "Vaso", Precio: "ocho", Stock: "1" },
    ];
    const refused = await importFile(s, m.store.id, limits, file(rows));
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.preview.plan.problems).toEqual([
      { row: 4, column: "Precio", message: "Escribe un precio válido, por ejemplo 12.500 o 12,50" },
    ]);
    expect(await storeState(s, m.store.id)).toEqual(before);

    // The file fixed, but another product takes its last row's SKU after the check, just before the write:
    // the database refuses that row, and the rows before it are not applied either.
    rows[2] = { Nombre: "Vaso", Precio: "8", "Opción 1": "Color", "Valor 1": "Azul", SKU: "VASO-AZUL", Stock: "1" };
    const text = file(rows);
    const preview = await previewCatalogImport(s.db, m.store.id, "USD", limits, text, es);
    expect(preview.plan.problems).toEqual([]);
    let taken: Awaited<ReturnType<typeof storeState>> | undefined;
    beforeNextWrite(async () => {
      await insertProduct(s.db, { storeId: m.store.id, name: "Vaso viejo", price: 1, stock: 0 }, s.clock.now()).then((p) =>
        s.db
          .insert(productVariants)
          .values({ productId: p.id, storeId: m.store.id, position: 0, option1: "Azul", sku: "VASO-AZUL" }),
      );
      taken = await storeState(s, m.store.id);
    });
    const late = await importCatalog(s.db, TEST_ACTOR, m.store.id, "USD", limits, text, preview.fingerprint, s.clock.now(), es);
    expect(late.ok === false && late.preview.plan.problems.map((p) => p.message)).toEqual([
      "Uno de los SKU ya está en uso en otro producto de esta tienda",
    ]);
    expect(taken?.products).toHaveLength(2);
    expect(await storeState(s, m.store.id)).toEqual(taken);
    expect((await findProduct(s.db, m.store.id, kept.id))?.name).toBe("Taza");
  });

  it("refuses a confirmation whose outcome is no longer the one previewed", async () => {
    const s = createTestServices();
    const m = await merchantWithStore(s);
    const limits = await planLimits(s.db, "standard");
    const text = file([{ Nombre: "Gorra", Precio: "10", "Opción 1": "Color", "Valor 1": "Rojo", SKU: "GORRA-R", Stock: "1" }]);
    const preview = await previewCatalogImport(s.db, m.store.id, "USD", limits, text, es);
    expect(preview.plan.rows.map((r) => r.outcome)).toEqual(["crear"]);
    // Meanwhile the SKU became a product's: the same file now updates that product.
    await createProduct(s.db, TEST_ACTOR, m.store.id, limits, "1000010", input, image, s.clock.now(), {
      options: [{ name: "Color", values: ["Rojo"] }],
      drafts: [{ values: ["Rojo"], price: null, sku: "GORRA-R", stock: 5, enabled: true }],
    });
    const result = await importCatalog(s.db, TEST_ACTOR, m.store.id, "USD", limits, text, preview.fingerprint, s.clock.now(), es);
    expect(result).toMatchObject({ ok: false, reason: "changed" });
    expect(result.ok === false && result.preview.plan.rows.map((r) => r.outcome)).toEqual(["actualizar"]);
    expect((await findProduct(s.db, m.store.id, "1000010"))?.name).toBe("Camiseta");
  });

  it("holds the plan's product limit in the database write, when a product is created between the check and the write", async () => {
    const { s, m, limits, beforeNextWrite } = await storeWithARace();
    for (let i = 0; i < 29; i++)
      await insertProduct(s.db, { storeId: m.store.id, name: `P${i}`, price: 100, stock: 1, ...withPhoto }, s.clock.now());
    const first = (await s.db.select().from(products).where(eq(products.storeId, m.store.id)))[0];
    if (!first) throw new Error("no product");
    const text = file([
      { ID: first.id, Nombre: "Cambiado", Precio: "5", Stock: "5" },
      { Nombre: "El trigésimo", Precio: "1", Stock: "1" },
    ]);
    const preview = await previewCatalogImport(s.db, m.store.id, "USD", limits, text, es);
    expect(preview.plan.problems).toEqual([]);

    const other = await anotherProcess(s);
    beforeNextWrite(async () => {
      await createProduct(other.db, TEST_ACTOR, m.store.id, limits, "1000030", input, image, s.clock.now());
    });
    const result = await importCatalog(s.db, TEST_ACTOR, m.store.id, "USD", limits, text, preview.fingerprint, s.clock.now(), es);
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.preview.plan.problems.map((p) => p.message)).toEqual([
      "Limite de productos alcanzado: tu plan permite 30 productos, tienes 30 y este archivo crea 1",
    ]);
    const state = await storeState(s, m.store.id);
    expect(state.products).toHaveLength(30);
    expect(state.products.find((p) => p.id === first.id)?.name).toBe(first.name);
  });

  it("an import and a product creation racing for the last place: exactly one gets it", async () => {
    const s = createTestServices();
    await s.db.$client.execute("PRAGMA journal_mode = WAL");
    const m = await merchantWithStore(s);
    const limits = await planLimits(s.db, "standard");
    for (let i = 0; i < 29; i++)
      await insertProduct(s.db, { storeId: m.store.id, name: `P${i}`, price: 100, stock: 1, ...withPhoto }, s.clock.now());
    const [importer, creator] = await Promise.all([anotherProcess(s), anotherProcess(s)]);
    const text = file([{ Nombre: "Importado", Precio: "1", Stock: "1" }]);
    const preview = await previewCatalogImport(importer.db, m.store.id, "USD", limits, text, es);
    const [imported, created] = await Promise.allSettled([
      importCatalog(importer.db, TEST_ACTOR, m.store.id, "USD", limits, text, preview.fingerprint, s.clock.now(), es),
      createProduct(creator.db, TEST_ACTOR, m.store.id, limits, "1000031", input, image, s.clock.now()),
    ]);
    const importWon = imported.status === "fulfilled" && imported.value.ok;
    const createWon = created.status === "fulfilled";
    expect([importWon, createWon].filter(Boolean)).toHaveLength(1);
    expect(await s.db.$count(products, eq(products.storeId, m.store.id))).toBe(30);
  });

  it("a product the import created without a photo stays hidden: the form refuses to publish it until it has one", async () => {
    const s = createTestServices();
    const m = await merchantWithStore(s);
    const limits = await planLimits(s.db, "standard");
    expect((await importFile(s, m.store.id, limits, file([{ Nombre: "Vela", Precio: "9", Stock: "2" }]))).ok).toBe(true);
    const [vela] = await s.db.select().from(products).where(eq(products.storeId, m.store.id));
    if (!vela) throw new Error("no product");
    expect({ published: vela.published, imageKey: vela.imageKey }).toEqual({ published: false, imageKey: null });
    const edit = (visibility: string, stock: string) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ intent: "save", name: "Vela", price: "9", stock, category: "0", visibility }))
        form.set(k, v);
      return handleEditProduct(s, TEST_ACTOR, m.store, { product: vela, variants: [] }, form, [], es);
    };
    const refused = (await edit("published", "5")) as unknown as { data: { errors: Record<string, string> }; init: ResponseInit };
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors).toEqual({ visibility: "Agrega una foto antes de publicarlo: un producto sin foto queda oculto" });
    expect(await findProduct(s.db, m.store.id, vela.id)).toMatchObject({ published: false, stock: 2 });
    // The form's refusals in the merchant's variant: 'vos' for a merchant in Argentina, the neutral words otherwise.
    const typo = new FormData();
    for (const [k, v] of Object.entries({ intent: "save", name: "Vela", price: "9", stock: "x", category: "99" })) typo.set(k, v);
    const saveAs = (t: typeof es) => handleEditProduct(s, TEST_ACTOR, m.store, { product: vela, variants: [] }, typo, [], t);
    const refusalsFor = async (t: typeof es) => ((await saveAs(t)) as unknown as typeof refused).data.errors;
    expect(await refusalsFor(es)).toEqual({ stock: "Escribe una cantidad entera, 0 o más", category: "Elige una categoría" });
    expect(await refusalsFor(translatorFor("es-AR"))).toEqual({
      stock: "Escribí una cantidad entera, 0 o más",
      category: "Elegí una categoría",
    });
    typo.set("stock", "1");
    typo.set("category", "0");
    expect(await refusalsFor(translatorFor("es-AR"))).toEqual({
      visibility: "Agregá una foto antes de publicarlo: un producto sin foto queda oculto",
    });
    // zod's own words too: the same limit, in each variant.
    typo.set("name", "V".repeat(121));
    typo.set("price", "");
    expect(await refusalsFor(es)).toEqual({ name: "Escribe como máximo 120 caracteres", price: "Este campo es obligatorio" });
    expect(await refusalsFor(translatorFor("es-AR"))).toEqual({
      name: "Escribí como máximo 120 caracteres",
      price: "Este campo es obligatorio",
    });
    // Kept hidden, the other changes save.
    await edit("hidden", "5").catch((redirect) => redirect);
    expect(await findProduct(s.db, m.store.id, vela.id)).toMatchObject({ published: false, stock: 5 });
  });

  it("refuses another store's product ID on its row and leaves that product alone", async () => {
    const s = createTestServices();
    const m = await merchantWithStore(s);
    const other = await merchantWithStore(s);
    const limits = await planLimits(s.db, "standard");
    const foreign = await insertProduct(s.db, { storeId: other.store.id, name: "Ajeno", price: 500, stock: 2 }, s.clock.now());
    const text = file([
      { Nombre: "Mío", Precio: "1", Stock: "1" },
      { ID: foreign.id, Nombre: "Robado", Precio: "1", Stock: "0" },
    ]);
    const result = await importFile(s, m.store.id, limits, text);
    expect(result.ok === false && result.preview.plan.problems).toEqual([
      {
        row: 3,
        column: "ID",
        message: "Este ID no es de ningún producto de tu tienda: déjalo vacío para crear un producto nuevo",
      },
    ]);
    expect(await s.db.$count(products, eq(products.storeId, m.store.id))).toBe(0);
    expect(await findProduct(s.db, other.store.id, foreign.id)).toEqual(foreign);
  });

  it("a file setting a product's stock below what pending orders hold is refused whole, with the reason", async () => {
    const s = createTestServices();
    const m = await merchantWithStore(s);
    const limits = await planLimits(s.db, "standard");
    const held = await insertProduct(
      s.db,
      { storeId: m.store.id, name: "Reservado", price: 500, stock: 5, ...withPhoto },
      s.clock.now(),
    );
    await s.db.update(products).set({ reserved: 3 }).where(eq(products.id, held.id));
    const text = file([
      { Nombre: "Nuevo", Precio: "1", Stock: "1" },
      { ID: held.id, Nombre: "Reservado", Precio: "5", Stock: "2" },
    ]);
    const result = await importFile(s, m.store.id, limits, text);
    expect(result.ok === false && result.preview.plan.problems).toEqual([
      { row: 2, column: null, message: es(CATALOG_MESSAGES.belowReserved) },
    ]);
    expect(await s.db.$count(products, eq(products.storeId, m.store.id))).toBe(1);
    expect(await findProduct(s.db, m.store.id, held.id)).toMatchObject({ stock: 5, reserved: 3 });
    // At the reservation, it applies.
    expect(
      (await importFile(s, m.store.id, limits, file([{ ID: held.id, Nombre: "Reservado", Precio: "5", Stock: "3" }]))).ok,
    ).toBe(true);
  });
});
