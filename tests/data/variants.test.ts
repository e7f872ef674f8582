import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, findProduct, insertProduct, updateProduct } from "~/products/products.server";
import { listVariants, type VariantDraft } from "~/products/variants.server";
import { planLimits } from "~/workspace/plan-limits.server";
import { productVariants } from "../../db/schema";
import { merchantWithStore } from "../support/merchants";
import { createTestServices } from "../support/services";

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
    await createProduct(s.db, m.store.id, plan, "1000001", input, image, s.clock.now(), { options, drafts });
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
    const product = await createProduct(s.db, m.store.id, plan, "1000002", input, image, s.clock.now(), {
      options,
      drafts: sixDrafts(),
    });
    const before = await listVariants(s.db, m.store.id, product.id);
    const mAzul = before.find((v) => v.option1 === "M" && v.option2 === "Azul");
    const fewer = [
      { name: "Talla", values: ["M", "XL"] },
      { name: "Color", values: ["Azul"] },
    ];
    await updateProduct(s.db, product, input, null, s.clock.now(), {
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
    await updateProduct(s.db, product, { ...input, stock: 7 }, null, s.clock.now());
    expect(await listVariants(s.db, m.store.id, product.id)).toEqual([]);
    const plain = await findProduct(s.db, m.store.id, product.id);
    expect({ options: plain?.options, stock: plain?.stock }).toEqual({ options: [], stock: 7 });
  });

  it("a SKU another product of the store has is refused and nothing of the edit is saved", async () => {
    const s = createTestServices();
    const m = await merchantWithStore(s);
    const plan = await planLimits(s.db, "standard");
    await createProduct(s.db, m.store.id, plan, "1000003", input, image, s.clock.now(), {
      options: [{ name: "Talla", values: ["S"] }],
      drafts: [draft(["S"], 1, { sku: "SKU-1" })],
    });
    const other = await createProduct(s.db, m.store.id, plan, "1000004", input, image, s.clock.now());
    await expect(
      updateProduct(s.db, other, { ...input, name: "Cambiado" }, null, s.clock.now(), {
        options: [{ name: "Talla", values: ["M"] }],
        drafts: [draft(["M"], 1, { sku: "SKU-1" })],
      }),
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
      createProduct(s.db, m.store.id, plan, "1000005", input, image, s.clock.now(), { options, drafts: sixDrafts() }),
    ).rejects.toThrow("Limite de productos");
    const foreign = await insertProduct(s.db, { storeId: other.store.id, name: "Ajeno", price: 1, stock: 1 }, s.clock.now());
    // The merchant's store id with the other store's product: nothing is written.
    await updateProduct(s.db, { ...foreign, storeId: m.store.id }, input, null, s.clock.now(), {
      options,
      drafts: sixDrafts(),
    });
    expect(await s.db.select().from(productVariants).where(eq(productVariants.productId, foreign.id))).toEqual([]);
    expect(await s.db.select().from(productVariants)).toEqual([]);
  });
});
