import { useState } from "react";
import { Form, Link } from "react-router";
import { freeSlots, LIMIT_MESSAGES } from "~/domain/limits";
import { IMAGE_HEIGHTS } from "~/media/image-rules";
import { FileField, UploadForm } from "~/media/upload-form";
import { sendWithProgress } from "~/media/upload-progress";
import { fileUrl } from "~/services/files";
import { getServices } from "~/services/services";
import { ConfirmedForm } from "~/ui/confirmed-form";
import { FormError, MoveButtons } from "~/ui/form";
import { ownedStoreContext } from "~/workspace/context.server";
import { storePageTitle } from "~/workspace/page-titles";
import { merchantPlanLimits } from "~/workspace/plan-limits.server";
import { handlePhotoAction, loadProductPhotos } from "../photo-actions.server";
import type { Route } from "./+types/product-photos";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: storePageTitle(`Fotos de ${loaderData?.product.name ?? "producto"}`, matches) },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const store = context.get(ownedStoreContext);
  const { product, photos } = await loadProductPhotos(getServices(context), store, params.productId);
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
    merchantPlanLimits(context),
    context.get(ownedStoreContext),
    params.productId,
    await request.formData(),
  );
}

/** With JavaScript, photos go up with a progress bar and 'Cancelar' (the same action answers). */
export async function clientAction(args: Route.ClientActionArgs) {
  return sendWithProgress(args);
}

export default function ProductPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { storeId, product, photos, limit } = loaderData;
  const [problem, setProblem] = useState<string | null>(null);
  const errors = actionData?.errors ?? {};
  const free = freeSlots(limit, photos.length);
  return (
    <section className="narrow-wide photo-gallery">
      <p className="back-link">
        <Link to={`/Store/${storeId}/products/${product.id}`}>← {product.name}</Link>
      </p>
      <h2>Fotos</h2>
      <p className="muted">
        {photos.length} de {limit} fotos. La primera es la portada: se ve en las tarjetas de tu tienda, en el carrito y en las
        ventas.
      </p>
      <FormError message={errors.form} />
      <ol className="photo-list" aria-label="Fotos del producto">
        {photos.map((photo, index) => {
          const label = index === 0 ? "Portada" : `Foto ${index + 1}`;
          return (
            <li key={photo.id}>
              <img src={photo.src} alt={label} width={Math.round((photo.width * 96) / (photo.height || 1)) || 96} height={96} />
              <span className="grow">{index === 0 ? <strong className="tag cover-tag">Portada</strong> : label}</span>
              <span className="photo-actions">
                <MoveButtons intent="move" field="photo" id={photo.id} first={index === 0} last={index === photos.length - 1} />
                {index > 0 && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="cover" />
                    <input type="hidden" name="photo" value={photo.id} />
                    <button type="submit" className="button secondary">
                      Usar como portada
                    </button>
                  </Form>
                )}
                {photos.length > 1 && (
                  <ConfirmedForm
                    fields={{ intent: "delete", photo: String(photo.id) }}
                    buttonLabel="Eliminar"
                    title="¿Eliminar foto?"
                    description={
                      index === 0 ? "La siguiente foto pasará a ser la portada." : "La foto dejará de verse en tu tienda."
                    }
                  />
                )}
              </span>
            </li>
          );
        })}
      </ol>
      {photos.length === 1 && <p className="muted">Un producto siempre tiene una foto de portada: agrega otra para cambiarla.</p>}
      {free > 0 ? (
        <UploadForm className="form" busyText="Guardando fotos…" onProblem={setProblem}>
          <input type="hidden" name="intent" value="add" />
          <FileField
            label="Agregar fotos"
            name="photos"
            accept="image/*"
            multiple
            required
            resizeHeight={IMAGE_HEIGHTS.product}
            maxFiles={free}
            tooManyMessage={LIMIT_MESSAGES.fewPhotoSlots(free)}
            hint={LIMIT_MESSAGES.photoSlotsLeft(free)}
            error={problem ?? errors.photos}
          />
          <button type="submit" className="button">
            Subir fotos
          </button>
        </UploadForm>
      ) : (
        <p className="form-info">{LIMIT_MESSAGES.photos(limit)}. Elimina una foto para agregar otra.</p>
      )}
    </section>
  );
}
