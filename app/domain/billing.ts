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

const DAY_MS = 24 * 60 * 60 * 1000;

/** What every billing rule reads from a merchant. */
export interface BillingState {
  trialStarted: boolean;
  billDueAt: Date | null;
}

export function isOverdue(state: BillingState, now: Date): boolean {
  return state.trialStarted && state.billDueAt !== null && now.getTime() > state.billDueAt.getTime();
}

/** Days left before the bill is due, rounded up; the warning banner shows when 0 < days ≤ 6. */
export function daysUntilDue(state: BillingState, now: Date): number | null {
  if (!state.trialStarted || !state.billDueAt) return null;
  return Math.ceil((state.billDueAt.getTime() - now.getTime()) / DAY_MS);
}

export function showBillWarning(state: BillingState, now: Date): boolean {
  const days = daysUntilDue(state, now);
  return days !== null && days > 0 && days <= 6;
}
export const GRACE_DAYS = 10;
export const STORE_UNLOCK_PRICE_USD_MINOR = 50;

/** Renewal advances the due date by the period from the previous due date, not from the payment day. */
export function renewedDueDate(previousDue: Date, period: BillingPeriod): Date {
  return addBillingPeriod(previousDue, period);
}

/** Public sites stay up until bill date + 10 days; after that they answer 503 until the bill is paid. */
export function isPastGrace(billDueAt: Date | null, now: Date): boolean {
  return billDueAt !== null && now.getTime() > billDueAt.getTime() + GRACE_DAYS * DAY_MS;
}

/** /buyStore: quantity × 0.50 USD, quantity at least 1 (below 1 resets to 1). */
export function storeUnlockQuantity(requested: number): number {
  return Number.isFinite(requested) && requested >= 1 ? Math.floor(requested) : 1;
}

export function storeUnlockTotal(quantity: number): number {
  return storeUnlockQuantity(quantity) * STORE_UNLOCK_PRICE_USD_MINOR;
}
