import { storePageReads } from "~/workspace/page-reads.server";
import { paymentMethodsQuery } from "./payment-methods.server";

/** 'Cobros': the store's ways to be paid, with their adjustments. */
export const paymentMethodsReads = storePageReads((db, { storeId }) => [paymentMethodsQuery(db, storeId)] as const);
