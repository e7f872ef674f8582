import { Link } from "react-router";
import { notFound } from "~/http/responses";
import { sendWithProgress } from "~/media/upload-progress";
import { fileUrl } from "~/services/files";
import { getServices } from "~/services/services";
import { useT } from "~/ui/messages";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { merchantPlanLimits } from "~/workspace/plan-limits.server";
import { productPhotosReads } from "../page-reads.server";
import { handlePhotoAction } from "../photo-actions.server";
import { PhotoGallery } from "../photo-gallery";
import { productWithPhotosOf } from "../photos.server";
import type { Route } from "./+types/product-photos";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches);
  return [
    {
      title: storePageTitle(
        loaderData
          ? t({ id: "products.pageTitle.photos", defaultMessage: "Fotos de {name}" }, { name: loaderData.product.name })
          : t({ id: "products.pageTitle.photosOfProduct", defaultMessage: "Fotos de producto" }),
        matches,
      ),
    },
  ];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  // An address that is no product's id reads none.
  const found = productWithPhotosOf(await readPage(context, productPhotosReads, { request, params }));
  if (!found) notFound();
  const { product, photos } = found;
  return {
    storeId: store.id,
    product: { id: product.id, name: product.name },
    limit: merchantPlanLimits(context).photosPerProduct,
    photos: photos.map((p) => ({ id: p.id, src: fileUrl(p.key), width: p.width, height: p.height })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handlePhotoAction(
    getServices(context),
    actingUser(context),
    merchantPlanLimits(context),
    context.get(ownedStoreContext),
    params.productId,
    await request.formData(),
    merchantT(context),
  );
}

/** With JavaScript, photos go up with a progress bar and 'Cancelar' (the same action answers). */
export async function clientAction(args: Route.ClientActionArgs) {
  return sendWithProgress(args);
}

export default function ProductPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { storeId, product, photos, limit } = loaderData;
  const t = useT();
  return (
    <section className="narrow-wide photo-gallery">
      <p className="back-link">
        <Link to={`/Store/${storeId}/products/${product.id}`}>← {product.name}</Link>
      </p>
      <h2>{t({ id: "products.photos.title", defaultMessage: "Fotos" })}</h2>
      <PhotoGallery photos={photos} limit={limit} errors={actionData?.errors ?? {}} />
    </section>
  );
}
