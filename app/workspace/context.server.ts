import { createContext, type RouterContextProvider } from "react-router";
import type { Locale } from "~/domain/messages";
import { accessRuleOf, mayAccess, type StoreRole } from "~/domain/staff-roles";
import { notFound } from "~/http/responses";
import { getServices } from "~/services/services";
import type { stores, users } from "../../db/schema";
import { forbiddenIn } from "./forbidden.server";

/**
 * The store workspace's shared layer: who is signed in and which store a `/Store/{storeId}/…`
 * request works on. Feature folders (products, sections, sales, stores) depend on this module,
 * never on each other's internals; it depends on no feature.
 */
export type Merchant = typeof users.$inferSelect;
export type Store = typeof stores.$inferSelect;

/** Set by the merchant layout's guard for every merchant page. */
export const merchantContext = createContext<Merchant>();

/**
 * The variant the merchant pages speak (decision 0067), set by the guard: the first store's country, or the browser's
 * Accept-Language for a merchant with no store yet. Server-side messages (an action's failure()) use it too.
 */
export const merchantLocaleContext = createContext<Locale>("es");

/**
 * Whether the menu offers 'Pagar' and 'Plan': not to someone who only works on others' stores and has no plan of their
 * own (their owner's bill is not theirs, and /plans would only ask them to start one).
 */
export const billingLinksContext = createContext<boolean>(true);

/**
 * The store of `/Store/{storeId}/…`, loaded once per request and only if the signed-in user owns it or works on it
 * (its staff; `storeRoleContext` says which).
 */
export const ownedStoreContext = createContext<Store>();

/**
 * The merchant guard's answer for that store, fetched with the session: the store if this session's
 * merchant owns it, null if not, unset when the URL names no valid store id.
 */
export const sessionStoreContext = createContext<Store | null | undefined>(undefined);

/**
 * The signed-in user's role in that store ('owner', or a member's role), set with it by the merchant guard. No default:
 * a store without its role is an error, never the owner's.
 */
export const storeRoleContext = createContext<StoreRole>();

/** How many of that store's sales wait for the merchant (up to PENDING_BADGE_CAP), fetched with it. */
export const pendingSalesContext = createContext<number>(0);

/**
 * Set by an action whose change the public site does not show (the merchant's own devices for order
 * notices): the workspace then keeps the store's cached public pages.
 */
export const publicSiteUnchangedContext = createContext<boolean>(false);

/**
 * Middleware of the store workspace, where every request to a store's pages is authorized (loaders, actions, `.data`,
 * CSV, files, uploads): 404 unless the signed-in user owns the store or is one of its members; then 403 unless the
 * user's role may read (GET) or change (any other method) the page, by the one table of app/domain/staff-roles.ts,
 * which refuses a page it does not name. After any change (a non-GET request), the store's public pages are purged from the edge cache,
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
  const role = context.get(storeRoleContext);
  const change = request.method !== "GET" && request.method !== "HEAD";
  const rule = accessRuleOf(pathInStore(request, store.id));
  // Only a rule that names intents reads the form here (a copy: the action reads its own); every intent is the owner's.
  const intent = change && rule?.intents && role !== "owner" ? await intentOf(request) : null;
  if (!mayAccess(rule, role, change, intent)) forbiddenIn(context.get(merchantLocaleContext));
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

/** The page's path below /Store/{storeId}/, as the table writes it: no leading slash, no `.data` of a client navigation. */
export function pathInStore(request: Request, storeId: string): string {
  let { pathname } = new URL(request.url);
  pathname = pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : pathname.replace(/\.data$/, "");
  const prefix = `/Store/${storeId}`;
  if (!pathname.startsWith(prefix)) return "\u0000";
  return pathname.slice(prefix.length).replace(/^\/+|\/+$/g, "");
}

async function intentOf(request: Request): Promise<string | null> {
  try {
    const value = (await request.clone().formData()).get("intent");
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}
