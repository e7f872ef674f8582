import { type Params, type RouterContextProvider, redirect } from "react-router";
import { merchantRedirect, staffRefused } from "~/auth/redirect-rules";
import { getSessionUser } from "~/auth/sessions.server";
import { localeOfAcceptLanguage, localeOfCountry } from "~/domain/messages";
import { accessRuleOf } from "~/domain/staff-roles";
import { MERCHANT_PAGE_READS } from "~/page-reads.server";
import { getServices } from "~/services/services";
import {
  billingLinksContext,
  merchantContext,
  merchantLocaleContext,
  pathInStore,
  pendingSalesContext,
  sessionStoreContext,
  storeRoleContext,
} from "~/workspace/context.server";
import { forbiddenIn } from "~/workspace/forbidden.server";
import { lastSeenStore, type PageReads, pageResultsContext, rememberStore, sameStoreFacts } from "~/workspace/page-reads.server";
import { planLimitsContext } from "~/workspace/plan-limits.server";

/**
 * Guards every merchant page: anonymous → /Auth (coming back afterwards); no plan → /plans;
 * overdue → /payment. Puts the signed-in user in context for the pages below. On a store the user works on as staff,
 * the owner's bill and plan limits count, and the member is refused (403) what an overdue owner would be sent to pay.
 */
export async function requireMerchant(
  {
    request,
    params,
    context,
    pattern,
  }: {
    request: Request;
    params: Params;
    context: Readonly<RouterContextProvider>;
    /** The route's pattern, as the router gives it (without it the page reads on its own, after the guard). */
    pattern?: string;
  },
  next: () => Promise<Response>,
): Promise<Response> {
  const services = getServices(context);
  // A store workspace page gets its store in the same round trip as the session (checked again below).
  const storeId = params.storeId && /^\d{10}$/.test(params.storeId) ? params.storeId : undefined;
  const page = pageInGuardBatch(request, pattern, storeId);
  // How many statements each of the page's reads sent, to hand each loader its own answers.
  const sent: number[] = [];
  const session = await getSessionUser(services, request, {
    storeId,
    page: page && {
      readers: page.readers,
      statements: (scope) =>
        page.parts.flatMap((part) => {
          const statements = part.statements(
            services.db,
            scope,
            { url: page.url, params, now: services.clock.now() },
            page.store,
          );
          sent.push(statements.length);
          return statements;
        }),
    },
  });
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
  if (session.store) rememberStore(session.store);
  // Handed to the loaders only when the store still has the fields their statements were built from.
  const { pageResults } = session;
  if (page && pageResults && (!page.store || (session.store && sameStoreFacts(page.store, session.store)))) {
    const answers = new Map<PageReads, readonly unknown[]>();
    let from = 0;
    page.parts.forEach((part, i) => {
      const to = from + (sent[i] ?? 0);
      answers.set(part, pageResults.slice(from, to));
      from = to;
    });
    context.set(pageResultsContext, answers);
  }
  const response = await next();
  if (session.refreshCookie) response.headers.append("Set-Cookie", session.refreshCookie);
  return response;
}

/**
 * The page's reads the guard's batch can carry (decision 0069): a GET of a page that declares them, in
 * MERCHANT_PAGE_READS, with the roles its section lets read and the store's fields as last seen when its statements
 * are built from them (none seen yet: those reads are the loader's own, after the guard; a nested route's other
 * reads still come in the batch). An action's page reads after the action, on its own.
 */
function pageInGuardBatch(request: Request, pattern: string | undefined, storeId: string | undefined) {
  if ((request.method !== "GET" && request.method !== "HEAD") || pattern === undefined) return undefined;
  const reads = MERCHANT_PAGE_READS[pattern.replace(/^\/+/, "")];
  if (!reads) return undefined;
  if ((reads.kind === "account") !== (storeId === undefined)) return undefined;
  const store = reads.kind === "store-facts" && storeId ? lastSeenStore(storeId) : null;
  const parts = (reads.parts ?? [reads]).filter((part) => part.kind !== "store-facts" || store);
  if (parts.length === 0) return undefined;
  const readers = storeId ? (accessRuleOf(pathInStore(request, storeId))?.read ?? []) : [];
  return { parts, readers, store, url: new URL(request.url) };
}

/** The page a request is for: client navigations fetch `/path.data` (and `/_root.data` for /). */
export function pagePath(request: Request): string {
  const { pathname } = new URL(request.url);
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}
