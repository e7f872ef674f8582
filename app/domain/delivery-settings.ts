/**
 * The merchant's delivery settings ('Entrega' on the store information page): the limits, the Spanish
 * messages and how a zone reads. The rules a checkout applies are in ./delivery.ts.
 */
import type { DeliveryZone, StoreDeliveryMethods } from "./delivery";
import { defineMessages } from "./messages";
import { type MoneyWriting, moneyFormat } from "./money";
import { MAX_POSTAL_RULES, postalRulesSummary } from "./postal-codes";

export const PICKUP_POINTS_MAX = 10;
export const DELIVERY_ZONES_MAX = 20;
export const PICKUP_POINT_LENGTHS = { name: 60, address: 200, hours: 100 } as const;
export const DELIVERY_ZONE_NAME_MAX = 60;
/** Room for every rule a zone may list ("1000-1499, " is 11 characters). */
export const POSTAL_CODES_TEXT_MAX = MAX_POSTAL_RULES * 24;

/** The 'Entrega' form's refusals, said in the merchant's variant (the lists' limits take `max`). */
export const DELIVERY_MESSAGES = defineMessages({
  noMethod: { id: "stores.refusal.noDeliveryMethod", defaultMessage: "Activa al menos un método de entrega" },
  pickupPointsFull: {
    id: "stores.refusal.pickupPointsFull",
    defaultMessage: "Puedes tener hasta {max} puntos de retiro: elimina uno para agregar otro",
  },
  zonesFull: {
    id: "stores.refusal.zonesFull",
    defaultMessage: "Puedes tener hasta {max} zonas de envío: elimina una para agregar otra",
  },
  freeFromPositive: { id: "stores.refusal.freeFromPositive", defaultMessage: "Escribe un monto mayor que 0, o déjalo vacío" },
  freeFromBelowMinimum: {
    id: "stores.refusal.freeFromBelowMinimum",
    defaultMessage: "Debe ser igual o mayor que el pedido mínimo",
  },
});

/** At least one method stays on: the checkout must offer the buyer a way to get the order. */
export function hasSomeMethod(methods: StoreDeliveryMethods): boolean {
  return methods.pickupEnabled || methods.homeDeliveryEnabled || methods.arrangeEnabled;
}

/**
 * 'Norte — $ 5.000 · mínimo $ 20.000 · gratis desde $ 80.000 · CP 1000-1499, 1602': a zone as the merchant's list
 * shows it (the codes as stored, `postalCodes`).
 */
export function zoneSummary(zone: Omit<DeliveryZone, "id"> & { postalCodes?: string }, writing: MoneyWriting): string {
  const money = moneyFormat(writing);
  const parts = [zone.fee === 0 ? "sin costo" : money(zone.fee)];
  if (zone.minOrder !== null) parts.push(`mínimo ${money(zone.minOrder)}`);
  if (zone.freeFrom !== null && zone.fee > 0) parts.push(`gratis desde ${money(zone.freeFrom)}`);
  if (zone.postalCodes) parts.push(`CP ${postalRulesSummary(zone.postalCodes)}`);
  return `${zone.name} — ${parts.join(" · ")}`;
}
