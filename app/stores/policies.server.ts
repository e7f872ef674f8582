import { z } from "zod";
import { type StoreCountry, storeCountry } from "~/domain/countries";
import { storeTranslator } from "~/domain/message-catalogs";
import { defineMessages, type Translate } from "~/domain/messages";
import {
  LEGAL_NAME_MAX,
  POLICY_KINDS,
  POLICY_MAX,
  POLICY_PAGES,
  type PolicyKind,
  policyTemplate,
  taxIdProblem,
  policyText as templateOrSaved,
} from "~/domain/policies";
import { parseForm, textFields } from "~/http/action-result";
import type { Services } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { notice } from "~/ui/notice";
import { invalid } from "~/workspace/action-results.server";
import type { Actor } from "~/workspace/activity.server";
import type { Store } from "~/workspace/context.server";
import { type StoreSettings, saveStoreSettings } from "~/workspace/store-record.server";

/** A page's text as the merchant edits it: theirs, or the template in the store's own words (its shoppers read it). */
export const storePolicyText = (kind: PolicyKind, saved: string | null, store: { name: string; country: StoreCountry }) =>
  templateOrSaved(kind, saved, store, storeTranslator(store));

/** The store's columns for each of its pages. */
export const POLICY_COLUMNS = {
  returns: "returnsPolicy",
  shipping: "shippingPolicy",
  privacy: "privacyPolicy",
} as const satisfies Record<PolicyKind, keyof Store>;

const POLICIES_MESSAGES = defineMessages({
  tooLong: { id: "stores.refusal.policyTooLong", defaultMessage: "El texto de {title} puede tener hasta {max} caracteres" },
  legalName: { id: "stores.refusal.legalNameLength", defaultMessage: "Escribe la razón social en {max} caracteres como máximo" },
  saved: { id: "stores.notice.policiesSaved", defaultMessage: "Políticas guardadas" },
  savedText: { id: "stores.notice.policiesSavedText", defaultMessage: "Los cambios ya se ven en tu tienda." },
});

const policyText = (kind: PolicyKind, t: Translate) =>
  z
    .string()
    .max(POLICY_MAX, t(POLICIES_MESSAGES.tooLong, { title: POLICY_PAGES[kind].title, max: POLICY_MAX }))
    .transform((text) => text.replace(/\r\n?/g, "\n").trim());

/** 'Políticas': the three pages' texts and the fiscal identity, read in the store's country. */
function policiesSchema(store: { name: string; country: StoreCountry }, t: Translate) {
  return z
    .object({
      returns: policyText("returns", t),
      shipping: policyText("shipping", t),
      privacy: policyText("privacy", t),
      legalName: z
        .string()
        .trim()
        .max(LEGAL_NAME_MAX, t(POLICIES_MESSAGES.legalName, { max: LEGAL_NAME_MAX })),
      taxId: z.string().trim(),
    })
    .superRefine((input, ctx) => {
      const problem = taxIdProblem(input.taxId, store.country, t);
      if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["taxId"] });
    })
    .transform((input): StoreSettings => {
      const settings: StoreSettings = { legalName: input.legalName, taxId: input.taxId };
      // Empty, or the template as shown: the store keeps following the template (its name included).
      for (const kind of POLICY_KINDS) {
        const text = input[kind];
        settings[POLICY_COLUMNS[kind]] = !text || text === policyTemplate(kind, store, storeTranslator(store)) ? null : text;
      }
      return settings;
    });
}

/** Saves the store's pages and fiscal identity (the public version bumped; the workspace purges the cache). */
export async function handlePoliciesAction(services: Services, actor: Actor, store: Store, form: FormData, t: Translate) {
  const fields = textFields(form);
  const parsed = parseForm(policiesSchema({ name: store.name, country: storeCountry(store) }, t), fields, t);
  if (!parsed.success) return invalid("policies", parsed.error, { values: fields });
  await saveStoreSettings(services.db, actor, store, parsed.data, "policiesChanged", services.clock.now());
  return redirectWithNotice(
    services.config,
    `/Store/${store.id}/politicas`,
    notice(t(POLICIES_MESSAGES.saved), t(POLICIES_MESSAGES.savedText)),
  );
}
