import es from "../messages/compiled/es";
import esAR from "../messages/compiled/es-AR";
import { storeCountry } from "./countries";
import { type CompiledCatalog, type Locale, localeOfCountry, makeTranslate, type Translate } from "./messages";

/**
 * Every variant's translator, for the server: public pages, emails and WhatsApp texts are rendered there. Merchant
 * pages in the browser get only their own variant's messages (decision 0067), never this module.
 */
const CATALOGS = { es, "es-AR": esAR } satisfies Record<Locale, CompiledCatalog>;
const translators = new Map<Locale, Translate>();

export function translatorFor(locale: Locale): Translate {
  let found = translators.get(locale);
  if (!found) {
    found = makeTranslate(locale, CATALOGS);
    translators.set(locale, found);
  }
  return found;
}

/** A store's own voice: its pages, its emails to buyers and its WhatsApp texts speak as its country does. */
export const storeTranslator = (store: { country?: string; timeZone?: string }): Translate =>
  translatorFor(localeOfCountry(storeCountry({ country: store.country ?? "", timeZone: store.timeZone ?? "" })));
