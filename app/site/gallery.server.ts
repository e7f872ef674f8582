import { smallRendition } from "~/media/renditions";
import { fileUrl } from "~/services/files";
import type { GalleryPhoto } from "./gallery";
import { imageOf } from "./site.server";

/**
 * The product page's gallery from its photo rows (cover first), each with the small rendition its
 * thumbnail shows; the photo `leading` (a variant's own) comes first. A product without photo rows
 * shows its cover alone.
 */
export function galleryPhotos(
  rows: { key: string; width: number; height: number }[],
  cover: { imageKey: string | null; imageWidth: number | null; imageHeight: number | null },
  leading: string | null = null,
): GalleryPhoto[] {
  const pictures = rows.length
    ? [...rows.filter((r) => r.key === leading), ...rows.filter((r) => r.key !== leading)]
    : cover.imageKey
      ? [{ key: cover.imageKey, width: cover.imageWidth ?? 0, height: cover.imageHeight ?? 0 }]
      : [];
  return pictures.flatMap(({ key, width, height }) => {
    const image = imageOf(key, width || null, height || null);
    if (!image) return [];
    const small = width && height ? smallRendition(key, width, height) : null;
    return [{ image, thumb: small ? fileUrl(small.key) : image.src }];
  });
}
