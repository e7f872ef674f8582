import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { formatMoney } from "~/domain/money";
import { createProduct, findProduct, insertProduct, updateProduct } from "~/products/products.server";
import * as productListPage from "~/products/routes/product-list";
import { listVariants, type VariantDraft } from "~/products/variants.server";
import * as addToSectionPage from "~/sections/routes/add-to-section";
import * as sectionPage from "~/sections/routes/section";
import { addProductItems, createSection } from "~/sections/sections.server";
import { loader as searchLoader } from "~/site/routes/search";
import { loader as catalogLoader } from "~/site/routes/store-catalog";
import { loader as homeLoader } from "~/site/routes/store-home";
import { planLimits } from "~/workspace/plan-limits.server";
import { productVariants } from "../../db/schema";
import { merchantWithStore, signedInMerchant, TEST_ACTOR } from "../support/merchants";
import { createTestServices } from "../support/services";
import { siteArgs } from "../support/site-args";
import { workspaceRequest } from "../support/workspace-request";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

const image = { key: "stores/x/products/p/a.webp", width: 400, height: 400, filename: "a.jpg" };
const input = {
  name: "Camiseta",
  price: 2000,
  compareAtPrice: null,
  stock: 0,
  description: "",
  category: 0,
  published: true,
};
const options = [
  { name: "Talla", values: ["S", "M", "L"] },
  { name: "Color", values: ["Rojo", "Azul"] },
];
const draft = (values: string[], stock: number, extra: Partial<VariantDraft> = {}): VariantDraft => ({
  values,
  price: null,
  sku: null,
  stock,
  enabled: true,
  ...extra,
});
const sixDrafts = () =>
  options[0]?.values.flatMap((t, i) => (options[1]?.values ?? []).map((c, j) => draft([t, c], i * 2 + j + 1))) ?? [];

describe("product variants", () => {
  it("a product with options keeps its stock as the sum of its enabled variants", async () => {
    const s = createTestServices();
    const m = await merchantWithStore(s);
    const plan = await planLimits(s.db, "standard");
    const drafts = sixDrafts();
    drafts[5] = { ...(drafts[5] as VariantDraft), enabled: false };
    await createProduct(s.db, TEST_ACTOR, m.store.id, plan, "1000001", input, image, s.clock.now(), { options, drafts });
    const product = await findProduct(s.db, m.store.id, "1000001");
    expect(product?.options).toEqual(options);
    // 1+2+3+4+5, the disabled L/Azul (6) left out.
    expect(product?.stock).toBe(15);
    const variants = await listVariants(s.db, m.store.id, "1000001");
    expect(variants.map((v) => [v.option1, v.option2, v.stock])).toEqual([
      ["S", "Rojo", 1],
      ["S", "Azul", 2],
      ["M", "Rojo", 3],
      ["M", "Azul", 4],
      ["L", "Rojo", 5],
      ["L", "Azul", 6],
    ]);
  });

  it("an edit keeps the rows of the combinations that stay (sales point at them) and removes the others", async () => {
    const s = createTestServices();
    const m = await merchantWithStore(s);
    const plan = await planLimits(s.db, "standard");
    const product = await createProduct(s.db, TEST_ACTOR, m.store.id, plan, "1000002", input, image, s.clock.now(), {
      options,
      drafts: sixDrafts(),
    });
    const before = await listVariants(s.db, m.store.id, product.id);
    const mAzul = before.find((v) => v.option1 === "M" && v.option2 === "Azul");
    const fewer = [
      { name: "Talla", values: ["M", "XL"] },
      { name: "Color", values: ["Azul"] },
    ];
    await updateProduct(s.db, TEST_ACTOR, { product: product, variantsBefore: [] }, input, null, s.clock.now(), {
      options: fewer,
      drafts: [draft(["M", "Azul"], 9, { price: 2500, sku: "CAM-M-AZ" }), draft(["XL", "Azul"], 1)],
    });
    const after = await listVariants(s.db, m.store.id, product.id);
    expect(after.map((v) => [v.option1, v.option2, v.stock, v.price, v.sku])).toEqual([
      ["M", "Azul", 9, 2500, "CAM-M-AZ"],
      ["XL", "Azul", 1, null, null],
    ]);
    expect(after[0]?.id).toBe(mAzul?.id);
    expect((await findProduct(s.db, m.store.id, product.id))?.stock).toBe(10);

    // Back to a product sold as one thing: no variants, its own stock.
    await updateProduct(s.db, TEST_ACTOR, { product: product, variantsBefore: [] }, { ...input, stock: 7 }, null, s.clock.now());
    expect(await listVariants(s.db, m.store.id, product.id)).toEqual([]);
    const plain = await findProduct(s.db, m.store.id, product.id);
    expect({ options: plain?.options, stock: plain?.stock }).toEqual({ options: [], stock: 7 });
  });

  it("a SKU another product of the store has is refused and nothing of the edit is saved", async () => {
    const s = createTestServices();
    const m = await merchantWithStore(s);
    const plan = await planLimits(s.db, "standard");
    await createProduct(s.db, TEST_ACTOR, m.store.id, plan, "1000003", input, image, s.clock.now(), {
      options: [{ name: "Talla", values: ["S"] }],
      drafts: [draft(["S"], 1, { sku: "SKU-1" })],
    });
    const other = await createProduct(s.db, TEST_ACTOR, m.store.id, plan, "1000004", input, image, s.clock.now());
    await expect(
      updateProduct(
        s.db,
        TEST_ACTOR,
        { product: other, variantsBefore: [] },
        { ...input, name: "Cambiado" },
        null,
        s.clock.now(),
        {
          options: [{ name: "Talla", values: ["M"] }],
          drafts: [draft(["M"], 1, { sku: "SKU-1" })],
        },
      ),
    ).rejects.toThrow("Uno de los SKU ya está en uso en otro producto de esta tienda");
    expect((await findProduct(s.db, m.store.id, other.id))?.name).toBe("Camiseta");
    expect(await listVariants(s.db, m.store.id, other.id)).toEqual([]);
  });

  it("a product refused by the plan's limit leaves no variants behind, and another store's product gets none", async () => {
    const s = createTestServices();
    const m = await merchantWithStore(s);
    const other = await merchantWithStore(s);
    const plan = { ...(await planLimits(s.db, "standard")), products: 0 };
    await expect(
      createProduct(s.db, TEST_ACTOR, m.store.id, plan, "1000005", input, image, s.clock.now(), { options, drafts: sixDrafts() }),
    ).rejects.toThrow("Limite de productos");
    const foreign = await insertProduct(s.db, { storeId: other.store.id, name: "Ajeno", price: 1, stock: 1 }, s.clock.now());
    // The merchant's store id with the other store's product: nothing is written.
    await updateProduct(
      s.db,
      TEST_ACTOR,
      { product: { ...foreign, storeId: m.store.id }, variantsBefore: [] },
      input,
      null,
      s.clock.now(),
      {
        options,
        drafts: sixDrafts(),
      },
    );
    expect(await s.db.select().from(productVariants).where(eq(productVariants.productId, foreign.id))).toEqual([]);
    expect(await s.db.select().from(productVariants)).toEqual([]);
  });
});

describe("the price every listing shows for a product with options", () => {
  type S = ReturnType<typeof createTestServices>;
  const loaded = async <T>(result: Promise<unknown>) => ((await result) as { data: T }).data;
  type Card = { name: string; price: string; from: boolean };

  /**
   * A store whose 'Cajas de té' sells at 9.000 with two options priced as given (null: the product's price),
   * and a cheaper third one sold out: what cannot be bought sets no price.
   */
  async function boxes(s: S, prices: [number | null, number | null]) {
    const m = await signedInMerchant(s, "premium", { url: "te-verde", currency: "COP", saleNumber: "573001112233" });
    const plan = await planLimits(s.db, "premium");
    const tea = { ...input, name: "Cajas de té", price: 9000 };
    await createProduct(s.db, TEST_ACTOR, m.store.id, plan, "1000010", tea, image, s.clock.now(), {
      options: [{ name: "Presentación", values: ["Caja x6", "Caja x12", "Caja x24"] }],
      drafts: [
        draft(["Caja x6"], 4, { price: prices[0] }),
        draft(["Caja x12"], 3, { price: prices[1] }),
        draft(["Caja x24"], 0, { price: 5000 }),
      ],
    });
    const section = await createSection(s.db, TEST_ACTOR, m.store.id, plan, "Destacados", s.clock.now());
    await addProductItems(s.db, TEST_ACTOR, section, plan, ["1000010"], s.clock.now());
    // An empty section: its picker lists the product.
    const empty = await createSection(s.db, TEST_ACTOR, m.store.id, plan, "Novedades", s.clock.now());
    return { m, section, empty };
  }

  /** What each listing shows for it, the store's and the merchant's: `[listing, price, 'desde']`. */
  async function listings(s: S, { m, section: { id: sectionId }, empty }: Awaited<ReturnType<typeof boxes>>) {
    const site = (path: string) => siteArgs(s, "te-verde", path) as never;
    const home = await loaded<{ newest: Card[]; sections: { items: { card: Card }[] }[] }>(homeLoader(site("/")));
    const tienda = await loaded<{ cards: Card[] }>(catalogLoader(site("/Store")));
    const search = await loaded<{ cards: Card[] }>(searchLoader(site("/Search?q=cajas")));
    const merchant = async (module: never, path: string, params: Record<string, string>) =>
      (await workspaceRequest(s, { module, cookie: m.cookie, method: "GET", path, params: { storeId: m.store.id, ...params } }))
        .data as never;
    const products: { products: { price: string }[] } = await merchant(
      productListPage as never,
      `/Store/${m.store.id}/products`,
      {},
    );
    const section: { items: { detail: string }[] } = await merchant(
      sectionPage as never,
      `/Store/${m.store.id}/section/${sectionId}`,
      { sectionId },
    );
    const picker: { products: { price: string }[] } = await merchant(
      addToSectionPage as never,
      `/Store/${m.store.id}/section/${empty.id}/new/product`,
      { sectionId: empty.id, type: "product" },
    );
    const card = (c: Card | undefined) => (c?.from ? `desde ${c.price}` : c?.price);
    return {
      home: card(home.newest[0]),
      homeSection: card(home.sections[0]?.items[0]?.card),
      tienda: card(tienda.cards[0]),
      search: card(search.cards[0]),
      merchantProducts: products.products[0]?.price,
      merchantSection: section.items[0]?.detail,
      merchantPicker: picker.products[0]?.price,
    };
  }

  it("is the cheapest option on sale, 'desde' when they differ: an option without its own price sells at the product's", async () => {
    const s = createTestServices();
    const store = await boxes(s, [null, 16500]);
    const from = `desde ${formatMoney(9000, "COP", null)}`;
    expect(await listings(s, store)).toEqual({
      home: from,
      homeSection: from,
      tienda: from,
      search: from,
      merchantProducts: from,
      merchantSection: from,
      merchantPicker: from,
    });
  });

  it("is the one price, without 'desde', when every option sells at the same", async () => {
    const s = createTestServices();
    const store = await boxes(s, [null, 9000]);
    const one = formatMoney(9000, "COP", null);
    expect(await listings(s, store)).toEqual({
      home: one,
      homeSection: one,
      tienda: one,
      search: one,
      merchantProducts: one,
      merchantSection: one,
      merchantPicker: one,
    });
  });
});
