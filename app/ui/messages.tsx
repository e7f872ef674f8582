import { createContext, createElement, Fragment, type ReactNode, useContext } from "react";
import {
  type Locale,
  type MessageDescriptor,
  type MessageValue,
  type PageCatalog,
  type Translate,
  translatorOfPage,
} from "~/domain/messages";

/**
 * The request's translator for the components under it (decision 0067). Public pages get it from the store's
 * country (app/site/shell.tsx); a component reads it with `useT()` and writes `t({ id, defaultMessage })`.
 */
const TranslateContext = createContext<Translate | null>(null);

export function MessagesProvider({ translate, children }: { translate: Translate; children?: ReactNode }) {
  return <TranslateContext value={translate}>{children}</TranslateContext>;
}

export function useT(): Translate {
  const translate = useContext(TranslateContext);
  if (!translate) throw new Error("useT() outside a MessagesProvider");
  return translate;
}

/** A message with rich-text tags, each tag a function of its chunks: `<Rich message={m} values={{ a: (c) => … }} />`. */
export function Rich({
  message,
  values,
}: {
  message: MessageDescriptor;
  values: Record<string, MessageValue | ((chunks: ReactNode[]) => ReactNode)>;
}) {
  const t = useT();
  return createElement(Fragment, null, ...t.rich<ReactNode>(message, values as never));
}

/** What a merchant page's layout loader sends: its variant and that variant's catalog (app/ui/messages.server.ts). */
export interface PageMessages {
  locale: Locale;
  catalog: PageCatalog;
  /** The groups the catalog holds whole (the ids' first segments); absent when it holds them all. */
  groups?: readonly string[];
}

// By the catalog itself, not its variant: pages send different catalogs of one variant (a sign-in page only its own
// texts), and a translator made from one must never answer for another.
const pageTranslators = new WeakMap<PageCatalog, Translate>();

/**
 * The translator of a page's catalog, made once per catalog. A message of a group the page was not sent fails in
 * development and tests: shown as its neutral `defaultMessage` it would silently read wrong in Argentina.
 */
export function pageTranslator(messages: PageMessages): Translate {
  let translate = pageTranslators.get(messages.catalog);
  if (!translate) {
    translate = translatorOfPage(messages.locale, messages.catalog, messages.groups, !import.meta.env.PROD);
    pageTranslators.set(messages.catalog, translate);
  }
  return translate;
}

/**
 * The merchant pages' translator (decision 0067), from the catalog their layout's loader sent: the same on the
 * server and in the browser.
 */
export function PageMessagesProvider({ messages, children }: { messages: PageMessages; children?: ReactNode }) {
  return <MessagesProvider translate={pageTranslator(messages)}>{children}</MessagesProvider>;
}
