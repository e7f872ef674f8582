import type { BILLING_PERIODS } from "../../db/schema";

export type BillingPeriod = (typeof BILLING_PERIODS)[number];

const PERIOD_MONTHS: Record<BillingPeriod, number> = { monthly: 1, biannual: 6, annually: 12 };

/**
 * Adds a billing period in calendar months (UTC). A day that does not exist in the target
 * month falls back to that month's last day: 31 Jan + 1 month = 28/29 Feb.
 */
export function addBillingPeriod(from: Date, period: BillingPeriod): Date {
  return addMonths(from, PERIOD_MONTHS[period]);
}

export function addMonths(from: Date, months: number): Date {
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(from);
  result.setUTCFullYear(year, month, Math.min(from.getUTCDate(), lastDay));
  return result;
}
