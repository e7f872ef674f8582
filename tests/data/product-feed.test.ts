import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { loader as feedLoader } from "~/feeds/routes/product-feed";
import * as sellOnSocial from "~/feeds/routes/sell-on-social";
import { insertPhoto } from "~/products/photos.server";
import { createProduct, insertProduct, updateProduct } from "~/products/products.server";
import { createFetchHandler } from "~/request-handler.server";
import { RoundTripCounter } from "~/services/db";
import { loader as productLoader } from "~/site/routes/product";
import { loader as qrLoader } from "~/site/routes/qr-redirect";
import { planLimits } from "~/workspace/plan-limits.server";
import { productPhotos, products, productVariants } from "../../db/schema";
import { appBuild } from "../support/app-build";
import { merchantWithStore, signedInMerchant, TEST_ACTOR } from "../support/merchants";
import { createTestServices } from "../support/services";
import { siteArgs } from "../support/site-args";
import { workspaceRequest } from "../support/workspace-request";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

type S = ReturnType<typeof createTestServices>;
type Item = Record<string, string[]>;

const image = (name: string) => ({ key: `stores/x/products/${name}.webp`, width: 800, height: 800, filename: `${name}.jpg` });

function feedResponse(s: S, slug: string, query = "") {
  return feedLoader(siteArgs(s, slug, `/feed.xml${query}`) as never) as Promise<Response>;
}

async function feed(s: S, slug: string, query = "") {
  const response = await feedResponse(s, slug, query);
  return { response, xml: response.status === 200 ? await response.clone().text() : "" };
}

/** The XML is well formed: every tag closed in order, every '&' an entity, no character XML 1.0 cannot hold. */
function checkWellFormed(xml: string) {
  const stack: string[] = [];
  const body = xml.replace(/^<\?xml [^?]*\?>\n/, "");
  for (const tag of body.matchAll(/<(\/?)([\w:]+)[^>]*?(\/?)>/g)) {
    const [, closing, name = "", selfClosing] = tag;
    if (selfClosing) continue;
    if (closing) expect(stack.pop()).toBe(name);
    else stack.push(name);
  }
  expect(stack).toEqual([]);
  expect(body.replace(/<[^>]*>/g, "")).not.toMatch(/[<>]|&(?!(amp|lt|gt|quot|#39);)/);
  const notXml = (code: number) => (code < 0x20 && ![0x9, 0xa, 0xd].includes(code)) || code === 0xfffe || code === 0xffff;
  expect(Array.from(xml).filter((c) => notXml(c.codePointAt(0) ?? 0))).toEqual([]);
}

const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e] ?? "");

/** Each item's fields by name (without the g: prefix), each with its values in order. */
function itemsOf(xml: string): Item[] {
  return [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map(([, inner = ""]) => {
    const item: Item = {};
    for (const [, name = "", value = ""] of inner.matchAll(/<(?:g:)?(\w+)>([^<]*)<\/(?:g:)?\1>/g))
      item[name] = [...(item[name] ?? []), decode(value)];
    return item;
  });
}

const one = (item: Item | undefined, field: string) => item?.[field]?.[0];

/** What Google Merchant Center and Meta Commerce Manager both require of every item. */
const REQUIRED = ["id", "title", "description", "link", "image_link", "availability", "condition", "price", "brand"];

function checkRequired(items: Item[], availability: string[]) {
  for (const item of items) {
    for (const field of REQUIRED) expect(one(item, field), `${one(item, "id")} ${field}`).toBeTruthy();
    for (const field of ["link", "image_link", "additional_image_link"])
      for (const url of item[field] ?? []) expect(new URL(url).href).toBe(url);
    expect(one(item, "link")).toMatch(/^https?:\/\//);
    expect(one(item, "image_link")).toMatch(/^https?:\/\/[^/]+\/files\//);
    expect(one(item, "price")).toMatch(/^\d+\.\d{2} ARS$/);
    for (const sale of item.sale_price ?? []) expect(sale).toMatch(/^\d+\.\d{2} ARS$/);
    expect(availability).toContain(one(item, "availability"));
    expect(one(item, "condition")).toBe("new");
    expect(Array.from(one(item, "title") ?? "").length).toBeLessThanOrEqual(150);
  }
  expect(new Set(items.map((i) => one(i, "id"))).size).toBe(items.length);
}

/** A store of every kind of product: one thing on offer, with options, hidden, without a photo, held, with odd text. */
async function shop(s: S) {
  const now = s.clock.now();
  const { store } = await merchantWithStore(s, "standard", { name: "Ana & Cía", url: "ana", currency: "ARS", category: 1 });
  const add = (name: string, fields: Partial<typeof products.$inferInsert> = {}, at = 0) =>
    insertProduct(
      s.db,
      {
        storeId: store.id,
        name,
        price: 900_000,
        stock: 5,
        imageKey: image(`p${at}`).key,
        imageWidth: 800,
        imageHeight: 800,
        filename: "foto.jpg",
        ...fields,
      },
      new Date(now.getTime() + at),
    );
  const offer = await add("Taza", { compareAtPrice: 1_200_000, category: 4, description: "De cerámica" }, 1000);
  const hidden = await add("Borrador", { published: false }, 2000);
  const noPhoto = await add("Sin foto", { imageKey: null, imageWidth: null, imageHeight: null, filename: null }, 3000);
  const held = await add("Reservada", { stock: 2 }, 4000);
  await s.db.update(products).set({ reserved: 2 }).where(eq(products.id, held.id));
  const odd = await add(`Té & "pan" <rico> 'ya'\u0007 😀`, { description: "Línea 1\nLínea <2> & fin\u0000" }, 5000);
  const plan = await planLimits(s.db, "standard");
  const options = [
    { name: "Talla", values: ["S", "M"] },
    { name: "Color", values: ["Rojo", "Azul"] },
  ];
  const drafts = [
    { values: ["S", "Rojo"], price: null, sku: null, stock: 3, enabled: true },
    { values: ["S", "Azul"], price: 1_000_000, sku: null, stock: 0, enabled: true },
    { values: ["M", "Rojo"], price: null, sku: null, stock: 4, enabled: true },
    { values: ["M", "Azul"], price: null, sku: null, stock: 9, enabled: false },
  ];
  const shirt = await createProduct(
    s.db,
    TEST_ACTOR,
    store.id,
    plan,
    "7000001",
    { name: "Camiseta", description: "", category: 3, price: 800_000, compareAtPrice: null, published: true, stock: 0 },
    image("camiseta"),
    new Date(now.getTime() + 6000),
    { options, drafts },
  );
  const blue = await insertPhoto(s.db, shirt, 1, image("azul"));
  await s.db
    .update(productVariants)
    .set({ photoId: blue.id })
    .where(sql`${productVariants.productId} = ${shirt.id} and ${productVariants.option2} = 'Azul'`);
  const variants = await s.db.select().from(productVariants).where(eq(productVariants.productId, shirt.id));
  return { store, offer, hidden, noPhoto, held, odd, shirt, variants };
}

describe("the product feed", () => {
  it("holds every field both platforms require, absolute addresses, '9000.00 ARS' prices and no hidden product", async () => {
    const s = createTestServices();
    const p = await shop(s);
    for (const [query, availability, ref] of [
      ["", ["in_stock", "out_of_stock"], "google-shopping"],
      ["?canal=google", ["in_stock", "out_of_stock"], "google-shopping"],
      ["?canal=meta", ["in stock", "out of stock"], "meta-catalog"],
    ] as const) {
      const { response, xml } = await feed(s, "ana", query);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
      expect(
        xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">'),
      ).toBe(true);
      checkWellFormed(xml);
      const items = itemsOf(xml);
      checkRequired(items, [...availability]);
      for (const item of items) expect(new URL(one(item, "link") ?? "").searchParams.get("ref")).toBe(ref);
      // Hidden and photo-less products are nowhere; the disabled combination neither.
      expect(xml).not.toContain(p.hidden.id);
      expect(xml).not.toContain(p.noPhoto.id);
      const disabled = p.variants.find((v) => !v.enabled);
      expect(items.map((i) => one(i, "id"))).not.toContain(`${p.shirt.id}-${disabled?.id}`);
      expect(items).toHaveLength(6);
    }
    const items = itemsOf((await feed(s, "ana")).xml);
    const byId = new Map(items.map((i) => [one(i, "id"), i]));
    const offer = byId.get(p.offer.id);
    expect([one(offer, "price"), one(offer, "sale_price"), one(offer, "availability")]).toEqual([
      "12000.00 ARS",
      "9000.00 ARS",
      "in_stock",
    ]);
    expect(one(offer, "link")).toBe(`http://ana.localhost:3999/Product/taza/${p.offer.id}?ref=google-shopping`);
    expect(one(offer, "image_link")).toBe("http://ana.localhost:3999/files/stores/x/products/p1000.webp");
    expect([one(offer, "brand"), one(offer, "google_product_category"), one(offer, "product_type")]).toEqual([
      "Ana & Cía",
      "536",
      "Hogar",
    ]);
    expect(offer?.item_group_id).toBeUndefined();
    // All its units are held by pending orders: out of stock.
    expect(one(byId.get(p.held.id), "availability")).toBe("out_of_stock");
    // Text with markup, quotes, emoji and control characters comes back as written, less what XML cannot hold.
    const odd = byId.get(p.odd.id);
    expect(one(odd, "title")).toBe(`Té & "pan" <rico> 'ya' 😀`);
    expect(one(odd, "description")).toBe("Línea 1\nLínea <2> & fin");
  });

  it("a product with options is one item per enabled combination, grouped by the product's id", async () => {
    const s = createTestServices();
    const p = await shop(s);
    const items = itemsOf((await feed(s, "ana", "?canal=meta")).xml).filter((i) => one(i, "item_group_id"));
    const enabled = p.variants.filter((v) => v.enabled).sort((a, b) => a.position - b.position);
    expect(items.map((i) => one(i, "id"))).toEqual(enabled.map((v) => `${p.shirt.id}-${v.id}`));
    expect(new Set(items.map((i) => one(i, "item_group_id")))).toEqual(new Set([p.shirt.id]));
    expect(items.map((i) => [one(i, "title"), one(i, "size"), one(i, "color"), one(i, "availability"), one(i, "price")])).toEqual(
      [
        ["Camiseta — Talla S, Color Rojo", "S", "Rojo", "in stock", "8000.00 ARS"],
        ["Camiseta — Talla S, Color Azul", "S", "Azul", "out of stock", "10000.00 ARS"],
        ["Camiseta — Talla M, Color Rojo", "M", "Rojo", "in stock", "8000.00 ARS"],
      ],
    );
    const blue = items[1];
    expect(new URL(one(blue, "link") ?? "").searchParams.get("variante")).toBe(String(enabled[1]?.id));
    expect(one(blue, "image_link")).toMatch(/\/files\/stores\/x\/products\/azul\.webp$/);
    expect(blue?.additional_image_link).toEqual([expect.stringMatching(/\/camiseta\.webp$/)]);
    // A product without options is one item of its own, in no group.
    const all = itemsOf((await feed(s, "ana", "?canal=meta")).xml);
    expect(all.filter((i) => one(i, "id") === p.offer.id).map((i) => i.item_group_id)).toEqual([undefined]);
  });

  it("its validators are the store's public version: a product change gives a new ETag and Last-Modified", async () => {
    const s = createTestServices();
    const p = await shop(s);
    const first = (await feed(s, "ana")).response;
    const etag = first.headers.get("ETag") ?? "";
    const lastModified = first.headers.get("Last-Modified") ?? "";
    expect(etag).toMatch(/^W\/"\w+"$/);
    expect(new Date(lastModified).getTime()).toBeGreaterThan(0);
    expect(first.headers.get("Cache-Tag")).toBe(`store-${p.store.id}`);
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    // Each platform's feed has its own validator.
    expect((await feed(s, "ana", "?canal=meta")).response.headers.get("ETag")).not.toBe(etag);
    expect((await feed(s, "ana")).response.headers.get("ETag")).toBe(etag);

    // The merchant edits a product (the save bumps the store's public version), a minute later.
    const later = new Date(s.clock.now().getTime() + 60_000);
    const { name, description, category, compareAtPrice, published, stock } = p.offer;
    const input = { name, description, category, compareAtPrice, published, stock, price: 950_000 };
    await updateProduct(s.db, TEST_ACTOR, { product: p.offer, variantsBefore: [] }, input, null, later);
    const edited = (await feed(s, "ana")).response;
    expect(edited.headers.get("ETag")).not.toBe(etag);
    expect(edited.headers.get("Last-Modified")).toBe(later.toUTCString());
    expect(edited.headers.get("Last-Modified")).not.toBe(lastModified);
    expect(itemsOf(await edited.text()).find((i) => one(i, "id") === p.offer.id)?.sale_price).toEqual(["9500.00 ARS"]);

    // Stock taken by a sale changes no date, but the catalog's version: a new ETag still.
    const beforeSale = edited.headers.get("ETag");
    await s.db.update(products).set({ stock: 1 }).where(eq(products.id, p.offer.id));
    expect((await feed(s, "ana")).response.headers.get("ETag")).not.toBe(beforeSale);
  });

  it("answers 404 for a platform it does not know and for a store that does not exist", async () => {
    const s = createTestServices();
    await shop(s);
    expect((await feed(s, "ana", "?canal=tiktok")).response.status).toBe(404);
    const missing = (await feed(s, "no-existe")).response;
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Cache-Control")).toBe("no-store");
  });

  it("streams 5,000 products a page at a time, every one of them once", { timeout: 120_000 }, async () => {
    const counter = new RoundTripCounter();
    const s = createTestServices({ wrapClient: (client) => counter.wrap(client) });
    const { store } = await merchantWithStore(s, "standard", { name: "Grande", url: "grande", currency: "ARS" });
    const start = s.clock.now().getTime();
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      id: String(3_000_000 + i),
      storeId: store.id,
      name: `Producto ${i}`,
      searchText: ` producto ${i}`,
      price: 100_000 + i,
      stock: i % 9,
      description: `Descripción del producto ${i}, con detalles para la ficha.`,
      category: i % 16,
      // Two products share each moment: the read's cursor goes by date and id.
      createdAt: new Date(start + Math.floor(i / 2) * 1000),
      imageKey: `stores/${store.id}/products/${3_000_000 + i}-0.webp`,
      imageWidth: 800,
      imageHeight: 800,
      published: i % 50 !== 0,
    }));
    for (let i = 0; i < rows.length; i += 500) await s.db.insert(products).values(rows.slice(i, i + 500));
    // Two photos for one product in five (the rest have their cover only, written on the product as the trigger would).
    const photos = rows.flatMap((r, i) =>
      (i % 5 === 0 ? [0, 1] : []).map((position) => ({
        productId: r.id,
        storeId: store.id,
        position,
        key: `stores/${store.id}/products/${r.id}-${position}.webp`,
        width: 800,
        height: 800,
        filename: `${i}.jpg`,
      })),
    );
    for (let i = 0; i < photos.length; i += 500) await s.db.insert(productPhotos).values(photos.slice(i, i + 500));
    // One product in ten has four sizes.
    const variantRows = rows
      .filter((_, i) => i % 10 === 3)
      .flatMap((r) =>
        ["S", "M", "L", "XL"].map((size, position) => ({
          productId: r.id,
          storeId: store.id,
          position,
          option1: size,
          stock: position,
        })),
      );
    for (let i = 0; i < variantRows.length; i += 500) await s.db.insert(productVariants).values(variantRows.slice(i, i + 500));
    await s.db.run(sql`update products set options = '[{"name":"Talla","values":["S","M","L","XL"]}]'
      where id in (select product_id from product_variants where store_id = ${store.id})`);

    counter.count = 0;
    const heapBefore = process.memoryUsage().heapUsed;
    let heapPeak = heapBefore;
    const started = performance.now();
    const response = await feedResponse(s, "grande");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let xml = "";
    let chunks = 0;
    let largestChunk = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      largestChunk = Math.max(largestChunk, value.byteLength);
      xml += decoder.decode(value, { stream: true });
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    }
    const ms = performance.now() - started;
    const heapMiB = (heapPeak - heapBefore) / 2 ** 20;
    const items = itemsOf(xml);
    // 4,900 published products: 4,410 sold as one thing, 490 with four sizes each.
    const published = rows.filter((_, i) => i % 50 !== 0);
    const withSizes = published.filter((r) => (Number(r.id) - 3_000_000) % 10 === 3).length;
    expect(items).toHaveLength(published.length - withSizes + withSizes * 4);
    expect(new Set(items.map((i) => one(i, "item_group_id") ?? one(i, "id"))).size).toBe(published.length);
    checkWellFormed(xml);
    // 4,900 products in pages of 250: 20 reads, the first with the store.
    expect(counter.count).toBe(20);
    expect(chunks).toBeGreaterThan(10);
    expect(largestChunk).toBeLessThan(256 * 1024);
    console.info(
      `feed of 5,000 products: ${items.length} items, ${(xml.length / 2 ** 20).toFixed(1)} MiB of XML in ${chunks} chunks, ` +
        `${Math.round(ms)} ms, ${counter.count} round trips, heap at most ${heapMiB.toFixed(1)} MiB above the start (the test keeps the whole XML)`,
    );
  });
});

describe("links the platform makes to share carry ?ref=", () => {
  it("the printed QR's page sends the shopper to the store with ref=qr", async () => {
    const s = createTestServices();
    const { store } = await merchantWithStore(s, "standard", { url: "codigo" });
    const { context } = siteArgs(s, "codigo");
    const page = await (qrLoader({ params: { id: store.id }, context } as never) as Promise<Response>);
    const body = await page.text();
    expect(body).toContain('<meta http-equiv="refresh" content="0;url=http://codigo.localhost:3999/?ref=qr">');
    expect(body).toContain('<a href="http://codigo.localhost:3999/?ref=qr">Ir a la tienda</a>');
  });

  it("a feed's link to a product renamed since keeps its ref and combination through the redirect to the new address", async () => {
    const s = createTestServices();
    const p = await shop(s);
    const variant = p.variants.find((v) => v.enabled);
    const old = siteArgs(s, "ana", `/Product/remera/${p.shirt.id}?variante=${variant?.id}&ref=meta-catalog`, {
      params: { title: "remera", id: p.shirt.id },
    });
    const moved = await (productLoader(old as never) as unknown as Promise<Response>).catch((thrown: Response) => thrown);
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe(
      `/site/ana/Product/camiseta/${p.shirt.id}?variante=${variant?.id}&ref=meta-catalog`,
    );
  });

  it("'Vender en redes' shows both feeds and the store's link for Instagram, TikTok and a WhatsApp status", async () => {
    const s = createTestServices();
    const m = await signedInMerchant(s, "standard", { url: "redes", name: "Redes" });
    const page = await workspaceRequest(s, {
      module: sellOnSocial,
      cookie: m.cookie,
      method: "GET",
      path: `/Store/${m.store.id}/redes`,
      params: { storeId: m.store.id },
    });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      feeds: { google: "http://redes.localhost:3999/feed.xml", meta: "http://redes.localhost:3999/feed.xml?canal=meta" },
      share: {
        instagram: "http://redes.localhost:3999/?ref=instagram",
        tiktok: "http://redes.localhost:3999/?ref=tiktok",
        whatsapp: "http://redes.localhost:3999/?ref=whatsapp",
      },
    });
    const text = new URL((page.data as { share: { whatsappHref: string } }).share.whatsappHref).searchParams.get("text");
    expect(text).toBe("¡Mira mi tienda Redes! http://redes.localhost:3999/?ref=whatsapp");
  });
});

describe("through the app's request path", () => {
  it("the store's own host answers feed.xml, a matching If-None-Match a 304; 'Vender en redes' is in the store's menu", {
    timeout: 60_000,
  }, async () => {
    const s = createTestServices();
    const m = await signedInMerchant(s, "standard", { url: "ruta", name: "Ruta", currency: "ARS" });
    await insertProduct(
      s.db,
      {
        storeId: m.store.id,
        name: "Mate",
        price: 500_000,
        stock: 3,
        imageKey: image("mate").key,
        imageWidth: 800,
        imageHeight: 800,
      },
      s.clock.now(),
    );
    const handler = createFetchHandler(await appBuild(), () => s);
    const feedAnswer = await handler(new Request("http://ruta.localhost:3999/feed.xml?canal=meta"));
    expect(feedAnswer.status).toBe(200);
    expect(feedAnswer.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const items = itemsOf(await feedAnswer.text());
    expect(items.map((i) => [one(i, "title"), one(i, "availability"), one(i, "price")])).toEqual([
      ["Mate", "in stock", "5000.00 ARS"],
    ]);
    expect(one(items[0], "link")).toMatch(/^http:\/\/ruta\.localhost:3999\/Product\/mate\/\d{7}\?ref=meta-catalog$/);
    const etag = feedAnswer.headers.get("ETag") ?? "";
    const again = await handler(
      new Request("http://ruta.localhost:3999/feed.xml?canal=meta", { headers: { "If-None-Match": etag } }),
    );
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    const page = await handler(
      new Request(`${s.config.APP_ORIGIN}/Store/${m.store.id}/redes`, { headers: { Cookie: m.cookie } }),
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('value="http://ruta.localhost:3999/feed.xml?canal=meta"');
    expect(html).toContain('value="http://ruta.localhost:3999/feed.xml"');
    expect(html).toContain(`href="/Store/${m.store.id}/redes"`);
  });
});
