import { addBillingPeriod, type BillingPeriod } from "./billing";

/** The plans a merchant chooses from (the plans table holds their limits and prices). */
export const PLAN_IDS = ["standard", "premium"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface PlanPrices {
  priceMonthly: number;
  priceBiannual: number;
  priceAnnually: number;
}

export const PERIOD_LABELS: Record<BillingPeriod, string> = { monthly: "mensual", biannual: "semestral", annually: "anual" };

/** A plan as the merchant reads it: 'Standard mensual', 'Premium anual'. */
export const planLabel = (plan: PlanId, period: BillingPeriod) =>
  `${plan === "premium" ? "Premium" : "Standard"} ${PERIOD_LABELS[period]}`;

export function planPrice(plan: PlanPrices, period: BillingPeriod): number {
  return period === "monthly" ? plan.priceMonthly : period === "biannual" ? plan.priceBiannual : plan.priceAnnually;
}

/** bill.total = price(plan, period) × storesLimit, in minor units. */
export function billTotal(plan: PlanPrices, period: BillingPeriod, storesLimit: number): number {
  return planPrice(plan, period) * storesLimit;
}

/**
 * Choosing a plan before the trial has started begins the free month: plan and period are saved,
 * the bill is due one month from now for price(plan, period) × storesLimit.
 */
export function startTrial(plan: PlanPrices & { id: PlanId }, period: BillingPeriod, storesLimit: number, now: Date) {
  return {
    plan: plan.id,
    billingPeriod: period,
    trialStarted: true,
    billTotal: billTotal(plan, period, storesLimit),
    billDueAt: addBillingPeriod(now, "monthly"),
  };
}

/** A paid change is offered only when plan or period differs from the current one. */
export function isPlanChange(
  current: { plan: PlanId; billingPeriod: BillingPeriod },
  chosen: { plan: PlanId; period: BillingPeriod },
) {
  return current.plan !== chosen.plan || current.billingPeriod !== chosen.period;
}

/** What a paid plan change costs: the new bill, price(plan, period) × storesLimit. */
export function planChangeAmount(plan: PlanPrices, period: BillingPeriod, storesLimit: number): number {
  return billTotal(plan, period, storesLimit);
}

/**
 * A paid plan change, once approved: plan and period saved, the total recomputed with the
 * current stores limit, the due date advanced by the new period from the previous due date.
 */
export function applyPlanChange(
  bill: { storesLimit: number; billDueAt: Date | null },
  plan: PlanPrices & { id: PlanId },
  period: BillingPeriod,
  now: Date,
) {
  return {
    plan: plan.id,
    billingPeriod: period,
    trialStarted: true,
    billTotal: billTotal(plan, period, bill.storesLimit),
    billDueAt: addBillingPeriod(bill.billDueAt ?? now, period),
  };
}
