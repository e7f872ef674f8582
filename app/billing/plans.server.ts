// Data access for /plans: the plans on offer, priced for every billing period, and the free-trial start.
import { eq } from "drizzle-orm";
import { changeAccount } from "~/auth/users.server";
import type { BillingPeriod } from "~/domain/billing";
import { BILLING_PERIODS } from "~/domain/billing";
import { formatMoney } from "~/domain/money";
import { billTotal, type PlanId, planPrice, startTrial } from "~/domain/plans";
import type { Services } from "~/services/services";
import { plans, users } from "../../db/schema";

/** Every plan, cheapest first, with its price and its total for `storesLimit` stores in each period. */
export async function listPlanOffers(services: Services, storesLimit: number) {
  const rows = await services.db.select().from(plans).orderBy(plans.priceMonthly);
  const currency = services.config.BILLING_CURRENCY;
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    /** Null: unlimited. */
    products: p.products === null ? null : String(p.products),
    banner: p.banner,
    sections: p.sections,
    itemsPerSection: p.itemsPerSection,
    photosPerProduct: p.photosPerProduct,
    prices: Object.fromEntries(
      BILLING_PERIODS.map((period) => [
        period,
        {
          price: formatMoney(planPrice(p, period), currency, null),
          total: formatMoney(billTotal(p, period, storesLimit), currency, null),
        },
      ]),
    ) as Record<BillingPeriod, { price: string; total: string }>,
  }));
}

export type TrialStart = { ok: true; planName: string } | { ok: false; reason: "unknown_plan" | "already_started" };

/** Saves the chosen plan and period and starts the free month, unless the merchant's trial has already started. */
export async function startPlanTrial(
  services: Services,
  user: { id: string; storesLimit: number },
  planId: PlanId,
  period: BillingPeriod,
): Promise<TrialStart> {
  const plan = await services.db.query.plans.findFirst({ where: eq(plans.id, planId) });
  if (!plan) return { ok: false, reason: "unknown_plan" };
  // Conditioned on the trial not having started, so a double submit starts it once.
  const started = await changeAccount(
    services.db,
    user.id,
    startTrial(plan, period, user.storesLimit, services.clock.now()),
    eq(users.trialStarted, false),
  );
  if (started.length === 0) return { ok: false, reason: "already_started" };
  return { ok: true, planName: plan.name };
}
