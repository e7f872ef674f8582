import { z } from "zod";
import { storeCountry } from "~/domain/countries";
import {
  DELIVERY_MESSAGES,
  DELIVERY_ZONE_NAME_MAX,
  hasSomeMethod,
  PICKUP_POINT_LENGTHS,
  POSTAL_CODES_TEXT_MAX,
} from "~/domain/delivery-settings";
import { formatPostalRules, parsePostalRules } from "~/domain/postal-codes";
import { checkboxField, readAmount } from "~/domain/product-fields";
import { VALIDATION_MESSAGES } from "~/domain/validation-messages";
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

const REQUIRED = VALIDATION_MESSAGES.required;
const text = (max: number) => z.string().trim().max(max, VALIDATION_MESSAGES.textAtMost(max));
const methodsSchema = z
  .object({ pickup: checkboxField, delivery: checkboxField, arrange: checkboxField })
  .transform((m) => ({ pickupEnabled: m.pickup, homeDeliveryEnabled: m.delivery, arrangeEnabled: m.arrange }))
  .refine(hasSomeMethod, { message: DELIVERY_MESSAGES.noMethod, path: ["methods"] });

const pickupPointSchema = z.object({
  name: text(PICKUP_POINT_LENGTHS.name).min(1, REQUIRED),
  address: text(PICKUP_POINT_LENGTHS.address).default(""),
  hours: text(PICKUP_POINT_LENGTHS.hours).default(""),
});

function amount(currency: string, { optional }: { optional: boolean }) {
  return z
    .string()
    .trim()
    .default("")
    .transform((value, ctx): number | null => {
      if (value === "") {
        if (optional) return null;
        ctx.addIssue({ code: "custom", message: REQUIRED });
        return z.NEVER;
      }
      return readAmount(value, currency, ctx);
    });
}

/** 'Códigos postales': the store country's codes, prefixes and ranges, kept as formatPostalRules writes them. */
function postalCodesField(country: Parameters<typeof parsePostalRules>[1]) {
  return z
    .string()
    .max(POSTAL_CODES_TEXT_MAX, VALIDATION_MESSAGES.textAtMost(POSTAL_CODES_TEXT_MAX))
    .default("")
    .transform((value, ctx) => {
      const parsed = parsePostalRules(value, country);
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
function deliveryZoneSchema(store: Pick<Store, "currency" | "country" | "timeZone">) {
  const currency = store.currency;
  return z
    .object({
      name: text(DELIVERY_ZONE_NAME_MAX).min(1, REQUIRED),
      fee: amount(currency, { optional: false }),
      minOrder: amount(currency, { optional: true }),
      freeFrom: amount(currency, { optional: true }),
      postalCodes: postalCodesField(storeCountry(store)),
    })
    .transform((zone) => ({ ...zone, fee: zone.fee ?? 0, minOrder: zone.minOrder || null }))
    .superRefine((zone, ctx) => {
      if (zone.freeFrom === null) return;
      if (zone.freeFrom <= 0) ctx.addIssue({ code: "custom", path: ["freeFrom"], message: DELIVERY_MESSAGES.freeFromPositive });
      else if (zone.minOrder !== null && zone.freeFrom < zone.minOrder)
        ctx.addIssue({ code: "custom", path: ["freeFrom"], message: DELIVERY_MESSAGES.freeFromBelowMinimum });
    });
}

/** How the notices name a row of each list ('Punto de retiro agregado', 'Zona de envío agregada'). */
const LIST_WORDS: Record<DeliveryList, { thing: string; ending: "o" | "a" }> = {
  pickup: { thing: "Punto de retiro", ending: "o" },
  zone: { thing: "Zona de envío", ending: "a" },
};

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
) {
  const refused = (error: z.ZodError) => invalid(intent, error, { values: fields });
  const limitReached = (error: unknown) => refusal(intent, error, "form", { values: fields });
  switch (intent) {
    case "delivery-methods": {
      const parsed = methodsSchema.safeParse(fields);
      if (!parsed.success) return refused(parsed.error);
      await setDeliveryMethods(db, actor, store, parsed.data, now);
      return done("Métodos de entrega guardados", "Tu tienda ya los ofrece al comprar.");
    }
    default: {
      const [list, change] = intent.split("-") as [DeliveryList, "add" | "edit" | "delete"];
      const words = LIST_WORDS[list];
      if (change === "delete") {
        if (!(await deleteDeliveryRow(db, actor, store.id, list, rowId(fields.id), now))) notFound();
        return done(`${words.thing} eliminad${words.ending}`, "Ya no aparece al comprar.");
      }
      const id = change === "edit" ? rowId(fields.id) : null;
      const parsed = (list === "pickup" ? pickupPointSchema : deliveryZoneSchema(store)).safeParse(fields);
      if (!parsed.success) return refused(parsed.error);
      if (id !== null) {
        if (!(await updateDeliveryRow(db, actor, store.id, list, id, parsed.data, now))) notFound();
        return done(`${words.thing} guardad${words.ending}`, `${parsed.data.name} quedó actualizad${words.ending}.`);
      }
      try {
        await addDeliveryRow(db, actor, store.id, list, parsed.data, now);
      } catch (error) {
        return limitReached(error);
      }
      return done(`${words.thing} agregad${words.ending}`, `${parsed.data.name} ya aparece al comprar.`);
    }
  }
}
