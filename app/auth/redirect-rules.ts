/**
 * Where a signed-in merchant must go instead of the page asked for (spec section 2, product-decisions.md):
 * no plan yet → /plans; bill past due → /payment (except the billing pages, the account and logout).
 */
export interface BillingState {
  trialStarted: boolean;
  billDueAt: Date | null;
}

const ALWAYS_ALLOWED = ["/Account", "/Auth/logout"];
const OVERDUE_ALLOWED = ["/payment", "/plans", ...ALWAYS_ALLOWED];

const matches = (path: string, allowed: string[]) =>
  allowed.includes(path) || path.startsWith("/paymentCompleted/") || path.startsWith("/_sandbox/");

export function isOverdue(state: BillingState, now: Date): boolean {
  return state.trialStarted && state.billDueAt !== null && now.getTime() > state.billDueAt.getTime();
}

export function merchantRedirect(state: BillingState, path: string, now: Date): string | null {
  if (!state.trialStarted) return path === "/plans" || matches(path, ALWAYS_ALLOWED) ? null : "/plans";
  if (isOverdue(state, now)) return matches(path, OVERDUE_ALLOWED) ? null : "/payment";
  return null;
}

const DAY = 24 * 60 * 60 * 1000;

/** Days left before the bill is due, rounded up; the warning banner shows when 0 < days ≤ 6. */
export function daysUntilDue(state: BillingState, now: Date): number | null {
  if (!state.trialStarted || !state.billDueAt) return null;
  return Math.ceil((state.billDueAt.getTime() - now.getTime()) / DAY);
}

export function showBillWarning(state: BillingState, now: Date): boolean {
  const days = daysUntilDue(state, now);
  return days !== null && days > 0 && days <= 6;
}
