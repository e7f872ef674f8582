// Full-text search of the public site against real libSQL: what a query finds (every word, Spanish forms,
// accents, options, SKUs, one typo), how results rank, and that the index follows every write of a product.
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { translatorFor } from "~/domain/message-catalogs";
import { importCatalog, previewCatalogImport } from "~/products/catalog-import.server";
import {
  createProduct,
  deleteProduct,
  findProduct,
  indexProductsForSearch,
  insertProduct,
  updateProduct,
} from "~/products/products.server";
import { loader as searchLoader } from "~/site/routes/search";
import { planLimits } from "~/workspace/plan-limits.server";
import { products } from "../../db/schema";
import { merchantWithStore, TEST_ACTOR } from "../support/merchants";
import { createTestServices } from "../support/services";
import { siteArgs } from "../support/site-args";

const es = translatorFor("es");

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

type S = ReturnType<typeof createTestServices>;
const image = { key: "stores/x/products/p/a.webp", width: 400, height: 400, filename: "a.jpg" };
const withPhoto = { imageKey: image.key, imageWidth: image.width, imageHeight: image.height };
let clock = 0;
/** Each product a minute newer than the last, so 'newest first' is the order they were made. */
const next = (s: S) => new Date(s.clock.now().getTime() + ++clock * 60_000);

async function shop(s: S, url: string) {
  const { store } = await merchantWithStore(s, "premium", { url, currency: "USD", saleNumber: "573001112233" });
  const add = (name: string, extra: Partial<Parameters<typeof insertProduct>[1]> = {}) =>
    insertProduct(s.db, { storeId: store.id, name, price: 1000, stock: 5, ...withPhoto, ...extra }, next(s));
  const plan = await planLimits(s.db, "premium");
  const shirt = await createProduct(
    s.db,
    TEST_ACTOR,
    store.id,
    plan,
    "3000001",
    {
      name: "Camiseta estampada",
      price: 2000,
      compareAtPrice: null,
      stock: 0,
      description: "Algodón peinado",
      category: 3,
      published: true,
    },
    image,
    next(s),
    {
      options: [{ name: "Color", values: ["Rojo", "Azul"] }],
      drafts: [
        { values: ["Rojo"], price: null, sku: "CAM-ROJ", stock: 3, enabled: true },
        { values: ["Azul"], price: null, sku: "CAM-AZU", stock: 2, enabled: true },
      ],
    },
  );
  const cafe = await add("Café de Colombia 500 g", { description: "Tostado medio, en grano", category: 1 });
  const bolso = await add("Bolso tejido wayuu", { description: "Hecho a mano en La Guajira", category: 4 });
  const pantalon = await add("Pantalón de lino", { category: 3 });
  const remera = await add("Remera básica", { category: 3 });
  const mug = await add("Taza esmaltada", { description: "Para café o té; ideal con la camiseta del equipo" });
  const soldOut = await add("Camiseta lisa", { stock: 0, category: 3 });
  const hidden = await add("Camiseta oculta", { published: false, category: 3 });
  return { store, shirt, cafe, bolso, pantalon, remera, mug, soldOut, hidden };
}

async function search(s: S, url: string, query: string) {
  const result = await searchLoader(siteArgs(s, url, `/Search?${query}`) as never);
  return (result as unknown as { data: Awaited<ReturnType<typeof searchLoader>>["data"] }).data;
}
const names = async (s: S, url: string, q: string) =>
  (await search(s, url, `q=${encodeURIComponent(q)}`)).cards.map((c) => c.name);

describe("what a search finds", () => {
  it("every word in any order, Spanish plurals and genders, accents, options, SKUs; hidden never, sold out last", async () => {
    const s = createTestServices();
    await shop(s, "buscar");
    const find = (q: string) => names(s, "buscar", q);
    expect(await find("camisetas")).toEqual(["Camiseta estampada", "Taza esmaltada", "Camiseta lisa"]);
    expect(await find("estampada camiseta")).toEqual(["Camiseta estampada"]);
    expect(await find("cafe colombia")).toEqual(["Café de Colombia 500 g"]);
    expect(await find("CAFÉ")).toEqual(["Café de Colombia 500 g", "Taza esmaltada"]);
    expect(await find("wayuu bolso")).toEqual(["Bolso tejido wayuu"]);
    // The colour is an option value ('Rojo'); 'roja' is its feminine.
    expect(await find("roja")).toEqual(["Camiseta estampada"]);
    expect(await find("pantalones")).toEqual(["Pantalón de lino"]);
    expect(await find("remeras")).toEqual(["Remera básica"]);
    expect(await find("cam-roj")).toEqual(["Camiseta estampada"]);
    // A word's start is enough, as the shopper types.
    expect(await find("panta")).toEqual(["Pantalón de lino"]);
    expect(await find("oculta")).toEqual([]);
    expect(await find("cafe de colombia")).toEqual(["Café de Colombia 500 g"]);
    expect(await find('"de colombia"')).toEqual(["Café de Colombia 500 g"]);
  });

  it("ranks a match in the name above one in the description", async () => {
    const s = createTestServices();
    await shop(s, "rango");
    const page = await search(s, "rango", "q=cafe");
    expect(page.cards.map((c) => c.name)).toEqual(["Café de Colombia 500 g", "Taza esmaltada"]);
    expect(page.total).toBe(2);
    expect(page.cards[0]?.nameParts).toEqual([
      { text: "Café", match: true },
      { text: " de Colombia 500 g", match: false },
    ]);
  });

  it("forgives one typo in a word of 5 or more letters, and says these are the closest matches", async () => {
    const s = createTestServices();
    await shop(s, "tipeo");
    const typo = await search(s, "tipeo", "q=camisetta");
    expect(typo.closest).toBe(true);
    // Typos are forgiven in names ('Taza esmaltada' mentions the camiseta in its description only).
    expect(typo.cards.map((c) => c.name)).toEqual(["Camiseta estampada", "Camiseta lisa"]);
    // What they meant, as a link to that search: '¿Quisiste decir «camiseta»?'.
    expect(typo.suggestion).toEqual({ text: "camiseta", href: expect.stringMatching(/\/Search\?q=camiseta$/) });
    const bag = await search(s, "tipeo", "q=bloso");
    expect(bag.cards.map((c) => c.name)).toEqual(["Bolso tejido wayuu"]);
    expect(bag.suggestion?.text).toBe("bolso");
    expect((await search(s, "tipeo", "q=camiseta")).suggestion).toBeNull();
    // Short words must be right: 'tazs' is not 'taza'.
    expect((await search(s, "tipeo", "q=tazs")).cards).toEqual([]);
    const none = await search(s, "tipeo", "q=zzzzzz");
    expect(none.cards).toEqual([]);
    // Nothing close either: the store's categories to browse instead (the mug has none, so none is offered for it).
    expect(none.storeCategories.map((c) => c.name)).toEqual(["Alimentos y bebidas", "Moda y belleza", "Hogar"]);
  });

  it("filters by category and sorts by price or newest, as plain links", async () => {
    const s = createTestServices();
    await shop(s, "orden");
    await s.db.update(products).set({ price: 3000 }).where(eq(products.name, "Remera básica"));
    const all = await search(s, "orden", "q=camiseta");
    // The mug, found by its description, has no category: it is under 'Todas' and has no chip of its own.
    expect(all.filters.map((f) => f.name)).toEqual(["Todas", "Moda y belleza (2)"]);
    expect(all.cards.map((c) => c.name)).toContain("Taza esmaltada");
    const clothes = all.filters.find((f) => f.name.startsWith("Moda y belleza"));
    const filtered = await search(s, "orden", new URL(clothes?.href ?? "", "http://x").search.slice(1));
    expect(filtered.cards.map((c) => c.name)).toEqual(["Camiseta estampada", "Camiseta lisa"]);
    expect(filtered.filters.find((f) => f.current)?.name).toBe("Moda y belleza (2)");
    // 'moda' is the clothes' category: in stock first, then by the price shown, or newest first.
    const cheapFirst = await search(s, "orden", "q=moda&orden=precio-asc");
    expect(cheapFirst.cards.map((c) => c.name)).toEqual([
      "Pantalón de lino",
      "Camiseta estampada",
      "Remera básica",
      "Camiseta lisa",
    ]);
    const dearFirst = await search(s, "orden", "q=moda&orden=precio-desc");
    expect(dearFirst.cards.map((c) => c.name)).toEqual([
      "Remera básica",
      "Camiseta estampada",
      "Pantalón de lino",
      "Camiseta lisa",
    ]);
    const newest = await search(s, "orden", "q=moda&orden=nuevos");
    expect(newest.cards.map((c) => c.name)).toEqual(["Remera básica", "Pantalón de lino", "Camiseta estampada", "Camiseta lisa"]);
    expect(newest.sorts.find((x) => x.current)?.name).toBe("Más nuevos");
  });

  it("finds nothing of another store, whatever is typed", async () => {
    const s = createTestServices();
    await shop(s, "una");
    const { store: other } = await merchantWithStore(s, "standard", { url: "otra", currency: "USD" });
    await insertProduct(s.db, { storeId: other.id, name: "Mate de calabaza", price: 100, stock: 1, ...withPhoto }, next(s));
    expect(await names(s, "una", "mate")).toEqual([]);
    expect(await names(s, "otra", "camiseta")).toEqual([]);
    expect(await names(s, "otra", 'mate" OR "s1')).toEqual([]);
    expect(await names(s, "otra", "mate")).toEqual(["Mate de calabaza"]);
  });
});

describe("the index follows the products", () => {
  it("after an edit, hiding, deleting, an import and for products indexed before (the upkeep)", async () => {
    const s = createTestServices();
    const { store, remera, pantalon } = await shop(s, "sync");
    const find = (q: string) => names(s, "sync", q);
    const row = await findProduct(s.db, store.id, remera.id);
    if (!row) throw new Error("no product");
    const input = {
      name: "Blusa bordada",
      price: 1000,
      compareAtPrice: null,
      stock: 5,
      description: "Seda",
      category: 2,
      published: true,
    };
    await updateProduct(s.db, TEST_ACTOR, { product: row, variantsBefore: [] }, input, null, next(s));
    expect(await find("remera")).toEqual([]);
    expect(await find("blusas")).toEqual(["Blusa bordada"]);
    expect(await find("seda")).toEqual(["Blusa bordada"]);
    await updateProduct(
      s.db,
      TEST_ACTOR,
      { product: { ...row, name: input.name }, variantsBefore: [] },
      { ...input, published: false },
      null,
      next(s),
    );
    expect(await find("blusa")).toEqual([]);
    await deleteProduct(s.db, TEST_ACTOR, s.files, store.id, pantalon.id, next(s));
    expect(await find("pantalon")).toEqual([]);

    const limits = await planLimits(s.db, "premium");
    const file = [
      "ID;Nombre;Descripción;Categoría;Precio;Precio anterior;Visibilidad;Opción 1;Valor 1;Opción 2;Valor 2;Opción 3;Valor 3;SKU;Precio variante;Stock;Activa",
      ";Poncho andino;Lana de alpaca;;10;;Publicado;;;;;;;;;2;",
    ].join("\r\n");
    const preview = await previewCatalogImport(s.db, store.id, "USD", limits, file, es);
    expect((await importCatalog(s.db, TEST_ACTOR, store.id, "USD", limits, file, preview.fingerprint, next(s), es)).ok).toBe(
      true,
    );
    // Imported products are hidden until they have a photo; the index already has them.
    await s.db
      .update(products)
      .set({ published: true, ...withPhoto })
      .where(eq(products.name, "Poncho andino"));
    expect(await find("ponchos alpaca")).toEqual(["Poncho andino"]);

    // A product from before full-text search (never indexed): found once the upkeep indexed it.
    const old = await insertProduct(
      s.db,
      { storeId: store.id, name: "Sombrero vueltiao", price: 100, stock: 1, ...withPhoto },
      next(s),
    );
    await s.db
      .update(products)
      .set({ searchName: "", searchBody: "", searchFuzzy: "", searchVersion: 0 })
      .where(eq(products.id, old.id));
    expect(await find("sombrero")).toEqual([]);
    expect(await indexProductsForSearch(s.db)).toBe(1);
    expect(await indexProductsForSearch(s.db)).toBe(0);
    expect(await find("sombreros")).toEqual(["Sombrero vueltiao"]);
    // A write of the name that leaves the index as it was marks the product for the upkeep.
    await s.db.update(products).set({ name: "Sombrero fino" }).where(eq(products.id, old.id));
    expect(await indexProductsForSearch(s.db)).toBe(1);
    expect(await find("fino")).toEqual(["Sombrero fino"]);
  });
});
