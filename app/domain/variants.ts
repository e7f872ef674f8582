/**
 * A product's options ('Talla', 'Color'…) and variants: each combination of one value per option is a
 * variant with its own stock, optional own price, SKU and photo. A product without options is sold as
 * one thing and has no variants (docs/decisions/0023-product-variants.md).
 */
import { defineMessages, type Translate } from "./messages";

export const MAX_OPTIONS = 3;
const MAX_OPTION_VALUES = 20;
export const MAX_VARIANTS = 100;
export const OPTION_NAME_MAX = 30;
export const OPTION_VALUE_MAX = 30;
export const SKU_MAX = 40;

/** One option of a product and its values, in the merchant's order. */
export interface ProductOption {
  name: string;
  values: string[];
}

export const VARIANT_MESSAGES = defineMessages({
  optionName: { id: "variants.refusal.optionName", defaultMessage: "Escribe el nombre de la opción, por ejemplo Talla" },
  optionValues: {
    id: "variants.refusal.optionValues",
    defaultMessage: "Escribe al menos un valor, separados por comas: S, M, L",
  },
  optionNameRepeated: { id: "variants.refusal.optionNameRepeated", defaultMessage: "Esta opción ya está en el producto" },
  valueRepeated: { id: "variants.refusal.valueRepeated", defaultMessage: "El valor “{value}” está repetido" },
  tooManyOptions: { id: "variants.refusal.tooManyOptions", defaultMessage: "Un producto tiene como máximo {max} opciones" },
  tooManyValues: { id: "variants.refusal.tooManyValues", defaultMessage: "Una opción tiene como máximo {max} valores" },
  tooLong: { id: "variants.refusal.tooLong", defaultMessage: "Escribe como máximo {max} caracteres" },
  tooManyVariants: {
    id: "variants.refusal.tooManyVariants",
    defaultMessage: "Las opciones forman {count} combinaciones: el máximo es {max}. Quita algunos valores.",
  },
  noneEnabled: { id: "variants.refusal.noneEnabled", defaultMessage: "Activa al menos una combinación" },
  stockPerCombination: {
    id: "variants.refusal.stockPerCombination",
    defaultMessage: "Escribe el stock de cada combinación (abajo) y vuelve a guardar",
  },
  skuRepeated: { id: "variants.refusal.skuRepeated", defaultMessage: "El SKU “{sku}” ya está en uso en esta tienda" },
  photo: { id: "variants.refusal.photo", defaultMessage: "Elige una foto de este producto" },
  /** The database's unique index refused a SKU (the form's and the import's write). */
  skuTaken: {
    id: "variants.refusal.skuTaken",
    defaultMessage: "Uno de los SKU ya está en uso en otro producto de esta tienda",
  },
});

/** What a shopper reads when the combination they chose cannot go in the cart. */
export const VARIANT_CHOICE_MESSAGES = defineMessages({
  chooseVariant: { id: "variants.choice.choose", defaultMessage: "Elige una opción disponible" },
  variantSoldOut: { id: "variants.choice.soldOut", defaultMessage: "Esta combinación está agotada" },
  variantUnavailable: { id: "variants.choice.unavailable", defaultMessage: "Esta combinación no está disponible" },
});

/** Values are compared without case or accents, so 'Azul' and 'azul ' are one value. */
export function sameValue(a: string, b: string): boolean {
  return normalized(a) === normalized(b);
}

function normalized(text: string): string {
  return text
    .trim()
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/** The values of an option as the merchant typed them, comma-separated: trimmed, empties dropped. */
export function splitValues(text: string): string[] {
  return text
    .split(",")
    .map((v) => v.trim().replace(/\s+/g, " "))
    .filter((v) => v !== "");
}

export type OptionProblem = { option: number; field: "name" | "values"; message: string };

/** The problems of a set of options (empty when they are valid), each with the option it belongs to. */
export function optionProblems(options: ProductOption[], t: Translate): OptionProblem[] {
  const problems: OptionProblem[] = [];
  if (options.length > MAX_OPTIONS)
    problems.push({ option: MAX_OPTIONS, field: "name", message: t(VARIANT_MESSAGES.tooManyOptions, { max: MAX_OPTIONS }) });
  options.forEach((option, i) => {
    const name = option.name.trim();
    if (!name) problems.push({ option: i, field: "name", message: t(VARIANT_MESSAGES.optionName) });
    else if (name.length > OPTION_NAME_MAX)
      problems.push({ option: i, field: "name", message: t(VARIANT_MESSAGES.tooLong, { max: OPTION_NAME_MAX }) });
    else if (options.slice(0, i).some((o) => sameValue(o.name, name)))
      problems.push({ option: i, field: "name", message: t(VARIANT_MESSAGES.optionNameRepeated) });
    const values = option.values;
    if (values.length === 0) problems.push({ option: i, field: "values", message: t(VARIANT_MESSAGES.optionValues) });
    else if (values.length > MAX_OPTION_VALUES)
      problems.push({ option: i, field: "values", message: t(VARIANT_MESSAGES.tooManyValues, { max: MAX_OPTION_VALUES }) });
    else {
      const long = values.find((v) => v.length > OPTION_VALUE_MAX);
      const repeated = values.find((v, j) => values.slice(0, j).some((w) => sameValue(v, w)));
      if (long) problems.push({ option: i, field: "values", message: t(VARIANT_MESSAGES.tooLong, { max: OPTION_VALUE_MAX }) });
      else if (repeated)
        problems.push({ option: i, field: "values", message: t(VARIANT_MESSAGES.valueRepeated, { value: repeated }) });
    }
  });
  const count = combinationCount(options);
  if (problems.length === 0 && count > MAX_VARIANTS)
    problems.push({
      option: options.length - 1,
      field: "values",
      message: t(VARIANT_MESSAGES.tooManyVariants, { count, max: MAX_VARIANTS }),
    });
  return problems;
}

function combinationCount(options: ProductOption[]): number {
  return options.length === 0 ? 0 : options.reduce((n, o) => n * o.values.length, 1);
}

/** Every combination of one value per option, the first option varying slowest ('S/Rojo', 'S/Azul', 'M/Rojo'…). */
export function combinations(options: ProductOption[]): string[][] {
  if (options.length === 0) return [];
  return options.reduce<string[][]>((acc, option) => acc.flatMap((prefix) => option.values.map((v) => [...prefix, v])), [[]]);
}

/** The key of a combination among a product's variants: its values, compared as `sameValue` does. */
export function combinationKey(values: readonly string[]): string {
  return values.map(normalized).join("\u001f");
}

/** How a variant is named to people: 'Talla M, Color Azul'. */
export function variantLabel(options: ProductOption[], values: readonly string[]): string {
  return options.map((o, i) => `${o.name} ${values[i] ?? ""}`.trim()).join(", ");
}

/** A sale line's or cart line's name: the product's, then its variant's ('Camiseta — Talla M, Color Azul'). */
export function lineName(productName: string, variant: string | null | undefined): string {
  return variant ? `${productName} — ${variant}` : productName;
}

/** The three stored option columns of a combination ('' past the product's last option). */
export function optionColumns(values: readonly string[]): { option1: string; option2: string; option3: string } {
  return { option1: values[0] ?? "", option2: values[1] ?? "", option3: values[2] ?? "" };
}

/** A combination's values back from the stored columns, as many as the product has options. */
export function valuesOf(variant: { option1: string; option2: string; option3: string }, optionCount: number): string[] {
  return [variant.option1, variant.option2, variant.option3].slice(0, optionCount);
}

export interface SellableVariant {
  id: number;
  option1: string;
  option2: string;
  option3: string;
  /** null = the product's price. */
  price: number | null;
  stock: number;
  enabled: boolean;
}

/** What a shopper pays for a variant: its own price, else the product's. */
export function variantPrice(productPrice: number, variant: { price: number | null }): number {
  return variant.price ?? productPrice;
}

/** A variant a shopper can put in the cart: enabled and in stock. */
function isAvailable(variant: { enabled: boolean; stock: number }): boolean {
  return variant.enabled && variant.stock > 0;
}

/**
 * The variant a product page shows: the one asked for when it is enabled, else the first available
 * one in the merchant's order, else the first enabled one (all sold out), else none.
 */
export function chosenVariant<V extends SellableVariant>(variants: readonly V[], askedId: number | null): V | null {
  const asked = askedId === null ? undefined : variants.find((v) => v.id === askedId && v.enabled);
  return asked ?? variants.find(isAvailable) ?? variants.find((v) => v.enabled) ?? null;
}

export interface OptionChoice {
  value: string;
  selected: boolean;
  /** The variant a shopper gets by choosing this value: the closest enabled one; null when none has it. */
  variantId: number | null;
  /** False when that variant cannot be bought (sold out, or no enabled combination with this value). */
  available: boolean;
}

/**
 * The choices a product page offers for each option, given the shown variant: choosing a value keeps
 * the other options' values when that combination is enabled, else goes to the first enabled variant
 * with the value (preferring one in stock). Works as plain links, so it needs no JavaScript.
 */
export function optionChoices<V extends SellableVariant>(
  options: ProductOption[],
  variants: readonly V[],
  shown: V | null,
): Array<{ name: string; choices: OptionChoice[] }> {
  const shownValues = shown ? valuesOf(shown, options.length) : [];
  const enabled = variants.filter((v) => v.enabled);
  return options.map((option, i) => ({
    name: option.name,
    choices: option.values.map((value) => {
      const withValue = enabled.filter((v) => sameValue(valuesOf(v, options.length)[i] ?? "", value));
      const wanted = shownValues.map((s, j) => (j === i ? value : s));
      const exact = withValue.find((v) => combinationKey(valuesOf(v, options.length)) === combinationKey(wanted));
      const target = exact ?? withValue.find(isAvailable) ?? withValue[0] ?? null;
      return {
        value,
        selected: shownValues[i] !== undefined && sameValue(shownValues[i] ?? "", value),
        variantId: target?.id ?? null,
        available: target !== null && isAvailable(target),
      };
    }),
  }));
}
