// 'Calcular envío' on the product page and the cart (decision 0060): the store's zones read in the page's one batch,
// and the answer for the shopper's `?cp=` priced as the checkout prices it.

import type { SQL } from "drizzle-orm";
import { storeCountry } from "~/domain/countries";
import { offeredMethods } from "~/domain/delivery";
import type { Translate } from "~/domain/messages";
import { moneyFormat } from "~/domain/money";
import type { Promotion } from "~/domain/promotions";
import { POSTAL_CODE_PARAM, shippingEstimate } from "~/domain/shipping-estimate";
import type { Db } from "~/services/db";
import { listDeliveryZones } from "~/stores/delivery-settings.server";

/** The store's delivery zones with their postal codes, for the page's batch. */
export const shippingZonesQuery = (db: Db, storeId: SQL) => listDeliveryZones(db, storeId);

/**
 * The page's 'Calcular envío': null when the store does not deliver home or its zones list no codes. `subtotal` is
 * the products after their promotions, `discount` a code's.
 */
export function shippingEstimateFor(
  request: Request,
  store: {
    country: string;
    timeZone: string;
    currency: string;
    pickupEnabled: boolean;
    homeDeliveryEnabled: boolean;
    arrangeEnabled: boolean;
  },
  zones: Awaited<ReturnType<typeof shippingZonesQuery>>,
  amounts: { subtotal: number; discount?: number; promotions?: readonly Promotion[] },
  t: Translate,
) {
  if (!offeredMethods(store).includes("delivery")) return null;
  return shippingEstimate({
    zones,
    country: storeCountry(store),
    asked: new URL(request.url).searchParams.get(POSTAL_CODE_PARAM),
    pickup: store.pickupEnabled,
    money: moneyFormat(store),
    t,
    ...amounts,
  });
}
