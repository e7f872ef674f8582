import { z } from "zod";
import { PRODUCT_VISIBILITIES } from "~/domain/catalog";
import { NO_CATEGORY, PRODUCT_CATEGORIES } from "~/domain/categories";
import { numberStyleOf, storeCountry } from "~/domain/countries";
import { ID_DIGITS, isId, randomDigits } from "~/domain/ids";
import { type PlanLimits, photoUploadProblem } from "~/domain/limits";
import { translatorFor } from "~/domain/message-catalogs";
import { defineMessages, type MessageDescriptor, type Translate } from "~/domain/messages";
import type { NumberStyle } from "~/domain/money";
import {
  compareAtProblem,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_FIELD_MESSAGES,
  PRODUCT_NAME_MAX,
  readAmount,
  STOCK_PATTERN,
} from "~/domain/product-fields";
import { valuesOf } from "~/domain/variants";
import { failure, fieldErrors, parseForm, textFields } from "~/http/action-result";
import { notFound } from "~/http/responses";
import { IMAGE_HEIGHTS } from "~/media/image-rules";
import { filesOf, type PreparedFile, prepareImage, putAll } from "~/media/uploads.server";
import type { Services } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { notice } from "~/ui/notice";
import { refusal } from "~/workspace/action-results.server";
import type { Actor } from "~/workspace/activity.server";
import type { Store } from "~/workspace/context.server";
import { addPhotos, unusedProductFiles } from "./photos.server";
import { type ProductImage, productFilesPrefix } from "./product-files.server";
import { createProduct, deleteProduct, findProduct, PRODUCT_MESSAGES, type Product, updateProduct } from "./products.server";
import { readVariantForm } from "./variant-form";
import { type listVariants, productForEditing } from "./variants.server";

type VariantRow = Awaited<ReturnType<typeof listVariants>>[number];

const PRODUCT_FORM_MESSAGES = defineMessages({
  category: { id: "products.refusal.category", defaultMessage: "Elige una categoría" },
  visibility: { id: "products.refusal.visibility", defaultMessage: "Elige Publicado u Oculto" },
  createdTitle: { id: "products.notice.created", defaultMessage: "Producto creado" },
  createdInStore: { id: "products.notice.createdInStore", defaultMessage: "{name} ya está en tu tienda." },
  createdWithoutPhotosTitle: {
    id: "products.notice.createdWithoutPhotos",
    defaultMessage: "Producto creado sin todas sus fotos",
  },
  createdWithoutPhotos: {
    id: "products.notice.createdWithoutPhotosText",
    defaultMessage: "No pudimos guardar algunas fotos: súbelas de nuevo aquí.",
  },
  savedTitle: { id: "products.notice.saved", defaultMessage: "Producto guardado" },
  savedInStore: { id: "products.notice.savedInStore", defaultMessage: "Los cambios de {name} ya se ven en tu tienda." },
  savedHidden: {
    id: "products.notice.savedHidden",
    defaultMessage: "Guardado como oculto: {name} no aparece en tu tienda hasta que lo publiques.",
  },
  deletedTitle: { id: "products.notice.deleted", defaultMessage: "Producto eliminado" },
  deleted: { id: "products.notice.deletedText", defaultMessage: "{name} se eliminó de tu tienda y de sus secciones." },
});

/**
 * The product form, with the prices read in the store currency. 'Precio anterior' is optional (empty:
 * no offer) and, when given, must be above the price. 'Visibilidad' is 'Publicado' unless the merchant
 * chose 'Oculto'. Amounts are read as the store's country writes numbers (`style`, domain/countries.ts).
 */
export function productSchema(currency: string, style: NumberStyle = "either", t: Translate = translatorFor("es")) {
  const chooseCategory = t(PRODUCT_FORM_MESSAGES.category);
  return z
    .object({
      name: z.string().trim().min(1).max(PRODUCT_NAME_MAX),
      price: z
        .string()
        .trim()
        .min(1)
        .transform((value, ctx) => readAmount(value, currency, ctx, undefined, style, t)),
      compareAtPrice: z
        .string()
        .trim()
        .default("")
        .transform((value, ctx) => (value === "" ? null : readAmount(value, currency, ctx, undefined, style, t))),
      stock: z.string().trim().min(1).regex(STOCK_PATTERN, t(PRODUCT_FIELD_MESSAGES.stock)).transform(Number),
      description: z.string().trim().max(PRODUCT_DESCRIPTION_MAX).default(""),
      category: z.coerce
        .number()
        .int()
        .min(NO_CATEGORY, chooseCategory)
        .max(PRODUCT_CATEGORIES.length - 1, chooseCategory),
      visibility: z.enum(PRODUCT_VISIBILITIES, t(PRODUCT_FORM_MESSAGES.visibility)).default("published"),
    })
    .superRefine((v, ctx) => {
      // Compared only when both amounts were read (a refused one already has its message).
      const offer =
        typeof v.price === "number" && typeof v.compareAtPrice === "number" ? compareAtProblem(v.price, v.compareAtPrice) : null;
      if (offer) ctx.addIssue({ code: "custom", path: ["compareAtPrice"], message: offer });
    })
    .transform(({ visibility, ...input }) => ({ ...input, published: visibility === "published" }));
}

/** Where a saved product is now: a hidden one ('Oculto') is not in the store, whatever the merchant just did. */
const whereNow = (t: Translate, { name, published }: { name: string; published: boolean }, inStore: MessageDescriptor) =>
  t(published ? inStore : PRODUCT_FORM_MESSAGES.savedHidden, { name });

/**
 * The product fields and its options and variants, read together so every refusal comes at once.
 * A product with options has no stock of its own (its variants' sum), so its 'Stock' field may be empty.
 */
function readProductForm(form: FormData, store: Store, photoIds: readonly number[], t: Translate) {
  const style = numberStyleOf(storeCountry(store));
  const variants = readVariantForm(form, store.currency, photoIds, style, t);
  const fields = textFields(form);
  if (variants.ok && variants.options.length > 0) fields.stock = "0";
  const product = parseForm(productSchema(store.currency, style, t), fields, t);
  if (product.success && variants.ok)
    return { ok: true as const, input: product.data, variants: { options: variants.options, drafts: variants.drafts } };
  return {
    ok: false as const,
    errors: { ...(variants.ok ? {} : variants.errors), ...(product.success ? {} : fieldErrors(product.error)) },
  };
}

async function prepareProductImage(file: File, storeId: string, productId: string): Promise<PreparedFile> {
  return prepareImage(file, productFilesPrefix(storeId, productId), IMAGE_HEIGHTS.product);
}

const imageOf = (prepared: PreparedFile, file: File): ProductImage => ({
  key: prepared.key,
  width: prepared.width ?? 0,
  height: prepared.height ?? 0,
  filename: file.name.slice(0, 200),
});

/**
 * /Store/{id}/products/new: validates, stores the resized photos (the first is the cover, the rest its gallery, up to
 * the plan's photos per product), creates the product under the plan limit, then adds the gallery.
 */
export async function handleCreateProduct(
  services: Services,
  actor: Actor,
  limits: PlanLimits,
  store: Store,
  form: FormData,
  t: Translate,
) {
  const { db, files, config, clock, log } = services;
  const parsed = readProductForm(form, store, [], t);
  const chosen = filesOf(form, "image");
  // What was typed comes back with a refusal, so a page shown again by the server (no script yet) keeps it.
  if (!parsed.ok) return failure(parsed.errors, { intent: "create", values: textFields(form) });
  if (chosen.length === 0) return failure({ image: t(PRODUCT_MESSAGES.imageRequired) }, { intent: "create" });
  const tooMany = photoUploadProblem(limits, 0, chosen.length);
  if (tooMany) return failure({ image: tooMany }, { intent: "create", values: textFields(form), status: 409 });
  const input = parsed.input;
  const id = randomDigits(ID_DIGITS.product);
  const prepared: PreparedFile[] = [];
  try {
    // One photo decoded at a time: several full-size photos at once would hold several decoded pictures.
    for (const file of chosen) prepared.push(await prepareProductImage(file, store.id, id));
    await putAll(files, prepared);
    const [cover, ...gallery] = prepared.map((p, i) => imageOf(p, chosen[i] as File));
    await createProduct(db, actor, store.id, limits, id, input, cover as ProductImage, clock.now(), parsed.variants);
    if (gallery.length > 0) await addPhotos(db, actor, { id, storeId: store.id }, limits, gallery, clock.now());
  } catch (error) {
    const created = await findProduct(db, store.id, id);
    if (!created) {
      if (prepared.length) await files.delete(prepared.map((p) => p.key));
      return refusal("create", error, "image", { t });
    }
    // The product is saved with its cover; the gallery's files go, and the merchant is told to add them again.
    const unused = await unusedProductFiles(
      db,
      id,
      prepared.map((p) => p.key),
    );
    if (unused.length) await files.delete(unused);
    log.error("product.gallery_failed", error, { storeId: store.id, productId: id });
    return redirectWithNotice(
      config,
      `/Store/${store.id}/products/${id}/photos`,
      notice(t(PRODUCT_FORM_MESSAGES.createdWithoutPhotosTitle), t(PRODUCT_FORM_MESSAGES.createdWithoutPhotos)),
    );
  }
  return redirectWithNotice(
    config,
    `/Store/${store.id}/products`,
    notice(t(PRODUCT_FORM_MESSAGES.createdTitle), whereNow(t, input, PRODUCT_FORM_MESSAGES.createdInStore)),
  );
}

/** The store's product to edit, with its variants and photo ids; the 404 page for anything else. */
export async function loadProduct(services: Services, store: Store, productId: string) {
  const found = isId("product", productId) ? await productForEditing(services.db, store.id, productId) : undefined;
  return found ?? notFound();
}

/** /Store/{id}/products/{productId}: save (intent=save, image optional) or delete (intent=delete). */
export async function handleEditProduct(
  services: Services,
  actor: Actor,
  store: Store,
  { product, variants: variantsBefore }: { product: Product; variants: readonly VariantRow[] },
  form: FormData,
  photoIds: readonly number[],
  t: Translate,
) {
  const { db, files, config, clock } = services;
  const list = `/Store/${store.id}/products`;
  if (form.get("intent") === "delete") {
    if (!(await deleteProduct(db, actor, files, store.id, product.id, clock.now()))) notFound();
    return redirectWithNotice(
      config,
      list,
      notice(t(PRODUCT_FORM_MESSAGES.deletedTitle), t(PRODUCT_FORM_MESSAGES.deleted, { name: product.name })),
    );
  }
  const parsed = readProductForm(form, store, photoIds, t);
  if (!parsed.ok) return failure(parsed.errors, { intent: "save", values: textFields(form) });
  const input = parsed.input;
  const [file] = filesOf(form, "image");
  // A product created without a photo (by the catalog import) is published only once it has one.
  if (input.published && !product.imageKey && !file)
    return failure({ visibility: t(PRODUCT_FIELD_MESSAGES.photoToPublish) }, { intent: "save" });
  let prepared: PreparedFile | undefined;
  try {
    if (file) {
      prepared = await prepareProductImage(file, store.id, product.id);
      await putAll(files, [prepared]);
    }
    const replaced = await updateProduct(
      db,
      actor,
      {
        product,
        variantsBefore: variantsBefore.map((v) => ({ ...v, values: valuesOf(v, product.options.length) })),
      },
      input,
      prepared && file ? imageOf(prepared, file) : null,
      clock.now(),
      parsed.variants,
    );
    // The replaced picture stays while another photo of the gallery or a sale line shows it.
    if (replaced) await files.delete(await unusedProductFiles(db, product.id, [replaced]));
  } catch (error) {
    if (prepared && prepared.key !== product.imageKey) await files.delete([prepared.key]);
    return refusal("save", error, "image", { t });
  }
  return redirectWithNotice(
    config,
    list,
    notice(t(PRODUCT_FORM_MESSAGES.savedTitle), whereNow(t, input, PRODUCT_FORM_MESSAGES.savedInStore)),
  );
}
