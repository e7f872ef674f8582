import { accountPageReads } from "~/workspace/page-reads.server";
import { userPaymentQuery } from "./payments.server";
import { planOffersQuery } from "./plans.server";

/** 'Planes': the plans on offer, cheapest first. */
export const plansReads = accountPageReads((db, { userId }) => [planOffersQuery(db, userId)] as const);

/** A payment's page (the provider's back URL): the user's payment with the address's code. */
export const paymentCompletedReads = accountPageReads(
  (db, { userId }, { params }) => [userPaymentQuery(db, userId, params.id ?? "")] as const,
);
