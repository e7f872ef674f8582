import { translatorFor } from "~/domain/message-catalogs";
import { localeOfAcceptLanguage } from "~/domain/messages";
import { pageMessages } from "~/ui/messages.server";

/** The variant of a visitor without a store yet: their browser's (decision 0067). */
export const visitorLocale = (request: Request) => localeOfAcceptLanguage(request.headers.get("Accept-Language"));

/** The sign-in pages' texts: a visitor has no store yet, so their browser's language says which variant (decision 0067). */
export const authPageMessages = (request: Request) => pageMessages(visitorLocale(request), ["auth"]);

/** The sign-in pages' translator for what their loaders and actions say. */
export const authT = (request: Request) => translatorFor(visitorLocale(request));
