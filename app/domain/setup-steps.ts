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

export function setupSteps(storeId: string, facts: SetupFacts): SetupStep[] {
  const base = `/Store/${storeId}`;
  return [
    { label: "Sube tu logo", done: facts.hasLogo, href: `${base}/brand` },
    { label: "Crea tu primer producto", done: facts.products > 0, href: `${base}/products/new` },
    {
      label: "Configura la entrega: un punto de retiro, zonas de envío o 'A coordinar'",
      done: facts.deliveryReady,
      href: `${base}/delivery`,
    },
    { label: "Elige cómo te pagan: transferencia, efectivo o Mercado Pago", done: facts.paymentsReady, href: `${base}/cobros` },
    { label: "Agrega el WhatsApp donde recibes los pedidos", done: facts.hasSalesNumber, href: `${base}/info#info` },
    {
      label: "Comparte el enlace de tu tienda (se marca con tu primer pedido)",
      done: facts.hasOrders,
      href: `${base}/info#share-title`,
    },
  ];
}
