/**
 * 'Calcular envío': what home delivery costs to a shopper's postal code, before the checkout (the product page and
 * the cart, decision 0060). The fee is the one the checkout charges: `quoteOrder` on the same products, code and
 * promotions.
 */
import type { StoreCountry } from "./countries";
import type { DeliveryZone } from "./delivery";
import { defineMessages, type Translate } from "./messages";
import { quoteOrder } from "./order-quote";
import { coversPostalCode, postalCodeExample, readPostalCode, storedPostalRules, zonesForPostalCode } from "./postal-codes";
import type { Promotion } from "./promotions";

/** A zone as stored: its codes as formatPostalRules wrote them, empty for a zone chosen by its name. */
export interface ZoneWithCodes extends DeliveryZone {
  postalCodes: string;
}

/** The query parameter of the form (`?cp=1425`): a GET, so it works without JavaScript and its answer can be linked. */
export const POSTAL_CODE_PARAM = "cp";

/** The longest code a shopper may type; anything longer is no code in any country. */
export const POSTAL_CODE_INPUT_MAX = 12;

const SHIPPING_MESSAGES = defineMessages({
  uncovered: { id: "shipping.estimate.uncovered", defaultMessage: "Sin envío a {code}: escríbenos" },
  uncoveredPickup: {
    id: "shipping.estimate.uncoveredPickup",
    defaultMessage: "Sin envío a {code}: retira en la tienda o escríbenos",
  },
  codeFormat: { id: "shipping.refusal.codeFormat", defaultMessage: "Escribe el código postal como {example}" },
  codeNeeded: {
    id: "shipping.refusal.codeNeeded",
    defaultMessage: "Escribe tu código postal para ver las zonas que llegan a tu dirección, como {example}",
  },
  zoneNotCovering: {
    id: "shipping.refusal.zoneNotCovering",
    defaultMessage: "La zona {zone} no llega al código postal {code}: elige otra zona",
  },
  minimum: { id: "shipping.estimate.minimum", defaultMessage: "pedido mínimo {minimum}" },
  freeDelivery: { id: "shipping.estimate.freeDelivery", defaultMessage: "envío gratis" },
  noCost: { id: "shipping.estimate.noCost", defaultMessage: "sin costo" },
});

/** 'Sin envío a 1425: …', with pickup offered when the store has it. */
export const uncoveredText = (t: Translate, code: string, pickup: boolean) =>
  t(pickup ? SHIPPING_MESSAGES.uncoveredPickup : SHIPPING_MESSAGES.uncovered, { code });

/** The zones with their rules read, for `zonesForPostalCode`. */
const withPostalRules = <Z extends { postalCodes: string }>(zones: readonly Z[]) =>
  zones.map((zone) => ({ ...zone, postalRules: storedPostalRules(zone.postalCodes) }));

/** Whether a store's zones are chosen by postal code: at least one of them lists codes. */
const zonesHaveCodes = (zones: ReadonlyArray<{ postalCodes: string }>) => zones.some((z) => z.postalCodes !== "");

export type ShippingEstimate =
  /** Nothing asked yet: the form alone. */
  | { kind: "form"; example: string }
  | { kind: "invalid"; example: string; typed: string; message: string }
  | { kind: "zones"; example: string; code: string; zones: Array<{ id: number; name: string; text: string }> }
  | { kind: "uncovered"; example: string; code: string; message: string };

/**
 * The answer for `asked` (the `cp` parameter, null when absent): each zone the code may choose, covering it or
 * listing no codes, with its fee for `subtotal` (the products after their promotions) less `discount`; the
 * message when none delivers there. Null when the store's zones list no codes: there is nothing to calculate.
 */
export function shippingEstimate(input: {
  zones: readonly ZoneWithCodes[];
  country: StoreCountry | "";
  asked: string | null;
  subtotal: number;
  discount?: number;
  promotions?: readonly Promotion[];
  pickup: boolean;
  money: (minor: number) => string;
  t: Translate;
}): ShippingEstimate | null {
  if (!zonesHaveCodes(input.zones)) return null;
  const example = postalCodeExample(input.country);
  const typed = (input.asked ?? "").trim().slice(0, POSTAL_CODE_INPUT_MAX);
  if (!typed) return { kind: "form", example };
  const code = readPostalCode(typed, input.country);
  if (!code) return { kind: "invalid", example, typed, message: input.t(SHIPPING_MESSAGES.codeFormat, { example }) };
  const zones = zonesForPostalCode(withPostalRules(input.zones), code);
  if (zones.length === 0) return { kind: "uncovered", example, code, message: uncoveredText(input.t, code, input.pickup) };
  return {
    kind: "zones",
    example,
    code,
    zones: zones.map((zone) => ({
      id: zone.id,
      name: zone.name,
      text: `${zone.name} — ${feeText(zone, input)}`,
    })),
  };
}

function feeText(
  zone: DeliveryZone,
  input: {
    subtotal: number;
    discount?: number;
    promotions?: readonly Promotion[];
    money: (minor: number) => string;
    t: Translate;
  },
): string {
  const { t } = input;
  const priced = quoteOrder(input.subtotal, input.discount ?? 0, zone, 0, input.promotions ?? []);
  if (!priced.ok) return t(SHIPPING_MESSAGES.minimum, { minimum: input.money(priced.minimum) });
  if (priced.quote.deliveryFee > 0) return input.money(priced.quote.deliveryFee);
  return t(priced.quote.freeDelivery ? SHIPPING_MESSAGES.freeDelivery : SHIPPING_MESSAGES.noCost);
}

/**
 * The checkout's check of a chosen zone against the buyer's postal code, on the server whatever the page offered:
 * when some zone of the store lists codes, the code is required in the country's format and the zone must cover it
 * (or list none). The code as read is what the sale keeps; null when the store's zones list no codes. `zone`
 * undefined: none chosen, which the caller refuses once the code is right.
 */
export function checkZonePostalCode(
  zone: ZoneWithCodes | undefined,
  zones: readonly ZoneWithCodes[],
  typed: string | null | undefined,
  country: StoreCountry | "",
  t: Translate,
): { ok: true; postalCode: string | null } | { ok: false; field: "postalCode" | "zone"; message: string } {
  if (!zonesHaveCodes(zones)) return { ok: true, postalCode: null };
  const example = postalCodeExample(country);
  if (!typed?.trim()) return { ok: false, field: "postalCode", message: t(SHIPPING_MESSAGES.codeNeeded, { example }) };
  const code = readPostalCode(typed, country);
  if (!code) return { ok: false, field: "postalCode", message: t(SHIPPING_MESSAGES.codeFormat, { example }) };
  if (zone && zone.postalCodes !== "" && !coversPostalCode(storedPostalRules(zone.postalCodes), code))
    return { ok: false, field: "zone", message: t(SHIPPING_MESSAGES.zoneNotCovering, { zone: zone.name, code }) };
  return { ok: true, postalCode: code };
}

/**
 * The checkout's postal code step (`?cp=` on its delivery details): null when no zone lists codes; otherwise the code
 * as read (null until a right one is typed), the message for a wrong one, and the zones it may choose.
 */
export function checkoutPostalStep(
  zones: readonly ZoneWithCodes[],
  country: StoreCountry | "",
  asked: string | null,
  t: Translate,
) {
  if (!zonesHaveCodes(zones)) return null;
  const example = postalCodeExample(country);
  const typed = (asked ?? "").trim().slice(0, POSTAL_CODE_INPUT_MAX);
  const code = typed ? readPostalCode(typed, country) : null;
  return {
    example,
    typed,
    code,
    error: typed && !code ? t(SHIPPING_MESSAGES.codeFormat, { example }) : null,
    zoneIds: code ? zonesForPostalCode(withPostalRules(zones), code).map((zone) => zone.id) : [],
  };
}
