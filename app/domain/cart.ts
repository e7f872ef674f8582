/**
 * The shopper's cart: a per-store cookie of product ids and quantities only.
 * Prices, names and stock always come from the database; these functions never trust the cookie
 * beyond "this id, this many", and quantities are clamped to 1…stock.
 */
export interface CartLine {
  productId: string;
  quantity: number;
}

export const CART_MAX_LINES = 50;
export const CART_MAX_QUANTITY = 999;

export const CART_MESSAGES = {
  stockLimit: "Limite de producto: No puedes comprar más productos de los que quedan",
  soldOut: "Este producto está agotado",
  empty: "Tu carrito está vacío",
} as const;

const PRODUCT_ID = /^\d{7}$/;

/** Reads the cookie value `id:qty|id:qty`; anything malformed is dropped, duplicates merge. */
export function parseCart(value: string | null | undefined): CartLine[] {
  if (!value) return [];
  const lines: CartLine[] = [];
  for (const part of value.split("|").slice(0, CART_MAX_LINES)) {
    const [id, qty] = part.split(":");
    const quantity = Number(qty);
    if (!id || !PRODUCT_ID.test(id) || !Number.isInteger(quantity) || quantity < 1) continue;
    const existing = lines.find((l) => l.productId === id);
    if (existing) existing.quantity = Math.min(CART_MAX_QUANTITY, existing.quantity + quantity);
    else lines.push({ productId: id, quantity: Math.min(CART_MAX_QUANTITY, quantity) });
  }
  return lines;
}

/** Cookie-safe (RFC 6265 cookie-octets only), newest line last. */
export function serializeCart(lines: CartLine[]): string {
  return lines
    .slice(-CART_MAX_LINES)
    .map((l) => `${l.productId}:${l.quantity}`)
    .join("|");
}

export function cartCount(lines: CartLine[]): number {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}

export type CartChange = { lines: CartLine[]; limited: boolean; soldOut: boolean };

/**
 * Adds `quantity` of a product with `stock` units left. The line ends within 1…stock;
 * `limited` says the shopper asked for more than there is (the spec's 'Limite de producto').
 */
export function addToCart(lines: CartLine[], productId: string, quantity: number, stock: number): CartChange {
  if (stock < 1) return { lines, limited: false, soldOut: true };
  const current = lines.find((l) => l.productId === productId)?.quantity ?? 0;
  const wanted = current + Math.max(1, Math.floor(quantity));
  const next = Math.min(wanted, stock, CART_MAX_QUANTITY);
  const rest = lines.filter((l) => l.productId !== productId);
  const updated =
    current > 0
      ? lines.map((l) => (l.productId === productId ? { ...l, quantity: next } : l))
      : [...rest, { productId, quantity: next }];
  return { lines: updated.slice(-CART_MAX_LINES), limited: wanted > next, soldOut: false };
}

/**
 * Sets a line's quantity. Below 1 is not a silent removal: removing asks for confirmation,
 * so the caller gets `needsConfirmation` and the cart is unchanged.
 */
export function setQuantity(
  lines: CartLine[],
  productId: string,
  quantity: number,
  stock: number,
): CartChange & { needsConfirmation: boolean } {
  if (!lines.some((l) => l.productId === productId)) return { lines, limited: false, soldOut: false, needsConfirmation: false };
  if (!Number.isFinite(quantity) || quantity < 1) return { lines, limited: false, soldOut: false, needsConfirmation: true };
  if (stock < 1) return { lines, limited: false, soldOut: true, needsConfirmation: false };
  const wanted = Math.floor(quantity);
  const next = Math.min(wanted, stock, CART_MAX_QUANTITY);
  return {
    lines: lines.map((l) => (l.productId === productId ? { ...l, quantity: next } : l)),
    limited: wanted > next,
    soldOut: false,
    needsConfirmation: false,
  };
}

export function removeFromCart(lines: CartLine[], productId: string): CartLine[] {
  return lines.filter((l) => l.productId !== productId);
}

export interface CartProduct {
  id: string;
  name: string;
  price: number;
  stock: number;
}

export interface PricedLine<P extends CartProduct = CartProduct> {
  product: P;
  quantity: number;
  /** Quantity the shopper asked for before clamping to stock (shown as the limit message). */
  requested: number;
  subtotal: number;
}

/**
 * Joins cart lines with the store's products as the database returned them: unknown ids
 * (deleted, or another store's) are dropped, quantities clamped to stock, sold-out lines set apart.
 */
export function priceCart<P extends CartProduct>(lines: CartLine[], products: P[]) {
  const byId = new Map(products.map((p) => [p.id, p]));
  const available: PricedLine<P>[] = [];
  const soldOut: P[] = [];
  for (const line of lines) {
    const product = byId.get(line.productId);
    if (!product) continue;
    if (product.stock < 1) {
      soldOut.push(product);
      continue;
    }
    const quantity = Math.min(line.quantity, product.stock);
    available.push({ product, quantity, requested: line.quantity, subtotal: product.price * quantity });
  }
  const total = available.reduce((sum, l) => sum + l.subtotal, 0);
  const cleaned: CartLine[] = lines.flatMap((line) => {
    const product = byId.get(line.productId);
    if (!product) return [];
    return [product.stock < 1 ? line : { productId: line.productId, quantity: Math.min(line.quantity, product.stock) }];
  });
  return { lines: available, soldOut, total, count: available.reduce((sum, l) => sum + l.quantity, 0), cleaned };
}

/**
 * The lines an order is made of, priced from the database: ids that are not the store's are
 * ignored (a tampered form cannot add them), and a quantity above the stock stops the order.
 */
export function orderLines<P extends CartProduct>(
  lines: CartLine[],
  products: P[],
): { ok: true; lines: Array<{ product: P; quantity: number; subtotal: number }>; total: number } | { ok: false; shortOf: P } {
  const byId = new Map(products.map((p) => [p.id, p]));
  const out: Array<{ product: P; quantity: number; subtotal: number }> = [];
  for (const line of lines) {
    const product = byId.get(line.productId);
    if (!product) continue;
    if (line.quantity > product.stock) return { ok: false, shortOf: product };
    out.push({ product, quantity: line.quantity, subtotal: product.price * line.quantity });
  }
  return { ok: true, lines: out, total: out.reduce((sum, l) => sum + l.subtotal, 0) };
}
