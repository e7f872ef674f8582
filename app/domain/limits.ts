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
  /** The photos page's hint, beside the field. */
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
