import { eq } from "drizzle-orm";
import type { PlanLimits } from "~/domain/limits";
import type { Db } from "~/services/db";
import { plans } from "../../db/schema";

/** The content limits of a merchant's plan (the plans table is seeded by a migration). */
export async function planLimits(db: Db, planId: "standard" | "premium"): Promise<PlanLimits> {
  const plan = await db.query.plans.findFirst({
    where: eq(plans.id, planId),
    columns: { products: true, banner: true, sections: true, itemsPerSection: true },
  });
  if (!plan) throw new Error(`plan ${planId} missing`);
  return plan;
}
