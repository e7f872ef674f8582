import { pickableProducts } from "~/products/products.server";
import { listSections } from "~/sections/sections.server";
import { accountPageReads, storePageReads } from "~/workspace/page-reads.server";
import { ownerSetupFactsQuery, setupFactsQuery } from "~/workspace/setup-progress.server";
import { BANNER_PRODUCT_CHOICES, listBanners } from "./banners.server";
import { listDeliveryZones, listPickupPoints } from "./delivery-settings.server";
import { listMemberStores, listStoreSummaries, ownerStoreCostQuery } from "./stores.server";

/** 'Mis tiendas': the user's own stores with their first steps' facts, and the stores they work on as staff. */
export const storeListReads = accountPageReads(
  (db, { userId }) => [listStoreSummaries(db, userId), ownerSetupFactsQuery(db, userId), listMemberStores(db, userId)] as const,
);

/** 'Nueva tienda': how many stores the user owns, and what one more costs on their plan. */
export const newStoreReads = accountPageReads((db, { userId }) => [ownerStoreCostQuery(db, userId)] as const);

/** 'Información': the facts of the store's first steps its own row does not hold. */
export const storeInfoReads = storePageReads((db, { storeId }) => [setupFactsQuery(db, storeId)] as const);

/** 'Logo y banner': the banners, and the sections and products a banner may link to. */
export const storeBrandReads = storePageReads(
  (db, { storeId }) =>
    [listBanners(db, storeId), listSections(db, storeId), pickableProducts(db, storeId, BANNER_PRODUCT_CHOICES)] as const,
);

/** 'Entrega': the pickup points and the delivery zones. */
export const storeDeliveryReads = storePageReads(
  (db, { storeId }) => [listPickupPoints(db, storeId), listDeliveryZones(db, storeId)] as const,
);
