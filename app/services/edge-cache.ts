/**
 * The shared cache in front of the public site (Workers Cache in production, see
 * docs/decisions/0013-edge-cache-for-public-pages.md): the one thing the app asks of it is to forget
 * a store's pages. Which pages it may keep, and under which key and tag, is the storefront's rule
 * (app/site/edge-cache.ts).
 */
export interface EdgeCache {
  purgeStore(storeId: string): Promise<void>;
}

/** A single machine has no shared cache: browsers revalidate with ETags. */
export const noEdgeCache: EdgeCache = { async purgeStore() {} };
