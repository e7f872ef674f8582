import { translatorFor } from "~/domain/message-catalogs";
import type { Locale } from "~/domain/messages";
import { forbidden } from "~/http/responses";
import { FORBIDDEN } from "./forbidden-texts";

/** The workspace's 403, worded in the merchant's variant (the root error boundary has no catalog of its own). */
export function forbiddenIn(locale: Locale): never {
  const t = translatorFor(locale);
  forbidden({ title: t(FORBIDDEN.title), description: t(FORBIDDEN.description) });
}
