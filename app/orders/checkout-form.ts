import { z } from "zod";
import { CART_MAX_LINES } from "~/domain/cart";
import type { StoreCountry } from "~/domain/countries";
import { DELIVERY_METHODS, type DeliveryZone, type PickupPoint } from "~/domain/delivery";
import { PAYMENT_METHODS } from "~/domain/payment-methods";
import { checkZonePostalCode, POSTAL_CODE_INPUT_MAX, type ZoneWithCodes } from "~/domain/shipping-estimate";
import { whenMissing } from "~/domain/validation-messages";
import { leftCount } from "~/domain/words";

export const CHECKOUT_MESSAGES = {
  name: "Escribe tu nombre",
  delivery: "Elige cómo quieres recibir tu pedido",
  address: "Escribe la dirección de entrega",
  zone: "Elige tu zona de envío",
  pickupPoint: "Elige dónde retirar tu pedido",
  email: "Escribe un correo válido, o déjalo vacío",
  payment: "Elige cómo quieres pagar",
  onlineUnavailable: "Esta tienda ya no recibe pagos en línea: elige otra forma de pago",
  belowZoneMinimum: (minimum: string) => `Esta zona recibe pedidos desde ${minimum}: elige otra o agrega productos`,
  review: (total: string) => `Revisa el total de tu pedido, ${total}, y confírmalo con el botón de abajo.`,
  changed: (changes: string[]) =>
    `Tu pedido cambió desde que lo viste (${changes.join("; ")}). Revisa el total y vuelve a enviarlo.`,
  phone: "Escribe un teléfono válido",
  phoneNeeded: "Escribe tu teléfono: la tienda te contactará para confirmar el pedido",
  contactNeeded: "Escribe tu WhatsApp o tu correo para seguir con tu pedido",
  empty: "Tu carrito está vacío",
  stale: "Tu pedido ya no es válido: vuelve a tu carrito e inténtalo de nuevo",
  ranOut: "Otro cliente se llevó las últimas unidades de un producto de tu pedido mientras lo hacías: revisa tu carrito",
  ranOutOf: (name: string, left: number) =>
    `Mientras hacías tu pedido otro cliente compró unidades de “${name}”: ${leftCount(left)}. Revisa tu carrito`,
  soldOutMeanwhile: (name: string) => `Mientras hacías tu pedido se agotó “${name}”: quítalo de tu carrito para seguir`,
} as const;

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
const checkoutFields = z.object({
  idempotencyKey: z.string().regex(ORDER_KEY_PATTERN, CHECKOUT_MESSAGES.stale),
  buyerName: z.string(whenMissing(CHECKOUT_MESSAGES.name)).trim().min(1, CHECKOUT_MESSAGES.name).max(80),
  delivery: z.enum(DELIVERY_METHODS, { error: CHECKOUT_MESSAGES.delivery }),
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
    .max(254, CHECKOUT_MESSAGES.email)
    .optional()
    .transform((v) => (v ? v.toLowerCase() : null))
    .refine((v) => v === null || z.email().safeParse(v).success, CHECKOUT_MESSAGES.email),
  // Absent when the checkout offered one way only; the offer is checked against the store's on placing.
  payment: z.enum(PAYMENT_METHODS, { error: CHECKOUT_MESSAGES.payment }).optional(),
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
    .regex(/^[0-9+()\s.-]*$/, CHECKOUT_MESSAGES.phone)
    .optional()
    .transform((v) => (v ? v : null)),
  note: optionalText(500),
  lines: z
    .array(z.string().regex(/^\d{7}(?:-\d{1,9})?:\d{1,4}$/, CHECKOUT_MESSAGES.stale))
    .min(1, CHECKOUT_MESSAGES.empty)
    .max(CART_MAX_LINES),
});

export const checkoutSchema = checkoutFields
  .superRefine((v, ctx) => {
    if (v.delivery === "delivery" && !v.address)
      ctx.addIssue({ code: "custom", path: ["address"], message: CHECKOUT_MESSAGES.address });
  })
  .transform((v) => ({
    ...v,
    address: v.delivery === "delivery" ? v.address : null,
    postalCode: v.delivery === "delivery" ? v.postalCode : null,
    zone: v.delivery === "delivery" ? v.zone : undefined,
    pickupPoint: v.delivery === "pickup" ? v.pickupPoint : undefined,
  }));

export type CheckoutInput = z.output<typeof checkoutSchema>;

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
    if (!v.buyerPhone && !v.buyerEmail)
      ctx.addIssue({ code: "custom", path: ["buyerPhone"], message: CHECKOUT_MESSAGES.contactNeeded });
  });

export const readContactForm = (form: FormData) => contactSchema.safeParse(Object.fromEntries(form.entries()));

/** A store without a WhatsApp sales number can only answer an order by phone, so it needs the buyer's. */
export function contactErrors(input: CheckoutInput, storeHasWhatsapp: boolean): CheckoutErrors | null {
  return storeHasWhatsapp || input.buyerPhone ? null : { buyerPhone: CHECKOUT_MESSAGES.phoneNeeded };
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
  country: StoreCountry | "" = "",
):
  | { ok: true; zone: DeliveryZone | null; point: PickupPoint | null; postalCode: string | null }
  | { ok: false; errors: CheckoutErrors } {
  if (!offered.includes(input.delivery)) return { ok: false, errors: { delivery: CHECKOUT_MESSAGES.delivery } };
  if (input.delivery === "delivery" && zones.length > 0) {
    const zone = zones.find((z) => z.id === input.zone);
    const postal = checkZonePostalCode(zone, zones, input.postalCode, country);
    if (!postal.ok) return { ok: false, errors: { [postal.field]: postal.message } };
    return zone
      ? { ok: true, zone, point: null, postalCode: postal.postalCode }
      : { ok: false, errors: { zone: CHECKOUT_MESSAGES.zone } };
  }
  if (input.delivery === "pickup" && points.length > 0) {
    const point = points.find((p) => p.id === input.pickupPoint);
    return point
      ? { ok: true, zone: null, point, postalCode: null }
      : { ok: false, errors: { pickupPoint: CHECKOUT_MESSAGES.pickupPoint } };
  }
  return { ok: true, zone: null, point: null, postalCode: null };
}

export function readCheckoutForm(form: FormData) {
  const values = Object.fromEntries([...form.entries()].filter(([k]) => k !== "line"));
  return checkoutSchema.safeParse({ ...values, lines: form.getAll("line") });
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
