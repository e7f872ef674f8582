import { localeOfAcceptLanguage } from "~/domain/messages";
import { pageMessages } from "~/ui/messages.server";

/** The sign-in pages' texts: a visitor has no store yet, so their browser's language says which variant (decision 0067). */
export const authPageMessages = (request: Request) =>
  pageMessages(localeOfAcceptLanguage(request.headers.get("Accept-Language")), ["auth"]);
