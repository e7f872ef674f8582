import { Link } from "react-router";
import type { ProductVisibility } from "~/domain/catalog";
import { amountInputText } from "~/domain/product-fields";
import { combinationKey, valuesOf } from "~/domain/variants";
import { notFound } from "~/http/responses";
import { sendWithProgress } from "~/media/upload-progress";
import { fileUrl } from "~/services/files";
import { getServices } from "~/services/services";
import { ConfirmedForm } from "~/ui/confirmed-form";
import { useT } from "~/ui/messages";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { merchantPlanLimits } from "~/workspace/plan-limits.server";
import { editProductReads } from "../page-reads.server";
import { handlePhotoAction } from "../photo-actions.server";
import { PhotoGallery } from "../photo-gallery";
import { handleEditProduct, loadProduct } from "../product-actions.server";
import { ProductForm, typedProductValues } from "../product-form";
import { productForEditingOf } from "../variants.server";
import type { Route } from "./+types/edit-product";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches);
  return [
    {
      title: storePageTitle(
        loaderData?.product.name ?? t({ id: "products.pageTitle.product", defaultMessage: "Producto" }),
        matches,
      ),
    },
  ];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  // An address that is no product's id reads none.
  const found = productForEditingOf(await readPage(context, editProductReads, { request, params }));
  if (!found) notFound();
  const { product, variants, photos, photoIds } = found;
  const visibility: ProductVisibility = product.published ? "published" : "hidden";
  const amount = (minor: number) => amountInputText(minor, store.currency, store.country);
  const t = merchantT(context);
  return {
    storeId: store.id,
    currency: store.currency,
    product: {
      id: product.id,
      name: product.name,
      price: amount(product.price),
      compareAtPrice: product.compareAtPrice === null ? "" : amount(product.compareAtPrice),
      stock: String(product.stock),
      description: product.description,
      category: String(product.category),
      visibility,
      image: product.imageKey ? fileUrl(product.imageKey) : null,
      variants: {
        options: product.options.map((o) => ({ name: o.name, values: o.values.join(", ") })),
        rows: Object.fromEntries(
          variants.map((v) => [
            combinationKey(valuesOf(v, product.options.length)),
            {
              stock: String(v.stock),
              price: v.price === null ? "" : amount(v.price),
              sku: v.sku ?? "",
              enabled: v.enabled,
              photoId: v.photoId === null ? "" : String(v.photoId),
            },
          ]),
        ),
        photos: photoIds.map((id, i) => ({
          id,
          label:
            i === 0
              ? t({ id: "products.edit.coverPhoto", defaultMessage: "Foto 1 (portada)" })
              : t({ id: "products.edit.photo", defaultMessage: "Foto {number}" }, { number: String(i + 1) }),
        })),
      },
    },
    gallery: photos.map((p) => ({ id: p.id, src: fileUrl(p.key), width: p.width, height: p.height })),
    photoLimit: merchantPlanLimits(context).photosPerProduct,
  };
}

/** The gallery's forms on this page post its intents with this prefix ('photo-cover'…). */
const GALLERY_INTENT = "photo-";

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = getServices(context);
  const store = context.get(ownedStoreContext);
  const form = await request.formData();
  if (String(form.get("intent") ?? "").startsWith(GALLERY_INTENT))
    return handlePhotoAction(
      services,
      actingUser(context),
      merchantPlanLimits(context),
      store,
      params.productId,
      form,
      merchantT(context),
      {
        path: `/Store/${store.id}/products/${params.productId}`,
        intentPrefix: GALLERY_INTENT,
      },
    );
  const { product, variants, photoIds } = await loadProduct(services, store, params.productId);
  return handleEditProduct(services, actingUser(context), store, { product, variants }, form, photoIds, merchantT(context));
}

/** With JavaScript, files go up with a progress bar and 'Cancelar' (the same action answers). */
export async function clientAction(args: Route.ClientActionArgs) {
  return sendWithProgress(args);
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, storeId } = loaderData;
  const galleryAnswer = actionData?.intent?.startsWith(GALLERY_INTENT) ?? false;
  const errors = (!galleryAnswer && actionData?.errors) || {};
  const t = useT();
  return (
    <section className="narrow-wide">
      <p className="back-link">
        <Link to={`/Store/${storeId}/products`}>{t({ id: "products.edit.back", defaultMessage: "← Productos" })}</Link>
      </p>
      <h2>{t({ id: "products.edit.title", defaultMessage: "Editar producto" })}</h2>
      <section className="photo-gallery" aria-labelledby="gallery-heading">
        <h3 id="gallery-heading">{t({ id: "products.edit.photos", defaultMessage: "Fotos" })}</h3>
        <PhotoGallery
          photos={loaderData.gallery}
          limit={loaderData.photoLimit}
          errors={(galleryAnswer && actionData?.errors) || {}}
          intentPrefix={GALLERY_INTENT}
        />
      </section>
      <ProductForm
        intent="save"
        values={
          !galleryAnswer && actionData && "values" in actionData && actionData.values
            ? typedProductValues(actionData.values, product)
            : product
        }
        currency={loaderData.currency}
        errors={errors}
        submitLabel={t({ id: "products.edit.submit", defaultMessage: "Guardar cambios" })}
      />
      <ConfirmedForm
        className="danger-zone"
        fields={{ intent: "delete" }}
        buttonLabel={t({ id: "products.edit.delete", defaultMessage: "Eliminar producto" })}
        title={t({ id: "products.edit.deleteQuestion", defaultMessage: "¿Eliminar producto?" })}
        description={t(
          { id: "products.edit.deleteText", defaultMessage: "{name} se eliminará de tu tienda y de todas sus secciones." },
          { name: product.name },
        )}
      />
    </section>
  );
}
