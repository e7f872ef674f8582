import { lowStockMark } from "~/stock-alerts/stock-alerts.server";
import { storePageReads } from "~/workspace/page-reads.server";
import { productListParams } from "./list-params";
import { listProductsQueries, productCountQuery } from "./products.server";

/** 'Productos': the page of the list its address asks for, with each product's 'Poco stock' mark. */
export const productListReads = storePageReads((db, { storeId }, { url }) => {
  const { query, limit, filter } = productListParams(url.searchParams);
  return listProductsQueries(db, storeId, query, limit, filter, lowStockMark(storeId));
});

/** 'Nuevo producto': how many products the store has, against the plan's limit. */
export const newProductReads = storePageReads((db, { storeId }) => [productCountQuery(db, storeId)] as const);
