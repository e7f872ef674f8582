import { createElement, type ReactNode } from "react";
import { translatorFor } from "~/domain/message-catalogs";
import type { Locale } from "~/domain/messages";
import { MessagesProvider } from "~/ui/messages";

/** A public page's component as its store's layout renders it: with the translator of the store's variant. */
export const inStoreVoice = (locale: Locale, element: ReactNode) =>
  createElement(MessagesProvider, { translate: translatorFor(locale) }, element);

/** A public page loader's data, for its store's variant. */
export type SiteData = { site: { locale: Locale } };

/** A merchant page's component as its layout renders it: with the translator of the merchant's variant. */
export const inMerchantVoice = (locale: Locale, element: ReactNode) =>
  createElement(MessagesProvider, { translate: translatorFor(locale) }, element);
