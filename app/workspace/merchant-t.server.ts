import type { RouterContextProvider } from "react-router";
import { translatorFor } from "~/domain/message-catalogs";
import type { Translate } from "~/domain/messages";
import { merchantLocaleContext } from "./context.server";

/**
 * The merchant's translator, for texts a loader or an action writes on the server (decision 0067). Its own module:
 * the context module is read by scripts and tests outside Vite, where the compiled catalogs do not resolve.
 */
export const merchantT = (context: Readonly<RouterContextProvider>): Translate =>
  translatorFor(context.get(merchantLocaleContext));
