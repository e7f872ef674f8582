import { sql } from "drizzle-orm";
import { translatorFor } from "~/domain/message-catalogs";
import { SALE_CODE_PATTERN, SALES_PAGE_SIZE, safeTimeZone } from "~/domain/sales";
import { addDays, localDay } from "~/domain/statistics";
import { slipCodesOf, slipSalesQueries } from "~/fulfilment/packing-slips.server";
import { deliveriesQuery } from "~/fulfilment/progress-records.server";
import { deviceCountQuery } from "~/notifications/push-subscriptions.server";
import { recoveredOrdersQuery, settingsQuery, storeCheckoutsQuery } from "~/orders/abandoned-carts.server";
import { draftAddressOf, draftBuilderQueries } from "~/orders/order-drafts.server";
import { paidWithoutStockQuery, saleReceiptQuery } from "~/orders/order-queries.server";
import { saleWithWithdrawalStatements } from "~/orders/withdrawals.server";
import { nestedPageReads, storeFactsPageReads, storePageReads } from "~/workspace/page-reads.server";
import { deskExportQueries, deskQueries, parseSalesQuery, searchRefused } from "./query.server";

/**
 * 'Ventas': the paid orders without stock and the store's device count for the push toggle, then (unless the
 * address's search is refused) the sales its view shows, their delivery progress and how many a search matches. Built
 * from the store's day and country ('Hoy', the search's phone rules).
 */
export const salesDeskReads = storeFactsPageReads((db, { storeId }, { url, now }, store) => {
  // Only whether the address's query can be read matters here, not its refusal's words.
  const query = parseSalesQuery(url.searchParams, translatorFor("es"));
  const always = [paidWithoutStockQuery(db, storeId), deviceCountQuery(db, storeId)] as const;
  if (!query.ok || searchRefused(query, store)) return always;
  const desk = deskQueries(db, { ...store, id: storeId }, query, now);
  return [...always, desk.rows, desk.progress, desk.matches] as const;
});

/**
 * 'Ventas' as a spreadsheet: the sales the desk shows for the address's query, with their lines and delivery
 * progress, built from the store's day and country like the desk. A query the CSV refuses (it answers 400) is read
 * as the desk's first view of no store: nothing.
 */
export const salesCsvReads = storeFactsPageReads((db, { storeId }, { url, now }, store) => {
  const query = parseSalesQuery(url.searchParams, translatorFor("es"));
  if (query.ok && !searchRefused(query, store)) return deskExportQueries(db, { ...store, id: storeId }, query, now);
  const latest = { kind: "latest", limit: SALES_PAGE_SIZE } as const;
  return deskExportQueries(db, { ...store, id: sql<null>`null` }, { ...query, ok: true, view: latest }, now);
});

/**
 * 'Carritos abandonados': the settings, the store's checkouts with a contact, and the orders recovered in the last 30
 * days (the store's days).
 */
export const abandonedCartsReads = storeFactsPageReads((db, { storeId }, { now }, store) => {
  const today = localDay(now.getTime(), safeTimeZone(store.timeZone));
  return [
    settingsQuery(db, storeId),
    storeCheckoutsQuery(db, storeId, now),
    recoveredOrdersQuery(db, storeId, addDays(today, -29), today),
  ] as const;
});

/** A sale's code as the address gives it; none for anything else. */
const saleIdOf = (params: { saleId?: string }) => (SALE_CODE_PATTERN.test(params.saleId ?? "") ? (params.saleId ?? "") : "");

/**
 * A sale open beside the desk: the sale (by its code and the store's), its lines, its buyer's cancellation request and
 * its delivery progress.
 */
export const saleDetailReads = storePageReads((db, { storeId }, { params }) => {
  const saleId = saleIdOf(params);
  return [...saleWithWithdrawalStatements(db, storeId, saleId), deliveriesQuery(db, storeId, [saleId])] as const;
});

/** The desk with a sale open beside it: both routes' reads. */
export const salesDeskWithSaleReads = nestedPageReads(salesDeskReads, saleDetailReads);

/** 'Armar pedido': the products its search finds and the items of those and of the order's lines, as its address says. */
export const newOrderReads = storePageReads((db, { storeId }, { url }) => {
  const { search, lines } = draftAddressOf(url);
  return draftBuilderQueries(db, storeId, search, lines);
});

/** Packing slips: the store's sales the address names (`?sale=`) with their lines. */
export const packingSlipsReads = storePageReads((db, { storeId }, { url }) =>
  slipSalesQueries(db, storeId, slipCodesOf(url.searchParams)),
);

/** A sale's transfer receipt: its stored key, by the sale's code and the store's. */
export const saleReceiptReads = storePageReads(
  (db, { storeId }, { params }) => [saleReceiptQuery(db, storeId, saleIdOf(params))] as const,
);
