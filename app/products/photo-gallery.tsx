import { useState } from "react";
import { Form } from "react-router";
import { freeSlots, LIMIT_MESSAGES } from "~/domain/limits";
import { IMAGE_HEIGHTS } from "~/media/image-rules";
import { FileField, UploadForm } from "~/media/upload-form";
import { ConfirmedForm } from "~/ui/confirmed-form";
import { FormError, MoveButtons } from "~/ui/form";
import { useT } from "~/ui/messages";

interface GalleryPhoto {
  id: number;
  src: string;
  width: number;
  height: number;
}

/**
 * A product's whole gallery: each photo with 'Subir'/'Bajar', 'Usar como portada' and 'Eliminar' (asked first),
 * the first marked 'Portada', and 'Agregar fotos' while the plan has room. Each button is its own form posting to
 * the page's action, so it works without JavaScript. `intentPrefix` names its intents where the page has others
 * (the edit page's form saves and deletes the product: its gallery posts 'photo-move', 'photo-delete'…).
 */
export function PhotoGallery(props: {
  photos: GalleryPhoto[];
  limit: number;
  errors: Record<string, string | undefined>;
  intentPrefix?: string;
}) {
  const { photos, limit, errors } = props;
  const prefix = props.intentPrefix ?? "";
  const [problem, setProblem] = useState<string | null>(null);
  const free = freeSlots(limit, photos.length);
  const t = useT();
  const cover = t({ id: "products.gallery.cover", defaultMessage: "Portada" });
  return (
    <>
      <p className="muted">
        {t(
          {
            id: "products.gallery.count",
            defaultMessage:
              "{count} de {limit} fotos. La primera es la portada: se ve en las tarjetas de tu tienda, en el carrito y en las ventas.",
          },
          { count: String(photos.length), limit: String(limit) },
        )}
      </p>
      <FormError message={errors.form} />
      <ol className="photo-list" aria-label={t({ id: "products.gallery.label", defaultMessage: "Fotos del producto" })}>
        {photos.map((photo, index) => {
          const label =
            index === 0
              ? cover
              : t({ id: "products.gallery.photo", defaultMessage: "Foto {number}" }, { number: String(index + 1) });
          return (
            <li key={photo.id}>
              {/* A square tile whatever the photo's shape (cropped to fill it), so every tile has the same height. */}
              <img src={photo.src} alt={label} width={160} height={160} />
              <span className="photo-name">{index === 0 ? <strong className="tag cover-tag">{cover}</strong> : label}</span>
              <MoveButtons
                intent={`${prefix}move`}
                field="photo"
                id={photo.id}
                first={index === 0}
                last={index === photos.length - 1}
              />
              {index > 0 && (
                <Form method="post">
                  <input type="hidden" name="intent" value={`${prefix}cover`} />
                  <input type="hidden" name="photo" value={photo.id} />
                  <button type="submit" className="button secondary">
                    {t({ id: "products.gallery.makeCover", defaultMessage: "Usar como portada" })}
                  </button>
                </Form>
              )}
              {photos.length > 1 && (
                <ConfirmedForm
                  className="photo-delete"
                  fields={{ intent: `${prefix}delete`, photo: String(photo.id) }}
                  buttonLabel={t({ id: "products.gallery.delete", defaultMessage: "Eliminar" })}
                  title={t({ id: "products.gallery.deleteQuestion", defaultMessage: "¿Eliminar foto?" })}
                  description={
                    index === 0
                      ? t({ id: "products.gallery.deleteCover", defaultMessage: "La siguiente foto pasará a ser la portada." })
                      : t({ id: "products.gallery.deleteText", defaultMessage: "La foto dejará de verse en tu tienda." })
                  }
                />
              )}
            </li>
          );
        })}
      </ol>
      {photos.length === 1 && (
        <p className="muted">
          {t({
            id: "products.gallery.coverAlways",
            defaultMessage: "Un producto siempre tiene una foto de portada: agrega otra para cambiarla.",
          })}
        </p>
      )}
      {free > 0 ? (
        <UploadForm
          className="form"
          busyText={t({ id: "products.gallery.saving", defaultMessage: "Guardando fotos…" })}
          onProblem={setProblem}
        >
          <input type="hidden" name="intent" value={`${prefix}add`} />
          <FileField
            label={t({ id: "products.gallery.add", defaultMessage: "Agregar fotos" })}
            name="photos"
            accept="image/*"
            multiple
            required
            resizeHeight={IMAGE_HEIGHTS.product}
            maxFiles={free}
            tooManyMessage={LIMIT_MESSAGES.fewPhotoSlots(free)}
            hint={t(
              {
                id: "products.gallery.slotsLeft",
                defaultMessage:
                  "Puedes elegir varias a la vez: {free, plural, one {te queda {free} espacio} other {te quedan {free} espacios}}.",
              },
              { free },
            )}
            error={problem ?? errors.photos}
          />
          <button type="submit" className="button">
            {t({ id: "products.gallery.upload", defaultMessage: "Subir fotos" })}
          </button>
        </UploadForm>
      ) : (
        <p className="form-info">
          {t(
            { id: "products.gallery.full", defaultMessage: "{limit}. Elimina una foto para agregar otra." },
            { limit: LIMIT_MESSAGES.photos(limit) },
          )}
        </p>
      )}
    </>
  );
}
