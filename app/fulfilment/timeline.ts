import { trackingOf } from "~/domain/carriers";
import type { DeliveryMethod } from "~/domain/delivery";
import { type FulfilmentStep, reached, STEP_LABELS, timelineSteps } from "~/domain/fulfilment";
import type { Translate } from "~/domain/messages";
import { formatSaleDate } from "~/domain/sales";

/** What the sale's progress row holds, as read by the pages (app/fulfilment/progress-records.server.ts). */
export interface ProgressRow {
  step: FulfilmentStep;
  carrier: string | null;
  carrierName: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  preparingAt: Date | null;
  shippedAt: Date | null;
  readyAt: Date | null;
  deliveredAt: Date | null;
  version: number;
}

export interface TimelineView {
  current: FulfilmentStep | null;
  steps: Array<{ step: FulfilmentStep; label: string; done: boolean; at: string | null }>;
  /** For a shipment: who carries it, the link to follow it, and the number (to copy when the link does not carry it). */
  tracking: { carrierName: string; url: string | null; number: string | null; copyNumber: boolean } | null;
}

const AT = { preparing: "preparingAt", shipped: "shippedAt", ready: "readyAt", delivered: "deliveredAt" } as const;

/**
 * The sale's timeline: its three steps for its delivery method, each done or not with its time in the store's zone,
 * and the tracking once sent. Null for a cancelled sale, and for a pending one nobody marked yet.
 */
export function timelineOf(
  row: ProgressRow | undefined,
  sale: { delivery: DeliveryMethod; state: string },
  timeZone: string,
  t: Translate,
): TimelineView | null {
  if (sale.state === "Cancelada") return null;
  if (!row && sale.state !== "Confirmada") return null;
  const current = row?.step ?? null;
  const steps = timelineSteps(sale.delivery).map((step) => {
    const time = row?.[AT[step]] ?? null;
    const done = current ? reached(current, step) : false;
    return { step, label: t(STEP_LABELS[step]), done, at: done && time ? formatSaleDate(time, timeZone) : null };
  });
  const sent = row && row.step !== "preparing" && row.carrier;
  const tracking = sent ? trackingOf(row) : null;
  return {
    current,
    steps,
    tracking: tracking && {
      carrierName: tracking.carrierName,
      url: tracking.url,
      number: row?.trackingNumber ?? null,
      copyNumber: tracking.numberToCopy !== null,
    },
  };
}
