/**
 * The merchant's discount code form ('Descuentos') and how a code reads in the list: the fields'
 * rules, the code's state on the store's local day, its conditions and uses. What a code takes off a
 * buyer's order is in ./discounts.ts.
 */
import { z } from "zod";
import {
  codeKey,
  DISCOUNT_CODE_MAX_LENGTH,
  DISCOUNT_CODE_PATTERN,
  DISCOUNT_KINDS,
  type DiscountCode,
  type DiscountKind,
} from "./discounts";
import { checkboxField } from "./form-fields";
import { defineMessages, type Translate } from "./messages";
import { amountInputText, readAmount } from "./product-fields";
import { VALIDATION_MESSAGES, validationErrorMap } from "./validation-messages";

/** A store keeps at most this many codes. */
export const MOST_DISCOUNT_CODES = 50;
/** 'Usos máximos' is a whole number of up to this many digits. */
const USES_PATTERN = /^\d{1,7}$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const DISCOUNT_KIND_LABELS = defineMessages<DiscountKind>({
  percent: { id: "discounts.kind.percent", defaultMessage: "Porcentaje" },
  amount: { id: "discounts.kind.amount", defaultMessage: "Monto fijo" },
});

/**
 * New codes (and codes renamed) need at least this many characters, so they cannot be found by trying a
 * few thousand; a shorter code saved before keeps working and can still be edited under its name.
 */
const NEW_CODE_MIN_LENGTH = 4;

/** The numbers the form's texts say: the lengths a code takes and the store's most codes. */
export const DISCOUNT_FORM_NUMBERS = {
  min: String(NEW_CODE_MIN_LENGTH),
  max: String(DISCOUNT_CODE_MAX_LENGTH),
  most: String(MOST_DISCOUNT_CODES),
} as const;

/** 'Código' as its field says it: the lengths the form takes (its hint says them with DISCOUNT_FORM_NUMBERS). */
export const DISCOUNT_CODE_FIELD = {
  maxLength: DISCOUNT_CODE_MAX_LENGTH,
  ...defineMessages({
    hint: {
      id: "discounts.form.codeHint",
      defaultMessage: "De {min} a {max} letras, números, - o _. Tus clientes pueden escribirlo en mayúsculas o minúsculas.",
    },
  }),
} as const;

/** The form's refusals, as descriptors: `discountFormMessage` says one in the merchant's variant. */
export const DISCOUNT_FORM_MESSAGES = defineMessages({
  code: {
    id: "discounts.refusal.code",
    defaultMessage: "Usa de {min} a {max} letras sin tildes, números, guiones (-) o guiones bajos (_), sin espacios",
  },
  tooShort: {
    id: "discounts.refusal.tooShort",
    defaultMessage: "Usa al menos {min} caracteres: un código más corto se adivina fácil",
  },
  taken: { id: "discounts.refusal.taken", defaultMessage: "Ya tienes un código con ese nombre" },
  kind: { id: "discounts.refusal.kind", defaultMessage: "Elige Porcentaje o Monto fijo" },
  percent: { id: "discounts.refusal.percent", defaultMessage: "Escribe un porcentaje entero entre 1 y 100" },
  amountPositive: { id: "discounts.refusal.amountPositive", defaultMessage: "El monto debe ser mayor que 0" },
  minPurchasePositive: {
    id: "discounts.refusal.minPurchasePositive",
    defaultMessage: "La compra mínima debe ser mayor que 0 (déjala vacía si no hay mínimo)",
  },
  endsBeforeStart: {
    id: "discounts.refusal.endsBeforeStart",
    defaultMessage: "La fecha 'Hasta' no puede ser anterior a 'Desde'",
  },
  maxUses: {
    id: "discounts.refusal.maxUses",
    defaultMessage: "Escribe un número entero, 1 o más (déjalo vacío si no hay límite)",
  },
  belowUses: {
    id: "discounts.refusal.belowUses",
    defaultMessage: "Ya se usó {uses, plural, one {{count} vez} other {{count} veces}}",
  },
  limit: {
    id: "discounts.refusal.limit",
    defaultMessage: "Tu tienda ya tiene {most} códigos, el máximo. Elimina uno que ya no uses para crear otro.",
  },
});

/** One of the form's refusals in `t`'s variant; `uses` is what 'belowUses' counts. */
export const discountFormMessage = (t: Translate, key: keyof typeof DISCOUNT_FORM_MESSAGES, uses = 0): string =>
  t(DISCOUNT_FORM_MESSAGES[key], { ...DISCOUNT_FORM_NUMBERS, uses, count: String(uses) });

/** A code as the form saves it: `value` and `minPurchase` in minor units of the store currency for amounts. */
export type DiscountCodeInput = Omit<DiscountCode, "id" | "uses">;

/** The form's fields as text, as typed or as the edit page fills them; `active` is "on" when checked. */
export interface DiscountCodeFormValues {
  code: string;
  kind: DiscountKind;
  value: string;
  minPurchase: string;
  startsOn: string;
  endsOn: string;
  maxUses: string;
  active: string;
  /** "on" when 'Una vez por cliente' is checked. */
  oncePerCustomer: string;
}

export const EMPTY_DISCOUNT_CODE: DiscountCodeFormValues = {
  code: "",
  kind: "percent",
  value: "",
  minPurchase: "",
  startsOn: "",
  endsOn: "",
  maxUses: "",
  active: "on",
  oncePerCustomer: "",
};

/**
 * The form again after a refusal: what was typed, over `base` for anything not sent. An unchecked
 * checkbox ('Activo', 'Una vez por cliente') sends nothing, so a sent form without it was unchecked.
 */
export function typedFormValues(typed: Record<string, string>, base: DiscountCodeFormValues): DiscountCodeFormValues {
  const text = (name: keyof DiscountCodeFormValues) => typed[name] ?? base[name];
  return {
    code: text("code"),
    kind: DISCOUNT_KINDS.find((k) => k === typed.kind) ?? base.kind,
    value: text("value"),
    minPurchase: text("minPurchase"),
    startsOn: text("startsOn"),
    endsOn: text("endsOn"),
    maxUses: text("maxUses"),
    active: typed.active ?? "",
    oncePerCustomer: typed.oncePerCustomer ?? "",
  };
}

/** Whether 'YYYY-MM-DD' names a real calendar day. */
export function isCalendarDate(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false;
  const [y, m, d] = text.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const optionalDate = z
  .string()
  .trim()
  .default("")
  .refine((text) => text === "" || isCalendarDate(text), VALIDATION_MESSAGES.date)
  .transform((text) => (text === "" ? null : text));

/** The form's fields but 'Valor', whose rules depend on 'Tipo' (read by `readDiscountCodeForm`). */
function discountCodeFieldsSchema(currency: string, say: (key: keyof typeof DISCOUNT_FORM_MESSAGES) => string, t: Translate) {
  return z.object({
    code: z.string().trim().min(1, VALIDATION_MESSAGES.required).regex(DISCOUNT_CODE_PATTERN, say("code")),
    kind: z.enum(DISCOUNT_KINDS, say("kind")),
    minPurchase: z
      .string()
      .trim()
      .default("")
      .transform((text, ctx) => (text === "" ? null : readAmount(text, currency, ctx, say("minPurchasePositive"), "either", t))),
    startsOn: optionalDate,
    endsOn: optionalDate,
    maxUses: z
      .string()
      .trim()
      .default("")
      .refine((text) => text === "" || (USES_PATTERN.test(text) && Number(text) >= 1), say("maxUses"))
      .transform((text) => (text === "" ? null : Number(text))),
    active: checkboxField,
    oncePerCustomer: checkboxField,
  });
}

export type DiscountFormReading = { ok: true; input: DiscountCodeInput } | { ok: false; errors: Record<string, string> };

/**
 * The discount code form, amounts read in the store currency, every refusal at once, in `t`'s variant (the
 * merchant's). `saved` is the code being edited (none for a new one): 'Usos máximos' cannot go below the uses
 * checkouts already counted, and its name may stay shorter than a new code's.
 */
export function readDiscountCodeForm(
  fields: Record<string, string>,
  currency: string,
  saved: { code: string; uses: number } | null,
  t: Translate,
): DiscountFormReading {
  const usesSoFar = saved?.uses ?? 0;
  const errors: Record<string, string> = {};
  const say = (key: keyof typeof DISCOUNT_FORM_MESSAGES) => discountFormMessage(t, key, usesSoFar);
  const schema = discountCodeFieldsSchema(currency, say, t);
  const parsed = schema.safeParse(fields, { error: validationErrorMap(t) });
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  const name = parsed.success ? parsed.data.code : null;
  if (name && name.length < NEW_CODE_MIN_LENGTH && codeKey(name) !== codeKey(saved?.code ?? "")) errors.code ??= say("tooShort");
  const text = (fields.value ?? "").trim();
  const kind = DISCOUNT_KINDS.find((k) => k === fields.kind);
  const value =
    text === ""
      ? VALIDATION_MESSAGES.required
      : kind === "percent"
        ? readPercent(text, say("percent"))
        : kind
          ? readAmountValue(text, currency, say("amountPositive"), t)
          : null;
  if (typeof value === "string") errors.value ??= value;
  // Fields compared with each other, whenever each one was read (whatever else was refused).
  const { shape } = schema;
  const startsOn = shape.startsOn.catch(null).parse(fields.startsOn);
  const endsOn = shape.endsOn.catch(null).parse(fields.endsOn);
  const maxUses = shape.maxUses.catch(null).parse(fields.maxUses);
  if (startsOn && endsOn && endsOn < startsOn) errors.endsOn ??= say("endsBeforeStart");
  if (maxUses !== null && maxUses < usesSoFar) errors.maxUses ??= say("belowUses");
  if (!parsed.success || typeof value !== "number" || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: { ...parsed.data, value } };
}

/** A whole percent 1–100, or the message refusing the text (`refused`). */
function readPercent(text: string, refused: string): number | string {
  // '15 %' and '15%' read as 15: the list writes percentages that way.
  const digits = text.replace(/\s*%$/, "");
  const percent = Number(digits);
  return /^\d{1,3}$/.test(digits) && percent >= 1 && percent <= 100 ? percent : refused;
}

/** An amount above 0 in minor units, or the message refusing the text (`notPositive` for 0 or less). */
function readAmountValue(text: string, currency: string, notPositive: string, t: Translate): number | string {
  const read = z
    .string()
    .transform((value, ctx) => readAmount(value, currency, ctx, notPositive, "either", t))
    .safeParse(text);
  return read.success ? read.data : (read.error.issues[0]?.message ?? notPositive);
}

/** A saved code as the edit form shows it: amounts as the store's country writes them (`amountInputText`). */
export function discountCodeFormValues(
  code: Omit<DiscountCode, "id" | "uses">,
  currency: string,
  country: string | null,
): DiscountCodeFormValues {
  const amount = (minor: number) => amountInputText(minor, currency, country);
  return {
    code: code.code,
    kind: code.kind,
    value: code.kind === "percent" ? String(code.value) : amount(code.value),
    minPurchase: code.minPurchase === null ? "" : amount(code.minPurchase),
    startsOn: code.startsOn ?? "",
    endsOn: code.endsOn ?? "",
    maxUses: code.maxUses === null ? "" : String(code.maxUses),
    active: code.active ? "on" : "",
    oncePerCustomer: code.oncePerCustomer ? "on" : "",
  };
}

export type DiscountCodeState = "active" | "inactive" | "expired" | "exhausted" | "scheduled";

export const DISCOUNT_STATE_LABELS = defineMessages<DiscountCodeState>({
  active: { id: "discounts.state.active", defaultMessage: "Activo" },
  inactive: { id: "discounts.state.inactive", defaultMessage: "Inactivo" },
  expired: { id: "discounts.state.expired", defaultMessage: "Vencido" },
  exhausted: { id: "discounts.state.exhausted", defaultMessage: "Agotado" },
  scheduled: { id: "discounts.state.scheduled", defaultMessage: "Programado" },
});

/**
 * What a code is on the store's day `today`: switched off by the merchant first, then past its last
 * day, then out of uses, then before its first day; otherwise buyers can use it.
 */
export function discountCodeState(
  code: Pick<DiscountCode, "active" | "startsOn" | "endsOn" | "maxUses" | "uses">,
  today: string,
): DiscountCodeState {
  if (!code.active) return "inactive";
  if (code.endsOn && today > code.endsOn) return "expired";
  if (code.maxUses !== null && code.uses >= code.maxUses) return "exhausted";
  if (code.startsOn && today < code.startsOn) return "scheduled";
  return "active";
}

const MONTHS = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"];

/** '1 dic', with the year when it is not `thisYear`'s: '1 dic 2027'. */
function shortDate(date: string, thisYear: string): string {
  const [y, m, d] = date.split("-");
  const text = `${Number(d)} ${MONTHS[Number(m) - 1]}`;
  return y === thisYear ? text : `${text} ${y}`;
}

/** How the list says a code's conditions and uses. */
const LIST_TEXTS = defineMessages({
  range: { id: "discounts.list.range", defaultMessage: "{from} – {to}" },
  from: { id: "discounts.list.fromDay", defaultMessage: "desde el {day}" },
  until: { id: "discounts.list.untilDay", defaultMessage: "hasta el {day}" },
  oncePerCustomer: { id: "discounts.list.oncePerCustomer", defaultMessage: "una vez por cliente" },
  minPurchase: { id: "discounts.list.minPurchase", defaultMessage: "desde {amount}" },
  maxUses: {
    id: "discounts.list.maxUses",
    defaultMessage: "hasta {max, plural, one {{maxText} uso} other {{maxText} usos}}",
  },
  usesOf: {
    id: "discounts.list.usesOf",
    defaultMessage: "{uses} de {max, plural, one {{maxText} uso} other {{maxText} usos}}",
  },
  uses: { id: "discounts.list.uses", defaultMessage: "{count, plural, one {{text} uso} other {{text} usos}}" },
});

/** The dates a code applies: '1 dic – 31 dic', 'desde el 1 dic', 'hasta el 31 dic'; null when it has none. */
function discountDatesText(startsOn: string | null, endsOn: string | null, today: string, t: Translate): string | null {
  const year = today.slice(0, 4);
  if (startsOn && endsOn) return t(LIST_TEXTS.range, { from: shortDate(startsOn, year), to: shortDate(endsOn, year) });
  if (startsOn) return t(LIST_TEXTS.from, { day: shortDate(startsOn, year) });
  if (endsOn) return t(LIST_TEXTS.until, { day: shortDate(endsOn, year) });
  return null;
}

/** A code's conditions for the list in `t`'s words: 'desde $ 20.000', '1 dic – 31 dic', 'hasta 100 usos' (none: empty). */
export function discountConditions(
  code: Pick<DiscountCode, "minPurchase" | "startsOn" | "endsOn" | "maxUses" | "oncePerCustomer">,
  today: string,
  formatAmount: (minor: number) => string,
  t: Translate,
): string[] {
  const out: string[] = [];
  if (code.oncePerCustomer) out.push(t(LIST_TEXTS.oncePerCustomer));
  if (code.minPurchase !== null) out.push(t(LIST_TEXTS.minPurchase, { amount: formatAmount(code.minPurchase) }));
  const dates = discountDatesText(code.startsOn, code.endsOn, today, t);
  if (dates) out.push(dates);
  if (code.maxUses !== null) out.push(t(LIST_TEXTS.maxUses, { max: code.maxUses, maxText: String(code.maxUses) }));
  return out;
}

/** '3 de 5 usos' with a limit, '3 usos' without ('1 uso', '0 usos'), in `t`'s words. */
export function discountUsesText(uses: number, maxUses: number | null, t: Translate): string {
  if (maxUses !== null) return t(LIST_TEXTS.usesOf, { uses: String(uses), max: maxUses, maxText: String(maxUses) });
  return t(LIST_TEXTS.uses, { count: uses, text: String(uses) });
}
