import { defineMessages, type Translate } from "./messages";

/**
 * A new store's first steps ('Lo que falta para abrir'): each done or not, with the page that does it. The list
 * shows on the store's page until every step is done.
 */
export interface SetupFacts {
  hasLogo: boolean;
  products: number;
  deliveryReady: boolean;
  paymentsReady: boolean;
  hasSalesNumber: boolean;
  hasOrders: boolean;
}

export interface SetupStep {
  label: string;
  done: boolean;
  href: string;
}

const STEP_LABELS = defineMessages({
  logo: { id: "setup.step.logo", defaultMessage: "Sube tu logo" },
  product: { id: "setup.step.product", defaultMessage: "Crea tu primer producto" },
  delivery: {
    id: "setup.step.delivery",
    defaultMessage: "Configura la entrega: un punto de retiro, zonas de envío o 'A coordinar'",
  },
  payments: { id: "setup.step.payments", defaultMessage: "Elige cómo te pagan: transferencia, efectivo o Mercado Pago" },
  salesNumber: { id: "setup.step.salesNumber", defaultMessage: "Agrega el WhatsApp donde recibes los pedidos" },
  share: { id: "setup.step.share", defaultMessage: "Comparte el enlace de tu tienda (se marca con tu primer pedido)" },
});

/** The steps in the merchant's words (`t`: their variant). */
export function setupSteps(storeId: string, facts: SetupFacts, t: Translate): SetupStep[] {
  const base = `/Store/${storeId}`;
  return [
    { label: t(STEP_LABELS.logo), done: facts.hasLogo, href: `${base}/brand` },
    { label: t(STEP_LABELS.product), done: facts.products > 0, href: `${base}/products/new` },
    { label: t(STEP_LABELS.delivery), done: facts.deliveryReady, href: `${base}/delivery` },
    { label: t(STEP_LABELS.payments), done: facts.paymentsReady, href: `${base}/cobros` },
    { label: t(STEP_LABELS.salesNumber), done: facts.hasSalesNumber, href: `${base}/info#info` },
    { label: t(STEP_LABELS.share), done: facts.hasOrders, href: `${base}/info#share-title` },
  ];
}
