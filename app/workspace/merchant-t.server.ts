import type { RouterContextProvider } from "react-router";
import { translatorFor } from "~/domain/message-catalogs";
import type { Translate } from "~/domain/messages";
import { merchantLocaleContext } from "./context.server";

/**
 * The merchant's translator, for texts a loader or an action writes on the server. Apart from context.server.ts,
 * which the seed (and through it the Playwright specs' helpers) imports: Playwright's loader cannot read the
 * catalogs' `virtual:messages/*` modules.
 */
export const merchantT = (context: Readonly<RouterContextProvider>): Translate =>
  translatorFor(context.get(merchantLocaleContext));
