/**
 * What the site shows of a product: its offer (a compare-at price above the price) and where it
 * stands in the listings (hidden, sold out, in stock). The database computes that rank itself, as
 * `products.listing_rank` (db/schema.ts), so listings walk an index in this order.
 */

import { formatMoney, type MoneyWriting } from "./money";

export const OFFER_MESSAGES = {
  notAbovePrice: "El precio anterior debe ser mayor que el precio",
} as const;

/**
 * The discount of an offer, in whole percent rounded down: 1,000 instead of 1,500 is 33 %.
 * null when there is no offer: no compare-at price, or one that is not above the price.
 */
export function discountPercent(price: number, compareAt: number | null | undefined): number | null {
  if (compareAt == null || !Number.isSafeInteger(compareAt) || compareAt <= price || price < 0) return null;
  // Integer arithmetic: amounts are minor units (at most 10^12), so the product stays exact.
  return Math.floor(((compareAt - price) * 100) / compareAt);
}

/**
 * The offer a card or product page shows: the old price struck through, and the '-N %' badge when
 * N is at least 1 (an offer under 1 % shows the old price only). null when there is no offer.
 */
export function offerOf(price: number, compareAt: number | null | undefined): { compareAt: number; badge: string | null } | null {
  const percent = discountPercent(price, compareAt);
  if (percent === null || compareAt == null) return null;
  return { compareAt, badge: percent >= 1 ? `-${percent} %` : null };
}

/** An offer as a page shows it: the old price formatted in the store currency, and the badge (`offerOf`). */
export function offerView(price: number, compareAtPrice: number | null, writing: MoneyWriting) {
  const offer = offerOf(price, compareAtPrice);
  return offer && { compareAt: formatMoney(offer.compareAt, writing.currency, writing.country), badge: offer.badge };
}
export type OfferView = ReturnType<typeof offerView>;

/**
 * The price a product's card shows: what can be bought. A product sold as one thing shows its price (with its
 * offer); one with options shows its combinations' price when they all sell at one ('desde' the lowest when
 * they differ, with no offer then: the old price is the product's, not each combination's). `priceFrom`/`priceTo`
 * are the lowest and highest prices of its combinations with units left (null: none, or no options).
 */
export function cardPrice(
  p: { price: number; compareAtPrice: number | null; priceFrom: number | null; priceTo: number | null },
  writing: MoneyWriting,
): { price: string; from: boolean; offer: OfferView } {
  const from = p.priceFrom ?? p.price;
  const varies = p.priceTo !== null && p.priceTo !== from;
  return {
    price: formatMoney(from, writing.currency, writing.country),
    from: varies,
    offer: varies ? null : offerView(from, p.compareAtPrice, writing),
  };
}

/** A card's price as every list writes it: 'desde $ 9.000' when its combinations sell at different prices. */
export const cardPriceText = (card: { price: string; from: boolean }) => (card.from ? `desde ${card.price}` : card.price);

/** A product's 'Visibilidad': 'Publicado' (in the store, for sale) or 'Oculto' (only the merchant sees it). */
export const PRODUCT_VISIBILITIES = ["published", "hidden"] as const;
export type ProductVisibility = (typeof PRODUCT_VISIBILITIES)[number];
/** How each visibility is named to the merchant: the form, the products list, the spreadsheet. */
export const VISIBILITY_LABELS: Record<ProductVisibility, string> = { published: "Publicado", hidden: "Oculto" };

/** The store's 'Productos agotados': listed after those in stock, or left out of the listings. */
export const SOLD_OUT_LISTINGS = ["last", "hidden"] as const;
export type SoldOutListing = (typeof SOLD_OUT_LISTINGS)[number];

/** The merchant's products list filter: every product, only the published ones, or only the hidden ones ('Oculto'). */
export const PRODUCT_FILTERS = ["all", "published", "hidden"] as const;
export type ProductFilter = (typeof PRODUCT_FILTERS)[number];

/**
 * A product's place in the public listings, higher first: the values of the generated column
 * `products.listing_rank`. Hidden products are never listed; a store may list sold-out ones last or not at all.
 */
export const LISTING_RANK = { hidden: 0, soldOut: 1, inStock: 2 } as const;

/**
 * A hand-ordered list (a home section) in listing order: sold-out items move after the rest, each
 * group keeping the merchant's order; items that are not products (images, videos) stay in the first group.
 */
export function soldOutLast<T>(items: readonly T[], isSoldOut: (item: T) => boolean): T[] {
  return [...items.filter((item) => !isSoldOut(item)), ...items.filter(isSoldOut)];
}
