import { useState } from "react";
import { PRODUCT_VISIBILITIES, type ProductVisibility, VISIBILITY_LABELS } from "~/domain/catalog";
import { NO_CATEGORY, productCategoryChoices } from "~/domain/categories";
import { LIMIT_MESSAGES } from "~/domain/limits";
import { defineMessage, defineMessages } from "~/domain/messages";
import { combinationKey, MAX_OPTIONS, MAX_VARIANTS } from "~/domain/variants";
import { UploadForm } from "~/media/upload-form";
import { ErrorText, Field, RadioGroup, SelectField, TextAreaField } from "~/ui/form";
import { Rich, useT } from "~/ui/messages";
import { PhotoPicker } from "./photo-picker";
import { NO_VARIANT_VALUES, newVariantStock, type VariantFormValues, VariantsEditor } from "./variants-editor";

export interface ProductFormValues {
  name: string;
  price: string;
  compareAtPrice: string;
  stock: string;
  description: string;
  category: string;
  visibility: ProductVisibility;
  image: string | null;
  variants: VariantFormValues;
}

export const EMPTY_PRODUCT: ProductFormValues = {
  name: "",
  price: "",
  compareAtPrice: "",
  stock: "",
  description: "",
  category: String(NO_CATEGORY),
  visibility: "published",
  image: null,
  variants: NO_VARIANT_VALUES,
};

/**
 * The form as the merchant typed it, from the text fields a refused submit sends back (`base` gives what a
 * submit cannot: the saved image and the photos a variant may show). A page the server renders again shows
 * the combinations' cards with what was typed in them.
 */
export function typedProductValues(fields: Record<string, string>, base: ProductFormValues): ProductFormValues {
  const text = (name: string) => fields[name] ?? "";
  const options = Array.from({ length: MAX_OPTIONS }, (_, i) => ({
    name: text(`option${i}.name`),
    values: text(`option${i}.values`),
  })).filter((o) => o.name || o.values);
  // Keyed by what the merchant typed ('__proto__' too): built as own keys, never assigned.
  const rows: ProductFormValues["variants"]["rows"] = Object.fromEntries(
    Array.from({ length: MAX_VARIANTS }, (_, i) => {
      const values = parseCombination(fields[`v${i}.values`]);
      if (!values) return [];
      const row = {
        stock: text(`v${i}.stock`),
        price: text(`v${i}.price`),
        sku: text(`v${i}.sku`),
        enabled: fields[`v${i}.enabled`] === "on",
        photoId: text(`v${i}.photo`),
      };
      return [[combinationKey(values), row] as const];
    }).flat(),
  );
  return {
    ...base,
    name: text("name"),
    price: text("price"),
    compareAtPrice: text("compareAtPrice"),
    stock: text("stock"),
    description: text("description"),
    category: text("category") || base.category,
    visibility: fields.visibility === "hidden" ? "hidden" : "published",
    variants: { ...base.variants, options, rows },
  };
}

function parseCombination(raw: string | undefined): string[] | null {
  if (!raw || raw.length > 400) return null;
  try {
    const values: unknown = JSON.parse(raw);
    return Array.isArray(values) && values.every((v) => typeof v === "string") ? values : null;
  } catch {
    return null;
  }
}

const VISIBILITY_HINTS = defineMessages<ProductVisibility>({
  published: { id: "products.form.visibility.published", defaultMessage: "Se ve en tu tienda y se puede comprar." },
  hidden: { id: "products.form.visibility.hidden", defaultMessage: "Solo tú lo ves aquí; no aparece en tu tienda." },
});

/**
 * Create and edit share this form, in the order a product sells: on create its photos first (the first is the
 * cover; the edit page manages its gallery above the form), then name, price, stock and options, then the rest.
 */
export function ProductForm(props: {
  intent: "create" | "save";
  values: ProductFormValues;
  currency: string;
  errors: Record<string, string | undefined>;
  submitLabel: string;
  /** On create: how many photos the plan allows per product (the first chosen is the cover). */
  photosPerProduct?: number;
}) {
  const { values, errors } = props;
  const [problem, setProblem] = useState<string | null>(null);
  const [hasOptions, setHasOptions] = useState(values.variants.options.length > 0);
  // The product's stock as typed: a combination added next starts with it (the field goes once options are typed).
  const [stock, setStock] = useState(values.stock);
  const t = useT();
  const visibilityOptions = PRODUCT_VISIBILITIES.map((value) => ({
    value,
    label: VISIBILITY_LABELS[value],
    hint: t(VISIBILITY_HINTS[value]),
  }));
  return (
    <UploadForm
      className="form two-columns"
      busyText={t({ id: "products.form.saving", defaultMessage: "Guardando producto…" })}
      onProblem={setProblem}
    >
      <input type="hidden" name="intent" value={props.intent} />
      {props.intent === "create" && (
        <PhotoPicker
          max={props.photosPerProduct}
          tooManyMessage={props.photosPerProduct ? LIMIT_MESSAGES.photos(props.photosPerProduct) : undefined}
          hint={t(
            {
              id: "products.form.photosHint",
              defaultMessage: "Una o varias{max, select, none {} other { (hasta {max})}}: la primera es la portada.",
            },
            { max: props.photosPerProduct ? String(props.photosPerProduct) : "none" },
          )}
          error={problem ?? errors.image}
        />
      )}
      <Field
        label={t({ id: "products.form.name", defaultMessage: "Nombre" })}
        name="name"
        defaultValue={values.name}
        error={errors.name}
        maxLength={120}
        required
      />
      <Field
        label={t({ id: "products.form.price", defaultMessage: "Precio ({currency})" }, { currency: props.currency })}
        name="price"
        inputMode="decimal"
        defaultValue={values.price}
        error={errors.price}
        placeholder={t({ id: "products.form.pricePlaceholder", defaultMessage: "12.500 o 12,50" })}
        required
      />
      {hasOptions ? (
        <div className="field">
          <p className="field-hint">
            <Rich
              message={defineMessage({
                id: "products.form.variantStock",
                defaultMessage: "<b>Stock:</b> cada variante tiene el suyo; ponlo abajo, en Opciones y variantes.",
              })}
              values={{ b: (chunks) => <strong>{chunks}</strong> }}
            />
          </p>
        </div>
      ) : (
        <Field
          label={t({ id: "products.form.stock", defaultMessage: "Stock" })}
          name="stock"
          inputMode="numeric"
          defaultValue={stock}
          error={errors.stock}
          required
          onValue={setStock}
        />
      )}
      <VariantsEditor
        values={values.variants}
        currency={props.currency}
        errors={errors}
        onHasOptions={setHasOptions}
        newStock={newVariantStock(values.variants, stock)}
      />
      <Field
        label={t(
          { id: "products.form.compareAtPrice", defaultMessage: "Precio anterior ({currency})" },
          { currency: props.currency },
        )}
        name="compareAtPrice"
        inputMode="decimal"
        defaultValue={values.compareAtPrice}
        error={errors.compareAtPrice}
        hint={t({
          id: "products.form.compareAtHint",
          defaultMessage: "Opcional. Si es mayor que el precio, tu tienda lo muestra tachado con el descuento.",
        })}
      />
      <SelectField
        label={t({ id: "products.form.category", defaultMessage: "Categoría" })}
        name="category"
        defaultValue={values.category}
        error={errors.category}
        options={productCategoryChoices()}
      />
      <RadioGroup
        legend={t({ id: "products.form.visibility", defaultMessage: "Visibilidad" })}
        name="visibility"
        defaultValue={values.visibility}
        options={visibilityOptions}
        error={errors.visibility}
      />
      <div className="span-all">
        <TextAreaField
          label={t({ id: "products.form.description", defaultMessage: "Descripción" })}
          name="description"
          defaultValue={values.description}
          error={errors.description}
          maxLength={2000}
        />
      </div>
      {props.intent === "save" && problem && <ErrorText message={problem} className="span-all" />}
      <ErrorText message={errors.form ?? (props.intent === "save" ? errors.image : undefined)} className="span-all" />
      <div className="span-all">
        <button type="submit" className="button">
          {props.submitLabel}
        </button>
      </div>
    </UploadForm>
  );
}
