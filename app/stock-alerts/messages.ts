/** The low-stock alerts' words: the thresholds page uses them outside its loader and action, so not from a server-only module. */
export const STOCK_ALERT_MESSAGES = {
  threshold: "Escribe un número entero de unidades, de 0 en adelante, o déjalo vacío para no avisar",
  saved: "Aviso de poco stock guardado",
  product: "Elige un producto de tu tienda",
  lowStock: "Poco stock",
} as const;
