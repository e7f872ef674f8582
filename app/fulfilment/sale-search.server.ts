// The sales desk's reads of delivery progress: the 'Avance' filter's condition, the search through the sales_search
// index (migrations: FTS5 trigram, kept by triggers), and the progress rows of the sales a page shows.
import { and, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { ProgressFilter } from "~/domain/fulfilment";
import { SEARCH_MATCHES_READ } from "~/domain/sale-search";
import { METHOD_FILTERS, type SalesFilters } from "~/domain/sales";
import type { Db } from "~/services/db";
import type { IdRef } from "~/workspace/page-reads.server";
import { saleDeliveries, sales } from "../../db/schema";

/** The 'Avance' filter as a condition on sales rows: no progress yet, or at one step (by the row's primary key). */
export function progressCondition(progress: ProgressFilter): SQL {
  if (progress === "none") return sql`not exists (select 1 from ${saleDeliveries} where ${saleDeliveries.saleId} = ${sales.id})`;
  return sql`exists (select 1 from ${saleDeliveries} where ${saleDeliveries.saleId} = ${sales.id} and ${saleDeliveries.step} = ${progress})`;
}

const isMethod = (filter: string | undefined): filter is (typeof METHOD_FILTERS)[number] =>
  (METHOD_FILTERS as readonly string[]).includes(filter ?? "");

/** The list's other filters, as the list applies them (app/orders/order-queries.server.ts). */
function filterConditions(filters: SalesFilters): Array<SQL | undefined> {
  return [
    filters.delivery ? eq(sales.delivery, filters.delivery) : undefined,
    isMethod(filters.payment)
      ? eq(sales.paymentMethod, filters.payment)
      : filters.payment
        ? eq(sales.paymentStatus, filters.payment)
        : undefined,
    filters.progress ? progressCondition(filters.progress) : undefined,
  ];
}

/** The store's first matches in the index (by code, not by date), one more than are read, as a subquery. */
const matches = (storeId: IdRef, expression: string) =>
  sql`(select rowid as code from sales_search where sales_search match ${expression} and sales_search.store_id = ${storeId} limit ${SEARCH_MATCHES_READ + 1}) as matched`;

/**
 * The store's sales matching a search expression (app/domain/sale-search.ts), newest first, `limit + 1` rows. The
 * index is read first (CROSS JOIN keeps it the outer loop) for the store's own rows, at most SEARCH_MATCHES_READ + 1
 * of them, each one primary-key read of its sale: the cost is bounded, never the store's sales. Newest first is exact
 * while the matches fit (`searchMatchesQuery` tells).
 */
export function saleSearchQuery(db: Db, storeId: IdRef, expression: string, filters: SalesFilters, limit: number) {
  return db
    .select(getTableColumns(sales))
    .from(matches(storeId, expression))
    .crossJoin(sales)
    .where(and(sql`${sales.id} = cast(matched.code as text)`, eq(sales.storeId, storeId), ...filterConditions(filters)))
    .orderBy(desc(sales.createdAt), desc(sales.id))
    .limit(limit + 1);
}

/** How many of the store's sales a search matches, counted up to SEARCH_MATCHES_READ + 1. */
export const searchMatchesQuery = (db: Db, storeId: IdRef, expression: string) =>
  db.select({ matches: sql<number>`count(*)`.mapWith(Number) }).from(matches(storeId, expression));
