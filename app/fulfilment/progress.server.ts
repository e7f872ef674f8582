// The merchant marks a sale's delivery progress, one sale from its dialog or several from the list: read, check the
// move (app/domain/fulfilment.ts), write it conditioned (progress-records.server.ts), then email the buyer for the
// moves that really happened.

import { and, eq, inArray } from "drizzle-orm";
import { findCarrier, OTHER_CARRIER, safeTrackingUrl, trackingOf } from "~/domain/carriers";
import type { DeliveryMethod } from "~/domain/delivery";
import {
  backwardText,
  changedText,
  checkMove,
  EMAILED_STEPS,
  type FulfilmentStep,
  type MoveRefusal,
  PROGRESS_MESSAGES,
  type ProgressStep,
  quotedStep,
  TRACKING_NUMBER_PATTERN,
  wrongKindText,
} from "~/domain/fulfilment";
import { storeTranslator, translatorFor } from "~/domain/message-catalogs";
import type { Translate } from "~/domain/messages";
import { orderPageUrl } from "~/orders/order-links";
import type { Services } from "~/services/services";
import type { Actor } from "~/workspace/activity.server";
import { sales } from "../../db/schema";
import { progressEmail } from "./emails";
import { applyMoves, type DeliveryRow, deliveriesQuery, type Move, type Shipment, stepOf } from "./progress-records.server";

interface StoreForProgress {
  id: string;
  name: string;
  url: string;
  /** Where it is: the buyer's emails speak as its country does (neutral Spanish when not given). */
  country?: string;
  timeZone?: string;
}

export interface ProgressRequest {
  to: FulfilmentStep;
  /** A move back, which the merchant asked for in so many words. */
  back: boolean;
  /** The row's version the page showed (0: no progress shown); a move from another one is refused. */
  seen: number | null;
  shipment?: Shipment;
}

export type ProgressOutcome =
  | { ok: true; step: FulfilmentStep; corrected?: true }
  | { ok: false; status: number; message: string };

const saleColumns = {
  id: sales.id,
  state: sales.state,
  delivery: sales.delivery,
  buyerName: sales.buyerName,
  buyerEmail: sales.buyerEmail,
  pickupPoint: sales.pickupPoint,
  accessToken: sales.accessToken,
};

interface ProgressSale {
  id: string;
  state: string;
  delivery: DeliveryMethod;
  buyerName: string;
  buyerEmail: string | null;
  pickupPoint: string | null;
  accessToken: string;
}

/** The store's sales with these codes and their progress rows, in one round trip. */
async function readSales(services: Services, storeId: string, saleIds: string[]) {
  const { db } = services;
  const [rows, deliveries] = await db.batch([
    db
      .select(saleColumns)
      .from(sales)
      .where(and(eq(sales.storeId, storeId), inArray(sales.id, saleIds))),
    deliveriesQuery(db, storeId, saleIds),
  ]);
  const bySale = new Map(deliveries.map((d) => [d.saleId, d]));
  return rows.map((sale): { sale: ProgressSale; row: DeliveryRow | undefined } => ({ sale, row: bySale.get(sale.id) }));
}

function refusalMessage(reason: MoveRefusal, sale: ProgressSale, to: FulfilmentStep, at: ProgressStep, t: Translate): string {
  if (reason === "cancelled") return t(PROGRESS_MESSAGES.cancelled);
  if (reason === "wrong_kind") return wrongKindText(t, sale.delivery);
  if (reason === "same") return t(PROGRESS_MESSAGES.same, { step: quotedStep(to, t) });
  return backwardText(t, at);
}

const moveFrom = (row: DeliveryRow | undefined): Move["from"] =>
  row ? { step: row.step, version: row.version } : { step: "none" };

/** One sale's move from its dialog. Refused (409) when the sale moved since the page showed it, or the move is not allowed. */
export async function markProgress(
  services: Services,
  actor: Actor,
  store: StoreForProgress,
  saleId: string,
  request: ProgressRequest,
  t: Translate = translatorFor("es"),
): Promise<ProgressOutcome> {
  const [found] = await readSales(services, store.id, [saleId]);
  if (!found) return { ok: false, status: 404, message: t(PROGRESS_MESSAGES.notFound) };
  const { sale, row } = found;
  const at = stepOf(row);
  if (request.seen !== null && (row?.version ?? 0) !== request.seen)
    return { ok: false, status: 409, message: changedText(t, at) };
  // A sent sale's carrier and number may be corrected from the page that showed them (a bulk 'Marcar como enviado'
  // leaves the number to each dialog): the same step, its time kept.
  const correcting =
    at === "shipped" && request.to === "shipped" && !request.back && request.shipment !== undefined && request.seen !== null;
  const check = correcting
    ? { ok: true as const }
    : checkMove({ delivery: sale.delivery, cancelled: sale.state === "Cancelada" }, at, request.to, request.back);
  if (!check.ok) return { ok: false, status: 409, message: refusalMessage(check.reason, sale, request.to, at, t) };
  const move: Move = {
    storeId: store.id,
    saleId,
    from: moveFrom(row),
    to: request.to,
    shipment: request.shipment,
    now: services.clock.now(),
    keepTimes: correcting,
  };
  const moved = await applyMoves(services.db, actor, [{ move, back: request.back }]);
  if (!moved.has(saleId)) {
    const [again] = await readSales(services, store.id, [saleId]);
    if (again?.sale.state === "Cancelada") return { ok: false, status: 409, message: t(PROGRESS_MESSAGES.cancelled) };
    return { ok: false, status: 409, message: changedText(t, stepOf(again?.row)) };
  }
  if (correcting) {
    // The buyer hears again only of a tracking number they did not have.
    const number = request.shipment?.trackingNumber;
    if (number && number !== row?.trackingNumber) await emailBuyer(services, store, sale, "shipped", request.shipment);
    return { ok: true, step: "shipped", corrected: true };
  }
  if (!request.back) await emailBuyer(services, store, sale, request.to, request.shipment ?? row);
  return { ok: true, step: request.to };
}

export interface BulkOutcome {
  moved: number;
  /** The sales left as they were, each with why. */
  skipped: Array<{ saleId: string; message: string }>;
}

/**
 * 'Preparando' or 'Marcar como enviado' for the sales ticked in the list: each moves forward once, in one batch;
 * a sale that cannot (cancelled, a pickup marked sent, already there or further) is left and named.
 */
export async function markMany(
  services: Services,
  actor: Actor,
  store: StoreForProgress,
  saleIds: string[],
  to: "preparing" | "shipped",
  shipment?: Shipment,
  t: Translate = translatorFor("es"),
): Promise<BulkOutcome> {
  const found = await readSales(services, store.id, saleIds);
  const now = services.clock.now();
  const skipped: BulkOutcome["skipped"] = [];
  const moves: Array<{ move: Move; back: boolean }> = [];
  for (const saleId of saleIds) {
    const entry = found.find((f) => f.sale.id === saleId);
    if (!entry) {
      skipped.push({ saleId, message: t(PROGRESS_MESSAGES.notFound) });
      continue;
    }
    const at = stepOf(entry.row);
    const check = checkMove({ delivery: entry.sale.delivery, cancelled: entry.sale.state === "Cancelada" }, at, to);
    if (!check.ok) {
      skipped.push({ saleId, message: refusalMessage(check.reason, entry.sale, to, at, t) });
      continue;
    }
    moves.push({ move: { storeId: store.id, saleId, from: moveFrom(entry.row), to, shipment, now }, back: false });
  }
  const moved = await applyMoves(services.db, actor, moves);
  for (const { move } of moves) {
    const entry = found.find((f) => f.sale.id === move.saleId);
    if (!moved.has(move.saleId)) skipped.push({ saleId: move.saleId, message: changedText(t, stepOf(entry?.row)) });
    else if (entry) await emailBuyer(services, store, entry.sale, to, shipment ?? entry.row);
  }
  return { moved: moved.size, skipped };
}

/** Emails the buyer at 'Enviado', 'Listo para retirar' and 'Entregado' when they left an email; a failure is only logged. */
async function emailBuyer(
  services: Services,
  store: StoreForProgress,
  sale: ProgressSale,
  step: FulfilmentStep,
  shipment: { [K in keyof Shipment]?: Shipment[K] | null } | undefined,
) {
  if (!sale.buyerEmail || step === "preparing" || !EMAILED_STEPS.includes(step)) return;
  const tracking =
    shipment?.carrier != null
      ? trackingOf({
          carrier: shipment.carrier,
          carrierName: shipment.carrierName ?? null,
          trackingNumber: shipment.trackingNumber ?? null,
          trackingUrl: shipment.trackingUrl ?? null,
        })
      : null;
  try {
    await services.mail.send(
      progressEmail({
        t: storeTranslator(store),
        step,
        to: sale.buyerEmail,
        buyerName: sale.buyerName,
        storeName: store.name,
        code: sale.id,
        pickupPoint: sale.pickupPoint,
        tracking: tracking && { ...tracking, number: shipment?.trackingNumber ?? null },
        orderUrl: orderPageUrl(services.config, store.url, sale.id, sale.accessToken),
      }),
    );
  } catch (error) {
    services.log.error("mail.failed", error, { mail: `progress-${step}`, storeId: store.id, saleId: sale.id });
  }
}

/** The shipment the 'Enviado' form describes, checked; or the Spanish message of its first problem. */
export function readShipment(
  input: {
    carrier: string;
    carrierName: string;
    trackingNumber: string;
    trackingUrl: string;
  },
  t: Translate,
): { ok: true; shipment: Shipment } | { ok: false; field: string; message: string } {
  const carrier = input.carrier.trim();
  const number = input.trackingNumber.trim().replace(/\s+/g, " ");
  if (number && !TRACKING_NUMBER_PATTERN.test(number))
    return { ok: false, field: "trackingNumber", message: t(PROGRESS_MESSAGES.trackingNumber) };
  if (carrier === OTHER_CARRIER) {
    const name = input.carrierName.trim();
    if (!name || name.length > 60) return { ok: false, field: "carrierName", message: t(PROGRESS_MESSAGES.carrierName) };
    const url = input.trackingUrl.trim() ? safeTrackingUrl(input.trackingUrl) : null;
    if (input.trackingUrl.trim() && (!url || url.length > 500))
      return { ok: false, field: "trackingUrl", message: t(PROGRESS_MESSAGES.trackingUrl) };
    return { ok: true, shipment: { carrier, carrierName: name, trackingNumber: number || null, trackingUrl: url } };
  }
  if (!findCarrier(carrier)) return { ok: false, field: "carrier", message: t(PROGRESS_MESSAGES.carrier) };
  return { ok: true, shipment: { carrier, carrierName: null, trackingNumber: number || null, trackingUrl: null } };
}
