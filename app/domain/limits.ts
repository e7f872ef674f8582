import { defineMessages, type MessageDescriptor, type Translate } from "./messages";
import { counted, forCount, leftCount } from "./words";

/** The plan's limits on a store's content and their messages (docs/product-rules.md, Plans and billing). */
export interface PlanLimits {
  /** null = unlimited (premium). */
  products: number | null;
  banner: number;
  sections: number;
  itemsPerSection: number;
  /** Photos in one product's gallery, the cover included. */
  photosPerProduct: number;
}

/**
 * The most any plan allows (the plans table holds the values; a data test keeps them within these).
 * Request bodies are sized from them before they are read.
 */
export const MOST_BANNER_SLOTS = 6;
export const MOST_ITEMS_PER_SECTION = 20;
export const MOST_PHOTOS_PER_PRODUCT = 8;

/** 'Queda solo 1 espacio', 'Quedan solo 3 espacios'. */
const fewSlots = (free: number) => `${forCount(free, "Queda", "Quedan")} solo ${counted(free, "espacio", "espacios")}`;

export const LIMIT_MESSAGES = {
  products: "Limite de productos alcanzado",
  sections: "Límite de secciones alcanzado",
  noBannerSlots: "No quedan suficientes espacios",
  fewBannerSlots: (free: number) => `${fewSlots(free)} para imágenes del banner`,
  sectionItems: (free: number) =>
    `Límite sobrepasado: Esta sección solo tiene ${counted(free, "espacio disponible", "espacios disponibles")}`,
  photos: (limit: number) => `Límite de fotos alcanzado: tu plan permite ${limit} fotos por producto`,
  fewPhotoSlots: (free: number) => `${fewSlots(free)} para fotos de este producto`,
  /** The photos page's hint in neutral words, as the catalog's base says it ('products.gallery.slotsLeft'). */
  photoSlotsLeft: (free: number) => `Puedes elegir varias a la vez: te ${leftCount(free, "espacio", "espacios")}.`,
} as const;

export function freeSlots(limit: number, used: number): number {
  return Math.max(0, limit - used);
}

/** Adding `adding` to `limit` slots holding `present`: `full` when none is free, `few` when too few are, else null. */
function uploadProblem(
  limit: number,
  present: number,
  adding: number,
  full: string,
  few: (free: number) => string,
): string | null {
  const free = freeSlots(limit, present);
  if (free === 0) return full;
  if (adding > free) return few(free);
  return null;
}

/** The message refusing `adding` new banner images when `present` are there, or null when they fit. */
export function bannerUploadProblem(plan: PlanLimits, present: number, adding: number): string | null {
  return uploadProblem(plan.banner, present, adding, LIMIT_MESSAGES.noBannerSlots, LIMIT_MESSAGES.fewBannerSlots);
}

export function canAddProduct(plan: PlanLimits, count: number): boolean {
  return plan.products === null || count < plan.products;
}

export function canAddSection(plan: PlanLimits, count: number): boolean {
  return count < plan.sections;
}

/** The message refusing `adding` items to a section holding `present`, or null when they fit. */
export function sectionItemsProblem(plan: PlanLimits, present: number, adding: number): string | null {
  const free = freeSlots(plan.itemsPerSection, present);
  return adding > free ? LIMIT_MESSAGES.sectionItems(free) : null;
}

/** The message refusing `adding` photos to a product holding `present`, or null when they fit. */
export function photoUploadProblem(plan: PlanLimits, present: number, adding: number): string | null {
  const limit = plan.photosPerProduct;
  return uploadProblem(limit, present, adding, LIMIT_MESSAGES.photos(limit), LIMIT_MESSAGES.fewPhotoSlots);
}

/**
 * Unpaid orders a stranger may place (docs/decisions/0049-unpaid-orders-cannot-empty-a-store.md). Only orders
 * placed at the checkout count, and only while they still hold stock unpaid: 'Pendiente', holding their units, not
 * paid online nor verified. Completing, cancelling, paying or a lapsed hold frees the place. A merchant's 'Armar
 * pedido' is never counted.
 * - `perBrowser`: at once, per store, from one browser (its buyer cookie). A shopper who orders again before the
 *   store answers the first two never reaches it.
 * - `perAddress`: at once, per store, from one client address (an IPv6 client by its /64). Higher than per browser
 *   because many shoppers reach us from one mobile carrier's address (decision 0014); a script that drops its cookies
 *   is held here. Loopback and unknown addresses are not a client's (a proxy in front without TRUST_PROXY): not counted.
 * - `perStorePerHour`: from the checkout of one store in the last hour, whoever places them: a small shop's busiest
 *   hour is far below it, and a stranger with many addresses holds at most this many orders an hour.
 * The sales table's triggers (migration 0022) hold the same numbers: tests/data/unpaid-orders-migration.test.ts.
 */
export const UNPAID_ORDER_LIMITS = { perBrowser: 3, perAddress: 10, perStorePerHour: 30 } as const;

/**
 * The minutes to wait before another unpaid order fits, rounded up to a whole minute (at least 1): until the first
 * of the client's holds ends, or until the oldest of the store's last hour leaves the hour.
 */
export function minutesToWait(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

const WAIT_MESSAGES = defineMessages({
  minutes: { id: "checkout.wait.minutes", defaultMessage: "{minutes, plural, one {{minutes} minuto} other {{minutes} minutos}}" },
  hours: { id: "checkout.wait.hours", defaultMessage: "{hours, plural, one {{hours} hora} other {{hours} horas}}" },
  both: { id: "checkout.wait.both", defaultMessage: "{hours} y {minutes}" },
});

/** '5 minutos', '1 hora y 5 minutos', '2 horas': a wait as the checkout says it. */
export function waitText(minutes: number, t: Translate): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t(WAIT_MESSAGES.minutes, { minutes: rest });
  const hoursText = t(WAIT_MESSAGES.hours, { hours });
  return rest === 0
    ? hoursText
    : t(WAIT_MESSAGES.both, { hours: hoursText, minutes: t(WAIT_MESSAGES.minutes, { minutes: rest }) });
}

export const UNPAID_ORDER_MESSAGES = defineMessages({
  perClient: {
    id: "checkout.refusal.unpaidPerClient",
    defaultMessage:
      "Hiciste varios pedidos seguidos que la tienda todavía no confirma. Espera {wait} para hacer otro, o escríbele a la tienda. Tu carrito sigue guardado.",
  },
  perStore: {
    id: "checkout.refusal.unpaidPerStore",
    defaultMessage:
      "La tienda recibió muchos pedidos en la última hora. Espera {wait} para hacer el tuyo, o escríbele a la tienda. Tu carrito sigue guardado.",
  },
});

/** A limit's refusal with its wait ('Espera 31 minutos…'). */
export const unpaidOrderText = (t: Translate, message: MessageDescriptor, minutes: number) =>
  t(message, { wait: waitText(minutes, t) });
