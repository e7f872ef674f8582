import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { slugify } from "~/domain/slug";
import { insertProduct, type Product } from "~/products/products.server";
import { action as cartAction, loader as cartLoader } from "~/site/routes/cart";
import { action as checkoutAction } from "~/site/routes/checkout";
import { loader as productLoader } from "~/site/routes/product";
import { loader as searchLoader } from "~/site/routes/search";
import { loader as sitemapLoader } from "~/site/routes/sitemap";
import { loader as catalogLoader } from "~/site/routes/store-catalog";
import { loader as homeLoader } from "~/site/routes/store-home";
import { products, sectionItems, sections, stores } from "../../db/schema";
import { compareForListing } from "../support/listing-order";
import { merchantWithStore } from "../support/merchants";
import { createTestServices } from "../support/services";
import { shownAmounts } from "../support/shown-amounts";
import { type SiteRequestInit, siteArgs } from "../support/site-args";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

type S = ReturnType<typeof createTestServices>;
type Card = { id: string; name: string; soldOut: boolean; offer: { compareAt: string; badge: string | null } | null };
type Loaded<T> = { data: T; init?: ResponseInit };

const URL_ = "estados";

/**
 * A store with every state a product can be in, all named 'Café …' so one search finds them:
 * in stock (one on offer), sold out, hidden in stock, hidden sold out; two sections holding each kind.
 */
async function shop(s: S) {
  const now = s.clock.now().getTime();
  const { store } = await merchantWithStore(s, "standard", {
    name: "Estados",
    url: URL_,
    currency: "USD",
    saleNumber: "573001112233",
  });
  const add = (name: string, at: number, fields: Partial<Product> & { stock: number }) =>
    insertProduct(s.db, { storeId: store.id, name, price: 1000, category: 1, ...fields }, new Date(now + at * 1000));
  const p = {
    // Oldest first; ages interleave the states so 'sold out last' differs from 'newest first'.
    soldOutOld: await add("Café agotado viejo", 1, { stock: 0 }),
    inStockOld: await add("Café con stock viejo", 2, { stock: 4 }),
    hidden: await add("Café oculto", 3, { stock: 9, published: false, category: 7 }),
    soldOutNew: await add("Café agotado nuevo", 4, { stock: 0, category: 3 }),
    offer: await add("Café en oferta", 5, { stock: 2, price: 750, compareAtPrice: 1000 }),
    hiddenSoldOut: await add("Café oculto agotado", 6, { stock: 0, published: false }),
  };
  await s.db
    .insert(sections)
    .values({ id: "5000001", storeId: store.id, title: "Destacados", position: 0, createdAt: s.clock.now() });
  await s.db.insert(sectionItems).values(
    [p.soldOutNew, p.hidden, p.inStockOld, p.offer, p.hiddenSoldOut].map((product, position) => ({
      sectionId: "5000001",
      position,
      type: "product" as const,
      productId: product.id,
    })),
  );
  return { store, p };
}

/** A request to this file's store, as a route's loader or action receives it. */
const args = (s: S, path: string, params: Record<string, string> = {}, init: SiteRequestInit = {}) =>
  siteArgs(s, URL_, path, { ...init, params }) as never;

async function settle<T>(promise: Promise<unknown>): Promise<T> {
  try {
    return (await promise) as T;
  } catch (thrown) {
    return thrown as T;
  }
}

const names = (cards: Card[]) => cards.map((c) => c.name);

async function home(s: S) {
  const page = (await homeLoader(args(s, ""))) as unknown as Loaded<{
    newest: Card[];
    sections: { title: string; items: { kind: string; card?: Card }[] }[];
  }>;
  return {
    newest: names(page.data.newest),
    section: page.data.sections[0]?.items.map((i) => i.card?.name) ?? [],
  };
}

async function tienda(s: S, query = "") {
  const page = (await catalogLoader(args(s, `/Store${query}`))) as unknown as Loaded<{
    cards: Card[];
    categories: { id: number }[];
  }>;
  return { cards: page.data.cards, categories: page.data.categories.map((c) => c.id) };
}

async function search(s: S, q: string) {
  const page = (await searchLoader(args(s, `/Search?q=${encodeURIComponent(q)}`))) as unknown as Loaded<{ cards: Card[] }>;
  return names(page.data.cards);
}

async function sitemap(s: S) {
  return (await (sitemapLoader(args(s, "/sitemap.xml")) as Promise<Response>)).text();
}

async function productPage(s: S, product: Product) {
  return settle<Loaded<{ product: { stock: number; offer: unknown; compareAtDecimal: string | null } }> & Response>(
    productLoader(args(s, `/Product/${slugify(product.name)}/${product.id}`, { title: slugify(product.name), id: product.id })),
  );
}

const statusOf = (result: { init?: ResponseInit | null; status?: number }) => result.init?.status ?? result.status ?? 200;

function cartPost(s: S, fields: Record<string, string>, cookie = "") {
  return settle<Response & { data?: { message?: string }; init?: ResponseInit }>(
    cartAction(args(s, "/Cart", {}, { method: "POST", body: new URLSearchParams(fields), cookie })),
  );
}

async function setPublished(s: S, product: Product, published: boolean) {
  await s.db.update(products).set({ published }).where(eq(products.id, product.id));
}

let s: S;
beforeEach(() => {
  s = createTestServices();
});

describe("hidden products ('Oculto') are nowhere on the public site", () => {
  it("home (newest and sections), Tienda with its categories, search and sitemap leave them out", async () => {
    const { p } = await shop(s);
    const visible = ["Café en oferta", "Café con stock viejo", "Café agotado nuevo", "Café agotado viejo"];
    expect((await home(s)).newest).toEqual(visible);
    expect((await home(s)).section).toEqual(["Café con stock viejo", "Café en oferta", "Café agotado nuevo"]);
    const store = await tienda(s);
    expect(names(store.cards)).toEqual(visible);
    // Category 7 holds only the hidden product: no chip leads to an empty list.
    expect(store.categories).toEqual([1, 3]);
    expect(names((await tienda(s, "?categoria=7")).cards)).toEqual([]);
    expect(await search(s, "cafe")).toEqual(visible);
    expect(await search(s, "oculto")).toEqual([]);
    const xml = await sitemap(s);
    for (const shown of [p.offer, p.inStockOld, p.soldOutNew, p.soldOutOld]) expect(xml).toContain(`/${shown.id}</loc>`);
    expect(xml).not.toContain(p.hidden.id);
    expect(xml).not.toContain(p.hiddenSoldOut.id);
  });

  it("its product page answers 404, not cached, until it is published again", async () => {
    const { p } = await shop(s);
    const hidden = await productPage(s, p.hidden);
    expect(statusOf(hidden)).toBe(404);
    expect(new Headers(hidden.init?.headers).get("Cache-Control")).toBe("no-store");
    expect(statusOf(await productPage(s, p.hiddenSoldOut))).toBe(404);

    await setPublished(s, p.hidden, true);
    expect(statusOf(await productPage(s, p.hidden))).toBe(200);
    expect((await home(s)).newest).toContain("Café oculto");
    expect(await search(s, "oculto")).toEqual(["Café oculto"]);
    expect((await tienda(s)).categories).toEqual([1, 3, 7]);
    expect(await sitemap(s)).toContain(p.hidden.id);
  });

  it("cannot be added to the cart; a cart line for it is dropped; checkout refuses it like a deleted product", async () => {
    const { p } = await shop(s);
    const refused = await cartPost(s, { intent: "add", productId: p.hidden.id, quantity: "1" });
    expect(statusOf(refused)).toBe(404);
    expect(refused.data?.message).toBe("Este producto ya no está disponible");

    // A cart made while it was published: the line goes, the cookie is cleaned, the count ignores it.
    const cookie = `carrito=${p.hidden.id}:2|${p.inStockOld.id}:1`;
    const cart = (await cartLoader(args(s, "/Cart", {}, { cookie }))) as unknown as Loaded<{
      lines: { id: string }[];
      site: { cartCount: number };
    }>;
    expect(cart.data.lines.map((l) => l.id)).toEqual([p.inStockOld.id]);
    expect(cart.data.site.cartCount).toBe(1);
    expect(new Headers(cart.init?.headers).get("Set-Cookie")).toMatch(new RegExp(`^carrito=${p.inStockOld.id}:1;`));

    // What the checkout page showed: the one published line, 10.00.
    const order = (lines: string[]) => {
      const form = new URLSearchParams({
        idempotencyKey: `clave-${crypto.randomUUID()}`,
        buyerName: "Luis",
        delivery: "pickup",
        ...shownAmounts({ subtotal: 1000 }),
      });
      for (const line of lines) form.append("line", line);
      return settle<Loaded<{ errors: Record<string, string> }> & Response>(
        checkoutAction(args(s, "/Checkout", {}, { method: "POST", body: form })),
      );
    };
    const onlyHidden = await order([`${p.hidden.id}:1`]);
    expect(statusOf(onlyHidden)).toBe(400);
    expect(onlyHidden.data.errors.form).toBe("Tu carrito está vacío");
    const mixed = await order([`${p.hidden.id}:1`, `${p.inStockOld.id}:1`]);
    expect(statusOf(mixed)).toBe(303);
    const text = new URL(mixed.headers.get("Location") ?? "").searchParams.get("text") ?? "";
    expect(text).toContain("Café con stock viejo x 1");
    expect(text).not.toContain("oculto");
  });

  it("still counts for the plan: the merchant's list and the product limit include it", async () => {
    const { store } = await shop(s);
    const { countProducts, listProducts } = await import("~/products/products.server");
    expect(await countProducts(s.db, store.id)).toBe(6);
    const all = await listProducts(s.db, store.id, "", 60);
    expect(all).toMatchObject({ total: 6, all: 6, hidden: 2 });
    const hidden = await listProducts(s.db, store.id, "", 60, "hidden");
    expect(hidden.rows.map((r) => r.name)).toEqual(["Café oculto agotado", "Café oculto"]);
    expect(hidden).toMatchObject({ total: 2, all: 6 });
    const published = await listProducts(s.db, store.id, "agotado", 60, "published");
    expect(published.rows.map((r) => r.name)).toEqual(["Café agotado nuevo", "Café agotado viejo"]);
  });
});

describe("sold-out products", () => {
  it("are listed after those in stock, each group newest first, as the domain's rule orders them", async () => {
    const { store } = await shop(s);
    const rows = await s.db.select().from(products).where(eq(products.storeId, store.id));
    const expected = rows
      .filter((r) => r.published)
      .map((r) => ({ ...r, createdAt: r.createdAt.getTime() }))
      .sort(compareForListing)
      .map((r) => r.name);
    expect(expected).toEqual(["Café en oferta", "Café con stock viejo", "Café agotado nuevo", "Café agotado viejo"]);
    expect(names((await tienda(s)).cards)).toEqual(expected);
    expect((await home(s)).newest).toEqual(expected);
    expect(await search(s, "café")).toEqual(expected);
    expect((await tienda(s)).cards.map((c) => c.soldOut)).toEqual([false, false, true, true]);
  });

  it("can be hidden from the listings by the store; their page still answers, saying sold out, and stays in the sitemap", async () => {
    const { store, p } = await shop(s);
    await s.db.update(stores).set({ hideSoldOut: true }).where(eq(stores.id, store.id));
    expect((await home(s)).newest).toEqual(["Café en oferta", "Café con stock viejo"]);
    expect((await home(s)).section).toEqual(["Café con stock viejo", "Café en oferta"]);
    expect(names((await tienda(s)).cards)).toEqual(["Café en oferta", "Café con stock viejo"]);
    // Category 3 has only a sold-out product: no chip for it.
    expect((await tienda(s)).categories).toEqual([1]);
    expect(await search(s, "agotado")).toEqual([]);

    const page = await productPage(s, p.soldOutNew);
    expect(statusOf(page)).toBe(200);
    expect(page.data.product.stock).toBe(0);
    expect(await sitemap(s)).toContain(p.soldOutNew.id);

    // Stock back: listed again at once.
    await s.db.update(products).set({ stock: 3 }).where(eq(products.id, p.soldOutNew.id));
    expect(names((await tienda(s)).cards)).toEqual(["Café en oferta", "Café agotado nuevo", "Café con stock viejo"]);
  });

  it("cannot be added to the cart: the server refuses with 'Este producto está agotado'", async () => {
    const { p } = await shop(s);
    const refused = await cartPost(s, { intent: "add", productId: p.soldOutNew.id, quantity: "1" });
    expect(statusOf(refused)).toBe(409);
    expect(refused.data?.message).toBe("Este producto está agotado");
    const added = await cartPost(s, { intent: "add", productId: p.inStockOld.id, quantity: "1" });
    expect(added.status).toBe(303);
    // The new cart keeps its source after its lines (the statistics': direct, with no visit or ref).
    expect(added.headers.get("Set-Cookie")).toMatch(new RegExp(`^carrito=${p.inStockOld.id}:1\\|~direct;`));
  });
});

describe("offers", () => {
  it("cards and the product page carry the old price and the '-N %' badge; the cart charges the price", async () => {
    const { p } = await shop(s);
    const cards = (await tienda(s)).cards;
    expect(cards.find((c) => c.id === p.offer.id)?.offer).toEqual({ compareAt: expect.stringMatching(/10,00/), badge: "-25 %" });
    expect(cards.filter((c) => c.offer).map((c) => c.id)).toEqual([p.offer.id]);
    const page = await productPage(s, p.offer);
    expect(page.data.product.offer).toEqual({ compareAt: expect.stringMatching(/10,00/), badge: "-25 %" });
    expect(page.data.product.compareAtDecimal).toBe("10.00");
    expect((await productPage(s, p.inStockOld)).data.product).toMatchObject({ offer: null, compareAtDecimal: null });

    const cart = (await cartLoader(args(s, "/Cart", {}, { cookie: `carrito=${p.offer.id}:2` }))) as unknown as Loaded<{
      total: string;
    }>;
    expect(cart.data.total).toMatch(/15,00/);
  });
});

describe("the catalog version moves with visibility and stock", () => {
  it("hiding, publishing and stock changes each give the public pages a new ETag", async () => {
    const { store, p } = await shop(s);
    const version = async () =>
      (await s.db.select({ v: stores.catalogVersion }).from(stores).where(eq(stores.id, store.id)))[0]?.v ?? -1;
    const etag = async () =>
      new Headers(((await catalogLoader(args(s, "/Store"))) as unknown as Loaded<unknown>).init?.headers).get("ETag");
    const seen = new Set([await etag()]);
    let before = await version();
    for (const change of [
      () => setPublished(s, p.offer, false),
      () => setPublished(s, p.offer, true),
      () => s.db.update(products).set({ stock: 0 }).where(eq(products.id, p.inStockOld.id)),
      () => s.db.update(products).set({ compareAtPrice: null }).where(eq(products.id, p.offer.id)),
    ]) {
      await change();
      const after = await version();
      expect(after).toBeGreaterThan(before);
      before = after;
      const tag = await etag();
      expect(seen.has(tag)).toBe(false);
      seen.add(tag);
    }
  });
});
