import { type DiscountCode, discountMessage, judgeDiscount } from "~/domain/discounts";
import { defineMessages, type Translate } from "~/domain/messages";
import { formatMoney, type MoneyWriting, moneyFormat } from "~/domain/money";
import { adjustmentRowLabel, type PaymentMethod } from "~/domain/payment-methods";
import { storeToday } from "~/domain/sales";

/**
 * The code the buyer entered, as it applies to their subtotal today in the store's time zone: the code
 * and what it takes off, or why it does not apply (discount 0). No code entered: neither.
 */
export interface EnteredCode {
  applied: DiscountCode | null;
  discount: number;
  refusal: string | null;
  /** The store has no such code, or it is switched off (a failed entry). */
  unknown?: boolean;
}

export function enteredCode(
  entered: string | null,
  row: DiscountCode | undefined,
  subtotal: number,
  store: { timeZone: string; currency: string; country: string },
  now: Date,
  t: Translate,
): EnteredCode {
  if (!entered) return { applied: null, discount: 0, refusal: null };
  const judged = judgeDiscount(row, subtotal, storeToday(now, store.timeZone));
  if (judged.ok && row) return { applied: row, discount: judged.discount, refusal: null };
  const minimum = row?.minPurchase ? formatMoney(row.minPurchase, store.currency, store.country) : "";
  const problem = judged.ok ? "unknown" : judged.problem;
  return { applied: null, discount: 0, refusal: discountMessage(problem, minimum, t), unknown: problem === "unknown" };
}

const AMOUNT_MESSAGES = defineMessages({
  subtotal: { id: "orders.amounts.subtotal", defaultMessage: "Subtotal" },
  discount: { id: "orders.amounts.discount", defaultMessage: "Descuento" },
  discountCode: { id: "orders.amounts.discountCode", defaultMessage: "Descuento ({code})" },
  delivery: { id: "orders.amounts.delivery", defaultMessage: "Envío" },
  free: { id: "orders.amounts.free", defaultMessage: "Gratis" },
});

/** The amount lines every order summary shows (cart, checkout, order page), formatted, in the store's words. */
export function amountRows(
  a: {
    subtotal: number;
    discount: number;
    discountCode: string | null;
    paymentAdjustment?: number;
    paymentMethod?: PaymentMethod;
    deliveryFee: number | null;
    total: number;
  },
  writing: MoneyWriting,
  t: Translate,
) {
  const money = moneyFormat(writing);
  const rows: Array<{ label: string; value: string }> = [{ label: t(AMOUNT_MESSAGES.subtotal), value: money(a.subtotal) }];
  if (a.discount > 0)
    rows.push({
      label: a.discountCode ? t(AMOUNT_MESSAGES.discountCode, { code: a.discountCode }) : t(AMOUNT_MESSAGES.discount),
      value: money(-a.discount),
    });
  const adjustment = a.paymentAdjustment ?? 0;
  if (adjustment !== 0)
    rows.push({
      label: adjustmentRowLabel(a.paymentMethod ?? "transfer", adjustment, t),
      value: money(adjustment),
    });
  if (a.deliveryFee !== null)
    rows.push({
      label: t(AMOUNT_MESSAGES.delivery),
      value: a.deliveryFee > 0 ? money(a.deliveryFee) : t(AMOUNT_MESSAGES.free),
    });
  return { rows, total: money(a.total) };
}
