/**
 * How a buyer pays a store ('Cobros'): bank transfer or deposit with the merchant's details, cash, or the store's
 * Mercado Pago online; and, for a store that set neither transfer nor cash, 'al recibir, como lo acuerden'.
 * Transfer and cash may each take a discount or add a surcharge, a whole percent of the products after any code's
 * discount (never of the delivery fee), computed on the server.
 */
import { z } from "zod";
import { defineMessages, type Translate } from "./messages";
import { VALIDATION_MESSAGES } from "./validation-messages";

/** Every way a sale can be paid (db/schema.ts SALE_PAYMENT_METHODS). */
export const PAYMENT_METHODS = ["on_delivery", "transfer", "cash", "online"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The methods the merchant sets up by hand on 'Cobros', each on or off. */
const MANUAL_METHODS = ["transfer", "cash"] as const;
export type ManualMethod = (typeof MANUAL_METHODS)[number];

/** Largest discount and surcharge a method may carry, in percent. */
export const ADJUST_PERCENT_MAX = { discount: 50, surcharge: 30 } as const;
/** How long an unpaid transfer order keeps its units, in hours: the store's setting. */
export const TRANSFER_HOLD_HOURS = { min: 1, max: 168, default: 48 } as const;

/**
 * The ways to pay whose unpaid orders hold their units for the store's hours ('Cobros'): transfer, cash, and
 * 'al recibir, como lo acuerden' (saved as its own row, which only carries its hours). Online payments hold for the
 * store's minutes instead ('Cobros en línea').
 */
export const HOLD_METHODS = ["transfer", "cash", "on_delivery"] as const;
export type HoldMethod = (typeof HOLD_METHODS)[number];
/** The hours a merchant may choose for cash and 'al recibir' orders (transfer keeps its own 1–168). */
export const HOLD_HOURS_CHOICES = [2, 6, 12, 24, 48, 72] as const;
/** The hold of a method the merchant never set: transfer's 48 hours as before, a day for the others. */
export const DEFAULT_HOLD_HOURS: Record<HoldMethod, number> = {
  transfer: TRANSFER_HOLD_HOURS.default,
  cash: 24,
  on_delivery: 24,
};
/** A transfer's first receipt extends its hold once by this many hours, so the merchant has time to check it. */
export const RECEIPT_HOLD_EXTENSION_HOURS = 24;

/**
 * How long an unpaid order paid by `method` keeps its units, in hours: the store's saved setting, or the default.
 * Online payments are not here: they hold for the store's minutes.
 */
export function holdHoursOf(
  rows: ReadonlyArray<{ method: string; holdHours: number }>,
  method: HoldMethod,
): { holdHours: number } {
  return { holdHours: rows.find((r) => r.method === method)?.holdHours ?? DEFAULT_HOLD_HOURS[method] };
}
export const TRANSFER_LENGTHS = { instructions: 600, keyLabel: 40, keyValue: 80 } as const;

/** A store's manual method as saved. `adjustPercent`: negative a discount, positive a surcharge, 0 neither. */
export interface ManualPaymentMethod {
  method: ManualMethod;
  enabled: boolean;
  adjustPercent: number;
  /** Transfer only: free text (account holder, bank, account type…). */
  instructions: string | null;
  /** Transfer only: what the key is ('Alias', 'CBU', 'CLABE', 'Clave Pix') and the key itself, shown to copy. */
  keyLabel: string | null;
  keyValue: string | null;
  /** Transfer only: how long an unpaid order keeps its units. */
  holdHours: number;
}

/** A saved row of 'Cobros': a manual method, or the row that only keeps the hours of 'al recibir'. */
export type SavedMethod = Omit<ManualPaymentMethod, "method"> & { method: HoldMethod };

/** The checkout's words for each way to pay. */
const PAYMENT_CHOICE_LABELS: Record<PaymentMethod, string> = {
  on_delivery: "Pagar al recibir o como lo acuerdes con la tienda",
  transfer: "Transferencia o depósito bancario",
  cash: "Efectivo al recibir o al retirar",
  online: "Pagar en línea con Mercado Pago",
};

/** A method with its settings, as a store without a saved row has it: off, no adjustment. */
export const methodOff = (method: ManualMethod): ManualPaymentMethod => ({
  method,
  enabled: false,
  adjustPercent: 0,
  instructions: null,
  keyLabel: null,
  keyValue: null,
  holdHours: DEFAULT_HOLD_HOURS[method],
});

/** One manual method of a store from its saved rows: the saved one, or the method off. */
export const manualMethod = (rows: ReadonlyArray<SavedMethod>, method: ManualMethod): ManualPaymentMethod =>
  (rows.find((r) => r.method === method) as ManualPaymentMethod | undefined) ?? methodOff(method);

/** Both manual methods of a store, in the order of MANUAL_METHODS, from its saved rows (missing ones off). */
export function storeManualMethods(rows: ReadonlyArray<SavedMethod>): ManualPaymentMethod[] {
  return MANUAL_METHODS.map((method) => manualMethod(rows, method));
}

/**
 * The ways to pay a checkout offers: transfer and cash where the store turned them on, otherwise 'al recibir'
 * (a store that set nothing up keeps the way it always had), and Mercado Pago when the store's account is usable.
 */
export function offeredPayments(methods: ReadonlyArray<ManualPaymentMethod>, onlineUsable: boolean): PaymentMethod[] {
  const manual = methods.filter((m) => m.enabled).map((m) => m.method);
  const offered: PaymentMethod[] = manual.length > 0 ? [...manual] : ["on_delivery"];
  if (onlineUsable) offered.push("online");
  return offered;
}

/**
 * What a method adds to the products after any code's discount (`goods`, minor units): negative for a discount,
 * positive for a surcharge, each rounded half away from zero to a whole minor unit.
 */
export function methodAdjustment(goods: number, adjustPercent: number): number {
  if (adjustPercent === 0 || goods <= 0) return 0;
  return Math.sign(adjustPercent) * Math.round((goods * Math.abs(adjustPercent)) / 100);
}

/** '10 % de descuento', '5 % de recargo', or null: the adjustment as the checkout offers it. */
export function adjustmentText(adjustPercent: number): string | null {
  if (adjustPercent === 0) return null;
  return `${Math.abs(adjustPercent)}\u00a0% de ${adjustPercent < 0 ? "descuento" : "recargo"}`;
}

const ADJUSTMENT_ROW = defineMessages({
  label: {
    id: "paymentMethods.adjustmentRow",
    defaultMessage:
      "{kind, select, discount {Descuento} other {Recargo}} por {method, select, cash {pago en efectivo} other {transferencia}}",
  },
});

/** 'Descuento por transferencia' / 'Recargo por pago en efectivo': the adjustment's line among an order's amounts. */
export function adjustmentRowLabel(method: PaymentMethod, adjustment: number, t: Translate): string {
  return t(ADJUSTMENT_ROW.label, { kind: adjustment < 0 ? "discount" : "surcharge", method });
}

/** A method as the checkout's radio reads: 'Transferencia o depósito bancario — 10 % de descuento'. */
export function paymentChoiceLabel(method: PaymentMethod, methods: ReadonlyArray<ManualPaymentMethod>): string {
  const adjust = methods.find((m) => m.method === method)?.adjustPercent ?? 0;
  const text = adjustmentText(adjust);
  return text ? `${PAYMENT_CHOICE_LABELS[method]} — ${text}` : PAYMENT_CHOICE_LABELS[method];
}

export const PAYMENT_METHOD_MESSAGES = defineMessages({
  adjustPercent: {
    id: "paymentMethods.refusal.adjustPercent",
    defaultMessage: "Escribe un porcentaje entero: hasta {discount} de descuento o {surcharge} de recargo",
  },
  transferDetails: {
    id: "paymentMethods.refusal.transferDetails",
    defaultMessage: "Escribe cómo transferirte: la clave (alias, CBU, CLABE, Pix…) o las instrucciones",
  },
  keyLabelWithoutKey: {
    id: "paymentMethods.refusal.keyLabelWithoutKey",
    defaultMessage: "Escribe la clave, o deja vacío su nombre",
  },
  holdHours: { id: "paymentMethods.refusal.holdHours", defaultMessage: "Escribe entre {min} y {max} horas" },
  holdChoice: { id: "paymentMethods.refusal.holdChoice", defaultMessage: "Elige cuántas horas guardamos el stock" },
});

/** A refusal of the 'Cobros' forms in the merchant's words, with the limits it names. */
export const paymentMethodRefusal = (t: Translate, key: keyof typeof PAYMENT_METHOD_MESSAGES): string =>
  t(PAYMENT_METHOD_MESSAGES[key], {
    discount: ADJUST_PERCENT_MAX.discount,
    surcharge: ADJUST_PERCENT_MAX.surcharge,
    min: TRANSFER_HOLD_HOURS.min,
    max: TRANSFER_HOLD_HOURS.max,
  });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, VALIDATION_MESSAGES.textAtMost(max))
    .optional()
    .transform((v) => (v ? v : null));

/** The adjustment as the form sends it: a kind (none, discount, surcharge) and a whole percent. */
const adjustFields = {
  adjustKind: z.enum(["none", "discount", "surcharge"]).default("none"),
  adjustPercent: z.string().trim().max(10).optional(),
};

function signedPercent(
  v: { adjustKind: "none" | "discount" | "surcharge"; adjustPercent?: string },
  ctx: z.RefinementCtx,
  t: Translate,
): number {
  if (v.adjustKind === "none") return 0;
  const max = ADJUST_PERCENT_MAX[v.adjustKind];
  const p = /^\d{1,3}$/.test(v.adjustPercent ?? "") ? Number(v.adjustPercent) : Number.NaN;
  if (!(p >= 1 && p <= max)) {
    ctx.addIssue({ code: "custom", path: ["adjustPercent"], message: paymentMethodRefusal(t, "adjustPercent") });
    return 0;
  }
  return v.adjustKind === "discount" ? -p : p;
}

/** One of HOLD_HOURS_CHOICES, as the form's select sends it (missing: `fallback`). */
const holdChoice = (fallback: number, t: Translate) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? String(fallback) : v),
    z.coerce
      .number({ error: paymentMethodRefusal(t, "holdChoice") })
      .refine((n) => (HOLD_HOURS_CHOICES as readonly number[]).includes(n), paymentMethodRefusal(t, "holdChoice")),
  );

/** 'Efectivo' on the 'Cobros' page: on or off, with its adjustment and how long its orders hold their units. */
export const cashMethodSchema = (t: Translate) =>
  z
    .object({ enabled: z.literal("on").optional(), ...adjustFields, holdHours: holdChoice(DEFAULT_HOLD_HOURS.cash, t) })
    .transform((v, ctx) => ({
      method: "cash" as const,
      enabled: v.enabled === "on",
      adjustPercent: signedPercent(v, ctx, t),
      instructions: null,
      keyLabel: null,
      keyValue: null,
      holdHours: v.holdHours,
    }));

/** 'Al recibir o como lo acuerden' on the 'Cobros' page: only how long its orders hold their units. */
export const arrangedHoldSchema = (t: Translate) =>
  z.object({ holdHours: holdChoice(DEFAULT_HOLD_HOURS.on_delivery, t) }).transform((v) => ({
    method: "on_delivery" as const,
    enabled: false,
    adjustPercent: 0,
    instructions: null,
    keyLabel: null,
    keyValue: null,
    holdHours: v.holdHours,
  }));

/** 'Transferencia o depósito' on the 'Cobros' page: its details, adjustment and hold; an enabled one needs details. */
export const transferMethodSchema = (t: Translate) =>
  z
    .object({
      enabled: z.literal("on").optional(),
      ...adjustFields,
      instructions: optionalText(TRANSFER_LENGTHS.instructions),
      keyLabel: optionalText(TRANSFER_LENGTHS.keyLabel),
      keyValue: optionalText(TRANSFER_LENGTHS.keyValue),
      holdHours: z.preprocess(
        (v) => (v === "" || v === undefined ? TRANSFER_HOLD_HOURS.default : v),
        z.coerce
          .number({ error: paymentMethodRefusal(t, "holdHours") })
          .int(paymentMethodRefusal(t, "holdHours"))
          .min(TRANSFER_HOLD_HOURS.min, paymentMethodRefusal(t, "holdHours"))
          .max(TRANSFER_HOLD_HOURS.max, paymentMethodRefusal(t, "holdHours")),
      ),
    })
    .transform((v, ctx) => {
      const enabled = v.enabled === "on";
      if (enabled && !v.keyValue && !v.instructions)
        ctx.addIssue({ code: "custom", path: ["keyValue"], message: paymentMethodRefusal(t, "transferDetails") });
      if (v.keyLabel && !v.keyValue)
        ctx.addIssue({ code: "custom", path: ["keyValue"], message: paymentMethodRefusal(t, "keyLabelWithoutKey") });
      return {
        method: "transfer" as const,
        enabled,
        adjustPercent: signedPercent(v, ctx, t),
        instructions: v.instructions,
        keyLabel: v.keyLabel,
        keyValue: v.keyValue,
        holdHours: v.holdHours,
      };
    });
