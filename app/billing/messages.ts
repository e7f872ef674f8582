import type { PaymentKind } from "~/domain/billing";
import { storesCount } from "~/domain/words";

/** The billing messages the merchant sees, word for word. */
export const PAYMENTS_UNAVAILABLE = "Lo sentimos, en estos momentos no podemos procesar los pagos";

export const APPROVED_NOTICES: Record<PaymentKind, { title: string; description: (storesQuantity: number) => string }> = {
  plan_change: { title: "Plan actualizado", description: () => "Tu pago se comprobó y se actualizó la información de tu plan" },
  renewal: { title: "Pago registrado", description: () => "Tu pago fue comprobado y se actualizó la fecha de tu mensualidad" },
  stores: {
    title: "Compra registrada",
    description: (n) => `Tu pago fue comprobado y se agregaron ${storesCount(n)} a tu límite`,
  },
};

export const planSelectedNotice = (planName: string) => ({
  title: "Plan seleccionado",
  description: `El plan ${planName} se seleccionó para tu cuenta`,
});

export const STATUS_LABELS = { pending: "Pendiente", approved: "Aprobado", rejected: "Rechazado" } as const;
