/**
 * A sale's delivery progress, beside its state: 'Preparando', then 'Enviado' (a delivery) or 'Listo para retirar'
 * (a pickup), then 'Entregado'. Which moves are allowed, the words, and what the buyer is told at each step.
 */
import type { DeliveryMethod } from "./delivery";
import { defineMessages, type MessageDescriptor, type Translate } from "./messages";

export const FULFILMENT_STEPS = ["preparing", "shipped", "ready", "delivered"] as const;
export type FulfilmentStep = (typeof FULFILMENT_STEPS)[number];
/** A sale without progress yet. */
export type ProgressStep = FulfilmentStep | "none";

/** The steps' names: translated where people read them, their neutral text (`defaultMessage`) in CSV and 'Actividad'. */
export const STEP_LABELS: Record<FulfilmentStep, MessageDescriptor> = defineMessages({
  preparing: { id: "fulfilment.step.preparing", defaultMessage: "Preparando" },
  shipped: { id: "fulfilment.step.shipped", defaultMessage: "Enviado" },
  ready: { id: "fulfilment.step.ready", defaultMessage: "Listo para retirar" },
  delivered: { id: "fulfilment.step.delivered", defaultMessage: "Entregado" },
});

/** The desk's 'Avance' filter: no progress yet, or one step. */
export const PROGRESS_FILTERS = ["none", ...FULFILMENT_STEPS] as const;
export type ProgressFilter = (typeof PROGRESS_FILTERS)[number];
/** The words 'Actividad' records (stored sentences, neutral) for a sale without progress and each step. */
export const PROGRESS_FILTER_LABELS: Record<ProgressFilter, string> = {
  none: "Sin avance",
  preparing: STEP_LABELS.preparing.defaultMessage,
  shipped: STEP_LABELS.shipped.defaultMessage,
  ready: STEP_LABELS.ready.defaultMessage,
  delivered: STEP_LABELS.delivered.defaultMessage,
};
/** The filter's labels on the desk, in the merchant's words. */
export const PROGRESS_FILTER_MESSAGES: Record<ProgressFilter, MessageDescriptor> = defineMessages({
  none: { id: "sales.filter.progress.none", defaultMessage: "Sin avance" },
  preparing: { id: "sales.filter.progress.preparing", defaultMessage: "Preparando" },
  shipped: { id: "sales.filter.progress.shipped", defaultMessage: "Enviado" },
  ready: { id: "sales.filter.progress.ready", defaultMessage: "Listo para retirar" },
  delivered: { id: "sales.filter.progress.delivered", defaultMessage: "Entregado" },
});

/** How far along a step is: the middle steps are one rank, since a sale takes one or the other. */
const RANK: Record<ProgressStep, number> = { none: 0, preparing: 1, shipped: 2, ready: 2, delivered: 3 };

/** The middle step of a sale's delivery method: a pickup is made ready, everything else is sent. */
export const middleStepOf = (delivery: DeliveryMethod): "shipped" | "ready" => (delivery === "pickup" ? "ready" : "shipped");

export type MoveRefusal = "cancelled" | "same" | "backward" | "wrong_kind";

/**
 * Whether a sale at `from` may go to `to`. Forward moves may skip steps ('Entregado' straight from nothing, for a
 * sale handed over at the counter); a move back is allowed only when the merchant said so (`back`), and never to a
 * step the sale already passed the other way. A pickup is never 'Enviado', a delivery never 'Listo para retirar'.
 */
export function checkMove(
  sale: { delivery: DeliveryMethod; cancelled: boolean },
  from: ProgressStep,
  to: FulfilmentStep,
  back = false,
): { ok: true } | { ok: false; reason: MoveRefusal } {
  if (sale.cancelled) return { ok: false, reason: "cancelled" };
  if ((to === "shipped" || to === "ready") && to !== middleStepOf(sale.delivery)) return { ok: false, reason: "wrong_kind" };
  if (from === to) return { ok: false, reason: "same" };
  if (RANK[to] < RANK[from] && !back) return { ok: false, reason: "backward" };
  if (RANK[to] > RANK[from] && back) return { ok: false, reason: "backward" };
  return { ok: true };
}

/** The steps a sale shows as its timeline, in order, for its delivery method. */
export const timelineSteps = (delivery: DeliveryMethod): FulfilmentStep[] => ["preparing", middleStepOf(delivery), "delivered"];

/** Whether `step` is reached by a sale now at `current` (the timeline's done steps). */
export const reached = (current: ProgressStep, step: FulfilmentStep) => RANK[current] >= RANK[step];

export const PROGRESS_MESSAGES = defineMessages({
  moved: { id: "fulfilment.refusal.moved", defaultMessage: "Venta marcada como {step}" },
  corrected: { id: "fulfilment.refusal.corrected", defaultMessage: "Datos del envío guardados" },
  cancelled: { id: "fulfilment.refusal.cancelled", defaultMessage: "Esta venta está cancelada: no se prepara ni se envía" },
  same: { id: "fulfilment.refusal.same", defaultMessage: "Esta venta ya está en {step}" },
  changedNone: { id: "fulfilment.refusal.changedNone", defaultMessage: "La venta cambió mientras la marcabas: revisa su avance" },
  changed: {
    id: "fulfilment.refusal.changed",
    defaultMessage: "Esta venta ya está en {step} (la marcaron desde otro dispositivo): revisa su avance",
  },
  backwardNone: { id: "fulfilment.refusal.backwardNone", defaultMessage: "Esta venta todavía no tiene avance" },
  backward: {
    id: "fulfilment.refusal.backward",
    defaultMessage: "Esta venta ya está en {step}: para volver un paso atrás usa 'Volver al paso anterior'",
  },
  wrongKindPickup: {
    id: "fulfilment.refusal.wrongKindPickup",
    defaultMessage: "Esta venta se retira en la tienda: márcala 'Listo para retirar'",
  },
  wrongKindDelivery: { id: "fulfilment.refusal.wrongKindDelivery", defaultMessage: "Esta venta se envía: márcala 'Enviado'" },
  carrier: { id: "fulfilment.refusal.carrier", defaultMessage: "Elige la empresa de envío" },
  carrierName: { id: "fulfilment.refusal.carrierName", defaultMessage: "Escribe el nombre de la empresa de envío" },
  trackingUrl: {
    id: "fulfilment.refusal.trackingUrl",
    defaultMessage: "Pega el enlace de seguimiento (empieza con https://), o déjalo vacío",
  },
  trackingNumber: {
    id: "fulfilment.refusal.trackingNumber",
    defaultMessage: "El número de seguimiento tiene hasta 60 letras, números o guiones",
  },
  noSales: { id: "fulfilment.refusal.noSales", defaultMessage: "Elige al menos una venta" },
  notFound: { id: "fulfilment.refusal.notFound", defaultMessage: "No encontramos esa venta" },
});

/** A step's label as the desk quotes it in a sentence ('Enviado' with its quotes). */
export const quotedStep = (step: FulfilmentStep, t: Translate) => `'${t(STEP_LABELS[step])}'`;

/** The desk's refusals that name the step a sale is at ('none': no progress yet). */
export const changedText = (t: Translate, at: ProgressStep) =>
  at === "none" ? t(PROGRESS_MESSAGES.changedNone) : t(PROGRESS_MESSAGES.changed, { step: quotedStep(at, t) });
export const backwardText = (t: Translate, at: ProgressStep) =>
  at === "none" ? t(PROGRESS_MESSAGES.backwardNone) : t(PROGRESS_MESSAGES.backward, { step: quotedStep(at, t) });
export const wrongKindText = (t: Translate, delivery: DeliveryMethod) =>
  t(delivery === "pickup" ? PROGRESS_MESSAGES.wrongKindPickup : PROGRESS_MESSAGES.wrongKindDelivery);

/** The tracking number as typed: trimmed, at most 60 characters of letters, digits, spaces and '-'. */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{0,59}$/;

const BUYER_MESSAGES = defineMessages({
  preparing: { id: "fulfilment.notice.preparing", defaultMessage: "{store} está preparando tu pedido." },
  shipped: { id: "fulfilment.notice.shipped", defaultMessage: "{store} envió tu pedido." },
  ready: { id: "fulfilment.notice.ready", defaultMessage: "Tu pedido está listo para retirar en {store}." },
  delivered: {
    id: "fulfilment.notice.delivered",
    defaultMessage: "Tu pedido de {store} fue entregado. ¡Gracias por tu compra!",
  },
});

const WHATSAPP_MESSAGES = defineMessages({
  hello: { id: "whatsapp.progress.hello", defaultMessage: "Hola {name}, tu pedido {code}: {notice}" },
  carrier: { id: "whatsapp.progress.carrier", defaultMessage: "Lo lleva {carrier}." },
  carrierNumber: {
    id: "whatsapp.progress.carrierNumber",
    defaultMessage: "Lo lleva {carrier}, número de seguimiento {number}.",
  },
  follow: { id: "whatsapp.progress.follow", defaultMessage: "Síguelo aquí: {url}" },
  order: { id: "whatsapp.progress.order", defaultMessage: "Detalle de tu pedido: {url}" },
});

/** What the buyer reads at a step (order page, email, WhatsApp), in the store's words. */
export const stepNotice = (step: FulfilmentStep, storeName: string, t: Translate): string =>
  t(BUYER_MESSAGES[step], { store: storeName });

/** The steps the buyer is emailed about (not 'Preparando', which the confirmation already tells). */
export const EMAILED_STEPS: readonly FulfilmentStep[] = ["shipped", "ready", "delivered"];

/** The prefilled WhatsApp message of 'Avisar por WhatsApp' for a step, in the store's words. */
export function progressWhatsappText(
  input: {
    step: FulfilmentStep;
    buyerName: string;
    storeName: string;
    code: string;
    carrierName?: string | null;
    trackingNumber?: string | null;
    trackingUrl?: string | null;
    orderUrl: string;
  },
  t: Translate,
): string {
  const lines = [
    t(WHATSAPP_MESSAGES.hello, { name: input.buyerName, code: input.code, notice: stepNotice(input.step, input.storeName, t) }),
  ];
  if (input.step === "shipped" && input.carrierName) {
    lines.push(
      input.trackingNumber
        ? t(WHATSAPP_MESSAGES.carrierNumber, { carrier: input.carrierName, number: input.trackingNumber })
        : t(WHATSAPP_MESSAGES.carrier, { carrier: input.carrierName }),
    );
    if (input.trackingUrl) lines.push(t(WHATSAPP_MESSAGES.follow, { url: input.trackingUrl }));
  }
  lines.push(t(WHATSAPP_MESSAGES.order, { url: input.orderUrl }));
  return lines.join("\n");
}

/** The desk's word for a sale's progress: its step, nothing before the first one or for a cancelled sale. */
export const progressLabel = (step: FulfilmentStep | undefined, state: string, t: Translate): string | null =>
  step && state !== "Cancelada" ? t(STEP_LABELS[step]) : null;
