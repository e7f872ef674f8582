import { storePageReads } from "~/workspace/page-reads.server";
import { productThresholdsQuery, storeProductsForAlertsQuery, storeThresholdQuery } from "./stock-alerts.server";

/** 'Aviso de poco stock': the store's threshold, each product's own, and the products with their available units. */
export const lowStockReads = storePageReads(
  (db, { storeId }) =>
    [storeThresholdQuery(db, storeId), productThresholdsQuery(db, storeId), storeProductsForAlertsQuery(db, storeId)] as const,
);
