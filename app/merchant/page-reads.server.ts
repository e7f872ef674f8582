import { newProductReads, productListReads } from "~/products/page-reads.server";
import { salesDeskReads } from "~/sales/page-reads.server";
import { statisticsReads } from "~/stats/page-reads.server";
import { storeInfoReads, storeListReads } from "~/stores/page-reads.server";
import type { PageReads } from "~/workspace/page-reads.server";

/**
 * The merchant pages whose reads the guard sends in its own batch (decision 0069), by their route's pattern as
 * the router gives it (app/routes.ts's paths joined, no leading slash; the store list is ''): one database round trip for the page. Every other merchant page reads after the guard.
 */
export const MERCHANT_PAGE_READS: Readonly<Record<string, PageReads>> = {
  "": storeListReads,
  "Store/:storeId/info": storeInfoReads,
  "Store/:storeId/products": productListReads,
  "Store/:storeId/products/new": newProductReads,
  "Store/:storeId/sales": salesDeskReads,
  "Store/:storeId/estadisticas": statisticsReads,
};
