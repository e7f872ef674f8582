/**
 * The merchant's promotion form ('Promociones'): its fields' rules and how a promotion reads in the list. What a
 * promotion takes off an order is in ./promotions.ts.
 */
import { z } from "zod";
import { PRODUCT_CATEGORIES } from "./categories";
import { isCalendarDate } from "./discount-code-form";
import { checkboxField } from "./form-fields";
import { defineMessages, type Translate } from "./messages";
import { amountInputText, readPrice } from "./product-fields";
import { PROMOTION_KINDS, PROMOTION_SCOPES, type Promotion, type PromotionKind, type PromotionScope } from "./promotions";
import { VALIDATION_MESSAGES, validationErrorMap } from "./validation-messages";

/** A store keeps at most this many promotions. */
export const MOST_PROMOTIONS = 50;
export const PROMOTION_NAME_MAX = 60;

/** A discount or a quantity price as a percentage, or as an amount (off each unit; the unit price). */
const PROMOTION_VALUE_KINDS = ["percent", "amount"] as const;

export const PROMOTION_SCOPE_LABELS = defineMessages<PromotionScope>({
  products: { id: "promotions.scope.products", defaultMessage: "Productos elegidos" },
  category: { id: "promotions.scope.category", defaultMessage: "Una categoría" },
  store: { id: "promotions.scope.store", defaultMessage: "Toda la tienda" },
});

/** The form's refusals, as descriptors: `promotionFormMessage` says one in the merchant's variant. */
export const PROMOTION_FORM_MESSAGES = defineMessages({
  name: {
    id: "promotions.refusal.name",
    defaultMessage: "Escribe el nombre que verán tus clientes (hasta {max} caracteres)",
  },
  kind: { id: "promotions.refusal.kind", defaultMessage: "Elige el tipo de promoción" },
  scope: { id: "promotions.refusal.scope", defaultMessage: "Elige a qué productos se aplica" },
  scopeForKind: {
    id: "promotions.refusal.scopeForKind",
    defaultMessage: "Esta promoción se aplica a productos elegidos o a una categoría",
  },
  volumeScope: {
    id: "promotions.refusal.volumeScope",
    defaultMessage: "El precio por cantidad se aplica a productos elegidos",
  },
  products: { id: "promotions.refusal.products", defaultMessage: "Elige al menos un producto" },
  category: { id: "promotions.refusal.category", defaultMessage: "Elige una categoría" },
  percent: { id: "promotions.refusal.percent", defaultMessage: "Escribe un porcentaje entero entre 1 y 100" },
  amount: { id: "promotions.refusal.amount", defaultMessage: "Escribe un monto mayor que 0" },
  buy: { id: "promotions.refusal.buy", defaultMessage: "Escribe cuántas unidades lleva: un número entero de 2 a 99" },
  pay: { id: "promotions.refusal.pay", defaultMessage: "Escribe cuántas paga: menos de las que lleva, 1 o más" },
  minQuantity: {
    id: "promotions.refusal.minQuantity",
    defaultMessage: "Escribe desde cuántas unidades: un número entero de 2 a 999",
  },
  minTotal: {
    id: "promotions.refusal.minTotal",
    defaultMessage: "Escribe el monto del pedido desde el que el envío es gratis (0: cualquier pedido)",
  },
  endsBeforeStart: {
    id: "promotions.refusal.endsBeforeStart",
    defaultMessage: "La fecha 'Hasta' no puede ser anterior a 'Desde'",
  },
  limit: {
    id: "promotions.refusal.limit",
    defaultMessage: "Tu tienda ya tiene {most} promociones, el máximo. Elimina una que ya no uses para crear otra.",
  },
});

/** The numbers the form's refusals say. */
const PROMOTION_FORM_NUMBERS = { max: String(PROMOTION_NAME_MAX), most: String(MOST_PROMOTIONS) } as const;

/** One of the form's refusals in `t`'s variant. */
export const promotionFormMessage = (t: Translate, key: keyof typeof PROMOTION_FORM_MESSAGES): string =>
  t(PROMOTION_FORM_MESSAGES[key], PROMOTION_FORM_NUMBERS);

/** A promotion as the form saves it. */
export type PromotionInput = Omit<Promotion, "id">;

/** The form's fields as text (the chosen products and zones as lists), as typed or as the edit page fills them. */
export interface PromotionFormValues {
  name: string;
  kind: PromotionKind;
  scope: PromotionScope;
  products: string[];
  category: string;
  valueKind: (typeof PROMOTION_VALUE_KINDS)[number];
  value: string;
  buy: string;
  pay: string;
  minQuantity: string;
  minTotal: string;
  zones: string[];
  startsOn: string;
  endsOn: string;
  enabled: string;
}

export const EMPTY_PROMOTION: PromotionFormValues = {
  name: "",
  kind: "discount",
  scope: "products",
  products: [],
  category: "",
  valueKind: "percent",
  value: "",
  buy: "2",
  pay: "1",
  minQuantity: "6",
  minTotal: "",
  zones: [],
  startsOn: "",
  endsOn: "",
  enabled: "on",
};

const optionalDate = z
  .string()
  .trim()
  .default("")
  .refine((text) => text === "" || isCalendarDate(text), VALIDATION_MESSAGES.date)
  .transform((text) => (text === "" ? null : text));

const wholeNumber = (text: string | undefined, min: number, max: number) => {
  const t = (text ?? "").trim();
  const n = Number(t);
  return /^\d{1,3}$/.test(t) && n >= min && n <= max ? n : null;
};

const commonSchema = (say: (key: keyof typeof PROMOTION_FORM_MESSAGES) => string) =>
  z.object({
    name: z.string().trim().min(1, say("name")).max(PROMOTION_NAME_MAX, say("name")),
    kind: z.enum(PROMOTION_KINDS, say("kind")),
    startsOn: optionalDate,
    endsOn: optionalDate,
    enabled: checkboxField,
  });

export type PromotionFormReading = { ok: true; input: PromotionInput } | { ok: false; errors: Record<string, string> };

/**
 * The promotion form, amounts in the store currency, every refusal at once in `t`'s variant (the merchant's).
 * `products` and `zones` are the ids the form sent; only the store's own (`owned`) are kept, so a tampered form cannot
 * name another store's.
 */
export function readPromotionForm(
  fields: Record<string, string>,
  chosen: { products: string[]; zones: string[] },
  owned: { productIds: ReadonlySet<string>; zoneIds: ReadonlySet<number> },
  currency: string,
  t: Translate,
): PromotionFormReading {
  const errors: Record<string, string> = {};
  const say = (key: keyof typeof PROMOTION_FORM_MESSAGES) => promotionFormMessage(t, key);
  const schema = commonSchema(say);
  const parsed = schema.safeParse(fields, { error: validationErrorMap(t) });
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  const kind = PROMOTION_KINDS.find((k) => k === fields.kind);
  const scope = kind === "free_delivery" ? "store" : PROMOTION_SCOPES.find((s) => s === fields.scope);
  if (kind && !scope) errors.scope ??= say("scope");
  if (kind === "bundle" && scope === "store") errors.scope ??= say("scopeForKind");
  if (kind === "volume" && scope !== "products") errors.scope ??= say("volumeScope");
  const productIds = [...new Set(chosen.products)].filter((id) => owned.productIds.has(id));
  if (scope === "products" && kind !== "free_delivery" && productIds.length === 0) errors.products ??= say("products");
  const category = wholeNumber(fields.category, 0, PRODUCT_CATEGORIES.length - 1);
  if (scope === "category" && category === null) errors.category ??= say("category");
  const zoneIds = [...new Set(chosen.zones.map(Number))].filter((id) => owned.zoneIds.has(id));

  let percent: number | null = null;
  let amount: number | null = null;
  let buy: number | null = null;
  let pay: number | null = null;
  let minQuantity: number | null = null;
  if (kind === "discount" || kind === "volume") {
    const value = (fields.value ?? "").trim().replace(/\s*%$/, "");
    if (fields.valueKind === "amount") {
      const read = readPrice(value, currency, "either", t);
      if (read.ok && read.minor > 0) amount = read.minor;
      else errors.value ??= read.ok ? say("amount") : read.message;
    } else {
      percent = wholeNumber(value, 1, 100);
      if (percent === null) errors.value ??= say("percent");
    }
  }
  if (kind === "volume") {
    minQuantity = wholeNumber(fields.minQuantity, 2, 999);
    if (minQuantity === null) errors.minQuantity ??= say("minQuantity");
  }
  if (kind === "bundle") {
    buy = wholeNumber(fields.buy, 2, 99);
    if (buy === null) errors.buy ??= say("buy");
    pay = wholeNumber(fields.pay, 1, 98);
    if (pay === null || (buy !== null && pay >= buy)) errors.pay ??= say("pay");
  }
  if (kind === "free_delivery") {
    const read = readPrice((fields.minTotal ?? "").trim() || "-", currency);
    if (read.ok) amount = read.minor;
    else errors.minTotal ??= say("minTotal");
  }
  const startsOn = schema.shape.startsOn.catch(null).parse(fields.startsOn);
  const endsOn = schema.shape.endsOn.catch(null).parse(fields.endsOn);
  if (startsOn && endsOn && endsOn < startsOn) errors.endsOn ??= say("endsBeforeStart");
  if (!parsed.success || !kind || !scope || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      ...parsed.data,
      kind,
      scope,
      productIds: scope === "products" ? productIds : [],
      category: scope === "category" ? category : null,
      percent,
      amount,
      buy,
      pay,
      minQuantity,
      zoneIds: kind === "free_delivery" ? zoneIds : [],
    },
  };
}

/**
 * The form again after a refusal: what was typed (the chosen products and zones comma-joined), over `base` for anything
 * not sent (an unchecked box sends nothing).
 */
export function typedPromotionValues(typed: Record<string, string>, base: PromotionFormValues): PromotionFormValues {
  const list = (name: "products" | "zones") => (typed[name] === undefined ? base[name] : typed[name].split(",").filter(Boolean));
  const text = (name: keyof PromotionFormValues) => typed[name] ?? (base[name] as string);
  return {
    name: text("name"),
    kind: PROMOTION_KINDS.find((k) => k === typed.kind) ?? base.kind,
    scope: PROMOTION_SCOPES.find((s) => s === typed.scope) ?? base.scope,
    products: list("products"),
    category: text("category"),
    valueKind: PROMOTION_VALUE_KINDS.find((v) => v === typed.valueKind) ?? base.valueKind,
    value: text("value"),
    buy: text("buy"),
    pay: text("pay"),
    minQuantity: text("minQuantity"),
    minTotal: text("minTotal"),
    zones: list("zones"),
    startsOn: text("startsOn"),
    endsOn: text("endsOn"),
    enabled: typed.enabled ?? "",
  };
}

/** A saved promotion as the edit form shows it. */
export function promotionFormValues(p: Promotion, currency: string, country: string | null): PromotionFormValues {
  const amount = (minor: number | null) => (minor === null ? "" : amountInputText(minor, currency, country));
  return {
    name: p.name,
    kind: p.kind,
    scope: p.scope,
    products: [...p.productIds],
    category: p.category === null ? "" : String(p.category),
    valueKind: p.percent !== null || p.kind === "bundle" || p.kind === "free_delivery" ? "percent" : "amount",
    value: p.percent !== null ? String(p.percent) : p.kind === "discount" || p.kind === "volume" ? amount(p.amount) : "",
    buy: p.buy === null ? EMPTY_PROMOTION.buy : String(p.buy),
    pay: p.pay === null ? EMPTY_PROMOTION.pay : String(p.pay),
    minQuantity: p.minQuantity === null ? EMPTY_PROMOTION.minQuantity : String(p.minQuantity),
    minTotal: p.kind === "free_delivery" ? amount(p.amount) : "",
    zones: p.zoneIds.map(String),
    startsOn: p.startsOn ?? "",
    endsOn: p.endsOn ?? "",
    enabled: p.enabled ? "on" : "",
  };
}

/** How the list says what a promotion does and where. */
const LIST_TEXTS = defineMessages({
  percentOff: { id: "promotions.offer.percentOff", defaultMessage: "{percent} % de descuento" },
  amountOff: { id: "promotions.offer.amountOff", defaultMessage: "{amount} menos por unidad" },
  bundle: { id: "promotions.offer.bundle", defaultMessage: "Lleva {buy}, paga {pay} ({buy}x{pay})" },
  volumePercent: { id: "promotions.offer.volumePercent", defaultMessage: "{percent} % menos desde {quantity} unidades" },
  volumeAmount: { id: "promotions.offer.volumeAmount", defaultMessage: "{amount} c/u desde {quantity} unidades" },
  freeDeliveryFrom: { id: "promotions.offer.freeDeliveryFrom", defaultMessage: "Envío gratis desde {amount}" },
  freeDelivery: { id: "promotions.offer.freeDelivery", defaultMessage: "Envío gratis" },
  zones: { id: "promotions.reach.zones", defaultMessage: "Zonas: {zones}" },
  allZones: { id: "promotions.reach.allZones", defaultMessage: "Todas las zonas" },
  store: { id: "promotions.reach.store", defaultMessage: "Toda la tienda" },
  category: { id: "promotions.reach.category", defaultMessage: "Categoría {category}" },
  products: {
    id: "promotions.reach.products",
    defaultMessage: "{count, plural, one {{text} producto} other {{text} productos}}",
  },
});

/**
 * What a promotion does, as the list says it in `t`'s words: '2x1', '20 % de descuento', '$ 500 menos por unidad',
 * '10 % desde 6 unidades', 'Envío gratis desde $ 20.000'.
 */
export function promotionOfferText(p: Promotion, money: (minor: number) => string, t: Translate): string {
  const amount = money(p.amount ?? 0);
  const [percent, buy, pay, quantity] = [p.percent, p.buy, p.pay, p.minQuantity].map(String);
  switch (p.kind) {
    case "discount":
      return p.percent !== null ? t(LIST_TEXTS.percentOff, { percent }) : t(LIST_TEXTS.amountOff, { amount });
    case "bundle":
      return t(LIST_TEXTS.bundle, { buy, pay });
    case "volume":
      return p.percent !== null
        ? t(LIST_TEXTS.volumePercent, { percent, quantity })
        : t(LIST_TEXTS.volumeAmount, { amount, quantity });
    default:
      return (p.amount ?? 0) > 0 ? t(LIST_TEXTS.freeDeliveryFrom, { amount }) : t(LIST_TEXTS.freeDelivery);
  }
}

/** Where it applies: 'Toda la tienda', 'Categoría Golosinas', '3 productos', 'Zonas: Centro, Norte', 'Todas las zonas'. */
export function promotionReachText(
  p: Promotion,
  names: { category: (id: number) => string | undefined; zone: (id: number) => string | undefined },
  t: Translate,
): string {
  if (p.kind === "free_delivery") {
    const zones = p.zoneIds.map(names.zone).filter(Boolean);
    return zones.length ? t(LIST_TEXTS.zones, { zones: zones.join(", ") }) : t(LIST_TEXTS.allZones);
  }
  if (p.scope === "store") return t(LIST_TEXTS.store);
  if (p.scope === "category")
    return t(LIST_TEXTS.category, { category: (p.category !== null && names.category(p.category)) || "—" });
  return t(LIST_TEXTS.products, { count: p.productIds.length, text: String(p.productIds.length) });
}
