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
