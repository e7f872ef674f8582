import { pageCatalogFor } from "~/domain/message-catalogs";
import type { Locale } from "~/domain/messages";
import type { PageMessages } from "./messages";

/** A merchant layout's loader data for its pages' texts: the variant's catalog only (decision 0067). */
export const pageMessages = (locale: Locale): PageMessages => ({ locale, catalog: pageCatalogFor(locale) });
