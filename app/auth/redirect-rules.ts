import { type BillingState, isOverdue } from "~/domain/billing";

/**
 * Where a signed-in merchant must go instead of the page asked for (docs/product-rules.md, Accounts):
 * no plan yet → /plans; bill past due → /payment (except the billing pages, the account and logout).
 */
const ALWAYS_ALLOWED = ["/Account", "/Auth/logout"];
const OVERDUE_ALLOWED = ["/payment", "/plans", ...ALWAYS_ALLOWED];

const matches = (path: string, allowed: string[]) =>
  allowed.includes(path) || path.startsWith("/paymentCompleted/") || path.startsWith("/_sandbox/");

export function merchantRedirect(state: BillingState, path: string, now: Date): string | null {
  if (!state.trialStarted) return path === "/plans" || matches(path, ALWAYS_ALLOWED) ? null : "/plans";
  if (isOverdue(state, now)) return matches(path, OVERDUE_ALLOWED) ? null : "/payment";
  return null;
}
