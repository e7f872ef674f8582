import { z } from "zod";
import { OTHER_CARRIER } from "~/domain/carriers";
import { FULFILMENT_STEPS, PROGRESS_MESSAGES, quotedStep } from "~/domain/fulfilment";
import { defineMessages, type Translate } from "~/domain/messages";
import { SALE_CODE_PATTERN } from "~/domain/sales";
import { failure, parseForm } from "~/http/action-result";
import type { Services } from "~/services/services";
import type { Actor } from "~/workspace/activity.server";
import { markMany, markProgress, readShipment } from "./progress.server";
import type { Shipment } from "./progress-records.server";

/** The form of a progress move ('intent=progress'), from the sale dialog. */
export const isProgressForm = (form: FormData) => form.get("intent") === "progress";

const ACTION_MESSAGES = defineMessages({
  tooLong: { id: "fulfilment.refusal.tooLong", defaultMessage: "Texto demasiado largo" },
  step: { id: "fulfilment.refusal.step", defaultMessage: "Elige el paso de la entrega" },
  bulkStep: { id: "fulfilment.refusal.bulkStep", defaultMessage: "Elige 'Preparando' o 'Marcar como enviado'" },
  bulkMax: { id: "fulfilment.refusal.bulkMax", defaultMessage: "Elige hasta 100 ventas a la vez" },
  bulkDone: {
    id: "fulfilment.bulk.done",
    defaultMessage: "{count, plural, one {{count} venta marcada} other {{count} ventas marcadas}} como {step}",
  },
  bulkSkipped: { id: "fulfilment.bulk.skipped", defaultMessage: "Sin cambios: {left}" },
  bulkSome: { id: "fulfilment.bulk.some", defaultMessage: "{done}. Sin cambios: {left}" },
});

const text = (max: number, t: Translate) =>
  z
    .string()
    .max(max, { error: t(ACTION_MESSAGES.tooLong) })
    .catch("");

const moveSchema = (t: Translate) =>
  z.object({
    to: z.enum(FULFILMENT_STEPS, { error: t(ACTION_MESSAGES.step) }),
    back: z.literal("1").optional().catch(undefined),
    seen: z.coerce.number().int().min(0).optional().catch(undefined),
    carrier: text(40, t),
    carrierName: text(200, t),
    trackingNumber: text(200, t),
    trackingUrl: text(1000, t),
  });

const shipmentOf = (
  values: { carrier: string; carrierName: string; trackingNumber: string; trackingUrl: string },
  t: Translate,
) => readShipment(values, t);

interface StoreForProgress {
  id: string;
  name: string;
  url: string;
}

/** One sale's move from its dialog: `{ message }`, or the Spanish refusal with its 4xx. */
export async function progressAction(
  services: Services,
  actor: Actor,
  store: StoreForProgress,
  saleId: string,
  form: FormData,
  t: Translate,
) {
  const parsed = parseForm(moveSchema(t), Object.fromEntries(form), t);
  if (!parsed.success) return failure({ form: parsed.error.issues[0]?.message ?? t(PROGRESS_MESSAGES.notFound) });
  const { to, back, seen } = parsed.data;
  let shipment: Shipment | undefined;
  if (to === "shipped" && !back) {
    const read = shipmentOf(parsed.data, t);
    if (!read.ok) {
      const { carrier, carrierName, trackingNumber, trackingUrl } = parsed.data;
      return failure(
        { form: read.message, [read.field]: read.message },
        { values: { carrier, carrierName, trackingNumber, trackingUrl } },
      );
    }
    shipment = read.shipment;
  }
  const outcome = await markProgress(services, actor, store, saleId, { to, back: back === "1", seen: seen ?? null, shipment }, t);
  if (!outcome.ok) return failure({ form: outcome.message }, { status: outcome.status });
  return {
    message: outcome.corrected
      ? t(PROGRESS_MESSAGES.corrected)
      : t(PROGRESS_MESSAGES.moved, { step: quotedStep(outcome.step, t) }),
  };
}

const bulkSchema = (t: Translate) =>
  z.object({
    to: z.enum(["preparing", "shipped"], { error: t(ACTION_MESSAGES.bulkStep) }),
    sale: z
      .array(z.string().regex(SALE_CODE_PATTERN, { error: t(PROGRESS_MESSAGES.notFound) }))
      .min(1, { error: t(PROGRESS_MESSAGES.noSales) })
      .max(100, { error: t(ACTION_MESSAGES.bulkMax) }),
    carrier: text(40, t),
    carrierName: text(200, t),
    trackingUrl: text(1000, t),
  });

export type BulkAnswer = { ok: true; message: string } | { ok: false; message: string; status: number };

/** 'Preparando' / 'Marcar como enviado' on the sales ticked in the list (the same carrier for all, no numbers). */
export async function bulkProgressAction(
  services: Services,
  actor: Actor,
  store: StoreForProgress,
  form: FormData,
  t: Translate,
): Promise<BulkAnswer> {
  const parsed = bulkSchema(t).safeParse({
    to: form.get("to"),
    sale: [...new Set(form.getAll("sale").map(String))],
    carrier: form.get("carrier") ?? "",
    carrierName: form.get("carrierName") ?? "",
    trackingUrl: form.get("trackingUrl") ?? "",
  });
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? t(PROGRESS_MESSAGES.noSales), status: 400 };
  const { to, sale } = parsed.data;
  let shipment: Shipment | undefined;
  // 'Otro' needs a name the list does not ask: those sales are marked sent without a carrier.
  if (to === "shipped" && parsed.data.carrier && parsed.data.carrier !== OTHER_CARRIER) {
    const read = shipmentOf({ ...parsed.data, trackingNumber: "" }, t);
    if (!read.ok) return { ok: false, message: read.message, status: 400 };
    shipment = read.shipment;
  }
  const outcome = await markMany(services, actor, store, sale, to, shipment, t);
  const done = t(ACTION_MESSAGES.bulkDone, { count: outcome.moved, step: quotedStep(to, t) });
  if (outcome.skipped.length === 0) return { ok: true, message: done };
  const left = outcome.skipped.map((s) => `${s.saleId}: ${s.message}`).join(". ");
  return outcome.moved > 0
    ? { ok: true, message: t(ACTION_MESSAGES.bulkSome, { done, left }) }
    : { ok: false, message: t(ACTION_MESSAGES.bulkSkipped, { left }), status: 409 };
}
