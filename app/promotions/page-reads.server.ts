import { listDeliveryZones } from "~/stores/delivery-settings.server";
import { storePageReads } from "~/workspace/page-reads.server";
import { promotionChoiceQueries, promotionIdOf } from "./promotion-actions.server";
import { listPromotions, promotionCountQuery, promotionQuery } from "./promotions.server";

/** 'Promociones': the store's promotions with what each brought, and the zones some of them reach (by name). */
export const promotionsReads = storePageReads(
  (db, { storeId }) => [listPromotions(db, storeId), listDeliveryZones(db, storeId)] as const,
);

/** A new promotion's page: the products and zones to choose from, and how many promotions the store has (its limit). */
export const newPromotionReads = storePageReads(
  (db, { storeId }) => [...promotionChoiceQueries(db, storeId), promotionCountQuery(db, storeId)] as const,
);

/**
 * A promotion's edit page: the products and zones to choose from, and the promotion (by its id and the store's; an
 * address that is no id reads none).
 */
export const editPromotionReads = storePageReads(
  (db, { storeId }, { params }) =>
    [...promotionChoiceQueries(db, storeId), promotionQuery(db, storeId, promotionIdOf(params.promotionId ?? ""))] as const,
);
