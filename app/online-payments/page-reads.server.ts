import { storePageReads } from "~/workspace/page-reads.server";
import { storePaymentAccountSummaryQuery } from "./store-accounts.server";

/** 'Cobros en línea': the store's MercadoPago account, if linked (never its tokens). */
export const storePaymentsReads = storePageReads((db, { storeId }) => [storePaymentAccountSummaryQuery(db, storeId)] as const);
