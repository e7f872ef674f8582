import { Link } from "react-router";
import type { ProductVisibility } from "~/domain/catalog";
import { toDecimalString } from "~/domain/money";
import { sendWithProgress } from "~/media/upload-progress";
import { fileUrl } from "~/services/files";
import { getServices } from "~/services/services";
import { ConfirmedForm } from "~/ui/confirmed-form";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantPlanLimits } from "~/workspace/plan-limits.server";
import { loadProductWithPhotoCount } from "../photo-actions.server";
import { handleEditProduct, loadProduct } from "../product-actions.server";
import { ProductForm } from "../product-form";
import type { Route } from "./+types/edit-product";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.product.name ?? "Producto"} | Vitrina` }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const { product, photoCount } = await loadProductWithPhotoCount(getServices(context), store, params.productId);
  const visibility: ProductVisibility = product.published ? "published" : "hidden";
  return {
    storeId: store.id,
    currency: store.currency,
    product: {
      id: product.id,
      name: product.name,
      price: toDecimalString(product.price, store.currency).replace(".", ","),
      compareAtPrice:
        product.compareAtPrice === null ? "" : toDecimalString(product.compareAtPrice, store.currency).replace(".", ","),
      stock: String(product.stock),
      description: product.description,
      category: String(product.category),
      visibility,
      image: product.imageKey ? fileUrl(product.imageKey) : null,
    },
    photos: { count: photoCount, limit: merchantPlanLimits(context).photosPerProduct },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = getServices(context);
  const store = context.get(ownedStoreContext);
  const product = await loadProduct(services, store, params.productId);
  return handleEditProduct(services, store, product, await request.formData());
}

/** With JavaScript, files go up with a progress bar and 'Cancelar' (the same action answers). */
export async function clientAction(args: Route.ClientActionArgs) {
  return sendWithProgress(args);
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, storeId } = loaderData;
  const errors = actionData?.errors ?? {};
  return (
    <section className="narrow-wide">
      <p className="back-link">
        <Link to={`/Store/${storeId}/products`}>← Productos</Link>
      </p>
      <h2>Editar producto</h2>
      <p className="actions">
        <Link className="button secondary" to={`/Store/${storeId}/products/${product.id}/photos`}>
          Fotos ({loaderData.photos.count} de {loaderData.photos.limit})
        </Link>
      </p>
      <ProductForm intent="save" values={product} currency={loaderData.currency} errors={errors} submitLabel="Guardar cambios" />
      <ConfirmedForm
        className="danger-zone"
        fields={{ intent: "delete" }}
        buttonLabel="Eliminar producto"
        title="¿Eliminar producto?"
        description={`${product.name} se eliminará de tu tienda y de todas sus secciones.`}
      />
    </section>
  );
}
