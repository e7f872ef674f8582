/**
 * The 'Opciones y variantes' part of the product form, read on the server. The options come as
 * `option{i}.name` and `option{i}.values` ('S, M, L'); each combination's row as `v{i}.values` (its
 * values, JSON), `v{i}.stock`, `v{i}.price`, `v{i}.sku`, `v{i}.photo` and `v{i}.enabled`. The
 * combinations are always recomputed from the options: a row for a combination the options do not
 * make is ignored, and a combination without a row (its card was never on the page: the form posted
 * before its script ran) refuses the form, which comes back with the cards to fill in.
 */
import type { Translate } from "~/domain/messages";
import type { NumberStyle } from "~/domain/money";
import { PRODUCT_FIELD_MESSAGES, readPrice, STOCK_PATTERN } from "~/domain/product-fields";
import {
  combinationKey,
  combinations,
  MAX_OPTIONS,
  MAX_VARIANTS,
  optionProblems,
  type ProductOption,
  SKU_MAX,
  splitValues,
  VARIANT_MESSAGES,
} from "~/domain/variants";
import type { VariantDraft } from "./variants.server";

export type VariantFormReading =
  | { ok: true; options: ProductOption[]; drafts: VariantDraft[] }
  | { ok: false; errors: Record<string, string> };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/** The options the merchant filled in (rows with neither a name nor values are left out). */
function readOptions(form: FormData): { options: ProductOption[]; fields: number[] } {
  const options: ProductOption[] = [];
  const fields: number[] = [];
  for (let i = 0; i < MAX_OPTIONS; i++) {
    const name = text(form, `option${i}.name`).replace(/\s+/g, " ");
    const values = splitValues(text(form, `option${i}.values`));
    if (!name && values.length === 0) continue;
    options.push({ name, values });
    fields.push(i);
  }
  return { options, fields };
}

/** The posted rows by their combination's key (at most MAX_VARIANTS are looked at). */
function postedRows(form: FormData): Map<string, number> {
  const rows = new Map<string, number>();
  for (let i = 0; i < MAX_VARIANTS; i++) {
    const raw = form.get(`v${i}.values`);
    if (typeof raw !== "string" || raw.length > 400) continue;
    try {
      const values: unknown = JSON.parse(raw);
      if (Array.isArray(values) && values.every((v) => typeof v === "string")) rows.set(combinationKey(values), i);
    } catch {
      // A malformed row is no row: its combination starts with stock 0.
    }
  }
  return rows;
}

/**
 * Reads the options and the variants' rows, with the store currency and its country's way of writing numbers for prices and the product's
 * photo ids (a photo of another product is refused). Errors are keyed by the form field.
 */
export function readVariantForm(
  form: FormData,
  currency: string,
  photoIds: readonly number[],
  style: NumberStyle,
  t: Translate,
): VariantFormReading {
  const { options, fields } = readOptions(form);
  const errors: Record<string, string> = {};
  for (const problem of optionProblems(options, t)) {
    const field = `option${fields[problem.option] ?? problem.option}.${problem.field}`;
    errors[field] ??= problem.message;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (options.length === 0) return { ok: true, options, drafts: [] };

  const rows = postedRows(form);
  const drafts: VariantDraft[] = [];
  const skus = new Set<string>();
  combinations(options).forEach((values) => {
    const row = rows.get(combinationKey(values));
    if (row === undefined) {
      // Its card was never shown (the form posted before its script ran, or without one): its stock was
      // never asked for, so nothing is saved until it is.
      errors.variants = t(VARIANT_MESSAGES.stockPerCombination);
      return;
    }
    const field = (name: string) => `v${row}.${name}`;
    const stockText = text(form, field("stock")) || "0";
    if (!STOCK_PATTERN.test(stockText)) errors[field("stock")] = t(PRODUCT_FIELD_MESSAGES.stock);
    const priceText = text(form, field("price"));
    let price: number | null = null;
    if (priceText) {
      const reading = readPrice(priceText, currency, style, t);
      if (reading.ok) price = reading.minor;
      else errors[field("price")] = reading.message;
    }
    const sku = text(form, field("sku")) || null;
    if (sku && sku.length > SKU_MAX) errors[field("sku")] = t(VARIANT_MESSAGES.tooLong, { max: SKU_MAX });
    else if (sku && skus.has(sku.toLowerCase())) errors[field("sku")] = t(VARIANT_MESSAGES.skuRepeated, { sku });
    if (sku) skus.add(sku.toLowerCase());
    const photoText = text(form, field("photo"));
    const photoId = photoText ? Number(photoText) : null;
    if (photoId !== null && !photoIds.includes(photoId)) errors[field("photo")] = t(VARIANT_MESSAGES.photo);
    drafts.push({ values, price, sku, stock: Number(stockText), enabled: form.get(field("enabled")) === "on", photoId });
  });
  if (drafts.every((d) => !d.enabled)) errors.variants ??= t(VARIANT_MESSAGES.noneEnabled);
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, options, drafts };
}
