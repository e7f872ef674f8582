import {
  customerCsvQuery,
  customerListQuery,
  customerOrdersQuery,
  customerQuery,
  mergeCandidatesQuery,
} from "~/orders/customer-records.server";
import { storeFactsPageReads } from "~/workspace/page-reads.server";
import { parseCustomerQuery } from "./query.server";

/** 'Clientes': the customers its address asks for, with their figures in the store's currency. */
export const customerListReads = storeFactsPageReads(
  (db, { storeId }, { url }, store) =>
    [customerListQuery(db, { id: storeId, currency: store.currency }, parseCustomerQuery(url.searchParams))] as const,
);

/** 'Clientes' as a spreadsheet: the whole list with the page's search and order, in the store's currency. */
export const customersCsvReads = storeFactsPageReads(
  (db, { storeId }, { url }, store) =>
    [customerCsvQuery(db, { id: storeId, currency: store.currency }, parseCustomerQuery(url.searchParams))] as const,
);

/** A customer's id as the address gives it; 0, no customer's, for anything else. */
export function customerIdOf(params: { customerId?: string }): number {
  const id = Number(params.customerId);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/**
 * A customer's page: the customer (by their id and the store's) with their figures in the store's currency, their
 * orders, and the store's other customers to merge them with.
 */
export const customerDetailReads = storeFactsPageReads((db, { storeId }, { params }, store) => {
  const id = customerIdOf(params);
  return [
    customerQuery(db, { id: storeId, currency: store.currency }, id),
    customerOrdersQuery(db, storeId, id),
    mergeCandidatesQuery(db, storeId, id),
  ] as const;
});
