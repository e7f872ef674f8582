import { useT } from "~/ui/messages";
import { Picture } from "./picture";
import type { SiteImage } from "./site.server";

/** One photo of a product's gallery: the picture with its `srcset`, and its thumbnail (the small rendition). */
export interface GalleryPhoto {
  image: SiteImage;
  thumb: string;
}

/**
 * A product's photos as a strip the shopper swipes (CSS scroll-snap), with thumbnails below that are
 * plain links to each photo (`#foto-N`): no script, so it works on the public pages as they are
 * (not hydrated). The cover loads first with high priority; the others wait until they are near.
 */
export function ProductGallery({ photos, name }: { photos: GalleryPhoto[]; name: string }) {
  const t = useT();
  if (photos.length === 0) return <span className="noimg product-image" aria-hidden="true" />;
  const total = photos.length;
  return (
    <div className="gallery">
      <ul className="gallery-strip" aria-label={t({ id: "site.gallery.label", defaultMessage: "Fotos de {name}" }, { name })}>
        {photos.map((photo, index) => (
          <li key={photo.image.src + String(index)} id={`foto-${index + 1}`}>
            <Picture
              className="product-image"
              image={photo.image}
              sizes="(min-width: 700px) 420px, 100vw"
              alt={
                index === 0
                  ? name
                  : t(
                      { id: "site.gallery.alt", defaultMessage: "{name}, foto {number} de {total}" },
                      { name, number: index + 1, total },
                    )
              }
              fetchPriority={index === 0 ? "high" : undefined}
              decoding={index === 0 ? "sync" : undefined}
              loading={index === 0 ? undefined : "lazy"}
            />
          </li>
        ))}
      </ul>
      {total > 1 && (
        <ol className="gallery-thumbs" aria-label={t({ id: "site.gallery.choose", defaultMessage: "Elegir foto" })}>
          {photos.map((photo, index) => (
            <li key={photo.image.src + String(index)}>
              <a
                href={`#foto-${index + 1}`}
                aria-label={t(
                  { id: "site.gallery.thumb", defaultMessage: "Foto {number} de {total}" },
                  { number: index + 1, total },
                )}
              >
                <img src={photo.thumb} alt="" width={56} height={56} loading="lazy" decoding="async" />
              </a>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
