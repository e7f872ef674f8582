import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { slugify } from "~/domain/slug";
import { combinations } from "~/domain/variants";
import { getSale } from "~/orders/order-queries.server";
import { createProduct, findProduct, updateProduct } from "~/products/products.server";
import { listVariants, type VariantDraft } from "~/products/variants.server";
import { action as cartAction } from "~/site/routes/cart";
import { action as checkoutAction } from "~/site/routes/checkout";
import { loader as productLoader } from "~/site/routes/product";
import { planLimits } from "~/workspace/plan-limits.server";
import { productVariants, saleLines, sales } from "../../db/schema";
import { merchantWithStore, TEST_ACTOR } from "../support/merchants";
import { confirmSale } from "../support/orders";
import { createTestServices } from "../support/services";
import { shownAmounts } from "../support/shown-amounts";
import { siteArgs } from "../support/site-args";
import { anotherProcess } from "./sales-fixtures";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

type S = ReturnType<typeof createTestServices>;
const URL_ = "ropa";
const options = [
  { name: "Talla", values: ["S", "M", "L"] },
  { name: "Color", values: ["Rojo", "Azul"] },
];
const input = { name: "Camiseta", price: 2000, compareAtPrice: null, stock: 0, description: "", category: 0, published: true };
const image = { key: "stores/x/products/p/a.webp", width: 400, height: 400, filename: "a.jpg" };

/** A T-shirt in 3 sizes and 2 colours: M/Azul costs 2500 and has 5; L/Rojo is sold out; L/Azul is disabled. */
async function shirtShop(s: S) {
  const { store } = await merchantWithStore(s, "standard", { url: URL_, currency: "USD", saleNumber: "573001112233" });
  const drafts: VariantDraft[] = combinations(options).map(([talla = "", color = ""]) => ({
    values: [talla, color],
    price: talla === "M" && color === "Azul" ? 2500 : null,
    sku: `CAM-${talla}-${color}`,
    stock: talla === "M" && color === "Azul" ? 5 : talla === "L" && color === "Rojo" ? 0 : 3,
    enabled: !(talla === "L" && color === "Azul"),
  }));
  const plan = await planLimits(s.db, "standard");
  const product = await createProduct(s.db, TEST_ACTOR, store.id, plan, "2000001", input, image, s.clock.now(), {
    options,
    drafts,
  });
  const variants = await listVariants(s.db, store.id, product.id);
  const variant = (talla: string, color: string) => {
    const found = variants.find((v) => v.option1 === talla && v.option2 === color);
    if (!found) throw new Error(`no ${talla}/${color}`);
    return found;
  };
  return { store, product, variant };
}

const args = (s: S, path: string, init: Parameters<typeof siteArgs>[3] = {}) => siteArgs(s, URL_, path, init) as never;

async function settle<T>(promise: Promise<unknown>): Promise<T> {
  try {
    return (await promise) as T;
  } catch (thrown) {
    return thrown as T;
  }
}
const statusOf = (r: { init?: ResponseInit | null; status?: number }) => r.init?.status ?? r.status ?? 200;

function cartPost(s: S, fields: Record<string, string>, cookie = "") {
  return settle<Response & { data?: { message?: string }; init?: ResponseInit }>(
    cartAction(args(s, "/Cart", { method: "POST", body: new URLSearchParams(fields), cookie })),
  );
}

type ProductPage = {
  data: {
    product: {
      price: string;
      stock: number;
      variantId: number | null;
      variant: string | null;
      picker: { name: string; choices: { value: string; selected: boolean; available: boolean; href: string | null }[] }[];
      variants: { name: string; sku: string; inStock: boolean }[];
    };
  };
};

async function productPage(s: S, id: string, query = "") {
  const path = `/Product/${slugify(input.name)}/${id}${query}`;
  return (await productLoader(args(s, path, { params: { title: slugify(input.name), id } }))) as unknown as ProductPage;
}

describe("buying a variant", () => {
  it("the page shows the chosen variant's price and stock, links each value and marks what cannot be bought", async () => {
    const s = createTestServices();
    const { product, variant } = await shirtShop(s);
    const first = await productPage(s, product.id);
    // No variant asked for: the first one on sale.
    expect(first.data.product).toMatchObject({ variantId: variant("S", "Rojo").id, variant: "Talla S, Color Rojo" });

    const mAzul = variant("M", "Azul");
    const page = (await productPage(s, product.id, `?variante=${mAzul.id}`)).data.product;
    expect(page).toMatchObject({ price: expect.stringContaining("25,00"), stock: 5, variant: "Talla M, Color Azul" });
    const [talla, color] = page.picker;
    expect(talla?.choices.map((c) => [c.value, c.selected, c.available])).toEqual([
      ["S", false, true],
      ["M", true, true],
      // L/Azul is disabled, so 'L' leads to L/Rojo, which is sold out.
      ["L", false, false],
    ]);
    expect(talla?.choices[2]?.href).toContain(`?variante=${variant("L", "Rojo").id}`);
    expect(color?.choices.map((c) => [c.value, c.selected])).toEqual([
      ["Rojo", false],
      ["Azul", true],
    ]);
    // Structured data: every enabled variant, with its own SKU and availability.
    expect(page.variants).toHaveLength(5);
    expect(page.variants.find((v) => v.sku === "CAM-L-Rojo")?.inStock).toBe(false);
    // A disabled variant asked for by URL is not shown: the page falls back to one on sale.
    expect((await productPage(s, product.id, `?variante=${variant("L", "Azul").id}`)).data.product.variantId).toBe(
      variant("S", "Rojo").id,
    );
  });

  it("the cart takes a variant, refuses the product alone, a sold-out or disabled variant; the sale names it and 'Completar' takes from it only", async () => {
    const s = createTestServices();
    const { store, product, variant } = await shirtShop(s);
    const mAzul = variant("M", "Azul");

    const alone = await cartPost(s, { intent: "add", productId: product.id, quantity: "1" });
    expect([statusOf(alone), alone.data?.message]).toEqual([400, "Elige una opción disponible"]);
    const soldOut = await cartPost(s, { intent: "add", productId: product.id, variantId: String(variant("L", "Rojo").id) });
    expect([statusOf(soldOut), soldOut.data?.message]).toEqual([409, "Esta combinación está agotada"]);
    const disabled = await cartPost(s, { intent: "add", productId: product.id, variantId: String(variant("L", "Azul").id) });
    expect([statusOf(disabled), disabled.data?.message]).toEqual([404, "Esta combinación no está disponible"]);
    // Another product's variant id with this product: no such line.
    const mixed = await cartPost(s, { intent: "add", productId: "9999999", variantId: String(mAzul.id) });
    expect(statusOf(mixed)).toBe(404);

    const added = await cartPost(s, { intent: "add", productId: product.id, variantId: String(mAzul.id), quantity: "2" });
    expect(statusOf(added)).toBe(303);
    const cookie = added.headers.get("Set-Cookie")?.split(";")[0] ?? "";
    // The new cart keeps its source after its lines (the statistics': direct, with no visit or ref).
    expect(cookie).toBe(`carrito=${product.id}-${mAzul.id}:2|~direct`);

    const form = new URLSearchParams({
      idempotencyKey: `clave-${crypto.randomUUID()}`,
      buyerName: "Luis",
      delivery: "pickup",
      ...shownAmounts({ subtotal: 5000 }),
    });
    form.append("line", `${product.id}-${mAzul.id}:2`);
    const ordered = await settle<Response>(checkoutAction(args(s, "/Checkout", { method: "POST", body: form, cookie })));
    expect(statusOf(ordered)).toBe(303);
    const text = new URL(ordered.headers.get("Location") ?? "").searchParams.get("text") ?? "";
    expect(text).toContain("Camiseta — Talla M, Color Azul x 2");

    const [sale] = await s.db.select().from(sales).where(eq(sales.storeId, store.id));
    expect(sale?.total).toBe(5000);
    const [line] = await s.db
      .select()
      .from(saleLines)
      .where(eq(saleLines.saleId, sale?.id ?? ""));
    expect(line).toMatchObject({
      name: "Camiseta — Talla M, Color Azul",
      variant: "Talla M, Color Azul",
      variantId: mAzul.id,
      unitPrice: 2500,
      quantity: 2,
    });

    const before = await listVariants(s.db, store.id, product.id);
    expect(await confirmSale(s, TEST_ACTOR, store.id, sale?.id ?? "")).toEqual({ ok: true, state: "Confirmada" });
    const after = await listVariants(s.db, store.id, product.id);
    expect(after.map((v) => v.stock)).toEqual(before.map((v) => (v.id === mAzul.id ? v.stock - 2 : v.stock)));
    // The product's stock is its enabled variants' sum: S/Rojo, S/Azul, M/Rojo 3 each, M/Azul now 3, L/Rojo 0.
    expect((await findProduct(s.db, store.id, product.id))?.stock).toBe(12);
  });

  it("a sale keeps what was bought after the variant is changed or deleted; confirming it then takes nothing for that line", async () => {
    const s = createTestServices();
    const { store, product, variant } = await shirtShop(s);
    const mAzul = variant("M", "Azul");
    const form = new URLSearchParams({
      idempotencyKey: `clave-${crypto.randomUUID()}`,
      buyerName: "Ana",
      delivery: "pickup",
      ...shownAmounts({ subtotal: 2500 }),
    });
    form.append("line", `${product.id}-${mAzul.id}:1`);
    await checkoutAction(args(s, "/Checkout", { method: "POST", body: form })).catch((r) => r);
    const [sale] = await s.db.select().from(sales).where(eq(sales.storeId, store.id));
    // The merchant drops the colour: M/Azul is gone (and with it, its row).
    await updateProduct(s.db, TEST_ACTOR, { product: product, variantsBefore: [] }, input, null, s.clock.now(), {
      options: [{ name: "Talla", values: ["S", "M"] }],
      drafts: [
        { values: ["S"], price: null, sku: null, stock: 4, enabled: true },
        { values: ["M"], price: null, sku: null, stock: 4, enabled: true },
      ],
    });
    const kept = await getSale(s.db, store.id, sale?.id ?? "");
    expect(kept?.lines[0]).toMatchObject({ name: "Camiseta — Talla M, Color Azul", variantId: null, unitPrice: 2500 });
    expect(await confirmSale(s, TEST_ACTOR, store.id, sale?.id ?? "")).toEqual({ ok: true, state: "Confirmada" });
    expect((await listVariants(s.db, store.id, product.id)).map((v) => v.stock)).toEqual([4, 4]);
  });

  it("20 simultaneous checkouts of the same variant with 5 in stock: exactly 5 orders, the others told in Spanish; completing them takes it to 0", async () => {
    const s = createTestServices();
    await s.db.$client.execute("PRAGMA journal_mode = WAL");
    const { store, product, variant } = await shirtShop(s);
    const mAzul = variant("M", "Azul");
    // Each shopper's checkout comes through its own client (own connections), as from separate processes.
    const clients = await Promise.all(Array.from({ length: 20 }, () => anotherProcess(s)));
    const answers = await Promise.all(
      clients.map((c, i) => {
        const form = new URLSearchParams({
          idempotencyKey: `clave-${crypto.randomUUID()}`,
          buyerName: `C${i}`,
          delivery: "pickup",
          ...shownAmounts({ subtotal: 2500 }),
        });
        form.append("line", `${product.id}-${mAzul.id}:1`);
        return settle<Response & { data?: { errors?: { form?: string } } }>(
          checkoutAction(siteArgs(c, URL_, "/Checkout", { method: "POST", body: form }) as never),
        );
      }),
    );
    expect(answers.filter((a) => statusOf(a) === 303)).toHaveLength(5);
    const refused = answers.filter((a) => statusOf(a) !== 303);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(statusOf(r)).toBe(409);
      expect(r.data?.errors?.form).toBe(
        "Mientras hacías tu pedido se agotó “Camiseta — Talla M, Color Azul”: quítalo de tu carrito para seguir",
      );
    }
    const variantRow = async () =>
      (
        await s.db
          .select({ stock: productVariants.stock, reserved: productVariants.reserved })
          .from(productVariants)
          .where(and(eq(productVariants.id, mAzul.id), eq(productVariants.storeId, store.id)))
      )[0];
    expect(await variantRow()).toEqual({ stock: 5, reserved: 5 });
    const saleIds = (await s.db.select({ id: sales.id }).from(sales).where(eq(sales.storeId, store.id))).map((r) => r.id);
    expect(saleIds).toHaveLength(5);
    const results = await Promise.all(saleIds.map((id, i) => confirmSale(clients[i] ?? s, TEST_ACTOR, store.id, id)));
    expect(results).toEqual(saleIds.map(() => ({ ok: true, state: "Confirmada" })));
    expect(await variantRow()).toEqual({ stock: 0, reserved: 0 });
    // The other variants were not touched: S/Rojo, S/Azul, M/Rojo, L/Rojo = 3 + 3 + 3 + 0.
    expect((await findProduct(s.db, store.id, product.id))?.stock).toBe(9);
    for (const c of clients) c.db.$client.close();
  });
});
