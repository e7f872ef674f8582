import type { PaymentKind } from "~/domain/billing";
import { defineMessage, defineMessages, type MessageDescriptor, type Translate } from "~/domain/messages";

/** The billing messages the merchant sees, word for word. */
export const BILLING_MESSAGES = defineMessages({
  paymentsUnavailable: {
    id: "billing.refusal.paymentsUnavailable",
    defaultMessage: "Lo sentimos, en estos momentos no podemos procesar los pagos",
  },
});

export const LOADING_WALLET = defineMessage({ id: "billing.wallet.loading", defaultMessage: "Cargando MercadoPago" });

export const CREATING_REFERENCE = defineMessage({
  id: "billing.payment.creatingReference",
  defaultMessage: "Creando la referencia de pago…",
});

/** The refusal's neutral text, as the provider's failure carries it in the logs and its error. */
export const PAYMENTS_UNAVAILABLE = BILLING_MESSAGES.paymentsUnavailable.defaultMessage;

const APPROVED_TEXTS = defineMessages({
  planChange: { id: "billing.approved.planChange", defaultMessage: "Plan actualizado" },
  planChangeText: {
    id: "billing.approved.planChangeText",
    defaultMessage: "Tu pago se comprobó y se actualizó la información de tu plan",
  },
  renewal: { id: "billing.approved.renewal", defaultMessage: "Pago registrado" },
  renewalText: {
    id: "billing.approved.renewalText",
    defaultMessage: "Tu pago fue comprobado y se actualizó la fecha de tu mensualidad",
  },
  stores: { id: "billing.approved.stores", defaultMessage: "Compra registrada" },
  storesText: {
    id: "billing.approved.storesText",
    defaultMessage:
      "Tu pago fue comprobado y se agregaron {count, plural, one {{count} tienda} other {{count} tiendas}} a tu límite",
  },
});

const APPROVED: Record<PaymentKind, { title: MessageDescriptor; description: MessageDescriptor }> = {
  plan_change: { title: APPROVED_TEXTS.planChange, description: APPROVED_TEXTS.planChangeText },
  renewal: { title: APPROVED_TEXTS.renewal, description: APPROVED_TEXTS.renewalText },
  stores: { title: APPROVED_TEXTS.stores, description: APPROVED_TEXTS.storesText },
};

/** What an approved payment changed, as the page that waited for it says. */
export const approvedNotice = (t: Translate, kind: PaymentKind, storesQuantity: number) => ({
  title: t(APPROVED[kind].title),
  description: t(APPROVED[kind].description, { count: storesQuantity }),
});

export const planSelectedNotice = (t: Translate, planName: string) => ({
  title: t({ id: "billing.planSelected", defaultMessage: "Plan seleccionado" }),
  description: t(
    { id: "billing.planSelectedText", defaultMessage: "El plan {plan} se seleccionó para tu cuenta" },
    { plan: planName },
  ),
});

export const STATUS_MESSAGES = defineMessages({
  pending: { id: "billing.status.pending", defaultMessage: "Pendiente" },
  approved: { id: "billing.status.approved", defaultMessage: "Aprobado" },
  rejected: { id: "billing.status.rejected", defaultMessage: "Rechazado" },
});

/** The statuses in neutral Spanish, for the payment sandbox's own page (the provider's, not the merchant's voice). */
export const STATUS_LABELS = {
  pending: STATUS_MESSAGES.pending.defaultMessage,
  approved: STATUS_MESSAGES.approved.defaultMessage,
  rejected: STATUS_MESSAGES.rejected.defaultMessage,
} as const;

/** A billing period as a sentence writes it: 'mensual', 'semestral', 'anual'. */
export const PERIOD_MESSAGE = defineMessage({
  id: "billing.period",
  defaultMessage: "{period, select, monthly {mensual} biannual {semestral} other {anual}}",
});
