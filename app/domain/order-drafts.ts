/**
 * 'Armar pedido': an order the merchant builds for a customer from a chat, saved as a draft with its units held,
 * sent as a link; the customer reviews it, fills what is missing (address, way to pay) and confirms it. Plain rules:
 * the builder's lines in the page's address, its form, the customer's confirmation form, and the draft's amounts.
 */
import { z } from "zod";
import { type CartLine, lineKey, parseCart, serializeCart } from "./cart";
import { DELIVERY_METHODS } from "./delivery";
import { defineMessages, type Translate } from "./messages";
import { readMoney } from "./money";
import { moneyProblemText } from "./money-messages";
import type { OrderQuote } from "./order-quote";
import { methodAdjustment, PAYMENT_METHODS } from "./payment-methods";

/** How long a draft keeps its units for the customer to confirm it; then it lapses as an unpaid order does. */
export const DRAFT_HOLD_HOURS = 48;
/** Products the builder's search shows at once. */
export const DRAFT_SEARCH_RESULTS = 12;

export const DRAFT_MESSAGES = defineMessages({
  empty: { id: "orders.draft.empty", defaultMessage: "Agrega al menos un producto al pedido" },
  name: { id: "orders.draft.name", defaultMessage: "Escribe el nombre de tu cliente" },
  delivery: { id: "orders.draft.delivery", defaultMessage: "Elige cómo recibe el pedido" },
  discountAboveSubtotal: {
    id: "orders.draft.discountAboveSubtotal",
    defaultMessage: "El descuento no puede ser mayor que los productos",
  },
  saved: { id: "orders.draft.saved", defaultMessage: "Envíale el enlace a tu cliente para que lo revise y lo confirme." },
  stale: {
    id: "orders.draft.stale",
    defaultMessage: "El pedido cambió mientras lo armabas: revisa los productos y vuelve a guardarlo",
  },
  ranOut: {
    id: "orders.draft.ranOut",
    defaultMessage: "Otro pedido se llevó las últimas unidades mientras armabas este: revisa las cantidades",
  },
  tooLong: { id: "orders.draft.tooLong", defaultMessage: "Escribe como máximo {max} caracteres" },
  /** The customer's side. */
  expired: {
    id: "orders.draft.expired",
    defaultMessage: "Este pedido venció y sus productos volvieron a la tienda. Escribe a la tienda para que te lo arme de nuevo.",
  },
  notWaiting: { id: "orders.draft.notWaiting", defaultMessage: "Este pedido ya no espera tu confirmación" },
  address: { id: "orders.draft.address", defaultMessage: "Escribe la dirección de entrega" },
  buyerName: { id: "orders.draft.buyerName", defaultMessage: "Escribe tu nombre" },
  email: { id: "orders.draft.email", defaultMessage: "Escribe un correo válido" },
  payment: { id: "orders.draft.payment", defaultMessage: "Elige cómo quieres pagar" },
});

/** The builder's lines as its address carries them ('1234567:2|1234567-42:1'), read like a cart. */
export const readDraftLines = (value: string | null): CartLine[] => parseCart(value);
export const writeDraftLines = (lines: CartLine[]): string => serializeCart(lines);

/** `quantity` more of the item `key`, at the end when it is new (no stock rule here: saving checks it). */
export function addDraftLine(lines: CartLine[], key: string, quantity: number): CartLine[] {
  const [added] = parseCart(`${key}:${quantity}`);
  if (!added) return lines;
  const existing = lines.find((l) => lineKey(l) === key);
  if (!existing) return [...lines, added];
  return readDraftLines(writeDraftLines([...lines, added]));
}

export const removeDraftLine = (lines: CartLine[], key: string): CartLine[] => lines.filter((l) => lineKey(l) !== key);

/** An amount typed by the merchant ('3.500', '12,50'), 0 when left empty; in minor units of the store's currency. */
const amountField = (currency: string, t: Translate) =>
  z
    .string()
    .trim()
    .max(20)
    .optional()
    .transform((text, ctx) => {
      if (!text) return 0;
      const reading = readMoney(text, currency);
      if (reading.ok) return reading.minor;
      ctx.addIssue({ code: "custom", message: moneyProblemText(reading.problem, currency, t) });
      return z.NEVER;
    });

const optionalText = (max: number, t: Translate) =>
  z
    .string()
    .trim()
    .max(max, t(DRAFT_MESSAGES.tooLong, { max }))
    .optional()
    .transform((v) => v || null);

/** The builder's form: who it is for, how it is delivered and for how much, a discount and a note. */
export const draftFormSchema = (currency: string, t: Translate) =>
  z.object({
    idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, t(DRAFT_MESSAGES.stale)),
    lineas: z.string().max(2000).optional(),
    buyerName: z
      .string()
      .trim()
      .min(1, t(DRAFT_MESSAGES.name))
      .max(80, t(DRAFT_MESSAGES.tooLong, { max: 80 })),
    buyerPhone: optionalText(30, t),
    delivery: z.enum(DELIVERY_METHODS, { error: t(DRAFT_MESSAGES.delivery) }),
    deliveryFee: amountField(currency, t),
    discount: amountField(currency, t),
    note: optionalText(500, t),
  });

export type DraftForm = z.output<ReturnType<typeof draftFormSchema>>;

/** What the customer sends to confirm, in the store's words: their contact, the address when delivered, how they pay. */
export const draftConfirmationSchema = (t: Translate) =>
  z.object({
    buyerName: z
      .string()
      .trim()
      .min(1, t(DRAFT_MESSAGES.buyerName))
      .max(80, t(DRAFT_MESSAGES.tooLong, { max: 80 })),
    buyerPhone: optionalText(30, t),
    buyerEmail: z
      .string()
      .trim()
      .max(254, t(DRAFT_MESSAGES.email))
      .optional()
      .transform((v) => (v ? v.toLowerCase() : null))
      .refine((v) => v === null || z.email().safeParse(v).success, t(DRAFT_MESSAGES.email)),
    address: optionalText(200, t),
    payment: z.enum(PAYMENT_METHODS, { error: t(DRAFT_MESSAGES.payment) }).optional(),
  });

export type DraftConfirmation = z.output<ReturnType<typeof draftConfirmationSchema>>;

/**
 * A draft's amounts: the lines, the merchant's discount (at most the lines), the way to pay's adjustment on what is
 * left, and the merchant's delivery fee.
 */
export function draftQuote(subtotal: number, discount: number, deliveryFee: number, adjustPercent = 0): OrderQuote {
  const off = Math.min(Math.max(0, discount), subtotal);
  const paymentAdjustment = methodAdjustment(subtotal - off, adjustPercent);
  return {
    subtotal,
    discount: off,
    paymentAdjustment,
    deliveryFee,
    freeDelivery: false,
    total: subtotal - off + paymentAdjustment + deliveryFee,
  };
}
