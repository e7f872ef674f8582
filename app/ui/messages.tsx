import { createContext, createElement, Fragment, type ReactNode, useContext } from "react";
import type { MessageDescriptor, MessageValue, Translate } from "~/domain/messages";

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
