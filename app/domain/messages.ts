import { IntlMessageFormat } from "intl-messageformat";
import type { StoreCountry } from "./countries";

/**
 * The message catalog's variants (decision 0067). 'es' is neutral Spanish ('tú'), the base every text is written in;
 * 'es-AR' is the Spanish of Argentina and Uruguay ('vos'), which overrides only the messages that differ. A new
 * language (pt-BR) is one more entry here, its catalog file and its countries below: no component changes.
 */
export const LOCALES = ["es", "es-AR"] as const;
export type Locale = (typeof LOCALES)[number];

/** The variant each catalog falls back to for a message it does not override (the base has none). */
const FALLBACK: Record<Locale, Locale | null> = { es: null, "es-AR": "es" };

/** A variant and the ones it falls back to, the base first. */
export function fallbackChain(locale: Locale): Locale[] {
  const chain: Locale[] = [];
  for (let at: Locale | null = locale; at; at = FALLBACK[at]) chain.unshift(at);
  return chain;
}

/** The locale Intl formats with (plural rules, numbers inside a message). */
const INTL_LOCALE: Record<Locale, string> = { es: "es-419", "es-AR": "es-AR" };

/** The countries that speak with 'vos'. Every other store country reads the neutral base. */
const VOSEO: readonly StoreCountry[] = ["AR", "UY"];

/** A public store, its emails and its WhatsApp texts speak as the store's country does. */
export const localeOfCountry = (country: StoreCountry | null | undefined): Locale =>
  country && VOSEO.includes(country) ? "es-AR" : "es";

/**
 * A visitor with no store yet: the first Spanish of their browser's Accept-Language that names a country ('es-AR',
 * 'es-UY' → 'es-AR'; 'es-MX', 'es', anything else → 'es').
 */
export function localeOfAcceptLanguage(header: string | null | undefined): Locale {
  for (const part of (header ?? "").split(",")) {
    const tag = part.split(";")[0]?.trim().toLowerCase() ?? "";
    const [language, region] = tag.split("-");
    if (language !== "es") continue;
    if (region) return localeOfCountry(region.toUpperCase() as StoreCountry);
  }
  return "es";
}

export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

/**
 * One text of the catalog. `id` names it (feature.place.what); `defaultMessage` is its neutral Spanish, the text
 * `npm run messages:extract` copies into the base catalog. Both must be literals: the extraction reads the code.
 */
export interface MessageDescriptor {
  id: string;
  defaultMessage: string;
  /** For the translator, when the text alone does not say where it shows. */
  description?: string;
}

export type MessageValue = string | number | null | undefined;
type MessageValues = Record<string, MessageValue>;

/** Formats a message of the request's variant with its ICU arguments, plurals and selects. */
export interface Translate {
  (message: MessageDescriptor, values?: MessageValues): string;
  /** The same, with rich-text tags ('<a>…</a>') given as functions of their chunks: for React. */
  rich<T>(
    message: MessageDescriptor,
    values: Record<string, MessageValue | ((chunks: Array<string | T>) => T)>,
  ): Array<string | T>;
  readonly locale: Locale;
}

/** Messages grouped in a module: each a descriptor the extraction finds (the same object back). */
export const defineMessages = <K extends string>(messages: Record<K, MessageDescriptor>): Record<K, MessageDescriptor> =>
  messages;

/**
 * A variant's catalog as a merchant page's loader sends it to the browser: the variant over its fallback, only the
 * texts merchant pages say, a message that is one literal as its text (most are; the rest as compiled).
 */
export type PageCatalog = Record<string, string | CompiledCatalog[string]>;

/**
 * The translator of a page catalog (the browser's, and the server's when it renders the same page). `groups` are the
 * first segments of the ids the catalog holds whole (decision 0067, 'Per feature'): a message of another group was not
 * sent, and its `defaultMessage` would be the neutral text in every variant, so `strict` (development and tests) throws
 * on it and production says so in the console. Without `groups` the catalog holds every group.
 */
export function translatorOfPage(locale: Locale, catalog: PageCatalog, groups?: readonly string[], strict = false): Translate {
  const compiled: CompiledCatalog = {};
  for (const [id, message] of Object.entries(catalog))
    compiled[id] = typeof message === "string" ? [{ type: 0, value: message }] : message;
  const sent = groups && new Set(groups);
  const missing =
    sent &&
    ((message: MessageDescriptor) => {
      if (sent.has(messageGroup(message.id))) return;
      const problem = `Message ${message.id} is not in this page's catalog (groups: ${[...sent].join(", ")})`;
      if (strict) throw new Error(problem);
      console.error(problem);
    });
  return makeTranslate(locale, { [locale]: compiled }, missing);
}

/** A message's group: its id's first segment ('products' of 'products.list.count'). */
export function messageGroup(id: string): string {
  const dot = id.indexOf(".");
  return dot < 0 ? id : id.slice(0, dot);
}

/**
 * A message's neutral text with its arguments, where no translator is at hand (a refusal's `Error.message`, a domain
 * rule asked without one); plain `{name}` arguments only.
 */
export const neutralText = (text: MessageDescriptor, values: Record<string, MessageValue> = {}) =>
  text.defaultMessage.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** One message given where a descriptor is passed on (`<Rich message={defineMessage({…})} />`): the extraction finds it. */
export const defineMessage = (message: MessageDescriptor): MessageDescriptor => message;

/** A catalog compiled at build (`formatjs compile --ast`'s output): id → the message's parsed form. */
export type CompiledCatalog = Record<string, ConstructorParameters<typeof IntlMessageFormat>[0]>;

/**
 * The translator of one variant: its own catalog over its fallback's. Formatters are made once per message and kept
 * (the catalog is parsed at build, so nothing is parsed or evaluated at run time: Workers allow neither eval nor a
 * parser's cost per request).
 */
export function makeTranslate(
  locale: Locale,
  catalogs: Partial<Record<Locale, CompiledCatalog>>,
  missing?: (message: MessageDescriptor) => void,
): Translate {
  const merged: CompiledCatalog = {};
  const chain: Locale[] = [];
  for (let at: Locale | null = locale; at; at = FALLBACK[at]) chain.unshift(at);
  for (const variant of chain) Object.assign(merged, catalogs[variant]);
  const formatters = new Map<string, IntlMessageFormat>();
  const formatter = (message: MessageDescriptor): IntlMessageFormat | null => {
    let found = formatters.get(message.id);
    if (!found) {
      const compiled = merged[message.id];
      if (!compiled) {
        missing?.(message);
        return null;
      }
      found = new IntlMessageFormat(compiled, INTL_LOCALE[locale], undefined, { ignoreTag: false });
      formatters.set(message.id, found);
    }
    return found;
  };
  // A message not in the catalog yet (the extraction check fails on it before a build ships) shows its neutral text.
  const translate = ((message: MessageDescriptor, values?: MessageValues) => {
    const found = formatter(message);
    if (!found) return message.defaultMessage;
    const out = found.format(values as Record<string, string | number>);
    return Array.isArray(out) ? out.join("") : String(out);
  }) as Translate;
  translate.rich = <T>(message: MessageDescriptor, values: Record<string, unknown>) => {
    const found = formatter(message);
    if (!found) return [message.defaultMessage];
    const out = found.format<T>(values as never);
    return Array.isArray(out) ? out : [out as string | T];
  };
  Object.defineProperty(translate, "locale", { value: locale });
  return translate;
}
