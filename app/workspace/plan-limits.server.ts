import { eq } from "drizzle-orm";
import { createContext, type RouterContextProvider } from "react-router";
import type { PlanLimits } from "~/domain/limits";
import type { Db } from "~/services/db";
import { plans } from "../../db/schema";

export const planLimitColumns = {
  products: plans.products,
  banner: plans.banner,
  sections: plans.sections,
  itemsPerSection: plans.itemsPerSection,
  photosPerProduct: plans.photosPerProduct,
};

/** The content limits of a merchant's plan (the plans table is seeded by a migration). */
export async function planLimits(db: Db, planId: "standard" | "premium"): Promise<PlanLimits> {
  const [plan] = await db.select(planLimitColumns).from(plans).where(eq(plans.id, planId)).limit(1);
  if (!plan) throw new Error(`plan ${planId} missing`);
  return plan;
}

/** The signed-in merchant's plan limits, read by the merchant guard with the session (no round trip of its own). */
export const planLimitsContext = createContext<PlanLimits | null>(null);

export function merchantPlanLimits(context: Readonly<RouterContextProvider>): PlanLimits {
  const limits = context.get(planLimitsContext);
  // Merchants without a plan are sent to /plans before any page that needs limits.
  if (!limits) throw new Error("merchant without a plan reached a page that needs its limits");
  return limits;
}
