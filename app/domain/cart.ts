/**
 * The shopper's cart: a per-store cookie of product ids (with the variant chosen, for products with
 * options) and quantities only.
 * Prices, names and stock always come from the database; these functions never trust the cookie
 * beyond "this id, this many", and quantities are clamped to 1…stock.
 */
import { defineMessages, type Translate } from "./messages";
import { storedSource } from "./visits";

export interface CartLine {
  productId: string;
  /** The variant chosen ('M / Azul'), for a product with options; absent for a product sold as one thing. */
  variantId?: number;
  quantity: number;
}

/** What tells two lines apart: the product, and its variant when it has one ('1234567' or '1234567-42'). */
export function lineKey(line: { productId: string; variantId?: number | null }): string {
  return line.variantId == null ? line.productId : `${line.productId}-${line.variantId}`;
}

/** The line a key names, without its quantity; null when the key is malformed. */
function readLineKey(key: string): Omit<CartLine, "quantity"> | null {
  const match = LINE_KEY.exec(key);
  if (!match?.[1]) return null;
  return match[2] ? { productId: match[1], variantId: Number(match[2]) } : { productId: match[1] };
}

export const CART_MAX_LINES = 50;
const CART_MAX_QUANTITY = 999;

export const CART_MESSAGES = defineMessages({
  stockLimit: {
    id: "cart.refusal.stockLimit",
    defaultMessage: "Limite de producto: No puedes comprar más productos de los que quedan",
  },
  soldOut: { id: "cart.refusal.soldOut", defaultMessage: "Este producto está agotado" },
  /** Every line of the cart sold out (another shopper's order took the last units, maybe while this one ordered). */
  allSoldOut: {
    id: "cart.allSoldOut",
    defaultMessage:
      "{count, plural, one {Se agotó {list} y ya no entra en tu pedido.} other {Se agotaron {list} y ya no entran en tu pedido.}}",
  },
});

/** 'Se agotaron “Bolso”, “Taza” y “Café” y ya no entran en tu pedido.' */
export function allSoldOutText(t: Translate, names: string[]): string {
  const quoted = names.map((n) => `“${n}”`);
  const list = quoted.length > 1 ? `${quoted.slice(0, -1).join(", ")} y ${quoted.at(-1)}` : (quoted[0] ?? "");
  return t(CART_MESSAGES.allSoldOut, { count: quoted.length, list });
}

/** A product id, and a variant id after a dash. */
const LINE_KEY = /^(\d{7})(?:-(\d{1,9}))?$/;

/** Reads the cookie value `key:qty|key:qty` (keys as `lineKey` writes them); anything malformed is dropped, duplicates merge. */
export function parseCart(value: string | null | undefined): CartLine[] {
  if (!value) return [];
  const lines: CartLine[] = [];
  for (const part of value.split("|").slice(0, CART_MAX_LINES)) {
    const [key, qty] = part.split(":");
    const quantity = Number(qty);
    const item = key ? readLineKey(key) : null;
    if (!item || !Number.isInteger(quantity) || quantity < 1) continue;
    const existing = lines.find((l) => lineKey(l) === key);
    if (existing) existing.quantity = Math.min(CART_MAX_QUANTITY, existing.quantity + quantity);
    else lines.push({ ...item, quantity: Math.min(CART_MAX_QUANTITY, quantity) });
  }
  return lines;
}

/**
 * Cookie-safe (RFC 6265 cookie-octets only), newest line last; with the cart's source after them as `~source` (the
 * visit that started the cart, for the store's statistics: decision 0051), which `parseCart` skips.
 */
export function serializeCart(lines: CartLine[], source?: string | null): string {
  const value = lines
    .slice(-CART_MAX_LINES)
    .map((l) => `${lineKey(l)}:${l.quantity}`)
    .join("|");
  const kept = storedSource(source);
  return value && kept ? `${value}|${SOURCE_MARK}${kept}` : value;
}

const SOURCE_MARK = "~";

/** The source the cart cookie keeps (`serializeCart`), or null. */
export function cartSource(value: string | null | undefined): string | null {
  const part = value?.split("|").find((p) => p.startsWith(SOURCE_MARK));
  return part ? storedSource(part.slice(SOURCE_MARK.length)) : null;
}

export type CartChange = { lines: CartLine[]; limited: boolean; soldOut: boolean };

/**
 * Adds `quantity` of a product with `stock` units left. The line ends within 1…stock;
 * `limited` says the shopper asked for more than there is (the spec's 'Limite de producto').
 */
export function addToCart(lines: CartLine[], key: string, quantity: number, stock: number): CartChange {
  const item = readLineKey(key);
  if (!item) return { lines, limited: false, soldOut: false };
  if (stock < 1) return { lines, limited: false, soldOut: true };
  const current = lines.find((l) => lineKey(l) === key)?.quantity ?? 0;
  const wanted = current + Math.max(1, Math.floor(quantity));
  const next = Math.min(wanted, stock, CART_MAX_QUANTITY);
  const rest = lines.filter((l) => lineKey(l) !== key);
  const updated =
    current > 0 ? lines.map((l) => (lineKey(l) === key ? { ...l, quantity: next } : l)) : [...rest, { ...item, quantity: next }];
  return { lines: updated.slice(-CART_MAX_LINES), limited: wanted > next, soldOut: false };
}

/**
 * Sets a line's quantity. Below 1 is not a silent removal: removing asks for confirmation,
 * so the caller gets `needsConfirmation` and the cart is unchanged.
 */
export function setQuantity(
  lines: CartLine[],
  key: string,
  quantity: number,
  stock: number,
): CartChange & { needsConfirmation: boolean } {
  if (!lines.some((l) => lineKey(l) === key)) return { lines, limited: false, soldOut: false, needsConfirmation: false };
  if (!Number.isFinite(quantity) || quantity < 1) return { lines, limited: false, soldOut: false, needsConfirmation: true };
  if (stock < 1) return { lines, limited: false, soldOut: true, needsConfirmation: false };
  const wanted = Math.floor(quantity);
  const next = Math.min(wanted, stock, CART_MAX_QUANTITY);
  return {
    lines: lines.map((l) => (lineKey(l) === key ? { ...l, quantity: next } : l)),
    limited: wanted > next,
    soldOut: false,
    needsConfirmation: false,
  };
}

export function removeFromCart(lines: CartLine[], key: string): CartLine[] {
  return lines.filter((l) => lineKey(l) !== key);
}

/**
 * Something a cart line can buy, as the database has it: a product sold as one thing (its key is its
 * id), or one variant of a product with options (key '{product id}-{variant id}', its own name, price and stock).
 */
export interface CartProduct {
  key: string;
  id: string;
  name: string;
  price: number;
  stock: number;
}

interface PricedLine<P extends CartProduct = CartProduct> {
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
  const byKey = new Map(products.map((p) => [p.key, p]));
  const available: PricedLine<P>[] = [];
  const soldOut: P[] = [];
  for (const line of lines) {
    const product = byKey.get(lineKey(line));
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
    const product = byKey.get(lineKey(line));
    if (!product) return [];
    return [product.stock < 1 ? line : { ...line, quantity: Math.min(line.quantity, product.stock) }];
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
  const byKey = new Map(products.map((p) => [p.key, p]));
  const out: Array<{ product: P; quantity: number; subtotal: number }> = [];
  for (const line of lines) {
    const product = byKey.get(lineKey(line));
    if (!product) continue;
    if (line.quantity > product.stock) return { ok: false, shortOf: product };
    out.push({ product, quantity: line.quantity, subtotal: product.price * line.quantity });
  }
  return { ok: true, lines: out, total: out.reduce((sum, l) => sum + l.subtotal, 0) };
}
