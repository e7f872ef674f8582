import { z } from "zod";
import { OTHER_CARRIER } from "~/domain/carriers";
import { FULFILMENT_STEPS, PROGRESS_MESSAGES, STEP_LABELS } from "~/domain/fulfilment";
import { SALE_CODE_PATTERN } from "~/domain/sales";
import { failure } from "~/http/action-result";
import type { Services } from "~/services/services";
import type { Actor } from "~/workspace/activity.server";
import { markMany, markProgress, readShipment } from "./progress.server";
import type { Shipment } from "./progress-records.server";

/** The form of a progress move ('intent=progress'), from the sale dialog. */
export const isProgressForm = (form: FormData) => form.get("intent") === "progress";

const text = (max: number) => z.string().max(max, { error: "Texto demasiado largo" }).catch("");

const moveSchema = z.object({
  to: z.enum(FULFILMENT_STEPS, { error: "Elige el paso de la entrega" }),
  back: z.literal("1").optional().catch(undefined),
  seen: z.coerce.number().int().min(0).optional().catch(undefined),
  carrier: text(40),
  carrierName: text(200),
  trackingNumber: text(200),
  trackingUrl: text(1000),
});

const shipmentOf = (values: { carrier: string; carrierName: string; trackingNumber: string; trackingUrl: string }) =>
  readShipment(values);

interface StoreForProgress {
  id: string;
  name: string;
  url: string;
}

/** One sale's move from its dialog: `{ message }`, or the Spanish refusal with its 4xx. */
export async function progressAction(services: Services, actor: Actor, store: StoreForProgress, saleId: string, form: FormData) {
  const parsed = moveSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return failure({ form: parsed.error.issues[0]?.message ?? PROGRESS_MESSAGES.notFound });
  const { to, back, seen } = parsed.data;
  let shipment: Shipment | undefined;
  if (to === "shipped" && !back) {
    const read = shipmentOf(parsed.data);
    if (!read.ok) {
      const { carrier, carrierName, trackingNumber, trackingUrl } = parsed.data;
      return failure(
        { form: read.message, [read.field]: read.message },
        { values: { carrier, carrierName, trackingNumber, trackingUrl } },
      );
    }
    shipment = read.shipment;
  }
  const outcome = await markProgress(services, actor, store, saleId, { to, back: back === "1", seen: seen ?? null, shipment });
  if (!outcome.ok) return failure({ form: outcome.message }, { status: outcome.status });
  return { message: outcome.corrected ? PROGRESS_MESSAGES.corrected : PROGRESS_MESSAGES.moved(outcome.step) };
}

const bulkSchema = z.object({
  to: z.enum(["preparing", "shipped"], { error: "Elige 'Preparando' o 'Marcar como enviado'" }),
  sale: z
    .array(z.string().regex(SALE_CODE_PATTERN, { error: PROGRESS_MESSAGES.notFound }))
    .min(1, { error: PROGRESS_MESSAGES.noSales })
    .max(100, { error: "Elige hasta 100 ventas a la vez" }),
  carrier: text(40),
  carrierName: text(200),
  trackingUrl: text(1000),
});

export type BulkAnswer = { ok: true; message: string } | { ok: false; message: string; status: number };

/** 'Preparando' / 'Marcar como enviado' on the sales ticked in the list (the same carrier for all, no numbers). */
export async function bulkProgressAction(
  services: Services,
  actor: Actor,
  store: StoreForProgress,
  form: FormData,
): Promise<BulkAnswer> {
  const parsed = bulkSchema.safeParse({
    to: form.get("to"),
    sale: [...new Set(form.getAll("sale").map(String))],
    carrier: form.get("carrier") ?? "",
    carrierName: form.get("carrierName") ?? "",
    trackingUrl: form.get("trackingUrl") ?? "",
  });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? PROGRESS_MESSAGES.noSales, status: 400 };
  const { to, sale } = parsed.data;
  let shipment: Shipment | undefined;
  // 'Otro' needs a name the list does not ask: those sales are marked sent without a carrier.
  if (to === "shipped" && parsed.data.carrier && parsed.data.carrier !== OTHER_CARRIER) {
    const read = shipmentOf({ ...parsed.data, trackingNumber: "" });
    if (!read.ok) return { ok: false, message: read.message, status: 400 };
    shipment = read.shipment;
  }
  const outcome = await markMany(services, actor, store, sale, to, shipment);
  const done = `${outcome.moved === 1 ? "1 venta marcada" : `${outcome.moved} ventas marcadas`} como '${STEP_LABELS[to]}'`;
  if (outcome.skipped.length === 0) return { ok: true, message: done };
  const left = outcome.skipped.map((s) => `${s.saleId}: ${s.message}`).join(". ");
  return outcome.moved > 0
    ? { ok: true, message: `${done}. Sin cambios: ${left}` }
    : { ok: false, message: `Sin cambios: ${left}`, status: 409 };
}
