// Data access for /plans: the plans on offer, priced for every billing period, and the free-trial start.
import { eq, sql } from "drizzle-orm";
import { changeAccount } from "~/auth/users.server";
import type { BillingPeriod } from "~/domain/billing";
import { BILLING_PERIODS } from "~/domain/billing";
import { formatMoney } from "~/domain/money";
import { billTotal, type PlanId, planPrice, startTrial } from "~/domain/plans";
import type { Db } from "~/services/db";
import type { Services } from "~/services/services";
import type { IdRef } from "~/workspace/page-reads.server";
import { plans, users } from "../../db/schema";

/** Every plan, cheapest first, for a signed-in user (none without one: 'Planes' is read in the guard's batch). */
export const planOffersQuery = (db: Db, userId: IdRef) =>
  db.select().from(plans).where(sql`${userId} is not null`).orderBy(plans.priceMonthly);

/** Every plan with its price and its total for `storesLimit` stores in each period, in the billing currency. */
export function planOffersOf(rows: readonly (typeof plans.$inferSelect)[], currency: string, storesLimit: number) {
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
