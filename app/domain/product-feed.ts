/**
 * A store's product feed: the RSS 2.0 file with Google's `g:` namespace that Google Merchant Center and Meta Commerce
 * Manager both read (docs/decisions/0050-product-feed.md). One item per thing a shopper can buy: a product sold as one
 * thing, or each enabled combination of a product with options (grouped by the product's id).
 */
import { productSubpath } from "./banner-links";
import { offerOf } from "./catalog";
import { type PRODUCT_CATEGORIES, productCategoryName, type STORE_CATEGORIES } from "./categories";
import { toDecimalString } from "./money";
import { type Promotion, productPromotion } from "./promotions";
import { REFS, type Ref, withRef } from "./referral";
import { lineName, type ProductOption, type SellableVariant, valuesOf, variantLabel, variantPrice } from "./variants";

/** The platforms a feed is written for: each reads its own address, whose links carry its own `ref`. */
const FEED_CHANNELS = ["google", "meta"] as const;
export type FeedChannel = (typeof FEED_CHANNELS)[number];
/** The feed address's query parameter naming its platform: `feed.xml?canal=meta`; without it, Google's. */
export const FEED_CHANNEL_PARAM = "canal";

/** The platform a feed address asks for; null for one it does not know. */
export function feedChannel(param: string | null): FeedChannel | null {
  if (param === null || param === "") return "google";
  return FEED_CHANNELS.find((channel) => channel === param) ?? null;
}

const CHANNEL_REFS: Record<FeedChannel, Ref> = { google: REFS.google, meta: REFS.meta };

/** Each platform's own words for stock: Google's specification spells them with '_', Meta's with a space. */
const AVAILABILITY: Record<FeedChannel, { inStock: string; outOfStock: string }> = {
  google: { inStock: "in_stock", outOfStock: "out_of_stock" },
  meta: { inStock: "in stock", outOfStock: "out of stock" },
};

/**
 * Google's product taxonomy (the ids of its taxonomy-with-ids file) for the product's category, else for the store's;
 * null where none fits (a service is no product of Merchant Center, 'Otros' says nothing). Meta reads the same ids.
 */
const PRODUCT_CATEGORY_TAXONOMY: Record<(typeof PRODUCT_CATEGORIES)[number], number | null> = {
  Servicio: null,
  "Alimentos y bebidas": 412, // Food, Beverages & Tobacco
  Tecnología: 222, // Electronics
  "Moda y belleza": 166, // Apparel & Accessories
  Hogar: 536, // Home & Garden
  Automotriz: 5613, // Vehicles & Parts > Vehicle Parts & Accessories
  "Deportes y aire libre": 988, // Sporting Goods
  "Juguetes y juegos": 1239, // Toys & Games
  "Electrónica de consumo": 222, // Electronics
  "Salud y cuidado personal": 469, // Health & Beauty
  "Libros y medios": 783, // Media
  "Música y entretenimiento": 8, // Arts & Entertainment
  "Herramientas y mejoras para el hogar": 632, // Hardware
  "Arte y manualidades": 16, // Arts & Entertainment > Hobbies & Creative Arts > Arts & Crafts
  Mascotas: 2, // Animals & Pet Supplies > Pet Supplies
  "Jardín y exteriores": 689, // Home & Garden > Lawn & Garden
};
const STORE_CATEGORY_TAXONOMY: Record<(typeof STORE_CATEGORIES)[number]["id"], number | null> = {
  1: 166, // Moda y Accesorios: Apparel & Accessories
  2: 222, // Electrónica: Electronics
  3: 536, // Hogar y Decoración: Home & Garden
  4: 469, // Belleza y Cuidado Personal: Health & Beauty
  5: 988, // Deportes y Aire Libre: Sporting Goods
  6: 412, // Alimentación y Bebidas: Food, Beverages & Tobacco
  7: 783, // Libros y Entretenimiento: Media
  8: 469, // Salud y Bienestar: Health & Beauty
  9: 2, // Mascotas: Animals & Pet Supplies > Pet Supplies
  10: 16, // Artesanía y Manualidades: Arts & Crafts
  11: null, // Otros
};

export function googleCategory(productCategory: number, storeCategory: number): number | null {
  const name = productCategoryName(productCategory);
  if (name !== undefined && name in PRODUCT_CATEGORY_TAXONOMY)
    return PRODUCT_CATEGORY_TAXONOMY[name as keyof typeof PRODUCT_CATEGORY_TAXONOMY];
  return STORE_CATEGORY_TAXONOMY[storeCategory as keyof typeof STORE_CATEGORY_TAXONOMY] ?? null;
}

/** Both platforms' limits: Google's title (150) and description (5,000), Google's brand (70). */
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5000;
const BRAND_MAX = 70;
/** Google reads at most 10 more photos; a product has at most 8. */
const ADDITIONAL_IMAGES_MAX = 10;

/** Option names that say a colour or a size (compared without case or accents), for `color` and `size`. */
const COLOR_NAMES = new Set(["color", "colores", "colour", "cor"]);
const plain = (text: string) =>
  text
    .trim()
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
const SIZE_NAMES = new Set(
  ["talla", "tallas", "talle", "talles", "tamaño", "tamaños", "medida", "medidas", "size", "número"].map(plain),
);

export interface FeedStore {
  name: string;
  /** The store's public address without a trailing slash: `https://ana.vitrina.app` or `{APP_ORIGIN}/site/ana`. */
  base: string;
  currency: string;
  /** The store's own category (STORE_CATEGORIES), for products without one. */
  category: number;
  /** The absolute address of a stored file. */
  fileUrl: (key: string) => string;
  /** The store's promotions that apply today: a plain discount's price is the item's sale price, as its page shows it. */
  promotions: readonly Promotion[];
}

export interface FeedProduct {
  id: string;
  name: string;
  description: string;
  price: number;
  compareAtPrice: number | null;
  stock: number;
  reserved: number;
  category: number;
  imageKey: string | null;
  options: ProductOption[];
}

export interface FeedVariant extends SellableVariant {
  reserved: number;
  /** The key of the variant's own photo, if it has one. */
  photoKey: string | null;
}

export interface FeedItem {
  id: string;
  itemGroupId: string | null;
  title: string;
  description: string;
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  availability: string;
  condition: "new";
  price: string;
  salePrice: string | null;
  brand: string;
  googleProductCategory: number | null;
  productType: string | null;
  color: string | null;
  size: string | null;
}

/** An amount as both platforms read it: '9000.00 ARS', with the currency's own decimals. */
export const feedPrice = (minor: number, currency: string) => `${toDecimalString(minor, currency)} ${currency}`;

/**
 * The items of one published product: one when it is sold as one thing (its id, no group); one per enabled
 * combination when it has options (`{product id}-{variant id}`, the cart line's key, grouped by the product's id). An
 * item without a photo is left out: both platforms refuse it. Available: stock − reserved.
 */
export function feedItems(
  store: FeedStore,
  product: FeedProduct,
  variants: readonly FeedVariant[],
  photoKeys: readonly string[],
  channel: FeedChannel,
): FeedItem[] {
  const words = AVAILABILITY[channel];
  const description = cleanText(product.description).trim() || product.name;
  const common = {
    description: truncate(description, DESCRIPTION_MAX),
    condition: "new" as const,
    brand: truncate(store.name, BRAND_MAX),
    googleProductCategory: googleCategory(product.category, store.category),
    productType: productCategoryName(product.category) ?? null,
  };
  const page = `${store.base}${productSubpath(product)}`;
  const item = (
    sold: { id: string; group: string | null; title: string; price: number; available: number; imageKey: string | null },
    variantId: number | null,
    attributes: { color: string | null; size: string | null },
  ): FeedItem[] => {
    if (!sold.imageKey) return [];
    const offer = offerOf(sold.price, product.compareAtPrice);
    const regular = offer ? offer.compareAt : sold.price;
    // What a shopper pays for one unit, as the page shows it: after a plain discount promotion, else the price.
    const promoted = productPromotion(
      store.promotions,
      { productId: product.id, category: product.category, price: sold.price },
      (minor) => feedPrice(minor, store.currency),
    )?.price;
    const paid = promoted ?? sold.price;
    return [
      {
        ...common,
        id: sold.id,
        itemGroupId: sold.group,
        title: truncate(sold.title, TITLE_MAX),
        link: withRef(variantId === null ? page : `${page}?variante=${variantId}`, CHANNEL_REFS[channel]),
        imageLink: store.fileUrl(sold.imageKey),
        additionalImageLinks: photoKeys
          .filter((key) => key !== sold.imageKey)
          .slice(0, ADDITIONAL_IMAGES_MAX)
          .map(store.fileUrl),
        availability: sold.available > 0 ? words.inStock : words.outOfStock,
        // An offer or a promotion: the price before it is the price, what is paid the sale price.
        price: feedPrice(regular, store.currency),
        salePrice: paid < regular ? feedPrice(paid, store.currency) : null,
        ...attributes,
      },
    ];
  };
  if (product.options.length === 0)
    return item(
      {
        id: product.id,
        group: null,
        title: product.name,
        price: product.price,
        available: product.stock - product.reserved,
        imageKey: product.imageKey,
      },
      null,
      { color: null, size: null },
    );
  const colorAt = product.options.findIndex((o) => COLOR_NAMES.has(plain(o.name)));
  const sizeAt = product.options.findIndex((o) => SIZE_NAMES.has(plain(o.name)));
  return variants
    .filter((v) => v.enabled)
    .flatMap((v) => {
      const values = valuesOf(v, product.options.length);
      return item(
        {
          id: `${product.id}-${v.id}`,
          group: product.id,
          title: lineName(product.name, variantLabel(product.options, values)),
          price: variantPrice(product.price, v),
          available: v.stock - v.reserved,
          imageKey: v.photoKey ?? product.imageKey,
        },
        v.id,
        { color: values[colorAt] ?? null, size: values[sizeAt] ?? null },
      );
    });
}

// ——— The XML ———

/** Characters XML 1.0 cannot hold at all (most control characters, lone surrogates, U+FFFE/U+FFFF): dropped. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text as XML holds it: characters XML cannot hold dropped, markup characters escaped. */
export function xmlText(text: string): string {
  return cleanText(text).replace(/[&<>"']/g, (c) => XML_ENTITIES[c as keyof typeof XML_ENTITIES]);
}
const XML_ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" } as const;

const cleanText = (text: string) => text.replace(NOT_XML, "");

/** At most `max` characters (never half an emoji), cut at the end. */
function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join("").trimEnd();
}

const element = (name: string, value: string | number | null) =>
  value === null ? "" : `<${name}>${xmlText(String(value))}</${name}>`;

/** The feed's opening: the RSS channel named after the store. */
export function feedHead(store: Pick<FeedStore, "name" | "base">): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    "<channel>",
    element("title", store.name),
    element("link", `${store.base}/`),
    element("description", `Productos de ${store.name}`),
    "",
  ].join("\n");
}

export const FEED_TAIL = "</channel>\n</rss>\n";

/** One item of the feed, every field in Google's namespace (as both platforms' own examples write them). */
export function feedItemXml(item: FeedItem): string {
  return `${[
    "<item>",
    element("g:id", item.id),
    element("g:item_group_id", item.itemGroupId),
    element("g:title", item.title),
    element("g:description", item.description),
    element("g:link", item.link),
    element("g:image_link", item.imageLink),
    ...item.additionalImageLinks.map((link) => element("g:additional_image_link", link)),
    element("g:availability", item.availability),
    element("g:condition", item.condition),
    element("g:price", item.price),
    element("g:sale_price", item.salePrice),
    element("g:brand", item.brand),
    // No product of a small shop has a GTIN or a maker's part number: Google asks to say so.
    element("g:identifier_exists", "no"),
    element("g:google_product_category", item.googleProductCategory),
    element("g:product_type", item.productType),
    element("g:color", item.color),
    element("g:size", item.size),
    "</item>",
  ]
    .filter((line) => line !== "")
    .join("\n")}\n`;
}
