import { z } from "zod";
import { storeCountry } from "~/domain/countries";
import {
  DELIVERY_MESSAGES,
  DELIVERY_ZONE_NAME_MAX,
  hasSomeMethod,
  PICKUP_POINT_LENGTHS,
  POSTAL_CODES_TEXT_MAX,
} from "~/domain/delivery-settings";
import { checkboxField } from "~/domain/form-fields";
import { defineMessages, type Translate } from "~/domain/messages";
import { formatPostalRules, parsePostalRules } from "~/domain/postal-codes";
import { readAmount } from "~/domain/product-fields";
import { parseForm } from "~/http/action-result";
import { notFound } from "~/http/responses";
import type { Db } from "~/services/db";
import { invalid, refusal } from "~/workspace/action-results.server";
import type { Actor } from "~/workspace/activity.server";
import type { Store } from "~/workspace/context.server";
import {
  addDeliveryRow,
  type DeliveryList,
  deleteDeliveryRow,
  setDeliveryMethods,
  updateDeliveryRow,
} from "./delivery-settings.server";

/** The intents of the 'Entrega' page, /Store/{storeId}/delivery. */
const DELIVERY_INTENTS = [
  "delivery-methods",
  "pickup-add",
  "pickup-edit",
  "pickup-delete",
  "zone-add",
  "zone-edit",
  "zone-delete",
] as const;
type DeliveryIntent = (typeof DELIVERY_INTENTS)[number];

export const isDeliveryIntent = (intent: string): intent is DeliveryIntent =>
  (DELIVERY_INTENTS as readonly string[]).includes(intent);

const ENTREGA_MESSAGES = defineMessages({
  methodsSaved: { id: "stores.notice.deliveryMethodsSaved", defaultMessage: "Métodos de entrega guardados" },
  methodsSavedText: { id: "stores.notice.deliveryMethodsSavedText", defaultMessage: "Tu tienda ya los ofrece al comprar." },
  deleted: {
    id: "stores.notice.deliveryRowDeleted",
    defaultMessage: "{list, select, pickup {Punto de retiro eliminado} other {Zona de envío eliminada}}",
  },
  deletedText: { id: "stores.notice.deliveryRowDeletedText", defaultMessage: "Ya no aparece al comprar." },
  saved: {
    id: "stores.notice.deliveryRowSaved",
    defaultMessage: "{list, select, pickup {Punto de retiro guardado} other {Zona de envío guardada}}",
  },
  savedText: {
    id: "stores.notice.deliveryRowSavedText",
    defaultMessage: "{list, select, pickup {{name} quedó actualizado.} other {{name} quedó actualizada.}}",
  },
  added: {
    id: "stores.notice.deliveryRowAdded",
    defaultMessage: "{list, select, pickup {Punto de retiro agregado} other {Zona de envío agregada}}",
  },
  addedText: { id: "stores.notice.deliveryRowAddedText", defaultMessage: "{name} ya aparece al comprar." },
});

// zod's own messages ('Este campo es obligatorio', '…como máximo 60 caracteres') come from the parse's map, in the
// merchant's variant (parseForm).
const text = (max: number) => z.string().trim().max(max);
const methodsSchema = (t: Translate) =>
  z
    .object({ pickup: checkboxField, delivery: checkboxField, arrange: checkboxField })
    .transform((m) => ({ pickupEnabled: m.pickup, homeDeliveryEnabled: m.delivery, arrangeEnabled: m.arrange }))
    .refine(hasSomeMethod, { message: t(DELIVERY_MESSAGES.noMethod), path: ["methods"] });

const pickupPointSchema = z.object({
  name: text(PICKUP_POINT_LENGTHS.name).min(1),
  address: text(PICKUP_POINT_LENGTHS.address).default(""),
  hours: text(PICKUP_POINT_LENGTHS.hours).default(""),
});

function amount(currency: string, { optional }: { optional: boolean }, t: Translate) {
  return z
    .string()
    .trim()
    .default("")
    .transform((value, ctx): number | null => {
      if (value === "") {
        if (optional) return null;
        ctx.addIssue({ code: "too_small", origin: "string", minimum: 1, input: value });
        return z.NEVER;
      }
      return readAmount(value, currency, ctx, undefined, "either", t);
    });
}

/** 'Códigos postales': the store country's codes, prefixes and ranges, kept as formatPostalRules writes them. */
function postalCodesField(country: Parameters<typeof parsePostalRules>[1], t: Translate) {
  return z
    .string()
    .max(POSTAL_CODES_TEXT_MAX)
    .default("")
    .transform((value, ctx) => {
      const parsed = parsePostalRules(value, country, t);
      if (parsed.ok) return formatPostalRules(parsed.rules);
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    });
}

/**
 * A delivery zone in the store currency: 'Costo de envío' may be 0; an empty or 0 'Pedido mínimo'
 * means none; 'Envío gratis desde', when given, is above 0 and not below the minimum; 'Códigos postales' in the
 * store country's format, empty for a zone chosen by its name.
 */
function deliveryZoneSchema(store: Pick<Store, "currency" | "country" | "timeZone">, t: Translate) {
  const currency = store.currency;
  return z
    .object({
      name: text(DELIVERY_ZONE_NAME_MAX).min(1),
      fee: amount(currency, { optional: false }, t),
      minOrder: amount(currency, { optional: true }, t),
      freeFrom: amount(currency, { optional: true }, t),
      postalCodes: postalCodesField(storeCountry(store), t),
    })
    .transform((zone) => ({ ...zone, fee: zone.fee ?? 0, minOrder: zone.minOrder || null }))
    .superRefine((zone, ctx) => {
      if (zone.freeFrom === null) return;
      if (zone.freeFrom <= 0)
        ctx.addIssue({ code: "custom", path: ["freeFrom"], message: t(DELIVERY_MESSAGES.freeFromPositive) });
      else if (zone.minOrder !== null && zone.freeFrom < zone.minOrder)
        ctx.addIssue({ code: "custom", path: ["freeFrom"], message: t(DELIVERY_MESSAGES.freeFromBelowMinimum) });
    });
}

/** A row id as the form posts it; anything else is no row of this store. */
const rowId = (value: string | undefined): number => {
  const id = Number(value);
  if (!/^\d{1,15}$/.test(value ?? "") || !Number.isSafeInteger(id)) notFound();
  return id;
};

/**
 * Runs one 'Entrega' intent against the owned store: a refusal (4xx, the typed values kept to show
 * again) or `done` with its notice. Ids from the form only ever reach rows of this store: another
 * store's id is a 404 and changes nothing.
 */
export async function handleDeliveryAction<Done>(
  db: Db,
  actor: Actor,
  store: Store,
  intent: DeliveryIntent,
  fields: Record<string, string>,
  now: Date,
  done: (title: string, description: string) => Done,
  t: Translate,
) {
  const M = ENTREGA_MESSAGES;
  const refused = (error: z.ZodError) => invalid(intent, error, { values: fields });
  const limitReached = (error: unknown) => refusal(intent, error, "form", { values: fields, t });
  switch (intent) {
    case "delivery-methods": {
      const parsed = parseForm(methodsSchema(t), fields, t);
      if (!parsed.success) return refused(parsed.error);
      await setDeliveryMethods(db, actor, store, parsed.data, now);
      return done(t(M.methodsSaved), t(M.methodsSavedText));
    }
    default: {
      const [list, change] = intent.split("-") as [DeliveryList, "add" | "edit" | "delete"];
      if (change === "delete") {
        if (!(await deleteDeliveryRow(db, actor, store.id, list, rowId(fields.id), now))) notFound();
        return done(t(M.deleted, { list }), t(M.deletedText));
      }
      const id = change === "edit" ? rowId(fields.id) : null;
      const parsed = parseForm(list === "pickup" ? pickupPointSchema : deliveryZoneSchema(store, t), fields, t);
      if (!parsed.success) return refused(parsed.error);
      const name = parsed.data.name;
      if (id !== null) {
        if (!(await updateDeliveryRow(db, actor, store.id, list, id, parsed.data, now))) notFound();
        return done(t(M.saved, { list }), t(M.savedText, { list, name }));
      }
      try {
        await addDeliveryRow(db, actor, store.id, list, parsed.data, now);
      } catch (error) {
        return limitReached(error);
      }
      return done(t(M.added, { list }), t(M.addedText, { name }));
    }
  }
}
