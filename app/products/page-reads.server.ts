import { lowStockMark } from "~/stock-alerts/stock-alerts.server";
import { storePageReads } from "~/workspace/page-reads.server";
import { exportPageQueries } from "./catalog-import.server";
import { productListParams } from "./list-params";
import { productWithPhotosQueries } from "./photos.server";
import { listProductsQueries, productCountQuery } from "./products.server";
import { productForEditingQueries } from "./variants.server";

/** 'Productos': the page of the list its address asks for, with each product's 'Poco stock' mark. */
export const productListReads = storePageReads((db, { storeId }, { url }) => {
  const { query, limit, filter } = productListParams(url.searchParams);
  return listProductsQueries(db, storeId, query, limit, filter, lowStockMark(storeId));
});

/** 'Nuevo producto': how many products the store has, against the plan's limit. */
export const newProductReads = storePageReads((db, { storeId }) => [productCountQuery(db, storeId)] as const);

/** A product's edit page: the product (by its id and the store's), its variants and its photos. */
export const editProductReads = storePageReads((db, { storeId }, { params }) =>
  productForEditingQueries(db, storeId, params.productId ?? ""),
);

/** A product's photos page: the product (by its id and the store's) and its gallery. */
export const productPhotosReads = storePageReads((db, { storeId }, { params }) =>
  productWithPhotosQueries(db, storeId, params.productId ?? ""),
);

/** 'Exportar CSV': the catalog's first page (the download streams the others, a page per round trip). */
export const catalogCsvReads = storePageReads((db, { storeId }) => exportPageQueries(db, storeId, null));
