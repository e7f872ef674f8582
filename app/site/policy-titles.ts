import { defineMessages } from "~/domain/messages";
import type { PolicyKind } from "~/domain/policies";

/** The store's pages' titles as its shoppers read them (the merchant's pages name them by `POLICY_PAGES`). */
export const POLICY_TITLES = defineMessages<PolicyKind>({
  returns: { id: "site.policy.returns", defaultMessage: "Cambios y devoluciones" },
  shipping: { id: "site.policy.shipping", defaultMessage: "Envíos" },
  privacy: { id: "site.policy.privacy", defaultMessage: "Privacidad" },
});
