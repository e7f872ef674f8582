/** How often a merchant pays: every month, six months or year. */
export const BILLING_PERIODS = ["monthly", "biannual", "annually"] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

const PERIOD_MONTHS: Record<BillingPeriod, number> = { monthly: 1, biannual: 6, annually: 12 };

/**
 * Adds a billing period in calendar months (UTC). A day that does not exist in the target
 * month falls back to that month's last day: 31 Jan + 1 month = 28/29 Feb.
 */
export function addBillingPeriod(from: Date, period: BillingPeriod): Date {
  return addMonths(from, PERIOD_MONTHS[period]);
}

function addMonths(from: Date, months: number): Date {
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
const GRACE_DAYS = 10;
const STORE_UNLOCK_PRICE_USD_MINOR = 50;

/** Renewal advances the due date by the period from the previous due date, not from the payment day. */
export function renewedDueDate(previousDue: Date, period: BillingPeriod): Date {
  return addBillingPeriod(previousDue, period);
}

/** Public sites stay up until bill date + 10 days; after that they answer 503 until the bill is paid. */
export function isPastGrace(billDueAt: Date | null, now: Date): boolean {
  return billDueAt !== null && now.getTime() > graceEnd(billDueAt).getTime();
}

/** The last instant the stores of an overdue merchant take orders. */
export const graceEnd = (billDueAt: Date) => new Date(billDueAt.getTime() + GRACE_DAYS * DAY_MS);

/** /buyStore: quantity × 0.50 USD, quantity at least 1 (below 1 resets to 1). */
export function storeUnlockQuantity(requested: number): number {
  return Number.isFinite(requested) && requested >= 1 ? Math.floor(requested) : 1;
}

/** The price of `quantity` stores; the unit price is 0.50 USD unless the operator bills in another currency. */
export function storeUnlockTotal(quantity: number, unitPrice: number = STORE_UNLOCK_PRICE_USD_MINOR): number {
  return storeUnlockQuantity(quantity) * unitPrice;
}

/** A merchant's bill as the payment rules change it. */
export interface Bill {
  plan: "standard" | "premium";
  billingPeriod: BillingPeriod;
  storesLimit: number;
  billTotal: number;
  billDueAt: Date | null;
  trialStarted: boolean;
}

/** Item titles the payment provider shows (docs/product-rules.md, Plans and billing). */
export const PAYMENT_TITLES = {
  plan_change: "Cambio de plan",
  renewal: "Renovación de mensualidad",
  stores: "Compra de tiendas",
} as const;

export type PaymentKind = keyof typeof PAYMENT_TITLES;

/**
 * Renewal: the due date advances by the merchant's period from the previous due date
 * (a merchant who pays late does not gain days); the total stays.
 */
export function applyRenewal(bill: Bill, now: Date): Partial<Bill> {
  return { billDueAt: renewedDueDate(bill.billDueAt ?? now, bill.billingPeriod) };
}

/** /buyStore: the stores limit grows by the quantity paid for; the bill total stays (a one-time purchase). */
export function applyStoresPurchase(bill: Bill, quantity: number): Partial<Bill> {
  return { storesLimit: bill.storesLimit + storeUnlockQuantity(quantity) };
}

/** What a verified provider payment must match before it takes effect. */
export interface ExpectedPayment {
  code: string;
  amount: number;
  currency: string;
}

export interface ReportedPayment {
  status: "approved" | "rejected" | "pending";
  externalReference: string | null;
  amount: number;
  currency: string;
}

export type PaymentVerdict = "approved" | "rejected" | "pending" | "wrong_reference" | "wrong_amount" | "wrong_currency";

/**
 * The provider's word on a payment, checked against ours: it takes effect only when approved
 * with our code as external_reference, the exact amount and the billing currency.
 */
export function judgePayment(expected: ExpectedPayment, reported: ReportedPayment): PaymentVerdict {
  if (reported.externalReference !== expected.code) return "wrong_reference";
  if (reported.status !== "approved") return reported.status;
  if (reported.currency.toUpperCase() !== expected.currency.toUpperCase()) return "wrong_currency";
  if (reported.amount !== expected.amount) return "wrong_amount";
  return "approved";
}

/** Days before the free month ends when the merchant is reminded by email. */
export const TRIAL_REMINDER_DAYS = 3;
/** Days before a paid period's bill is due when the merchant is reminded by email (as the banner shows). */
export const BILL_REMINDER_DAYS = 6;

export interface BillingReminder {
  kind: "trial-ending" | "bill-due";
  dueAt: Date;
  /** Whole days left, rounded up (as the banner counts them). */
  days: number;
  /** The reminder's one name: one email per due date, however often the upkeep asks. */
  event: string;
}

/**
 * The email a merchant is owed about their next due date, or null: 'trial-ending' in the last
 * TRIAL_REMINDER_DAYS of the free month (no payment yet), 'bill-due' in the last BILL_REMINDER_DAYS of a paid period.
 */
export function billingReminder(state: BillingState & { hasPaid: boolean }, now: Date): BillingReminder | null {
  const days = daysUntilDue(state, now);
  if (days === null || days <= 0 || !state.billDueAt) return null;
  const kind = state.hasPaid ? "bill-due" : "trial-ending";
  if (days > (kind === "bill-due" ? BILL_REMINDER_DAYS : TRIAL_REMINDER_DAYS)) return null;
  return { kind, dueAt: state.billDueAt, days, event: `${kind}:${state.billDueAt.getTime()}` };
}
