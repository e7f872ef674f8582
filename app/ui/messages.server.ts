import { pageCatalogFor } from "~/domain/message-catalogs";
import { type Locale, messageGroup, type PageCatalog } from "~/domain/messages";
import type { PageMessages } from "./messages";

/**
 * A page's texts for the browser: the variant's catalog only (decision 0067), and of it only the page's groups
 * (`groups`, the ids' first segments such as 'auth' or 'products'): a merchant page its feature's
 * (`pageGroupsOf`, app/domain/page-groups.ts), a page outside the merchant layouts (signing in, an invitation) its
 * own. Without groups, the whole catalog. This keeps the first load of the app small.
 */
export function pageMessages(locale: Locale, groups?: readonly string[]): PageMessages {
  const catalog = pageCatalogFor(locale);
  if (!groups) return { locale, catalog };
  const key = `${locale} ${groups.join(" ")}`;
  let own = groupCatalogs.get(key);
  if (!own) {
    const wanted = new Set(groups);
    own = Object.fromEntries(Object.entries(catalog).filter(([id]) => wanted.has(messageGroup(id))));
    groupCatalogs.set(key, own);
  }
  return { locale, catalog: own, groups: [...groups] };
}

/** Each page's part of a variant's catalog, made once: one object per part, as the page translators expect. */
const groupCatalogs = new Map<string, PageCatalog>();
