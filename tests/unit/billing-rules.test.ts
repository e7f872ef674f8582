import { describe, expect, it } from "vitest";
import { planSelectedNotice } from "~/billing/messages";
import {
  addBillingPeriod,
  applyRenewal,
  applyStoresPurchase,
  type Bill,
  billingReminder,
  daysUntilDue,
  isOverdue,
  isPastGrace,
  judgePayment,
  showBillWarning,
} from "~/domain/billing";
import { translatorFor } from "~/domain/message-catalogs";
import { applyPlanChange, isPlanChange, planChangeAmount, startTrial } from "~/domain/plans";

const at = (iso: string) => new Date(`${iso}T09:30:00Z`);
const DAY = 86_400_000;

describe("billing arithmetic from awkward dates", () => {
  // Each period from 31 Jan, 29 Feb (leap) and 31 Dec: a missing day falls back to the month's last day.
  it.each([
    ["2027-01-31", "monthly", "2027-02-28"],
    ["2027-01-31", "biannual", "2027-07-31"],
    ["2027-01-31", "annually", "2028-01-31"],
    ["2028-01-31", "monthly", "2028-02-29"],
    ["2028-02-29", "monthly", "2028-03-29"],
    ["2028-02-29", "biannual", "2028-08-29"],
    ["2028-02-29", "annually", "2029-02-28"],
    ["2026-12-31", "monthly", "2027-01-31"],
    ["2026-12-31", "biannual", "2027-06-30"],
    ["2026-12-31", "annually", "2027-12-31"],
    ["2026-08-31", "biannual", "2027-02-28"],
    ["2027-08-31", "biannual", "2028-02-29"],
  ] as const)("%s + %s = %s (time of day kept)", (from, period, to) => {
    expect(addBillingPeriod(at(from), period).toISOString()).toBe(at(to).toISOString());
  });
});

const bill = (over: Partial<Bill> = {}): Bill => ({
  plan: "standard",
  billingPeriod: "monthly",
  storesLimit: 2,
  billTotal: 998,
  billDueAt: at("2027-01-31"),
  trialStarted: true,
  ...over,
});

const standard = { id: "standard" as const, priceMonthly: 499, priceBiannual: 2699, priceAnnually: 4799 };
const premium = { id: "premium" as const, priceMonthly: 999, priceBiannual: 5399, priceAnnually: 9599 };

describe("payments change the bill", () => {
  it("renewal advances from the previous due date, not from the payment day; the total stays", () => {
    expect(applyRenewal(bill(), at("2027-03-15"))).toEqual({ billDueAt: at("2027-02-28") });
    expect(applyRenewal(bill({ billingPeriod: "annually", billDueAt: at("2028-02-29") }), at("2028-01-01"))).toEqual({
      billDueAt: at("2029-02-28"),
    });
  });

  it("a paid plan change saves plan and period, totals price × stores and advances by the new period", () => {
    expect(applyPlanChange(bill(), premium, "annually", at("2027-01-10"))).toEqual({
      plan: "premium",
      billingPeriod: "annually",
      trialStarted: true,
      billTotal: 2 * 9599,
      billDueAt: at("2028-01-31"),
    });
    expect(planChangeAmount(premium, "biannual", 3)).toBe(3 * 5399);
  });

  it("offers the paid change only when plan or period differs", () => {
    expect(isPlanChange({ plan: "standard", billingPeriod: "monthly" }, { plan: "standard", period: "monthly" })).toBe(false);
    expect(isPlanChange({ plan: "standard", billingPeriod: "monthly" }, { plan: "standard", period: "annually" })).toBe(true);
    expect(isPlanChange({ plan: "standard", billingPeriod: "monthly" }, { plan: "premium", period: "monthly" })).toBe(true);
  });

  it("buying stores raises the limit by the quantity, at least one", () => {
    expect(applyStoresPurchase(bill(), 3)).toEqual({ storesLimit: 5 });
    expect(applyStoresPurchase(bill(), 0)).toEqual({ storesLimit: 3 });
  });

  it("the trial bills one month after the choice", () => {
    expect(startTrial(standard, "annually", 1, at("2027-12-31")).billDueAt).toEqual(at("2028-01-31"));
  });
});

describe("overdue, warning and grace", () => {
  const due = at("2027-05-20");
  it("is overdue only after the due date, and never before the trial starts", () => {
    expect(isOverdue({ trialStarted: true, billDueAt: due }, due)).toBe(false);
    expect(isOverdue({ trialStarted: true, billDueAt: due }, new Date(due.getTime() + 1))).toBe(true);
    expect(isOverdue({ trialStarted: false, billDueAt: due }, new Date(due.getTime() + DAY))).toBe(false);
  });
  it("warns when 0 < days to the due date ≤ 6", () => {
    const s = { trialStarted: true, billDueAt: due };
    expect(showBillWarning(s, new Date(due.getTime() - 7 * DAY))).toBe(false);
    expect(showBillWarning(s, new Date(due.getTime() - 6 * DAY))).toBe(true);
    expect(showBillWarning(s, new Date(due.getTime() - 1))).toBe(true);
    expect(showBillWarning(s, due)).toBe(false);
    expect(daysUntilDue(s, new Date(due.getTime() - 2.5 * DAY))).toBe(3);
  });
  it("reminds by email 3 days before the free month ends and 6 before a paid bill, once per due date", () => {
    const trial = { trialStarted: true, billDueAt: due, hasPaid: false };
    const paid = { ...trial, hasPaid: true };
    const daysBefore = (days: number) => new Date(due.getTime() - days * DAY);
    expect(billingReminder(trial, daysBefore(3.5))).toBeNull();
    expect(billingReminder(trial, daysBefore(3))).toEqual({
      kind: "trial-ending",
      dueAt: due,
      days: 3,
      event: `trial-ending:${due.getTime()}`,
    });
    expect(billingReminder(trial, daysBefore(0.1))?.days).toBe(1);
    expect(billingReminder(paid, daysBefore(6.5))).toBeNull();
    expect(billingReminder(paid, daysBefore(6))).toEqual({
      kind: "bill-due",
      dueAt: due,
      days: 6,
      event: `bill-due:${due.getTime()}`,
    });
    // Every run of the window names the same reminder: one email per due date.
    expect(billingReminder(paid, daysBefore(2))?.event).toBe(billingReminder(paid, daysBefore(5))?.event);
    // Nothing once the date has come (the overdue screen speaks then), nor before a plan is chosen.
    expect(billingReminder(paid, due)).toBeNull();
    expect(billingReminder({ ...trial, trialStarted: false }, daysBefore(1))).toBeNull();
    expect(billingReminder({ ...trial, billDueAt: null }, daysBefore(1))).toBeNull();
  });
  it("keeps the site up for 10 days after the due date", () => {
    expect(isPastGrace(due, new Date(due.getTime() + 10 * DAY))).toBe(false);
    expect(isPastGrace(due, new Date(due.getTime() + 10 * DAY + 1))).toBe(true);
  });
});

describe("judging the provider's word", () => {
  const expected = { code: "1234567890", amount: 9599, currency: "USD" };
  const ok = { status: "approved" as const, externalReference: "1234567890", amount: 9599, currency: "USD" };
  it("approves only the exact reference, amount and currency", () => {
    expect(judgePayment(expected, ok)).toBe("approved");
    expect(judgePayment(expected, { ...ok, currency: "usd" })).toBe("approved");
    expect(judgePayment(expected, { ...ok, externalReference: "1234567891" })).toBe("wrong_reference");
    expect(judgePayment(expected, { ...ok, externalReference: null })).toBe("wrong_reference");
    expect(judgePayment(expected, { ...ok, amount: 9598 })).toBe("wrong_amount");
    expect(judgePayment(expected, { ...ok, currency: "ARS" })).toBe("wrong_currency");
    expect(judgePayment(expected, { ...ok, status: "pending" })).toBe("pending");
    expect(judgePayment(expected, { ...ok, status: "rejected" })).toBe("rejected");
  });
});

describe("the plan chosen for the free month", () => {
  it("names the plan as the plans page shows it ('Standard', not 'STANDARD')", () => {
    expect(planSelectedNotice(translatorFor("es"), "Standard").description).toBe("El plan Standard se seleccionó para tu cuenta");
    expect(planSelectedNotice(translatorFor("es"), "Premium").description).toBe("El plan Premium se seleccionó para tu cuenta");
  });
});
