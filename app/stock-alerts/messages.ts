import { defineMessages } from "~/domain/messages";

/** The low-stock alerts' words: the thresholds page uses them outside its loader and action, so not from a server-only module. */
export const STOCK_ALERT_MESSAGES = defineMessages({
  threshold: {
    id: "stockAlerts.refusal.threshold",
    defaultMessage: "Escribe un número entero de unidades, de 0 en adelante, o déjalo vacío para no avisar",
  },
  saved: { id: "stockAlerts.notice.saved", defaultMessage: "Aviso de poco stock guardado" },
  product: { id: "stockAlerts.refusal.product", defaultMessage: "Elige un producto de tu tienda" },
  lowStock: { id: "stockAlerts.page.lowStock", defaultMessage: "Poco stock" },
});
