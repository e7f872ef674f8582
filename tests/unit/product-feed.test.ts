import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  FEED_TAIL,
  type FeedProduct,
  type FeedStore,
  type FeedVariant,
  feedChannel,
  feedHead,
  feedItems,
  feedItemXml,
  feedPrice,
  googleCategory,
  xmlText,
} from "~/domain/product-feed";
import type { Promotion } from "~/domain/promotions";
import { REFS, withRef } from "~/domain/referral";
import { ShareLinks } from "~/stores/share-links";
import { inMerchantVoice } from "../support/messages";

const store: FeedStore = {
  name: "Ana & Cía",
  base: "https://ana.vitrina.app",
  currency: "ARS",
  category: 1,
  fileUrl: (key) => `https://ana.vitrina.app/files/${key}`,
  promotions: [],
};
const promotion = (fields: Partial<Promotion>): Promotion => ({
  id: 1,
  name: "Semana de la moda",
  kind: "discount",
  scope: "store",
  productIds: [],
  category: null,
  percent: 20,
  amount: null,
  buy: null,
  pay: null,
  minQuantity: null,
  zoneIds: [],
  startsOn: null,
  endsOn: null,
  enabled: true,
  ...fields,
});
const product = (fields: Partial<FeedProduct> = {}): FeedProduct => ({
  id: "1234567",
  name: "Camiseta",
  description: "Algodón",
  price: 900_000,
  compareAtPrice: null,
  stock: 3,
  reserved: 0,
  category: 3,
  imageKey: "p/a.webp",
  options: [],
  ...fields,
});
const variant = (id: number, values: string[], fields: Partial<FeedVariant> = {}): FeedVariant => ({
  id,
  option1: values[0] ?? "",
  option2: values[1] ?? "",
  option3: values[2] ?? "",
  price: null,
  stock: 2,
  reserved: 0,
  enabled: true,
  photoKey: null,
  ...fields,
});

describe("the product feed's items", () => {
  it("a product sold as one thing is one item, without a group, priced as both platforms read it", () => {
    const [item, ...rest] = feedItems(store, product(), [], ["p/a.webp", "p/b.webp"], "google");
    expect(rest).toEqual([]);
    expect(item).toEqual({
      id: "1234567",
      itemGroupId: null,
      title: "Camiseta",
      description: "Algodón",
      link: "https://ana.vitrina.app/Product/camiseta/1234567?ref=google-shopping",
      imageLink: "https://ana.vitrina.app/files/p/a.webp",
      additionalImageLinks: ["https://ana.vitrina.app/files/p/b.webp"],
      availability: "in_stock",
      condition: "new",
      price: "9000.00 ARS",
      salePrice: null,
      brand: "Ana & Cía",
      googleProductCategory: 166,
      productType: "Moda y belleza",
      color: null,
      size: null,
    });
  });

  it("an offer ('Precio anterior') is the price, and what is paid the sale price", () => {
    const [item] = feedItems(store, product({ compareAtPrice: 1_200_000 }), [], [], "meta");
    expect([item?.price, item?.salePrice]).toEqual(["12000.00 ARS", "9000.00 ARS"]);
    // A compare-at price not above the price is no offer.
    const [none] = feedItems(store, product({ compareAtPrice: 900_000 }), [], [], "meta");
    expect([none?.price, none?.salePrice]).toEqual(["9000.00 ARS", null]);
  });

  it("a plain discount promotion's price is the sale price, as the page shows it; a 2x1 changes no price", () => {
    const sale = { ...store, promotions: [promotion({})] };
    const [item] = feedItems(sale, product(), [], [], "google");
    expect([item?.price, item?.salePrice]).toEqual(["9000.00 ARS", "7200.00 ARS"]);
    // With an offer too, the price before both is the price.
    const [both] = feedItems(sale, product({ compareAtPrice: 1_200_000 }), [], [], "google");
    expect([both?.price, both?.salePrice]).toEqual(["12000.00 ARS", "7200.00 ARS"]);
    // Each combination after the promotion, at its own price.
    const options = [{ name: "Talla", values: ["S", "XL"] }];
    const sized = feedItems(
      sale,
      product({ options }),
      [variant(1, ["S"]), variant(2, ["XL"], { price: 1_000_000 })],
      [],
      "meta",
    );
    expect(sized.map((i) => i.salePrice)).toEqual(["7200.00 ARS", "8000.00 ARS"]);
    const bundle = {
      ...store,
      promotions: [promotion({ kind: "bundle", scope: "products", productIds: ["1234567"], percent: null, buy: 2, pay: 1 })],
    };
    const [twoForOne] = feedItems(bundle, product(), [], [], "google");
    expect([twoForOne?.price, twoForOne?.salePrice]).toEqual(["9000.00 ARS", null]);
  });

  it("availability is stock − reserved, in each platform's words", () => {
    const held = product({ stock: 2, reserved: 2 });
    expect(feedItems(store, held, [], [], "google")[0]?.availability).toBe("out_of_stock");
    expect(feedItems(store, held, [], [], "meta")[0]?.availability).toBe("out of stock");
    expect(feedItems(store, product({ stock: 3, reserved: 2 }), [], [], "meta")[0]?.availability).toBe("in stock");
  });

  it("a product with options is one item per enabled combination, grouped by the product, with its colour and size", () => {
    const options = [
      { name: "Tamaño", values: ["S", "M"] },
      { name: "Colores", values: ["Rojo"] },
    ];
    const items = feedItems(
      store,
      product({ options, compareAtPrice: 1_000_000 }),
      [
        variant(11, ["S", "Rojo"], { photoKey: "p/rojo.webp" }),
        variant(12, ["M", "Rojo"], { price: 1_100_000, stock: 1, reserved: 1 }),
        variant(13, ["L", "Rojo"], { enabled: false }),
      ],
      ["p/a.webp", "p/rojo.webp"],
      "meta",
    );
    expect(items.map((i) => [i.id, i.itemGroupId, i.title, i.size, i.color, i.availability, i.price, i.salePrice])).toEqual([
      ["1234567-11", "1234567", "Camiseta — Tamaño S, Colores Rojo", "S", "Rojo", "in stock", "10000.00 ARS", "9000.00 ARS"],
      // Its own price is above the product's old price: no offer.
      ["1234567-12", "1234567", "Camiseta — Tamaño M, Colores Rojo", "M", "Rojo", "out of stock", "11000.00 ARS", null],
    ]);
    expect(items[0]?.link).toBe("https://ana.vitrina.app/Product/camiseta/1234567?variante=11&ref=meta-catalog");
    // The combination's own photo leads; the gallery's others follow.
    expect(items[0]?.imageLink).toBe("https://ana.vitrina.app/files/p/rojo.webp");
    expect(items[0]?.additionalImageLinks).toEqual(["https://ana.vitrina.app/files/p/a.webp"]);
    expect(items[1]?.imageLink).toBe("https://ana.vitrina.app/files/p/a.webp");
  });

  it("options that are neither colour nor size set neither", () => {
    const options = [{ name: "Sabor", values: ["Limón"] }];
    const [item] = feedItems(store, product({ options }), [variant(5, ["Limón"])], [], "google");
    expect([item?.color, item?.size]).toEqual([null, null]);
  });

  it("leaves out what both platforms refuse: an item without a photo; a product with options and none enabled", () => {
    expect(feedItems(store, product({ imageKey: null }), [], [], "google")).toEqual([]);
    const options = [{ name: "Talla", values: ["S"] }];
    expect(feedItems(store, product({ options }), [variant(1, ["S"], { enabled: false })], [], "google")).toEqual([]);
  });

  it("an empty description is the product's name; titles are cut at 150 characters, never inside an emoji", () => {
    const name = `${"a".repeat(149)}😀😀`;
    const [item] = feedItems(store, product({ name, description: "  \u0007 " }), [], [], "google");
    expect(item?.description).toBe(name);
    expect(Array.from(item?.title ?? "")).toHaveLength(150);
    expect(item?.title.endsWith("a😀")).toBe(true);
  });

  it("maps the product's category to Google's taxonomy, else the store's; none for a service or 'Otros'", () => {
    expect(googleCategory(14, 1)).toBe(2);
    expect(googleCategory(-1, 4)).toBe(469);
    expect(googleCategory(0, 1)).toBeNull();
    expect(googleCategory(-1, 11)).toBeNull();
  });

  it("prices use the currency's own decimals", () => {
    expect(feedPrice(900_000, "ARS")).toBe("9000.00 ARS");
    expect(feedPrice(9000, "CLP")).toBe("9000 CLP");
    expect(feedPrice(5, "USD")).toBe("0.05 USD");
  });
});

describe("the product feed's XML", () => {
  it("escapes markup and drops the characters XML cannot hold, keeping emojis", () => {
    expect(xmlText(`Té & "pan" <rico> 'ya'\u0000\u0008\u000B\u001F\uFFFE\uD800 😀\tfin\n`)).toBe(
      "Té &amp; &quot;pan&quot; &lt;rico&gt; &#39;ya&#39; 😀\tfin\n",
    );
  });

  it("writes one item per element, the platform's fields in Google's namespace", () => {
    const [item] = feedItems(store, product({ name: "Taza <grande> & más" }), [], [], "google");
    if (!item) throw new Error("no item");
    const xml = feedItemXml(item);
    expect(xml).toContain("<g:title>Taza &lt;grande&gt; &amp; más</g:title>");
    expect(xml).toContain("<g:price>9000.00 ARS</g:price>");
    expect(xml).toContain("<g:brand>Ana &amp; Cía</g:brand>");
    expect(xml).toContain("<g:identifier_exists>no</g:identifier_exists>");
    expect(xml).not.toContain("item_group_id");
    expect(xml).not.toContain("sale_price");
    const document = `${feedHead(store)}${xml}${FEED_TAIL}`;
    expect(
      document.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">'),
    ).toBe(true);
    expect(document).toContain("<title>Ana &amp; Cía</title>");
  });

  it("reads the platform from the address: Google's without one, null for one it does not know", () => {
    expect(feedChannel(null)).toBe("google");
    expect(feedChannel("meta")).toBe("meta");
    expect(feedChannel("tiktok")).toBeNull();
  });
});

describe("links to share carry where they were shared", () => {
  it("adds or replaces ref, keeping the rest of the address", () => {
    expect(withRef("https://ana.vitrina.app/", REFS.instagram)).toBe("https://ana.vitrina.app/?ref=instagram");
    expect(withRef("http://localhost:3999/site/ana", REFS.qr)).toBe("http://localhost:3999/site/ana?ref=qr");
    expect(withRef("https://ana.vitrina.app/Product/x/1?variante=2&ref=link", REFS.whatsapp)).toBe(
      "https://ana.vitrina.app/Product/x/1?variante=2&ref=whatsapp",
    );
  });

  it("the store's link to copy carries ref=link, and the one sent by WhatsApp ref=whatsapp", () => {
    const html = renderToStaticMarkup(
      inMerchantVoice("es", createElement(ShareLinks, { id: "1", name: "Ana", url: "https://ana.vitrina.app/" })),
    );
    expect(html).toContain('value="https://ana.vitrina.app/?ref=link"');
    const whatsapp = html.match(/href="(https:\/\/wa\.me\/[^"]*)"/)?.[1]?.replace(/&amp;/g, "&") ?? "";
    expect(new URL(whatsapp).searchParams.get("text")).toBe("¡Hola! Mira mi tienda Ana: https://ana.vitrina.app/?ref=whatsapp");
  });
});
