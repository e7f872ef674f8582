import es from "virtual:messages/es";
import esAR from "virtual:messages/es-AR";
import { type Locale, makeTranslate, type Translate } from "./messages";

/**
 * Every variant's translator, for the server: public pages, emails and WhatsApp texts are rendered there. Merchant
 * pages in the browser get only their own variant's messages (decision 0067), never this module.
 */
const CATALOGS = { es, "es-AR": esAR };
const translators = new Map<Locale, Translate>();

export function translatorFor(locale: Locale): Translate {
  let found = translators.get(locale);
  if (!found) {
    found = makeTranslate(locale, CATALOGS);
    translators.set(locale, found);
  }
  return found;
}
