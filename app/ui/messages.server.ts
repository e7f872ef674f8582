import { pageCatalogFor } from "~/domain/message-catalogs";
import type { Locale } from "~/domain/messages";
import type { PageMessages } from "./messages";

/**
 * A page's texts for the browser: the variant's catalog only (decision 0067). A merchant layout sends all of the
 * merchant pages'; a page outside them (signing in, an invitation) only its own features' (`features`, id prefixes
 * such as 'auth.'), which keeps the first load of the app small.
 */
export function pageMessages(locale: Locale, features?: readonly string[]): PageMessages {
  const catalog = pageCatalogFor(locale);
  if (!features) return { locale, catalog };
  const own = Object.entries(catalog).filter(([id]) => features.some((feature) => id.startsWith(`${feature}.`)));
  return { locale, catalog: Object.fromEntries(own) };
}
