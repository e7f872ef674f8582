import { listDeliveryZones } from "~/stores/delivery-settings.server";
import { storePageReads } from "~/workspace/page-reads.server";
import { listPromotions } from "./promotions.server";

/** 'Promociones': the store's promotions with what each brought, and the zones some of them reach (by name). */
export const promotionsReads = storePageReads(
  (db, { storeId }) => [listPromotions(db, storeId), listDeliveryZones(db, storeId)] as const,
);
