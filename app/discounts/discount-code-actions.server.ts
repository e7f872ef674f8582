import { redirect } from "react-router";
import { z } from "zod";
import { readDiscountCodeForm } from "~/domain/discount-code-form";
import type { Translate } from "~/domain/messages";
import { failure, textFields } from "~/http/action-result";
import { notFound } from "~/http/responses";
import type { Services } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { notice } from "~/ui/notice";
import { refusal } from "~/workspace/action-results.server";
import type { Actor } from "~/workspace/activity.server";
import type { Store } from "~/workspace/context.server";
import {
  createDiscountCode,
  type DiscountCodeRow,
  deleteDiscountCode,
  findDiscountCode,
  setDiscountCodeActive,
  updateDiscountCode,
} from "./discount-codes.server";

const FORM_FIELDS = ["code", "kind", "value", "minPurchase", "startsOn", "endsOn", "maxUses", "active"] as const;

const discountCodesPath = (storeId: string) => `/Store/${storeId}/discounts`;

/** A code id as a URL or a form names it: a positive whole number, or nothing. */
const codeIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The code id a URL names, or 0 (no code's: ids start at 1) for anything that cannot be one. */
export function codeIdOf(codeId: string): number {
  const id = codeIdSchema.safeParse(codeId);
  return id.success ? id.data : 0;
}

/** The id of the store's code named in the URL; the 404 page for anything that cannot be one. */
function urlCodeId(codeId: string): number {
  return codeIdOf(codeId) || notFound();
}

/** The store's code named in the URL; the 404 page for anything else (another store's code included). */
async function loadDiscountCode(services: Services, store: Store, codeId: string): Promise<DiscountCodeRow> {
  return (await findDiscountCode(services.db, store.id, urlCodeId(codeId))) ?? notFound();
}

/** What the merchant typed, to show again with the messages (nothing has to be typed twice). */
function typedValues(fields: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of FORM_FIELDS) if (fields[name] !== undefined) values[name] = fields[name].slice(0, 200);
  return values;
}

/** /Store/{id}/discounts/new: validates and creates the code, under the store's limit of codes. */
export async function handleCreateDiscountCode(services: Services, actor: Actor, store: Store, form: FormData, t: Translate) {
  const fields = textFields(form);
  const values = typedValues(fields);
  const read = readDiscountCodeForm(fields, store.currency, null, t);
  if (!read.ok) return failure(read.errors, { intent: "create", values });
  try {
    await createDiscountCode(services.db, actor, store.id, read.input, services.clock.now(), t);
  } catch (error) {
    return refusal("create", error, "form", { values });
  }
  return redirectWithNotice(
    services.config,
    discountCodesPath(store.id),
    notice(
      t({ id: "discounts.notice.created", defaultMessage: "Código creado" }),
      read.input.active
        ? t(
            { id: "discounts.notice.createdActive", defaultMessage: "Tus clientes ya pueden usar {code}." },
            { code: read.input.code },
          )
        : t({ id: "discounts.notice.createdInactive", defaultMessage: "{code} quedó inactivo." }, { code: read.input.code }),
    ),
  );
}

/**
 * /Store/{id}/discounts/{codeId}: save (intent=save) or delete (intent=delete) the store's code. The delete answers
 * 404 by itself for a code that is not the store's, so only a save reads the code first.
 */
export async function handleEditDiscountCode(
  services: Services,
  actor: Actor,
  store: Store,
  codeId: string,
  form: FormData,
  t: Translate,
) {
  const { db, config } = services;
  const list = discountCodesPath(store.id);
  if (form.get("intent") === "delete") return deleteAndReturn(services, actor, store, urlCodeId(codeId), t);
  const code = await loadDiscountCode(services, store, codeId);
  const fields = textFields(form);
  const values = typedValues(fields);
  const read = readDiscountCodeForm(fields, store.currency, code, t);
  if (!read.ok) return failure(read.errors, { intent: "save", values });
  try {
    if (!(await updateDiscountCode(db, actor, store.id, code.id, read.input, services.clock.now(), t))) notFound();
  } catch (error) {
    return refusal("save", error, "form", { values });
  }
  return redirectWithNotice(
    config,
    list,
    notice(
      t({ id: "discounts.notice.saved", defaultMessage: "Código guardado" }),
      t({ id: "discounts.notice.savedText", defaultMessage: "Los cambios de {code} ya rigen." }, { code: read.input.code }),
    ),
  );
}

const listAction = z.object({ intent: z.enum(["activate", "deactivate", "delete"]), id: codeIdSchema });

/** /Store/{id}/discounts: switch a code on or off, or delete it, from the list. */
export async function handleDiscountListAction(services: Services, actor: Actor, store: Store, form: FormData, t: Translate) {
  const parsed = listAction.safeParse(textFields(form));
  if (!parsed.success)
    return failure(
      { form: t({ id: "discounts.invalidAction", defaultMessage: "Acción no válida" }) },
      { intent: String(form.get("intent") ?? "") },
    );
  const { intent, id } = parsed.data;
  if (intent === "delete") return deleteAndReturn(services, actor, store, id, t);
  if (!(await setDiscountCodeActive(services.db, actor, store.id, id, intent === "activate", services.clock.now()))) notFound();
  return redirect(discountCodesPath(store.id));
}

async function deleteAndReturn(services: Services, actor: Actor, store: Store, id: number, t: Translate) {
  const deleted = await deleteDiscountCode(services.db, actor, store.id, id, services.clock.now());
  if (!deleted) notFound();
  return redirectWithNotice(
    services.config,
    discountCodesPath(store.id),
    notice(
      t({ id: "discounts.notice.deleted", defaultMessage: "Código eliminado" }),
      t(
        {
          id: "discounts.notice.deletedText",
          defaultMessage: "{code} ya no se puede usar. Las ventas que lo usaron lo conservan.",
        },
        { code: deleted.code },
      ),
    ),
  );
}
