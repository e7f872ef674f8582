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

/**
 * Texts only the server says, never sent to a merchant's browser: public store pages, emails, WhatsApp, and what a
 * shopper's or the desk's loaders and actions write (the checkout's and cart's refusals, policy templates, the orders'
 * and delivery desk's answers, the packing slips). What a merchant component renders (the progress panel, the
 * timeline) is not among them.
 */
const SERVER_ONLY =
  /^(site|email|whatsapp|checkout|cart|shipping|policies|orders|catalog|variants\.(choice|refusal)|(products|stores|sections|money)\.(refusal|notice)|domains\.(state|failure|refusal)|stores\.poster|validation|discounts\.refusal|fulfilment\.(refusal|notice|slips?))\.|^discounts\.link\.(applied|gives|kept|notApplied)$|^fulfilment\.bulk\.(done|skipped|some)$|\.email\./;
/** The growth pages' texts their loaders and actions say (notices, refusals, the lists' states, offers and conditions). */
const GROWTH_SERVER_ONLY =
  /^(discounts|promotions|looks|conversions)\.(notice|refusal|state|offer|reach)\.|^(discounts|promotions)\.invalidAction$|^looks\.(sectionGone|nothingToPublish|unknownAction)$|^conversions\.chooseIntent$|^promotions\.list\.(from|until|results)$|^discounts\.list\.(range|fromDay|untilDay|oncePerCustomer|minPurchase|maxUses|usesOf|uses)$/;

/** The desk's and 'Cobros'' texts their loaders and actions say (answers, refusals, stock notes, payment states). */
const DESK_SERVER_ONLY =
  /^sales\.(sale\.(confirmed|cancelled|notPending|noStock|paidOnline|refunded)|refund\.(notRefundable|unlinked|providerFailed|processing|changed)|query\.badCode|stock\.\w+|payment\.(onlineState|transferState|receipt\w+))$|^paymentMethods\.(refusal\.|adjustmentRow$)/;

/**
 * 'Actividad''s sentences, the fields they name and the stand-ins of a value read as null: said by its loader and its
 * CSV, in the merchant's words.
 */
const ACTIVITY_SERVER_ONLY = /^activity\.(entry|field|standIn)\./;

/** Whether a message is the server's alone (`SERVER_ONLY`). */
export const isServerOnly = (id: string) =>
  SERVER_ONLY.test(id) || GROWTH_SERVER_ONLY.test(id) || DESK_SERVER_ONLY.test(id) || ACTIVITY_SERVER_ONLY.test(id);

const pageCatalogs = new Map<Locale, PageCatalog>();

/** A message that is one literal, as its text (null for one with arguments, plurals or tags). */
function literalOf(message: CompiledCatalog[string] | undefined): string | null {
  const elements = message as Array<{ type: number; value?: unknown }> | undefined;
  const only = elements?.[0];
  return elements?.length === 1 && only?.type === 0 && typeof only.value === "string" ? only.value : null;
}

/**
 * The catalog a merchant page sends to the browser (decision 0067): its variant's texts over the base, without the
 * public store's and the emails'. A one-literal message of the base is left out (the code's `defaultMessage` is its
 * text, the translator's fallback: only one with an apostrophe, ICU's escape, differs), a variant's one goes as its
 * text, and a message with arguments, plurals or tags as compiled.
 */
export function pageCatalogFor(locale: Locale): PageCatalog {
  let found = pageCatalogs.get(locale);
  if (!found) {
    const merged: CompiledCatalog = {};
    for (const variant of fallbackChain(locale)) Object.assign(merged, CATALOGS[variant]);
    found = {};
    for (const [id, message] of Object.entries(merged)) {
      if (isServerOnly(id)) continue;
      const literal = literalOf(message);
      if (literal === null) found[id] = message;
      else if (literal !== literalOf(CATALOGS.es[id]) || literal.includes("'")) found[id] = literal;
    }
    pageCatalogs.set(locale, found);
  }
  return found;
}
