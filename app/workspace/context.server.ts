import { createContext, type RouterContextProvider } from "react-router";
import { notFound } from "~/http/responses";
import { getServices } from "~/services/services";
import type { stores, users } from "../../db/schema";

/**
 * The store workspace's shared layer: who is signed in and which store a `/Store/{storeId}/…`
 * request works on. Feature folders (products, sections, sales, stores) depend on this module,
 * never on each other's internals; it depends on no feature.
 */
export type Merchant = typeof users.$inferSelect;
export type Store = typeof stores.$inferSelect;

/** Set by the merchant layout's guard for every merchant page. */
export const merchantContext = createContext<Merchant>();

/** The store of `/Store/{storeId}/…`, loaded once per request and only if the signed-in merchant owns it. */
export const ownedStoreContext = createContext<Store>();

/**
 * The merchant guard's answer for that store, fetched with the session: the store if this session's
 * merchant owns it, null if not, unset when the URL names no valid store id.
 */
export const sessionStoreContext = createContext<Store | null | undefined>(undefined);

/** How many of that store's sales wait for the merchant (up to PENDING_BADGE_CAP), fetched with it. */
export const pendingSalesContext = createContext<number>(0);

/**
 * Set by an action whose change the public site does not show (the merchant's own devices for order
 * notices): the workspace then keeps the store's cached public pages.
 */
export const publicSiteUnchangedContext = createContext<boolean>(false);

/**
 * Middleware of the store workspace: 404 unless the store belongs to the signed-in merchant.
 * After any change (a non-GET request), the store's public pages are purged from the edge cache,
 * unless the action said the public site is unchanged.
 */
export async function requireOwnedStore(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  next: () => Promise<Response>,
): Promise<Response> {
  const services = getServices(context);
  // The merchant guard looked the store up with the session, by id and owner.
  const store = context.get(sessionStoreContext);
  if (!store) notFound();
  context.set(ownedStoreContext, store);
  if (request.method === "GET" || request.method === "HEAD") return next();
  try {
    return await next();
  } finally {
    // Also after a refused change: purging is cheap, a stale page is not. A failed purge must not
    // undo the merchant's saved change; the edge TTL bounds how long the old page can show.
    if (!context.get(publicSiteUnchangedContext))
      await services.edgeCache
        .purgeStore(store.id)
        .catch((error) => services.log.error("edge.purge_failed", error, { storeId: store.id }));
  }
}
