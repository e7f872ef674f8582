import type { ImgHTMLAttributes } from "react";
import type { SiteImage } from "./site.server";

/**
 * A stored image as an `<img>` with its `srcset` (see `imageOf`); `sizes` tells the browser how
 * wide the slot is, so it can pick the half-size rendition. Public pages are not hydrated, so this
 * stays plain markup.
 */
export function Picture({
  image,
  sizes,
  alt,
  className,
  loading,
  fetchPriority,
  decoding,
}: { image: SiteImage; sizes: string; alt: string } & Pick<
  ImgHTMLAttributes<HTMLImageElement>,
  "className" | "loading" | "fetchPriority" | "decoding"
>) {
  return (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding={decoding}
    />
  );
}
