/**
 * Argentina's 'Botón de arrepentimiento' (consumer protection: a buyer may cancel an online purchase within 10 days,
 * from a link as easy to find as the one used to buy): who may ask, until when, and what the page says.
 */
import { z } from "zod";
import type { StoreCountry } from "./countries";
import { customerKey } from "./customers";
import { defineMessages, type Translate } from "./messages";
import { SALE_CODE_PATTERN, storeToday } from "./sales";

/** The page under the store, linked from every page's footer of a store in Argentina. */
export const WITHDRAWAL_PATH = "/arrepentimiento";

/** Calendar days, in the store's time zone, after the day the order was placed. */
export const WITHDRAWAL_DAYS = 10;

/** The official consumer-protection complaint form every online store in Argentina must link. */
export const CONSUMER_DEFENSE_URL = "https://www.argentina.gob.ar/produccion/defensadelconsumidor/formulario";
export const CONSUMER_DEFENSE_TEXT = "Defensa de las y los Consumidores. Para reclamos ingrese aquí";

/** The page's refusals, in the store's voice (its `t`): a store in Argentina reads them in 'vos'. */
export const WITHDRAWAL_MESSAGES = defineMessages({
  /** Unknown code, another store's order, or a contact that is not the order's: one answer, so a stranger learns nothing. */
  notFound: {
    id: "site.withdrawal.refusal.notFound",
    defaultMessage:
      "No encontramos un pedido de esta tienda con ese código y ese correo o teléfono. Revisa los datos: están en el mensaje o el correo de tu pedido.",
  },
  code: { id: "site.withdrawal.refusal.code", defaultMessage: "Escribe el código de tu pedido: son 10 números" },
  contact: {
    id: "site.withdrawal.refusal.contact",
    defaultMessage: "Escribe el correo o el teléfono que diste en el pedido",
  },
  /** `{days}`: WITHDRAWAL_DAYS. */
  expired: {
    id: "site.withdrawal.refusal.expired",
    defaultMessage:
      "Este pedido se hizo hace más de {days} días: ya no se puede cancelar con el Botón de arrepentimiento. Escríbele a la tienda.",
  },
  cancelled: { id: "site.withdrawal.refusal.cancelled", defaultMessage: "Este pedido ya está cancelado." },
  confirmed: {
    id: "site.withdrawal.refusal.confirmed",
    defaultMessage: "Este pedido ya fue entregado y completado: para devolverlo, escríbele a la tienda.",
  },
  tooMany: {
    id: "site.withdrawal.refusal.tooMany",
    defaultMessage:
      "Demasiados intentos con datos que no coinciden: vuelve a intentarlo en {minutes, plural, one {{minutes} minuto} other {{minutes} minutos}}.",
  },
});

/** The buyer's form, its refusals in the store's voice. */
export const withdrawalForm = (t: Translate) =>
  z.object({
    code: z
      .string({ error: t(WITHDRAWAL_MESSAGES.code) })
      .transform((code) => code.replace(/[\s#-]/g, ""))
      .pipe(z.string().regex(SALE_CODE_PATTERN, t(WITHDRAWAL_MESSAGES.code))),
    contact: z
      .string({ error: t(WITHDRAWAL_MESSAGES.contact) })
      .trim()
      .min(3, t(WITHDRAWAL_MESSAGES.contact))
      .max(254, t(WITHDRAWAL_MESSAGES.contact)),
  });

/** Days between two local calendar days 'YYYY-MM-DD'. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Whether an order placed at `placedAt` may still be cancelled now: through the 10th calendar day after the day it
 * was placed, both days read in the store's time zone (an order of the 1st at 23:30 may be cancelled until the 11th
 * ends there).
 */
export function withinWithdrawalWindow(placedAt: Date, now: Date, timeZone: string): boolean {
  const days = daysBetween(storeToday(placedAt, timeZone), storeToday(now, timeZone));
  return days >= 0 && days <= WITHDRAWAL_DAYS;
}

/**
 * Which of the order's contacts the buyer typed: its email (any case), or its phone read with the store's country
 * rules (as the customer list reads it: '11 5555-1234' is '+54 9 11 5555-1234'); null when neither matches.
 */
export function matchedContact(
  sale: { buyerEmail: string | null; buyerPhone: string | null },
  typed: string,
  country: StoreCountry,
): "email" | "phone" | null {
  if (typed.includes("@")) {
    const email = customerKey({ phone: null, email: typed }, country)?.email;
    const saleEmail = customerKey({ phone: null, email: sale.buyerEmail }, country)?.email;
    return email && saleEmail && email === saleEmail ? "email" : null;
  }
  const phone = customerKey({ phone: typed, email: null }, country)?.phone;
  const salePhone = customerKey({ phone: sale.buyerPhone, email: null }, country)?.phone;
  // At least 6 digits: a short run of digits is no phone anyone could be known by.
  return phone && salePhone && phone.length >= 6 && phone === salePhone ? "phone" : null;
}
