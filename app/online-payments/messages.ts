/**
 * MercadoPago has no API to revoke an OAuth grant (its docs list expiry, password change, the seller's
 * own revocation and deleting the application), so unlinking deletes our tokens and tells the merchant
 * where to remove the permission themselves.
 */
export const MERCADOPAGO_APP_REMOVAL =
  "Para quitar también el permiso de Vitrina, entra a tu cuenta de Mercado Pago, busca en Seguridad las aplicaciones conectadas y elimina Vitrina.";

/** 'Cobros en línea' where the installation has neither MercadoPago OAuth settings nor the sandbox. */
export const ONLINE_PAYMENTS_NOT_CONFIGURED =
  "Los cobros en línea no están configurados en esta instalación de Vitrina, así que por ahora tus clientes pagan al recibir.";
