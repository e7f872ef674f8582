import { z } from "zod";
import { CART_MAX_LINES } from "~/domain/cart";
import type { StoreCountry } from "~/domain/countries";
import { DELIVERY_METHODS, type DeliveryZone, type PickupPoint } from "~/domain/delivery";
import { defineMessages, type Translate } from "~/domain/messages";
import { PAYMENT_METHODS } from "~/domain/payment-methods";
import { checkZonePostalCode, POSTAL_CODE_INPUT_MAX, type ZoneWithCodes } from "~/domain/shipping-estimate";
import { validationErrorMap, whenMissing } from "~/domain/validation-messages";

export const CHECKOUT_MESSAGES = defineMessages({
  name: { id: "checkout.refusal.name", defaultMessage: "Escribe tu nombre" },
  delivery: { id: "checkout.refusal.delivery", defaultMessage: "Elige cómo quieres recibir tu pedido" },
  address: { id: "checkout.refusal.address", defaultMessage: "Escribe la dirección de entrega" },
  zone: { id: "checkout.refusal.zone", defaultMessage: "Elige tu zona de envío" },
  pickupPoint: { id: "checkout.refusal.pickupPoint", defaultMessage: "Elige dónde retirar tu pedido" },
  email: { id: "checkout.refusal.email", defaultMessage: "Escribe un correo válido, o déjalo vacío" },
  payment: { id: "checkout.refusal.payment", defaultMessage: "Elige cómo quieres pagar" },
  onlineUnavailable: {
    id: "checkout.refusal.onlineUnavailable",
    defaultMessage: "Esta tienda ya no recibe pagos en línea: elige otra forma de pago",
  },
  belowZoneMinimum: {
    id: "checkout.refusal.belowZoneMinimum",
    defaultMessage: "Esta zona recibe pedidos desde {minimum}: elige otra o agrega productos",
  },
  review: {
    id: "checkout.review",
    defaultMessage: "Revisa el total de tu pedido, {total}, y confírmalo con el botón de abajo.",
  },
  changed: {
    id: "checkout.refusal.changed",
    defaultMessage: "Tu pedido cambió desde que lo viste ({changes}). Revisa el total y vuelve a enviarlo.",
  },
  phone: { id: "checkout.refusal.phone", defaultMessage: "Escribe un teléfono válido" },
  phoneNeeded: {
    id: "checkout.refusal.phoneNeeded",
    defaultMessage: "Escribe tu teléfono: la tienda te contactará para confirmar el pedido",
  },
  contactNeeded: {
    id: "checkout.refusal.contactNeeded",
    defaultMessage: "Escribe tu WhatsApp o tu correo para seguir con tu pedido",
  },
  empty: { id: "checkout.refusal.empty", defaultMessage: "Tu carrito está vacío" },
  stale: {
    id: "checkout.refusal.stale",
    defaultMessage: "Tu pedido ya no es válido: vuelve a tu carrito e inténtalo de nuevo",
  },
  ranOut: {
    id: "checkout.refusal.ranOut",
    defaultMessage:
      "Otro cliente se llevó las últimas unidades de un producto de tu pedido mientras lo hacías: revisa tu carrito",
  },
  ranOutOf: {
    id: "checkout.refusal.ranOutOf",
    defaultMessage:
      "Mientras hacías tu pedido otro cliente compró unidades de “{name}”: {left, plural, one {queda {left}} other {quedan {left}}}. Revisa tu carrito",
  },
  soldOutMeanwhile: {
    id: "checkout.refusal.soldOutMeanwhile",
    defaultMessage: "Mientras hacías tu pedido se agotó “{name}”: quítalo de tu carrito para seguir",
  },
});

/** An order's idempotency key: made by the checkout page, kept in the shopper's `pedido` cookie. */
export const ORDER_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : null));

const optionalId = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31)
    .optional(),
);
const shownAmount = z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(1e15).optional());
/** The way to pay's adjustment as shown: negative for a discount. */
const shownSignedAmount = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z.coerce.number().int().min(-1e15).max(1e15).optional(),
);

/**
 * The checkout form (docs/product-rules.md, The public site): name, delivery (method, zone or pickup
 * point, address), optional phone, email and note, how to pay, and the amounts the buyer was shown (for the
 * way to pay and zone in `shownFor`), which are compared with the server's own, never used.
 */
function makeCheckoutSchemas(t: Translate) {
  const said = ["stale", "name", "delivery", "address", "email", "payment", "phone", "empty", "contactNeeded"] as const;
  const M = Object.fromEntries(said.map((k) => [k, t(CHECKOUT_MESSAGES[k])])) as Record<(typeof said)[number], string>;
  const checkoutFields = z.object({
    idempotencyKey: z.string().regex(ORDER_KEY_PATTERN, M.stale),
    buyerName: z.string(whenMissing(M.name)).trim().min(1, M.name).max(80),
    delivery: z.enum(DELIVERY_METHODS, { error: M.delivery }),
    zone: optionalId,
    pickupPoint: optionalId,
    address: optionalText(200),
    /** The buyer's postal code, asked before the zone when the store's zones list codes (checked in deliveryChoice). */
    postalCode: z
      .string()
      .trim()
      .max(POSTAL_CODE_INPUT_MAX)
      .optional()
      .catch(undefined)
      .transform((v) => (v ? v : null)),
    buyerEmail: z
      .string()
      .trim()
      .max(254, M.email)
      .optional()
      .transform((v) => (v ? v.toLowerCase() : null))
      .refine((v) => v === null || z.email().safeParse(v).success, M.email),
    // Absent when the checkout offered one way only; the offer is checked against the store's on placing.
    payment: z.enum(PAYMENT_METHODS, { error: M.payment }).optional(),
    discountCode: optionalText(40),
    shownSubtotal: shownAmount,
    shownDiscount: shownAmount,
    shownAdjustment: shownSignedAmount,
    shownTotal: shownAmount,
    /** The combination of way to pay and zone whose total the page showed (`quoteKey`). */
    shownFor: z.string().max(40).optional(),
    buyerPhone: z
      .string()
      .trim()
      .max(30)
      .regex(/^[0-9+()\s.-]*$/, M.phone)
      .optional()
      .transform((v) => (v ? v : null)),
    note: optionalText(500),
    lines: z
      .array(z.string().regex(/^\d{7}(?:-\d{1,9})?:\d{1,4}$/, M.stale))
      .min(1, M.empty)
      .max(CART_MAX_LINES),
  });

  const checkoutSchema = checkoutFields
    .superRefine((v, ctx) => {
      if (v.delivery === "delivery" && !v.address) ctx.addIssue({ code: "custom", path: ["address"], message: M.address });
    })
    .transform((v) => ({
      ...v,
      address: v.delivery === "delivery" ? v.address : null,
      postalCode: v.delivery === "delivery" ? v.postalCode : null,
      zone: v.delivery === "delivery" ? v.zone : undefined,
      pickupPoint: v.delivery === "pickup" ? v.pickupPoint : undefined,
    }));
  /**
   * The checkout's first step (abandoned carts, decision 0057): the buyer's name and how to reach them, a WhatsApp
   * number or an email at least, saved with the cart before the rest is asked.
   */
  const contactSchema = z
    .object({
      buyerName: checkoutFields.shape.buyerName,
      buyerPhone: checkoutFields.shape.buyerPhone,
      buyerEmail: checkoutFields.shape.buyerEmail,
    })
    .superRefine((v, ctx) => {
      if (!v.buyerPhone && !v.buyerEmail) ctx.addIssue({ code: "custom", path: ["buyerPhone"], message: M.contactNeeded });
    });
  return { checkoutSchema, contactSchema };
}

type CheckoutSchemas = ReturnType<typeof makeCheckoutSchemas>;
export type CheckoutInput = z.output<CheckoutSchemas["checkoutSchema"]>;

/** The schemas in a store's words, made once per translator (one per variant). */
const schemasByVoice = new WeakMap<Translate, CheckoutSchemas>();
function checkoutSchemas(t: Translate): CheckoutSchemas {
  let found = schemasByVoice.get(t);
  if (!found) {
    found = makeCheckoutSchemas(t);
    schemasByVoice.set(t, found);
  }
  return found;
}

/** The checkout form's schema in a store's words (readCheckoutForm reads a posted form with it). */
export const checkoutSchema = (t: Translate) => checkoutSchemas(t).checkoutSchema;

export const readContactForm = (form: FormData, t: Translate) =>
  checkoutSchemas(t).contactSchema.safeParse(Object.fromEntries(form.entries()), { error: validationErrorMap(t) });

/** A store without a WhatsApp sales number can only answer an order by phone, so it needs the buyer's. */
export function contactErrors(input: CheckoutInput, storeHasWhatsapp: boolean, t: Translate): CheckoutErrors | null {
  return storeHasWhatsapp || input.buyerPhone ? null : { buyerPhone: t(CHECKOUT_MESSAGES.phoneNeeded) };
}

/**
 * The store's side of the delivery choice: an offered method, one of its zones when it delivers by
 * zone (when its zones list postal codes, a code of `country` that the zone covers, decision 0060), one of its pickup
 * points when it has them. The zone or point found with the buyer's postal code as read, or the errors.
 */
export function deliveryChoice(
  input: CheckoutInput,
  offered: readonly string[],
  zones: readonly ZoneWithCodes[],
  points: readonly PickupPoint[],
  country: StoreCountry | "",
  t: Translate,
):
  | { ok: true; zone: DeliveryZone | null; point: PickupPoint | null; postalCode: string | null }
  | { ok: false; errors: CheckoutErrors } {
  if (!offered.includes(input.delivery)) return { ok: false, errors: { delivery: t(CHECKOUT_MESSAGES.delivery) } };
  if (input.delivery === "delivery" && zones.length > 0) {
    const zone = zones.find((z) => z.id === input.zone);
    const postal = checkZonePostalCode(zone, zones, input.postalCode, country, t);
    if (!postal.ok) return { ok: false, errors: { [postal.field]: postal.message } };
    return zone
      ? { ok: true, zone, point: null, postalCode: postal.postalCode }
      : { ok: false, errors: { zone: t(CHECKOUT_MESSAGES.zone) } };
  }
  if (input.delivery === "pickup" && points.length > 0) {
    const point = points.find((p) => p.id === input.pickupPoint);
    return point
      ? { ok: true, zone: null, point, postalCode: null }
      : { ok: false, errors: { pickupPoint: t(CHECKOUT_MESSAGES.pickupPoint) } };
  }
  return { ok: true, zone: null, point: null, postalCode: null };
}

export function readCheckoutForm(form: FormData, t: Translate) {
  const values = Object.fromEntries([...form.entries()].filter(([k]) => k !== "line"));
  return checkoutSchemas(t).checkoutSchema.safeParse({ ...values, lines: form.getAll("line") }, { error: validationErrorMap(t) });
}

/** The fields the shopper fills in: their errors, and what is shown again after a refusal. */
export const CHECKOUT_FIELDS = [
  "buyerName",
  "delivery",
  "postalCode",
  "zone",
  "pickupPoint",
  "address",
  "buyerPhone",
  "buyerEmail",
  "note",
  "payment",
] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];
export type CheckoutErrors = Partial<Record<CheckoutField | "form", string>>;

export function checkoutErrors(error: z.ZodError): CheckoutErrors {
  const errors: CheckoutErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    const key = (CHECKOUT_FIELDS as readonly string[]).includes(field) ? (field as CheckoutField) : "form";
    errors[key] ??= issue.message;
  }
  return errors;
}
