import es from "../messages/compiled/es";
import esAR from "../messages/compiled/es-AR";
import { storeCountry } from "./countries";
import {
  type CompiledCatalog,
  fallbackChain,
  type Locale,
  localeOfCountry,
  makeTranslate,
  type PageCatalog,
  type Translate,
} from "./messages";

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

/** Texts only the server says (public store pages, emails, WhatsApp): never sent to a merchant's browser. */
const SERVER_ONLY = /^(site|email|whatsapp)\.|\.email\./;

const pageCatalogs = new Map<Locale, PageCatalog>();

/**
 * The catalog a merchant page sends to the browser (decision 0067): its variant's texts over the base, without the
 * public store's and the emails'; a one-literal message as its text.
 */
export function pageCatalogFor(locale: Locale): PageCatalog {
  let found = pageCatalogs.get(locale);
  if (!found) {
    const merged: CompiledCatalog = {};
    for (const variant of fallbackChain(locale)) Object.assign(merged, CATALOGS[variant]);
    found = {};
    for (const [id, message] of Object.entries(merged)) {
      if (SERVER_ONLY.test(id)) continue;
      const [only] = message as Array<{ type: number; value?: string }>;
      found[id] =
        (message as unknown[]).length === 1 && only?.type === 0 && typeof only.value === "string" ? only.value : message;
    }
    pageCatalogs.set(locale, found);
  }
  return found;
}
