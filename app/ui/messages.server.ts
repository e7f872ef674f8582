import { pageCatalogFor } from "~/domain/message-catalogs";
import type { Locale, PageCatalog } from "~/domain/messages";
import type { PageMessages } from "./messages";

/**
 * A page's texts for the browser: the variant's catalog only (decision 0067). A merchant layout sends all of the
 * merchant pages'; a page outside them (signing in, an invitation) only its own features' (`features`, id prefixes
 * such as 'auth.'), which keeps the first load of the app small.
 */
export function pageMessages(locale: Locale, features?: readonly string[]): PageMessages {
  const catalog = pageCatalogFor(locale);
  if (!features) return { locale, catalog };
  const key = `${locale} ${features.join(" ")}`;
  let own = featureCatalogs.get(key);
  if (!own) {
    own = Object.fromEntries(Object.entries(catalog).filter(([id]) => features.some((f) => id.startsWith(`${f}.`))));
    featureCatalogs.set(key, own);
  }
  return { locale, catalog: own };
}

/** Each page's part of a variant's catalog, made once: one object per part, as the page translators expect. */
const featureCatalogs = new Map<string, PageCatalog>();
