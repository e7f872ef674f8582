import { z } from "zod";
import { SOLD_OUT_LISTINGS } from "~/domain/catalog";
import { isStoreCountry, type StoreCountry, storeCountry } from "~/domain/countries";
import { isSupportedCurrency } from "~/domain/currencies";
import { translatorFor } from "~/domain/message-catalogs";
import { defineMessages, type Translate } from "~/domain/messages";
import { normalizePhone, phoneMessage } from "~/domain/phone";
import { SOCIAL_NETWORKS, type SocialNetwork, socialMessage, socialUser } from "~/domain/social";
import { isValidTimeZone } from "~/domain/time-zones";
import { failure, parseForm, textFields, UNKNOWN_ACTION } from "~/http/action-result";
import type { Services } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { notice } from "~/ui/notice";
import { invalid, refusal } from "~/workspace/action-results.server";
import type { Actor } from "~/workspace/activity.server";
import type { Store } from "~/workspace/context.server";
import { changeStoreCurrency, deleteStore, type StoreInfoInput, updateStoreInfo } from "./stores.server";

const INFO_MESSAGES = defineMessages({
  phone: { id: "stores.refusal.phoneLength", defaultMessage: "Escribe el número en 30 caracteres como máximo" },
  category: { id: "stores.refusal.category", defaultMessage: "Elige una categoría" },
  country: { id: "stores.refusal.country", defaultMessage: "Elige el país de la tienda" },
  hours: { id: "stores.refusal.hoursLength", defaultMessage: "Escribe el horario en 300 caracteres como máximo" },
  timeZone: { id: "stores.refusal.timeZone", defaultMessage: "Elige una zona horaria" },
  soldOut: { id: "stores.refusal.soldOut", defaultMessage: "Elige qué hacer con los productos agotados" },
  currency: { id: "stores.refusal.currency", defaultMessage: "Elige una moneda" },
  infoSaved: { id: "stores.notice.infoSaved", defaultMessage: "Información guardada" },
  infoSavedText: { id: "stores.notice.infoSavedText", defaultMessage: "Los cambios ya se ven en tu tienda." },
  currencyChanged: { id: "stores.notice.currencyChanged", defaultMessage: "Moneda actualizada" },
  currencyChangedText: { id: "stores.notice.currencyChangedText", defaultMessage: "Los precios se muestran en {currency}." },
  deleted: { id: "stores.notice.deleted", defaultMessage: "Tienda eliminada" },
  deletedText: { id: "stores.notice.deletedText", defaultMessage: "La tienda {name} y sus archivos se eliminaron." },
});

const PHONE_FIELDS = ["saleNumber", "attentionNumber"] as const;

/** The store's information form, its refusals in `t`'s variant (the merchant's). */
export const storeInfoSchemaOf = (t: Translate) => {
  const phone = z.string().trim().max(30, t(INFO_MESSAGES.phone));
  const chooseCategory = t(INFO_MESSAGES.category);
  return z
    .object({
      name: z.string().trim().min(1).max(60),
      category: z.coerce.number().int().min(1, chooseCategory).max(11, chooseCategory),
      description: z.string().trim().max(1000),
      mainTitle: z.string().trim().max(120),
      storeTitle: z.string().trim().max(120),
      country: z.string().refine(isStoreCountry, t(INFO_MESSAGES.country)),
      saleNumber: phone,
      attentionNumber: phone,
      location: z.string().trim().max(200),
      // Fields a post from an older form lacks keep the store's values.
      ...Object.fromEntries(
        SOCIAL_NETWORKS.map((network) => [network, z.string().max(200, socialMessage(network, t)).optional()]),
      ),
      hours: z.string().trim().max(300, t(INFO_MESSAGES.hours)).optional(),
      timeZone: z.string().refine(isValidTimeZone, t(INFO_MESSAGES.timeZone)),
      // A post without it (an older form) keeps the store's choice.
      soldOut: z.enum(SOLD_OUT_LISTINGS, t(INFO_MESSAGES.soldOut)).optional(),
    })
    .transform(({ soldOut, country, ...info }, ctx): StoreInfoInput => {
      // The numbers are read as typed in the country chosen in the same form.
      const store = country as StoreCountry;
      const numbers = Object.fromEntries(
        PHONE_FIELDS.map((field) => {
          if (info[field] === "") return [field, ""];
          const digits = normalizePhone(info[field], store);
          if (!digits) ctx.addIssue({ code: "custom", message: phoneMessage(store, t), path: [field] });
          return [field, digits ?? ""];
        }),
      ) as Record<(typeof PHONE_FIELDS)[number], string>;
      const social: Partial<Record<SocialNetwork, string>> = {};
      for (const network of SOCIAL_NETWORKS) {
        const typed = (info as Record<string, unknown>)[network];
        if (typeof typed !== "string") continue;
        const user = socialUser(network, typed);
        if (user === null) ctx.addIssue({ code: "custom", message: socialMessage(network, t), path: [network] });
        else social[network] = user;
      }
      const input = { ...info, ...numbers, ...social, country: store };
      return soldOut ? { ...input, hideSoldOut: soldOut === "hidden" } : input;
    });
};

export const storeInfoSchema = storeInfoSchemaOf(translatorFor("es"));

/** The actions of /Store/{storeId}/info: the store's information, its currency, and deleting it (`intent`). */
export async function handleInfoAction(
  services: Services,
  actor: Actor,
  store: Store,
  form: FormData,
  t: Translate = translatorFor("es"),
) {
  const { db, config, clock } = services;
  const now = clock.now();
  const here = `/Store/${store.id}/info`;
  const intent = String(form.get("intent") ?? "");
  const fields = textFields(form);
  const done = (title: string, description: string) => redirectWithNotice(config, here, notice(title, description));

  switch (intent) {
    case "info": {
      // A form from before countries posts none: the store's own.
      const parsed = parseForm(storeInfoSchemaOf(t), { country: storeCountry(store), ...fields }, t);
      if (!parsed.success) return invalid(intent, parsed.error, { values: fields });
      try {
        await updateStoreInfo(db, actor, store, parsed.data, now, t);
      } catch (error) {
        return refusal(intent, error, "name", { t });
      }
      return done(t(INFO_MESSAGES.infoSaved), t(INFO_MESSAGES.infoSavedText));
    }
    case "currency": {
      const currency = String(fields.currency ?? "");
      if (!isSupportedCurrency(currency)) return failure({ currency: t(INFO_MESSAGES.currency) }, { intent });
      await changeStoreCurrency(db, actor, store, currency, now);
      return done(t(INFO_MESSAGES.currencyChanged), t(INFO_MESSAGES.currencyChangedText, { currency }));
    }
    case "delete": {
      await deleteStore(services, actor, store);
      return redirectWithNotice(
        config,
        "/",
        notice(t(INFO_MESSAGES.deleted), t(INFO_MESSAGES.deletedText, { name: store.name })),
      );
    }
    default:
      return failure({ form: t(UNKNOWN_ACTION) }, { intent });
  }
}
