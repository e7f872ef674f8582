import { describe, expect, it } from "vitest";
import { addBillingPeriod } from "~/domain/billing";

const d = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe("billing periods", () => {
  it.each([
    ["2026-01-31", "monthly", "2026-02-28"],
    ["2028-01-31", "monthly", "2028-02-29"],
    ["2028-02-29", "annually", "2029-02-28"],
    ["2026-08-31", "biannual", "2027-02-28"],
    ["2026-12-31", "monthly", "2027-01-31"],
    ["2026-12-31", "biannual", "2027-06-30"],
    ["2026-03-15", "annually", "2027-03-15"],
  ] as const)("%s + %s = %s", (from, period, to) => {
    expect(addBillingPeriod(d(from), period).toISOString()).toBe(d(to).toISOString());
  });
});

import { isPastGrace, renewedDueDate, storeUnlockQuantity, storeUnlockTotal } from "~/domain/billing";
import { billTotal, planPrice } from "~/domain/plans";

describe("billing rules", () => {
  const standard = { priceMonthly: 499, priceBiannual: 2699, priceAnnually: 4799 };

  it("totals the plan price times the stores limit", () => {
    expect(planPrice(standard, "biannual")).toBe(2699);
    expect(billTotal(standard, "monthly", 3)).toBe(1497);
    expect(billTotal(standard, "annually", 1)).toBe(4799);
  });

  it("renews from the previous due date, keeping month ends", () => {
    expect(renewedDueDate(d("2026-01-31"), "monthly").toISOString()).toBe(d("2026-02-28").toISOString());
    expect(renewedDueDate(d("2028-02-29"), "annually").toISOString()).toBe(d("2029-02-28").toISOString());
  });

  it("keeps public sites up for 10 days after the due date", () => {
    const due = d("2026-03-01");
    expect(isPastGrace(due, d("2026-03-11"))).toBe(false);
    expect(isPastGrace(due, new Date(d("2026-03-11").getTime() + 1))).toBe(true);
    expect(isPastGrace(null, d("2030-01-01"))).toBe(false);
  });

  it("prices store unlocks at 0.50 USD each, at least one", () => {
    expect(storeUnlockQuantity(0)).toBe(1);
    expect(storeUnlockQuantity(-3)).toBe(1);
    expect(storeUnlockQuantity(Number.NaN)).toBe(1);
    expect(storeUnlockTotal(3)).toBe(150);
    expect(storeUnlockTotal(0)).toBe(50);
  });
});

import { startTrial } from "~/domain/plans";

describe("trial start", () => {
  it("saves plan and period, bills price × stores one month later", () => {
    const premium = { id: "premium" as const, priceMonthly: 999, priceBiannual: 5399, priceAnnually: 9599 };
    expect(startTrial(premium, "biannual", 2, d("2026-01-31"))).toEqual({
      plan: "premium",
      billingPeriod: "biannual",
      trialStarted: true,
      billTotal: 10798,
      billDueAt: d("2026-02-28"),
    });
  });
});
