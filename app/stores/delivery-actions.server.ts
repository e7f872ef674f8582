import { z } from "zod";
import { DELIVERY_MESSAGES, DELIVERY_ZONE_NAME_MAX, hasSomeMethod, PICKUP_POINT_LENGTHS } from "~/domain/delivery-settings";
import { checkboxField, readAmount } from "~/domain/product-fields";
import { VALIDATION_MESSAGES } from "~/domain/validation-messages";
import { notFound } from "~/http/responses";
import type { Db } from "~/services/db";
import { invalid, refusal } from "~/workspace/action-results.server";
import type { Store } from "~/workspace/context.server";
import {
  addDeliveryZone,
  addPickupPoint,
  deleteDeliveryZone,
  deletePickupPoint,
  setDeliveryMethods,
  updateDeliveryZone,
  updatePickupPoint,
} from "./delivery-settings.server";

/** The intents of the 'Entrega' panel on /Store/{storeId}/info. */
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

/**
 * A delivery zone in the store currency: 'Costo de envío' may be 0; an empty or 0 'Pedido mínimo'
 * means none; 'Envío gratis desde', when given, is above 0 and not below the minimum.
 */
function deliveryZoneSchema(currency: string) {
  return z
    .object({
      name: text(DELIVERY_ZONE_NAME_MAX).min(1, REQUIRED),
      fee: amount(currency, { optional: false }),
      minOrder: amount(currency, { optional: true }),
      freeFrom: amount(currency, { optional: true }),
    })
    .transform((zone) => ({ ...zone, fee: zone.fee ?? 0, minOrder: zone.minOrder || null }))
    .superRefine((zone, ctx) => {
      if (zone.freeFrom === null) return;
      if (zone.freeFrom <= 0) ctx.addIssue({ code: "custom", path: ["freeFrom"], message: DELIVERY_MESSAGES.freeFromPositive });
      else if (zone.minOrder !== null && zone.freeFrom < zone.minOrder)
        ctx.addIssue({ code: "custom", path: ["freeFrom"], message: DELIVERY_MESSAGES.freeFromBelowMinimum });
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
      await setDeliveryMethods(db, store.id, parsed.data, now);
      return done("Métodos de entrega guardados", "Tu tienda ya los ofrece al comprar.");
    }
    case "pickup-add":
    case "pickup-edit": {
      const id = intent === "pickup-edit" ? rowId(fields.id) : null;
      const parsed = pickupPointSchema.safeParse(fields);
      if (!parsed.success) return refused(parsed.error);
      if (id === null) {
        try {
          await addPickupPoint(db, store.id, parsed.data, now);
        } catch (error) {
          return limitReached(error);
        }
        return done("Punto de retiro agregado", `${parsed.data.name} ya aparece al comprar.`);
      }
      if (!(await updatePickupPoint(db, store.id, id, parsed.data, now))) notFound();
      return done("Punto de retiro guardado", `${parsed.data.name} quedó actualizado.`);
    }
    case "pickup-delete": {
      if (!(await deletePickupPoint(db, store.id, rowId(fields.id), now))) notFound();
      return done("Punto de retiro eliminado", "Ya no aparece al comprar.");
    }
    case "zone-add":
    case "zone-edit": {
      const id = intent === "zone-edit" ? rowId(fields.id) : null;
      const parsed = deliveryZoneSchema(store.currency).safeParse(fields);
      if (!parsed.success) return refused(parsed.error);
      if (id === null) {
        try {
          await addDeliveryZone(db, store.id, parsed.data, now);
        } catch (error) {
          return limitReached(error);
        }
        return done("Zona de envío agregada", `${parsed.data.name} ya aparece al comprar.`);
      }
      if (!(await updateDeliveryZone(db, store.id, id, parsed.data, now))) notFound();
      return done("Zona de envío guardada", `${parsed.data.name} quedó actualizada.`);
    }
    case "zone-delete": {
      if (!(await deleteDeliveryZone(db, store.id, rowId(fields.id), now))) notFound();
      return done("Zona de envío eliminada", "Ya no aparece al comprar.");
    }
  }
}
