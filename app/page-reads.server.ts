import { activityCsvReads, activityReads } from "~/activity/page-reads.server";
import { paymentCompletedReads, plansReads } from "~/billing/page-reads.server";
import { conversionSettingsReads } from "~/conversions/page-reads.server";
import { customerDetailReads, customerListReads, customersCsvReads } from "~/customers/page-reads.server";
import {
  discountCodeQrReads,
  discountCodesReads,
  editDiscountCodeReads,
  newDiscountCodeReads,
} from "~/discounts/page-reads.server";
import { customDomainReads } from "~/domains/page-reads.server";
import { lookReads } from "~/looks/page-reads.server";
import { storePaymentsReads } from "~/online-payments/page-reads.server";
import { paymentMethodsReads } from "~/payment-methods/page-reads.server";
import {
  catalogCsvReads,
  editProductReads,
  newProductReads,
  productListReads,
  productPhotosReads,
} from "~/products/page-reads.server";
import { editPromotionReads, newPromotionReads, promotionsReads } from "~/promotions/page-reads.server";
import {
  abandonedCartsReads,
  newOrderReads,
  packingSlipsReads,
  saleReceiptReads,
  salesCsvReads,
  salesDeskReads,
  salesDeskWithSaleReads,
} from "~/sales/page-reads.server";
import { addToSectionReads, sectionListReads, sectionReads } from "~/sections/page-reads.server";
import { statisticsReads } from "~/stats/page-reads.server";
import { lowStockReads } from "~/stock-alerts/page-reads.server";
import { newStoreReads, storeBrandReads, storeDeliveryReads, storeInfoReads, storeListReads } from "~/stores/page-reads.server";
import { teamReads } from "~/team/page-reads.server";
import type { PageReads } from "~/workspace/page-reads.server";

/**
 * The merchant pages whose reads the guard sends in its own batch (decision 0069), by their route's pattern as
 * the router gives it (app/routes.ts's paths joined, no leading slash; the store list is ''): one database round trip
 * for the page. Every other merchant page reads after the guard. Beside app/routes.ts, not in a feature: like the
 * routes' map, it names every feature's pages, and no feature may depend on the others.
 */
export const MERCHANT_PAGE_READS: Readonly<Record<string, PageReads>> = {
  "": storeListReads,
  newStore: newStoreReads,
  plans: plansReads,
  "paymentCompleted/:id": paymentCompletedReads,
  "Store/:storeId/info": storeInfoReads,
  "Store/:storeId/brand": storeBrandReads,
  "Store/:storeId/sections": sectionListReads,
  "Store/:storeId/section/:sectionId": sectionReads,
  "Store/:storeId/section/:sectionId/new/:type": addToSectionReads,
  "Store/:storeId/delivery": storeDeliveryReads,
  "Store/:storeId/discounts": discountCodesReads,
  "Store/:storeId/discounts/new": newDiscountCodeReads,
  "Store/:storeId/discounts/:codeId": editDiscountCodeReads,
  "Store/:storeId/discounts/:codeId/qr/:format": discountCodeQrReads,
  "Store/:storeId/promociones": promotionsReads,
  "Store/:storeId/promociones/nueva": newPromotionReads,
  "Store/:storeId/promociones/:promotionId": editPromotionReads,
  "Store/:storeId/products": productListReads,
  "Store/:storeId/products/new": newProductReads,
  "Store/:storeId/products.csv": catalogCsvReads,
  "Store/:storeId/products/:productId": editProductReads,
  "Store/:storeId/products/:productId/photos": productPhotosReads,
  "Store/:storeId/sales": salesDeskReads,
  "Store/:storeId/sales/:saleId": salesDeskWithSaleReads,
  "Store/:storeId/sales.csv": salesCsvReads,
  "Store/:storeId/sales/new": newOrderReads,
  "Store/:storeId/sales/imprimir": packingSlipsReads,
  "Store/:storeId/sales/:saleId/receipt": saleReceiptReads,
  "Store/:storeId/estadisticas": statisticsReads,
  "Store/:storeId/carritos": abandonedCartsReads,
  "Store/:storeId/customers": customerListReads,
  "Store/:storeId/customers/:customerId": customerDetailReads,
  "Store/:storeId/customers.csv": customersCsvReads,
  "Store/:storeId/equipo": teamReads,
  "Store/:storeId/actividad": activityReads,
  "Store/:storeId/actividad.csv": activityCsvReads,
  "Store/:storeId/products/poco-stock": lowStockReads,
  "Store/:storeId/cobros": paymentMethodsReads,
  "Store/:storeId/look": lookReads,
  "Store/:storeId/dominio": customDomainReads,
  "Store/:storeId/payments": storePaymentsReads,
  "Store/:storeId/conversiones": conversionSettingsReads,
};
