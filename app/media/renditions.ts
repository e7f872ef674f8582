import type { FileStore } from "~/services/files";

/**
 * Every stored WebP image at least SMALL_RENDITION_MIN_HEIGHT tall has a half-size rendition
 * beside it, `{name}-s.webp`, so `srcset` can offer phones at 1× and small cards a quarter of the
 * pixels. The rendition lives and dies with its image: its key and size are derived, never stored.
 * See docs/decisions/0011-image-renditions.md.
 */
const SMALL_RENDITION_MIN_HEIGHT = 200;
const SMALL_SUFFIX = "-s.webp";
const ICON_SUFFIX = "-icon.png";
const TAB_ICON_SUFFIX = "-icon-48.png";

export function smallRenditionSize(width: number, height: number): { width: number; height: number } | null {
  if (height < SMALL_RENDITION_MIN_HEIGHT) return null;
  return { width: Math.max(1, Math.round(width / 2)), height: Math.round(height / 2) };
}

export function smallRenditionKey(key: string): string | null {
  if (!key.endsWith(".webp") || key.endsWith(SMALL_SUFFIX)) return null;
  return `${key.slice(0, -".webp".length)}${SMALL_SUFFIX}`;
}

/**
 * The file a rendition was made from, which stands in for it where it is missing (files stored before renditions
 * existed): a small rendition's image, a logo's tab icon's 192-px icon.
 */
export function renditionSourceKey(key: string): string | null {
  if (key.endsWith(SMALL_SUFFIX)) return `${key.slice(0, -SMALL_SUFFIX.length)}.webp`;
  if (key.endsWith(TAB_ICON_SUFFIX)) return `${key.slice(0, -TAB_ICON_SUFFIX.length)}${ICON_SUFFIX}`;
  return null;
}

/** The small rendition of a stored image, when it has one. */
export function smallRendition(
  key: string,
  width: number,
  height: number,
): { key: string; width: number; height: number } | null {
  const smallKey = smallRenditionKey(key);
  const size = smallRenditionSize(width, height);
  return smallKey && size ? { key: smallKey, ...size } : null;
}

/**
 * A store logo's icon, tab icon and link preview (app/media/brand-images.ts), stored beside it as `{name}-icon.png`,
 * `{name}-icon-48.png` and `{name}-og.jpg`: derived keys, like the small rendition's.
 */
export function logoBrandKeys(key: string): { icon: string; tabIcon: string; share: string } | null {
  if (!/\/logo\/[^/]+\.webp$/.test(key) || key.endsWith(SMALL_SUFFIX)) return null;
  const name = key.slice(0, -".webp".length);
  return { icon: `${name}${ICON_SUFFIX}`, tabIcon: `${name}${TAB_ICON_SUFFIX}`, share: `${name}-og.jpg` };
}

/** Keys to delete so that no rendition outlives its image. */
export function withRenditionKeys(keys: string[]): string[] {
  const all = new Set(keys);
  for (const key of keys) {
    const small = smallRenditionKey(key);
    if (small) all.add(small);
    const brand = logoBrandKeys(key);
    if (brand) all.add(brand.icon).add(brand.tabIcon).add(brand.share);
  }
  return [...all];
}

/**
 * The file store the app's features get: deleting an image deletes its renditions too. The
 * runtime's adapters (R2, disk) store and delete exactly the keys they are given; each entry wraps
 * its adapter with this.
 */
export function deletingRenditions(store: FileStore): FileStore {
  return {
    put: (key, data, contentType) => store.put(key, data, contentType),
    get: (key) => store.get(key),
    list: (prefix) => store.list(prefix),
    delete: (keys) => store.delete(withRenditionKeys(keys)),
  };
}
