/**
 * Automatic promotions ('Promociones', docs/product-rules.md): what applies without a code, and how much each line
 * saves. Amounts are integer minor units of the store currency; dates are days in the store's time zone.
 *
 * The rules of combination, in the order the checkout applies them (app/domain/order-quote.ts):
 * 1. each line takes at most one promotion: the one that saves it most (never two on one line);
 * 2. a 'Lleva N, paga M' or a quantity price counts only the units of the lines that took it;
 * 3. a discount code applies to the products after the promotions, then the way to pay's adjustment;
 * 4. free delivery comes last, on the products after promotions and code; nothing goes below zero.
 */
import { defineMessages } from "./messages";
import { safeTimeZone, storeToday } from "./sales";

export const PROMOTION_KINDS = ["discount", "bundle", "volume", "free_delivery"] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** What a promotion covers: chosen products, one category, or the whole store (only a plain discount). */
export const PROMOTION_SCOPES = ["products", "category", "store"] as const;
export type PromotionScope = (typeof PROMOTION_SCOPES)[number];

export const PROMOTION_KIND_LABELS = defineMessages<PromotionKind>({
  discount: { id: "promotions.kind.discount", defaultMessage: "Descuento en productos" },
  bundle: { id: "promotions.kind.bundle", defaultMessage: "Lleva N, paga M (2x1, 3x2)" },
  volume: { id: "promotions.kind.volume", defaultMessage: "Precio por cantidad" },
  free_delivery: { id: "promotions.kind.freeDelivery", defaultMessage: "Envío gratis" },
});

export interface Promotion {
  id: number;
  /** Shown to shoppers ('2x1 en alfajores'). */
  name: string;
  kind: PromotionKind;
  scope: PromotionScope;
  productIds: readonly string[];
  /** An index of PRODUCT_CATEGORIES when the scope is 'category'. */
  category: number | null;
  /** 'discount' and 'volume': whole percent off (1–100), or null when `amount` says it. */
  percent: number | null;
  /** 'discount': the amount off each unit; 'volume': the unit price from `minQuantity` on; 'free_delivery': the least order. */
  amount: number | null;
  /** 'bundle': take `buy`, pay `pay` (2 and 1 for a 2x1). */
  buy: number | null;
  pay: number | null;
  /** 'volume': from this many units of the product on (across its variants). */
  minQuantity: number | null;
  /** 'free_delivery': the zones it frees (empty: every zone). */
  zoneIds: readonly number[];
  /** First and last day it applies ('YYYY-MM-DD' in the store's time zone), inclusive; null: open. */
  startsOn: string | null;
  endsOn: string | null;
  enabled: boolean;
}

/** Whether a promotion applies on the store's local day `today`. */
function isLive(p: Pick<Promotion, "enabled" | "startsOn" | "endsOn">, today: string): boolean {
  return p.enabled && (!p.startsOn || today >= p.startsOn) && (!p.endsOn || today <= p.endsOn);
}

/** The promotions that apply now in the store's time zone. */
export function livePromotions<P extends Promotion>(promotions: readonly P[], now: Date, timeZone: string): P[] {
  const today = storeToday(now, timeZone);
  return promotions.filter((p) => isLive(p, today));
}

/** A promotion's state as the merchant's list names it. */
export function promotionState(p: Promotion, today: string): "Activa" | "Programada" | "Terminada" | "Pausada" {
  if (!p.enabled) return "Pausada";
  if (p.startsOn && today < p.startsOn) return "Programada";
  if (p.endsOn && today > p.endsOn) return "Terminada";
  return "Activa";
}

interface Covered {
  productId: string;
  category: number;
}

/** Whether a promotion (other than free delivery) covers a product. */
function covers(p: Promotion, item: Covered): boolean {
  if (p.kind === "free_delivery") return false;
  if (p.scope === "store") return p.kind === "discount";
  if (p.scope === "category") return p.kind !== "volume" && p.category !== null && item.category === p.category;
  return p.productIds.includes(item.productId);
}

/** A share of an amount rounded half up (as discount codes round). */
const percentOf = (amount: number, percent: number) => Math.floor((amount * percent + 50) / 100);

/** A line as promotions see it: its product (variants of one product share it), unit price and units. */
export interface PromotionLine extends Covered {
  unitPrice: number;
  quantity: number;
}

/** What a promotion saves each of `lines` (all of which it covers), by index; 0 where it saves nothing. */
function savings(p: Promotion, lines: readonly PromotionLine[]): number[] {
  const lineTotal = (l: PromotionLine) => l.unitPrice * l.quantity;
  if (p.kind === "discount") {
    if (p.percent !== null) return lines.map((l) => percentOf(lineTotal(l), p.percent as number));
    return lines.map((l) => Math.min(p.amount ?? 0, l.unitPrice) * l.quantity);
  }
  if (p.kind === "volume") {
    const units = new Map<string, number>();
    for (const l of lines) units.set(l.productId, (units.get(l.productId) ?? 0) + l.quantity);
    return lines.map((l) => {
      if ((units.get(l.productId) ?? 0) < (p.minQuantity ?? Number.POSITIVE_INFINITY)) return 0;
      if (p.percent !== null) return percentOf(lineTotal(l), p.percent);
      return Math.max(0, l.unitPrice - (p.amount ?? l.unitPrice)) * l.quantity;
    });
  }
  if (p.kind === "bundle") {
    const buy = p.buy ?? 0;
    const pay = p.pay ?? buy;
    if (buy < 2 || pay >= buy) return lines.map(() => 0);
    const count = lines.reduce((sum, l) => sum + l.quantity, 0);
    let free = Math.floor(count / buy) * (buy - pay);
    const out = lines.map(() => 0);
    // The cheapest units of the lot are the free ones.
    const cheapestFirst = lines.map((l, i) => ({ l, i })).sort((a, b) => a.l.unitPrice - b.l.unitPrice || a.i - b.i);
    for (const { l, i } of cheapestFirst) {
      if (free === 0) break;
      const units = Math.min(free, l.quantity);
      out[i] = units * l.unitPrice;
      free -= units;
    }
    return out;
  }
  return lines.map(() => 0);
}

export interface LinePromotion {
  promotion: { id: number; name: string } | null;
  saving: number;
}

/**
 * The promotion each line takes and what it saves. Every promotion is first weighed on all the lines it covers, and
 * each line takes the one that saves it most (the older promotion on a tie, and a covering one even when it saves the
 * line nothing, as a 2x1's paying unit); then each promotion is applied again to the lines that took it alone, so a
 * unit never pays for one promotion while it saves by another.
 */
export function applyPromotions(lines: readonly PromotionLine[], promotions: readonly Promotion[]): LinePromotion[] {
  const candidates = promotions.filter((p) => p.kind !== "free_delivery").sort((a, b) => a.id - b.id);
  const best: Array<{ promotion: Promotion; saving: number } | null> = lines.map(() => null);
  for (const p of candidates) {
    const covered = lines.flatMap((l, i) => (covers(p, l) ? [i] : []));
    const saved = savings(
      p,
      covered.map((i) => lines[i] as PromotionLine),
    );
    covered.forEach((lineIndex, k) => {
      const saving = saved[k] ?? 0;
      // A line a promotion covers but saves nothing yet (a 2x1's paying unit) still takes it when nothing saves it more.
      const current = best[lineIndex];
      if (!current || saving > current.saving) best[lineIndex] = { promotion: p, saving };
    });
  }
  const out: LinePromotion[] = lines.map(() => ({ promotion: null, saving: 0 }));
  for (const p of candidates) {
    const taken = best.flatMap((b, i) => (b?.promotion === p ? [i] : []));
    if (taken.length === 0) continue;
    const saved = savings(
      p,
      taken.map((i) => lines[i] as PromotionLine),
    );
    taken.forEach((lineIndex, k) => {
      const line = lines[lineIndex] as PromotionLine;
      const saving = Math.min(saved[k] ?? 0, line.unitPrice * line.quantity);
      if (saving > 0) out[lineIndex] = { promotion: { id: p.id, name: p.name }, saving };
    });
  }
  return out;
}

/** Each promotion an order took, with what it saved and the products it was on came to after it. */
export interface PromotionUse {
  id: number;
  name: string;
  saving: number;
  revenue: number;
}

/** The promotions of priced lines, one entry each, in the order of their first line. */
export function promotionUses(
  lines: ReadonlyArray<{
    unitPrice: number;
    quantity: number;
    promotionId: number | null;
    promotionName: string | null;
    promotionSaving: number;
  }>,
): PromotionUse[] {
  const uses = new Map<number, PromotionUse>();
  for (const l of lines) {
    if (l.promotionId === null || l.promotionSaving <= 0) continue;
    const use = uses.get(l.promotionId) ?? { id: l.promotionId, name: l.promotionName ?? "", saving: 0, revenue: 0 };
    use.saving += l.promotionSaving;
    use.revenue += l.unitPrice * l.quantity - l.promotionSaving;
    uses.set(l.promotionId, use);
  }
  return [...uses.values()];
}

/**
 * The free-delivery promotion that frees a zone for an order whose products come to `goods` (after promotions and
 * code): the first live one covering the zone whose least order `goods` reaches (exactly the amount included).
 */
export function freeDeliveryFor(
  promotions: readonly Promotion[],
  zoneId: number,
  goods: number,
): { id: number; name: string } | null {
  const p = promotions
    .filter((x) => x.kind === "free_delivery")
    .sort((a, b) => a.id - b.id)
    .find((x) => (x.zoneIds.length === 0 || x.zoneIds.includes(zoneId)) && goods >= (x.amount ?? 0));
  return p ? { id: p.id, name: p.name } : null;
}

/**
 * The badge a promotion shows on cards and the product page: '-20 %', '-$ 500', '2x1', '-10 % desde 6 u.' or
 * '$ 900 desde 6 u.'. Empty for free delivery (shown at the checkout).
 */
function promotionBadge(p: Promotion, money: (minor: number) => string): string {
  switch (p.kind) {
    case "discount":
      return p.percent !== null ? `-${p.percent} %` : `-${money(p.amount ?? 0)}`;
    case "bundle":
      return `${p.buy}x${p.pay}`;
    case "volume":
      return `${p.percent !== null ? `-${p.percent} %` : `${money(p.amount ?? 0)} c/u`} desde ${p.minQuantity} u.`;
    default:
      return "";
  }
}

/**
 * What a card or product page shows of the live promotions for a product at `price` (one unit): a plain discount's
 * badge and the price after it (the one saving most); otherwise a 'Lleva N, paga M' or quantity price's badge alone,
 * since what it saves depends on the cart. Null when none covers it.
 */
export function productPromotion(
  promotions: readonly Promotion[],
  product: Covered & { price: number },
  money: (minor: number) => string,
): { badge: string; name: string; price: number | null } | null {
  const covering = promotions.filter((p) => covers(p, product)).sort((a, b) => a.id - b.id);
  let best: { p: Promotion; saving: number } | null = null;
  for (const p of covering.filter((x) => x.kind === "discount")) {
    const [saving = 0] = savings(p, [{ ...product, unitPrice: product.price, quantity: 1 }]);
    if (saving > 0 && saving > (best?.saving ?? 0)) best = { p, saving };
  }
  if (best) return { badge: promotionBadge(best.p, money), name: best.p.name, price: product.price - best.saving };
  const other = covering.find((p) => p.kind === "bundle") ?? covering.find((p) => p.kind === "volume");
  return other ? { badge: promotionBadge(other, money), name: other.name, price: null } : null;
}

/**
 * How long a page showing the store's promotions may be kept by a shared cache: up to `limit` seconds, but never past
 * the store's next midnight when a live or upcoming promotion has dates (its badge or price changes then). Null when
 * no promotion has a day ahead of it.
 */
export function promotionCacheSeconds(
  promotions: readonly Promotion[],
  now: Date,
  timeZone: string,
  limit: number,
): number | null {
  const today = storeToday(now, timeZone);
  const changes = promotions.some((p) => p.enabled && ((p.startsOn && p.startsOn > today) || (p.endsOn && p.endsOn >= today)));
  if (!changes) return null;
  const [h = 0, m = 0, sec = 0] = new Intl.DateTimeFormat("en-GB", {
    timeZone: safeTimeZone(timeZone),
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  })
    .format(now)
    .split(":")
    .map(Number);
  // The second under way counts as gone, so the page is never kept into the next day.
  const seconds = Math.max(0, Math.min(limit, 86_399 - (h * 3600 + m * 60 + sec)));
  // A day that is not 24 hours long (a clock change at midnight): no keeping at all rather than a day too long.
  return storeToday(new Date(now.getTime() + seconds * 1000), timeZone) === today ? seconds : 0;
}

/**
 * Cart or order lines with the promotion each takes (`applyPromotions`), and the products' subtotal after them: the
 * amount the checkout shows and compares as 'los productos', and the one a discount code applies to.
 */
export function promotedLines<L extends { product: { id: string; category: number; price: number }; quantity: number }>(
  lines: readonly L[],
  promotions: readonly Promotion[],
): { lines: Array<L & LinePromotion>; subtotal: number; saving: number } {
  const applied = applyPromotions(
    lines.map((l) => ({
      productId: l.product.id,
      category: l.product.category,
      unitPrice: l.product.price,
      quantity: l.quantity,
    })),
    promotions,
  );
  const out = lines.map((l, i) => ({ ...l, ...(applied[i] as LinePromotion) }));
  const saving = out.reduce((sum, l) => sum + l.saving, 0);
  const gross = out.reduce((sum, l) => sum + l.product.price * l.quantity, 0);
  return { lines: out, subtotal: gross - saving, saving };
}

/**
 * Every promotion an order took: its lines' (`promotionUses`) and the free delivery that waived its fee, which brought
 * the order's products after promotions and code (`goods`).
 */
export function orderPromotionUses(
  lines: Parameters<typeof promotionUses>[0],
  freeDelivery: { id: number | null; name: string | null },
  goods: number,
): PromotionUse[] {
  const uses = promotionUses(lines);
  if (freeDelivery.id !== null && !uses.some((u) => u.id === freeDelivery.id))
    uses.push({ id: freeDelivery.id, name: freeDelivery.name ?? "", saving: 0, revenue: goods });
  return uses;
}

/** A saved line as every summary sums it: its units at their price, less what its promotion took off. */
export interface SavedLine {
  unitPrice: number;
  quantity: number;
  promotionName?: string | null;
  promotionSaving?: number;
}

export const lineAmount = (l: SavedLine) => l.unitPrice * l.quantity - (l.promotionSaving ?? 0);

/** ' (2x1 en alfajores: −$ 1.000)' after a line that took a promotion, as messages write it; '' otherwise. */
export function promotionSuffix(l: SavedLine, money: (minor: number) => string): string {
  return l.promotionName && (l.promotionSaving ?? 0) > 0 ? ` (${l.promotionName}: ${money(-(l.promotionSaving ?? 0))})` : "";
}
