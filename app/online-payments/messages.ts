import { defineMessages } from "~/domain/messages";

/** What 'Cobros en línea' and its return from Mercado Pago say beyond the page's own texts. */
export const ONLINE_PAYMENTS_MESSAGES = defineMessages({
  /**
   * MercadoPago has no API to revoke an OAuth grant (its docs list expiry, password change, the seller's
   * own revocation and deleting the application), so unlinking deletes our tokens and tells the merchant
   * where to remove the permission themselves.
   */
  appRemoval: {
    id: "onlinePayments.unlink.appRemoval",
    defaultMessage:
      "Para quitar también el permiso de Vitrina, entra a tu cuenta de Mercado Pago, busca en Seguridad las aplicaciones conectadas y elimina Vitrina.",
  },
  /** Where the installation has neither MercadoPago OAuth settings nor the sandbox. */
  notConfigured: {
    id: "onlinePayments.page.notConfigured",
    defaultMessage:
      "Los cobros en línea no están configurados en esta instalación de Vitrina, así que por ahora tus clientes pagan al recibir.",
  },
  invalidLink: {
    id: "onlinePayments.callback.invalidLink",
    defaultMessage: "Este enlace de vinculación no es válido o ya venció. Vuelve a intentarlo desde Cobros en línea.",
  },
});
