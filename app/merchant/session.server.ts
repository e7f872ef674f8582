import { type RouterContextProvider, redirect } from "react-router";
import { merchantRedirect, staffRefused } from "~/auth/redirect-rules";
import { getSessionUser } from "~/auth/sessions.server";
import { localeOfAcceptLanguage, localeOfCountry } from "~/domain/messages";
import { getServices } from "~/services/services";
import {
  billingLinksContext,
  merchantContext,
  merchantLocaleContext,
  pendingSalesContext,
  sessionStoreContext,
  storeRoleContext,
} from "~/workspace/context.server";
import { forbiddenIn } from "~/workspace/forbidden.server";
import { planLimitsContext } from "~/workspace/plan-limits.server";

/**
 * Guards every merchant page: anonymous → /Auth (coming back afterwards); no plan → /plans;
 * overdue → /payment. Puts the signed-in user in context for the pages below. On a store the user works on as staff,
 * the owner's bill and plan limits count, and the member is refused (403) what an overdue owner would be sent to pay.
 */
export async function requireMerchant(
  { request, params, context }: { request: Request; params: { storeId?: string }; context: Readonly<RouterContextProvider> },
  next: () => Promise<Response>,
): Promise<Response> {
  const services = getServices(context);
  // A store workspace page gets its store in the same round trip as the session (checked again below).
  const storeId = params.storeId && /^\d{10}$/.test(params.storeId) ? params.storeId : undefined;
  const session = await getSessionUser(services, request, { storeId });
  const path = pagePath(request);
  if (!session) throw redirect(`/Auth?redirectTo=${encodeURIComponent(path)}`);
  const now = services.clock.now();
  const locale = session.firstStoreCountry
    ? localeOfCountry(session.firstStoreCountry)
    : localeOfAcceptLanguage(request.headers.get("Accept-Language"));
  const access = session.storeAccess;
  if (access && access.role !== "owner") {
    if (staffRefused(access.ownerBilling, path, now)) forbiddenIn(locale);
  } else {
    const target = merchantRedirect(session.user, path, now, session.staff);
    if (target && target !== path) throw redirect(target);
  }
  context.set(merchantContext, session.user);
  context.set(billingLinksContext, session.user.trialStarted || !session.staff);
  context.set(merchantLocaleContext, locale);
  // A store's pages go by its owner's plan, whoever works on it.
  context.set(planLimitsContext, access ? access.ownerLimits : session.limits);
  if (session.store !== undefined) context.set(sessionStoreContext, session.store);
  if (access) context.set(storeRoleContext, access.role);
  if (session.pendingSales !== undefined) context.set(pendingSalesContext, session.pendingSales);
  const response = await next();
  if (session.refreshCookie) response.headers.append("Set-Cookie", session.refreshCookie);
  return response;
}

/** The page a request is for: client navigations fetch `/path.data` (and `/_root.data` for /). */
export function pagePath(request: Request): string {
  const { pathname } = new URL(request.url);
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}
