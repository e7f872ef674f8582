import { accountPageReads } from "~/workspace/page-reads.server";
import { planOffersQuery } from "./plans.server";

/** 'Planes': the plans on offer, cheapest first. */
export const plansReads = accountPageReads((db, { userId }) => [planOffersQuery(db, userId)] as const);
