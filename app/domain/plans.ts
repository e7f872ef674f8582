import type { BillingPeriod } from "./billing";

export type PlanId = "standard" | "premium";

export interface PlanPrices {
  priceMonthly: number;
  priceBiannual: number;
  priceAnnually: number;
}

export const PERIOD_LABELS: Record<BillingPeriod, string> = { monthly: "mensual", biannual: "semestral", annually: "anual" };

export function planPrice(plan: PlanPrices, period: BillingPeriod): number {
  return period === "monthly" ? plan.priceMonthly : period === "biannual" ? plan.priceBiannual : plan.priceAnnually;
}

/** bill.total = price(plan, period) × storesLimit, in minor units (product-decisions.md). */
export function billTotal(plan: PlanPrices, period: BillingPeriod, storesLimit: number): number {
  return planPrice(plan, period) * storesLimit;
}
