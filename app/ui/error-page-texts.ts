/**
 * The error pages' texts, said before the catalog is at hand (the root's error boundary, the outage page): worded
 * with no 'tú' or 'vos' verb, so one neutral text reads right in every store's and merchant's variant.
 */
export const ERROR_PAGE_TEXT = {
  unexpectedTitle: "Algo salió mal",
  unexpected: "Ocurrió un error inesperado. En unos minutos debería volver a funcionar.",
  refusedHint: "El resto de la tienda sigue disponible para comprar.",
  storeGone: "Esta tienda no existe o cambió de dirección.",
  pageGone: "La dirección que se abrió no existe.",
  storeUnavailable: "Se podrá visitar de nuevo más tarde.",
  supportCode: "Código para soporte:",
} as const;
