import { customerListQuery } from "~/orders/customer-records.server";
import { storeFactsPageReads } from "~/workspace/page-reads.server";
import { parseCustomerQuery } from "./query.server";

/** 'Clientes': the customers its address asks for, with their figures in the store's currency. */
export const customerListReads = storeFactsPageReads(
  (db, { storeId }, { url }, store) =>
    [customerListQuery(db, { id: storeId, currency: store.currency }, parseCustomerQuery(url.searchParams))] as const,
);
