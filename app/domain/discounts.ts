/**
 * Discount codes (docs/product-rules.md, Delivery and discounts): what a code takes off a subtotal,
 * and why a code cannot be used. Amounts are integer minor units of the store currency.
 */
import { defineMessages, type Translate } from "./messages";

export const DISCOUNT_KINDS = ["percent", "amount"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** The longest code; the shortest a buyer may type is 3 characters (new codes need more: ./discount-code-form.ts). */
export const DISCOUNT_CODE_MAX_LENGTH = 20;
export const DISCOUNT_CODE_PATTERN = new RegExp(`^[A-Za-z0-9_-]{3,${DISCOUNT_CODE_MAX_LENGTH}}$`);

export interface DiscountCode {
  id: number;
  code: string;
  kind: DiscountKind;
  /** Whole percent (1–100) or minor units. */
  value: number;
  minPurchase: number | null;
  /** 'YYYY-MM-DD' in the store's time zone, inclusive. */
  startsOn: string | null;
  endsOn: string | null;
  maxUses: number | null;
  uses: number;
  active: boolean;
  /** 'Una vez por cliente': a buyer (by phone or email) may place one order with it that is not cancelled. */
  oncePerCustomer?: boolean;
}

export type DiscountProblem = "unknown" | "not_started" | "expired" | "exhausted" | "below_minimum";

export const DISCOUNT_MESSAGES = defineMessages({
  unknown: { id: "discounts.refusal.unknown", defaultMessage: "Este código de descuento no existe" },
  notStarted: { id: "discounts.refusal.notStarted", defaultMessage: "Este código de descuento todavía no está vigente" },
  expired: { id: "discounts.refusal.expired", defaultMessage: "Este código de descuento ya venció" },
  exhausted: { id: "discounts.refusal.exhausted", defaultMessage: "Este código de descuento ya se agotó" },
  belowMinimum: { id: "discounts.refusal.belowMinimum", defaultMessage: "Este código es para compras desde {minimum}" },
  usedByCustomer: {
    id: "discounts.refusal.usedByCustomer",
    defaultMessage: "Ya usaste este código de descuento en otro pedido: es de un uso por cliente",
  },
});

/** What buyers type is matched without regard to case or surrounding spaces. */
export function codeKey(input: string): string {
  return input.trim().toUpperCase();
}

/**
 * What a code takes off `subtotal`: a percentage rounded half up to the currency's smallest unit,
 * or a fixed amount; never more than the subtotal.
 */
export function discountAmount(kind: DiscountKind, value: number, subtotal: number): number {
  if (subtotal <= 0) return 0;
  const off = kind === "percent" ? Math.floor((subtotal * value + 50) / 100) : value;
  return Math.min(off, subtotal);
}

export type DiscountJudgement = { ok: true; discount: number } | { ok: false; problem: DiscountProblem };

/**
 * Whether `code` (undefined: no code of the store has that key) applies to an order of `subtotal`
 * on the store's local day `today` ('YYYY-MM-DD'). An inactive code reads as unknown to the buyer.
 */
export function judgeDiscount(code: DiscountCode | undefined, subtotal: number, today: string): DiscountJudgement {
  if (!code?.active) return { ok: false, problem: "unknown" };
  if (code.startsOn && today < code.startsOn) return { ok: false, problem: "not_started" };
  if (code.endsOn && today > code.endsOn) return { ok: false, problem: "expired" };
  if (code.maxUses !== null && code.uses >= code.maxUses) return { ok: false, problem: "exhausted" };
  if (code.minPurchase !== null && subtotal < code.minPurchase) return { ok: false, problem: "below_minimum" };
  return { ok: true, discount: discountAmount(code.kind, code.value, subtotal) };
}

/** The buyer's message for a refused code; `minimum` is the minimum purchase written in the store currency. */
export function discountMessage(problem: DiscountProblem, minimum: string, t: Translate): string {
  switch (problem) {
    case "not_started":
      return t(DISCOUNT_MESSAGES.notStarted);
    case "expired":
      return t(DISCOUNT_MESSAGES.expired);
    case "exhausted":
      return t(DISCOUNT_MESSAGES.exhausted);
    case "below_minimum":
      return t(DISCOUNT_MESSAGES.belowMinimum, { minimum });
    default:
      return t(DISCOUNT_MESSAGES.unknown);
  }
}

/** '10 %' or the formatted amount: how a code's value reads in lists and messages. */
export function discountValueText(code: Pick<DiscountCode, "kind" | "value">, formatAmount: (minor: number) => string): string {
  return code.kind === "percent" ? `${code.value} %` : formatAmount(code.value);
}
