import { and, eq } from "drizzle-orm";
import { createContext, data, type RouterContextProvider } from "react-router";
import { merchantContext } from "~/merchant/session.server";
import { getServices } from "~/services/services";
import { stores } from "../../db/schema";
import type { Store } from "./stores.server";

/** The store of `/Store/{storeId}/…`, loaded once per request and only if the signed-in merchant owns it. */
export const ownedStoreContext = createContext<Store>();

/** A foreign or unknown id is the same 404: nothing tells another merchant's store exists. */
export function notFound(): never {
  throw data({ kind: "not_found" }, { status: 404 });
}

export async function findOwnedStore(
  db: ReturnType<typeof getServices>["db"],
  ownerId: string,
  storeId: string,
): Promise<Store | undefined> {
  return db.query.stores.findFirst({ where: and(eq(stores.id, storeId), eq(stores.ownerId, ownerId)) });
}

/**
 * Middleware of the store workspace: 404 unless the store belongs to the signed-in merchant.
 * After any change (a non-GET request), the store's public pages are purged from the edge cache.
 */
export async function requireOwnedStore(
  { request, params, context }: { request: Request; params: { storeId?: string }; context: Readonly<RouterContextProvider> },
  next: () => Promise<Response>,
): Promise<Response> {
  const user = context.get(merchantContext);
  const services = getServices(context);
  const storeId = params.storeId ?? "";
  const store = /^\d{10}$/.test(storeId) ? await findOwnedStore(services.db, user.id, storeId) : undefined;
  if (!store) notFound();
  context.set(ownedStoreContext, store);
  if (request.method === "GET" || request.method === "HEAD") return next();
  try {
    return await next();
  } finally {
    // Also after a refused change: purging is cheap, a stale page is not. A failed purge must not
    // undo the merchant's saved change; the edge TTL bounds how long the old page can show.
    await services.edgeCache.purgeStore(store.id).catch((error) => console.error("edge purge failed", store.id, error));
  }
}
