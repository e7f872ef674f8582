import { redirect } from "react-router";
import { z } from "zod";
import type { Translate } from "~/domain/messages";
import { readPromotionForm } from "~/domain/promotion-form";
import { failure, textFields } from "~/http/action-result";
import { notFound } from "~/http/responses";
import { pickableProducts } from "~/products/products.server";
import type { Db } from "~/services/db";
import type { Services } from "~/services/services";
import { listDeliveryZones } from "~/stores/delivery-settings.server";
import { redirectWithNotice } from "~/ui/flash.server";
import { notice } from "~/ui/notice";
import { refusal } from "~/workspace/action-results.server";
import type { Actor } from "~/workspace/activity.server";
import type { Store } from "~/workspace/context.server";
import type { IdRef } from "~/workspace/page-reads.server";
import { promotionsPath } from "./promotion-choices";
import {
  createPromotion,
  deletePromotion,
  findPromotion,
  type PromotionRow,
  setPromotionEnabled,
  updatePromotion,
} from "./promotions.server";

const FORM_FIELDS = [
  "name",
  "kind",
  "scope",
  "category",
  "valueKind",
  "value",
  "buy",
  "pay",
  "minQuantity",
  "minTotal",
  "startsOn",
  "endsOn",
  "enabled",
] as const;

/** The most products a promotion's picker lists (and a form may name). */
const PICKABLE_PRODUCTS = 2000;

const promotionIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The promotion id a URL names, or 0 (no promotion's: ids start at 1) for anything that cannot be one. */
export function promotionIdOf(id: string): number {
  const parsed = promotionIdSchema.safeParse(id);
  return parsed.success ? parsed.data : 0;
}

function urlPromotionId(id: string): number {
  return promotionIdOf(id) || notFound();
}

/** The store's promotion named in the URL; the 404 page for anything else (another store's included). */
async function loadPromotion(services: Services, store: Store, id: string): Promise<PromotionRow> {
  return (await findPromotion(services.db, store.id, urlPromotionId(id))) ?? notFound();
}

/** The store's products and zones the form offers to choose from. */
async function promotionChoices(services: Services, store: Store) {
  const [products, zones] = await services.db.batch(promotionChoiceQueries(services.db, store.id));
  return { products, zones };
}

/** The statements of the products and zones a promotion's form offers (its pages' reads, and its actions' check). */
export const promotionChoiceQueries = (db: Db, storeId: IdRef) =>
  [pickableProducts(db, storeId, PICKABLE_PRODUCTS), listDeliveryZones(db, storeId)] as const;

/** The chosen products and zones a form sent (checkboxes of one name each). */
const chosenOf = (form: FormData) => ({
  products: form
    .getAll("products")
    .filter((v): v is string => typeof v === "string")
    .slice(0, PICKABLE_PRODUCTS),
  zones: form
    .getAll("zones")
    .filter((v): v is string => typeof v === "string")
    .slice(0, 200),
});

/** What the merchant typed, to show again with the messages; the chosen products and zones comma-joined. */
function typedValues(fields: Record<string, string>, chosen: ReturnType<typeof chosenOf>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of FORM_FIELDS) if (fields[name] !== undefined) values[name] = fields[name].slice(0, 200);
  values.products = chosen.products.join(",");
  values.zones = chosen.zones.join(",");
  return values;
}

/** The form read against the store's own products and zones: ids of anything else are dropped. */
async function readForm(services: Services, store: Store, form: FormData, t: Translate) {
  const fields = textFields(form);
  const chosen = chosenOf(form);
  const { products, zones } = await promotionChoices(services, store);
  const owned = { productIds: new Set(products.map((p) => p.id)), zoneIds: new Set(zones.map((z) => z.id)) };
  return { read: readPromotionForm(fields, chosen, owned, store.currency, t), values: typedValues(fields, chosen) };
}

/** /Store/{id}/promociones/nueva: validates and creates the promotion, under the store's limit. */
export async function handleCreatePromotion(services: Services, actor: Actor, store: Store, form: FormData, t: Translate) {
  const { read, values } = await readForm(services, store, form, t);
  if (!read.ok) return failure(read.errors, { intent: "create", values });
  try {
    await createPromotion(services.db, actor, store.id, read.input, services.clock.now(), t);
  } catch (error) {
    return refusal("create", error, "form", { values });
  }
  return redirectWithNotice(
    services.config,
    promotionsPath(store.id),
    notice(
      t({ id: "promotions.notice.created", defaultMessage: "Promoción creada" }),
      read.input.enabled
        ? t(
            { id: "promotions.notice.createdEnabled", defaultMessage: "{name} ya se aplica en tu tienda en sus fechas." },
            { name: read.input.name },
          )
        : t({ id: "promotions.notice.createdPaused", defaultMessage: "{name} quedó pausada." }, { name: read.input.name }),
    ),
  );
}

/** /Store/{id}/promociones/{promotionId}: save (intent=save) or delete (intent=delete) the store's promotion. */
export async function handleEditPromotion(
  services: Services,
  actor: Actor,
  store: Store,
  id: string,
  form: FormData,
  t: Translate,
) {
  if (form.get("intent") === "delete") return deleteAndReturn(services, actor, store, urlPromotionId(id), t);
  const promotion = await loadPromotion(services, store, id);
  const { read, values } = await readForm(services, store, form, t);
  if (!read.ok) return failure(read.errors, { intent: "save", values });
  if (!(await updatePromotion(services.db, actor, store.id, promotion.id, read.input, services.clock.now()))) notFound();
  return redirectWithNotice(
    services.config,
    promotionsPath(store.id),
    notice(
      t({ id: "promotions.notice.saved", defaultMessage: "Promoción guardada" }),
      t({ id: "promotions.notice.savedText", defaultMessage: "Los cambios de {name} ya rigen." }, { name: read.input.name }),
    ),
  );
}

const listAction = z.object({ intent: z.enum(["enable", "disable", "delete"]), id: promotionIdSchema });

/** /Store/{id}/promociones: switch a promotion on or off, or delete it, from the list. */
export async function handlePromotionListAction(services: Services, actor: Actor, store: Store, form: FormData, t: Translate) {
  const parsed = listAction.safeParse(textFields(form));
  if (!parsed.success)
    return failure(
      { form: t({ id: "promotions.invalidAction", defaultMessage: "Acción no válida" }) },
      { intent: String(form.get("intent") ?? "") },
    );
  const { intent, id } = parsed.data;
  if (intent === "delete") return deleteAndReturn(services, actor, store, id, t);
  if (!(await setPromotionEnabled(services.db, actor, store.id, id, intent === "enable", services.clock.now()))) notFound();
  return redirect(promotionsPath(store.id));
}

async function deleteAndReturn(services: Services, actor: Actor, store: Store, id: number, t: Translate) {
  const deleted = await deletePromotion(services.db, actor, store.id, id, services.clock.now());
  if (!deleted) notFound();
  return redirectWithNotice(
    services.config,
    promotionsPath(store.id),
    notice(
      t({ id: "promotions.notice.deleted", defaultMessage: "Promoción eliminada" }),
      t(
        {
          id: "promotions.notice.deletedText",
          defaultMessage: "{name} ya no se aplica. Los pedidos que la usaron la conservan.",
        },
        { name: deleted.name },
      ),
    ),
  );
}
