import { z } from "zod";
import { CART_MAX_LINES } from "~/domain/cart";
import { whenMissing } from "~/domain/validation-messages";

export const CHECKOUT_MESSAGES = {
  name: "Escribe tu nombre",
  delivery: "Elige cómo quieres recibir tu pedido",
  address: "Escribe la dirección de entrega",
  phone: "Escribe un teléfono válido",
  phoneNeeded: "Escribe tu teléfono: la tienda te contactará para confirmar el pedido",
  empty: "Tu carrito está vacío",
  stale: "Tu pedido ya no es válido: vuelve a tu carrito e inténtalo de nuevo",
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : null));

/** The checkout form (docs/product-rules.md, The public site): name, delivery and address, optional phone and note. */
export const checkoutSchema = z
  .object({
    idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, CHECKOUT_MESSAGES.stale),
    buyerName: z.string(whenMissing(CHECKOUT_MESSAGES.name)).trim().min(1, CHECKOUT_MESSAGES.name).max(80),
    delivery: z.enum(["pickup", "delivery"], { error: CHECKOUT_MESSAGES.delivery }),
    address: optionalText(200),
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
  })
  .superRefine((v, ctx) => {
    if (v.delivery === "delivery" && !v.address)
      ctx.addIssue({ code: "custom", path: ["address"], message: CHECKOUT_MESSAGES.address });
  })
  .transform((v) => ({ ...v, address: v.delivery === "delivery" ? v.address : null }));

export type CheckoutInput = z.output<typeof checkoutSchema>;

/** A store without a WhatsApp sales number can only answer an order by phone, so it needs the buyer's. */
export function contactErrors(input: CheckoutInput, storeHasWhatsapp: boolean): CheckoutErrors | null {
  return storeHasWhatsapp || input.buyerPhone ? null : { buyerPhone: CHECKOUT_MESSAGES.phoneNeeded };
}

export function readCheckoutForm(form: FormData) {
  const values = Object.fromEntries([...form.entries()].filter(([k]) => k !== "line"));
  return checkoutSchema.safeParse({ ...values, lines: form.getAll("line") });
}

export type CheckoutErrors = Partial<Record<"buyerName" | "delivery" | "address" | "buyerPhone" | "note" | "form", string>>;

export function checkoutErrors(error: z.ZodError): CheckoutErrors {
  const errors: CheckoutErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    const key = (
      ["buyerName", "delivery", "address", "buyerPhone", "note"].includes(field) ? field : "form"
    ) as keyof CheckoutErrors;
    errors[key] ??= issue.message;
  }
  return errors;
}
