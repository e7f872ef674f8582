import { useState } from "react";
import { defineMessages } from "~/domain/messages";
import { STOCK_PATTERN } from "~/domain/product-fields";
import {
  combinationKey,
  combinations,
  MAX_OPTIONS,
  MAX_VARIANTS,
  OPTION_NAME_MAX,
  type ProductOption,
  SKU_MAX,
  splitValues,
} from "~/domain/variants";
import { ErrorText, Field, SelectField } from "~/ui/form";
import { useT } from "~/ui/messages";

/** A saved combination's fields as the form shows them (prices in the store currency, as typed). */
interface VariantFormRow {
  stock: string;
  price: string;
  sku: string;
  enabled: boolean;
  photoId: string;
}

export interface VariantFormValues {
  /** Each option's name and its values as one comma-separated text. */
  options: Array<{ name: string; values: string }>;
  /** Saved combinations by `combinationKey`. */
  rows: Record<string, VariantFormRow>;
  /** The product's photos a variant may show (none before the product exists). */
  photos: Array<{ id: number; label: string }>;
}

export const NO_VARIANT_VALUES: VariantFormValues = { options: [], rows: {}, photos: [] };

const EMPTY_ROW: VariantFormRow = { stock: "0", price: "", sku: "", enabled: true, photoId: "" };

/**
 * The stock a combination the product did not have starts with: the product's own stock as the form has it, when
 * the product has no combinations yet (the merchant adds options to what they already counted), else 0 (a product
 * with combinations counts their sum, which a new one must not copy).
 */
export function newVariantStock(values: VariantFormValues, productStock: string): string {
  if (Object.keys(values.rows).length > 0) return "0";
  const stock = productStock.trim();
  return STOCK_PATTERN.test(stock) ? String(Number(stock)) : "0";
}

/** The option slots filled in so far: a name and at least one value each. */
function typedOptions(slots: Array<{ name: string; values: string }>): ProductOption[] {
  return slots
    .map((o) => ({ name: o.name.trim(), values: splitValues(o.values) }))
    .filter((o) => o.name !== "" && o.values.length > 0);
}

/**
 * 'Opciones y variantes': up to three options, each a name and its comma-separated values, and below
 * them one card per combination with its stock, own price, SKU, photo and 'Activa'. The cards follow
 * the options as they are typed; the server recomputes them from the options anyway (app/products/variant-form.ts).
 */
/** The option slots' examples, as placeholders (the third slot's for any further). */
const EXAMPLES = defineMessages({
  size: { id: "products.variants.example.size", defaultMessage: "Talla" },
  color: { id: "products.variants.example.color", defaultMessage: "Color" },
  material: { id: "products.variants.example.material", defaultMessage: "Material" },
  sizes: { id: "products.variants.example.sizes", defaultMessage: "S, M, L" },
  colors: { id: "products.variants.example.colors", defaultMessage: "Rojo, Azul" },
  materials: { id: "products.variants.example.materials", defaultMessage: "Algodón, Lino" },
});
const OPTION_EXAMPLES = [EXAMPLES.size, EXAMPLES.color, EXAMPLES.material];
const VALUE_EXAMPLES = [EXAMPLES.sizes, EXAMPLES.colors, EXAMPLES.materials];

export function VariantsEditor(props: {
  values: VariantFormValues;
  currency: string;
  errors: Record<string, string | undefined>;
  onHasOptions: (has: boolean) => void;
  /** A new combination's stock (newVariantStock). */
  newStock: string;
}) {
  const { values, errors } = props;
  // The three option slots are always there, so the form also works before (or without) JavaScript.
  const [options, setOptions] = useState(() =>
    Array.from({ length: MAX_OPTIONS }, (_, i) => values.options[i] ?? { name: "", values: "" }),
  );
  const typed = typedOptions(options);
  const combos = combinations(typed).slice(0, MAX_VARIANTS);
  const t = useT();
  const photoChoices = [
    { value: "", label: t({ id: "products.variants.productPhoto", defaultMessage: "La del producto" }) },
    ...values.photos.map((p) => ({ value: String(p.id), label: p.label })),
  ];

  const change = (index: number, field: "name" | "values", value: string) => {
    const next = options.map((o, i) => (i === index ? { ...o, [field]: value } : o));
    setOptions(next);
    props.onHasOptions(typedOptions(next).length > 0);
  };

  return (
    <fieldset className="span-all variants">
      <legend>{t({ id: "products.variants.legend", defaultMessage: "Opciones y variantes" })}</legend>
      <p className="field-hint">
        {t({
          id: "products.variants.hint",
          defaultMessage:
            "Opcional. Por ejemplo Talla con los valores S, M, L y Color con Rojo, Azul: cada combinación tiene su propio stock y, si quieres, su propio precio, SKU y foto.",
        })}
      </p>
      <div className="option-rows">
        {options.map((option, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the option slots 1 to 3, in order
          <div className="option-row" key={i}>
            <div className="field">
              <label htmlFor={`f-option${i}-name`}>
                {t({ id: "products.variants.option", defaultMessage: "Opción {number}" }, { number: String(i + 1) })}
              </label>
              <input
                id={`f-option${i}-name`}
                name={`option${i}.name`}
                value={option.name}
                maxLength={OPTION_NAME_MAX}
                placeholder={t(OPTION_EXAMPLES[i] ?? EXAMPLES.material)}
                onChange={(e) => change(i, "name", e.target.value)}
                aria-invalid={errors[`option${i}.name`] ? true : undefined}
              />
              <ErrorText message={errors[`option${i}.name`]} />
            </div>
            <div className="field">
              <label htmlFor={`f-option${i}-values`}>
                {t(
                  { id: "products.variants.values", defaultMessage: "Valores de la opción {number}" },
                  { number: String(i + 1) },
                )}
              </label>
              <input
                id={`f-option${i}-values`}
                name={`option${i}.values`}
                value={option.values}
                placeholder={t(VALUE_EXAMPLES[i] ?? EXAMPLES.materials)}
                onChange={(e) => change(i, "values", e.target.value)}
                aria-invalid={errors[`option${i}.values`] ? true : undefined}
              />
              <ErrorText message={errors[`option${i}.values`]} />
            </div>
          </div>
        ))}
      </div>
      <ErrorText message={errors.variants} />
      {combos.length > 0 && (
        <ul className="variant-cards" aria-label={t({ id: "products.variants.label", defaultMessage: "Variantes" })}>
          {combos.map((combo, i) => {
            const key = combinationKey(combo);
            const row = (Object.hasOwn(values.rows, key) && values.rows[key]) || { ...EMPTY_ROW, stock: props.newStock };
            const label = combo.join(" / ");
            const field = (name: string) => `v${i}.${name}`;
            return (
              <li key={key} className="variant-card" aria-label={label}>
                <input type="hidden" name={field("values")} value={JSON.stringify(combo)} />
                <div className="variant-head">
                  <strong>{label}</strong>
                  <label className="check">
                    <input
                      type="checkbox"
                      name={field("enabled")}
                      defaultChecked={row.enabled}
                      aria-label={t(
                        { id: "products.variants.enabledOf", defaultMessage: "Activa: {variant}" },
                        { variant: label },
                      )}
                    />
                    {t({ id: "products.variants.enabled", defaultMessage: "Activa" })}
                  </label>
                </div>
                <div className="variant-fields">
                  <Field
                    label={t({ id: "products.variants.stock", defaultMessage: "Stock" })}
                    ariaLabel={t({ id: "products.variants.stockOf", defaultMessage: "Stock de {variant}" }, { variant: label })}
                    name={field("stock")}
                    defaultValue={row.stock}
                    inputMode="numeric"
                    error={errors[field("stock")]}
                  />
                  <Field
                    label={t(
                      { id: "products.variants.price", defaultMessage: "Precio ({currency})" },
                      { currency: props.currency },
                    )}
                    ariaLabel={t({ id: "products.variants.priceOf", defaultMessage: "Precio de {variant}" }, { variant: label })}
                    name={field("price")}
                    defaultValue={row.price}
                    inputMode="decimal"
                    placeholder={t({ id: "products.variants.productPrice", defaultMessage: "El del producto" })}
                    error={errors[field("price")]}
                  />
                  <Field
                    label={t({ id: "products.variants.sku", defaultMessage: "SKU" })}
                    ariaLabel={t({ id: "products.variants.skuOf", defaultMessage: "SKU de {variant}" }, { variant: label })}
                    name={field("sku")}
                    defaultValue={row.sku}
                    maxLength={SKU_MAX}
                    error={errors[field("sku")]}
                  />
                  {photoChoices.length > 1 && (
                    <SelectField
                      label={t({ id: "products.variants.photo", defaultMessage: "Foto" })}
                      ariaLabel={t({ id: "products.variants.photoOf", defaultMessage: "Foto de {variant}" }, { variant: label })}
                      name={field("photo")}
                      defaultValue={row.photoId}
                      options={photoChoices}
                      error={errors[field("photo")]}
                    />
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
