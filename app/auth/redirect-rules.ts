import { type BillingState, isOverdue, isPastGrace } from "~/domain/billing";

/**
 * Where a signed-in merchant must go instead of the page asked for (docs/product-rules.md, Accounts):
 * no plan yet → /plans; bill past due → /payment (except the billing pages, the account and logout, and,
 * while the stores still take orders in the grace period, the sales desk: those orders must be served).
 */
const ALWAYS_ALLOWED = ["/Account", "/Auth/logout"];
const OVERDUE_ALLOWED = ["/payment", "/plans", ...ALWAYS_ALLOWED];

const matches = (path: string, allowed: string[]) =>
  allowed.includes(path) || path.startsWith("/paymentCompleted/") || path.startsWith("/_sandbox/");

/** A store's sales desk: the list, a sale ('Completar', 'Cancelar', refunds) and the CSV export. */
const SALES_DESK = /^\/Store\/\d{10}\/sales(\.csv|\/\d{10})?$/;

/** A store's workspace, any page of it. */
const STORE_PAGE = /^\/Store\/\d{10}(\/|$)/;

/**
 * `staff`: the user works on some store as a member. Without a plan of their own they still open their store list and
 * the stores they work on (the workspace refuses the others); anything of their own (a new store) asks for a plan first.
 */
export function merchantRedirect(state: BillingState, path: string, now: Date, staff = false): string | null {
  if (!state.trialStarted) {
    if (staff && (path === "/" || STORE_PAGE.test(path))) return null;
    return path === "/plans" || matches(path, ALWAYS_ALLOWED) ? null : "/plans";
  }
  if (isOverdue(state, now)) {
    if (matches(path, OVERDUE_ALLOWED)) return null;
    if (SALES_DESK.test(path) && !isPastGrace(state.billDueAt, now)) return null;
    return "/payment";
  }
  return null;
}

/** Overdue, with stores still open: the sales desk shows a banner leading to /payment. */
export const inOverdueGrace = (state: BillingState, now: Date) => isOverdue(state, now) && !isPastGrace(state.billDueAt, now);

/**
 * A member on the store they work on goes by the owner's bill, and is never sent to pay it: what the owner would be
 * sent away from is refused to the member instead (true).
 */
export const staffRefused = (ownerBilling: BillingState, path: string, now: Date) =>
  merchantRedirect(ownerBilling, path, now) !== null;
