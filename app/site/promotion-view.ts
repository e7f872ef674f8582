import type { OfferView } from "~/domain/catalog";
import { type MoneyWriting, moneyFormat } from "~/domain/money";
import { type Promotion, productPromotion } from "~/domain/promotions";

/** A product's card or page price as a live promotion shows it (app/domain/promotions.ts `productPromotion`). */
export interface PromotedPrice {
  /** The badge ('-20 %', '2x1', '-10 % desde 6 u.') and the promotion's name, for its title. */
  promotion: { badge: string; name: string } | null;
  /** A plain discount's price after it, with the price before struck through; absent: the price stays. */
  price?: string;
  offer?: OfferView;
  /** That price in minor units. */
  minor?: number;
}

/**
 * What a live promotion changes of a product's shown price: at `price` (one unit; the lowest of its options for a
 * card), a plain discount shows the price after it with the price before struck through (or the product's own
 * 'Precio anterior' when higher); a 2x1 or a quantity price only its badge.
 */
export function promotedPrice(
  promotions: readonly Promotion[],
  product: { id: string; category: number; price: number; compareAtPrice: number | null },
  writing: MoneyWriting,
): PromotedPrice {
  const money = moneyFormat(writing);
  const found = productPromotion(promotions, { productId: product.id, category: product.category, price: product.price }, money);
  if (!found) return { promotion: null };
  const promotion = { badge: found.badge, name: found.name };
  if (found.price === null) return { promotion };
  const before = Math.max(product.price, product.compareAtPrice ?? 0);
  return { promotion, price: money(found.price), offer: { compareAt: money(before), badge: null }, minor: found.price };
}
