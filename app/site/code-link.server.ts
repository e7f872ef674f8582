/**
 * Discount links (docs/decisions/0055-discount-links.md): any store page asked with `?codigo=CODE` looks the code up
 * in the page's one batch, puts it in the cart's code cookie when it applies (or waits only for the cart's minimum),
 * and answers a 303 to the same address without `codigo`, carrying what it did in a cookie the landing page reads
 * once. The landing page is then the ordinary one: shared caches keep serving it, and no shopper's code ends up in it.
 * The guessing limits of the cart's 'Aplicar' hold: a code the store does not have counts against the client and the
 * store, and past a limit no code is looked at.
 */
import { codeGuessCountersQuery } from "~/discounts/code-guessing.server";
import { discountByKeyQuery } from "~/discounts/discount-codes.server";
import {
  CODE_LINK_PARAM,
  type CodeLinkOutcome,
  keepsCode,
  linkedCode,
  linkOutcome,
  outcomeCookie,
  withoutLinkedCode,
} from "~/domain/code-links";
import { storeToday } from "~/domain/sales";
import { countWrongCode, guardedCode } from "~/orders/code-entry.server";
import { clientIpContext, getServices, storeHostContext } from "~/services/services";
import { CODE_NOTICE_COOKIE, DISCOUNT_COOKIE } from "./cookies";
import { loadSitePage, readCookie, type SiteArgs, storeCookie } from "./site.server";
import { siteBasePath } from "./tenant";

/** The notice waits at most this long for its page (a redirect followed at once). */
const NOTICE_MAX_AGE = 60;

/** A page's answer a loader threw (a moved store's 301, an unknown store's 404, a closed one's 503). */
const isPageAnswer = (error: unknown) =>
  error instanceof Response || (typeof error === "object" && error !== null && "init" in error);

/**
 * The site's middleware for discount links: answers a link itself, and clears the notice once a page has shown it
 * (that page is the shopper's own: never kept by a cache, never revalidated to an earlier copy).
 */
export async function codeLinks(args: SiteArgs, next: () => Promise<Response>): Promise<Response> {
  const { request } = args;
  if (request.method !== "GET" && request.method !== "HEAD") return next();
  if (new URL(request.url).searchParams.has(CODE_LINK_PARAM)) {
    const answer = await answerCodeLink(args);
    if (answer) return answer;
  }
  const response = await next();
  if (readCookie(request, CODE_NOTICE_COOKIE) === null || (response.status >= 300 && response.status < 400)) return response;
  const headers = new Headers(response.headers);
  const basePath = siteBasePath(args.context.get(storeHostContext), (args.params.site ?? "").toLowerCase());
  headers.append("Set-Cookie", storeCookie(getServices(args.context).config, basePath, CODE_NOTICE_COOKIE, ""));
  headers.set("Cache-Control", "private, no-store");
  headers.delete("ETag");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The 303 of a discount link, or null when the store's page answers instead (its own redirect, 404 or 503). An empty
 * `?codigo=` is only taken off the address.
 */
async function answerCodeLink(args: SiteArgs): Promise<Response | null> {
  const url = new URL(args.request.url);
  const key = linkedCode(url.searchParams);
  const ip = args.context.get(clientIpContext);
  let p: Awaited<ReturnType<typeof loadLink>>;
  try {
    p = await loadLink(args, key, ip);
  } catch (error) {
    if (isPageAnswer(error)) return null;
    throw error;
  }
  const { config, clock, db } = p.services;
  const basePath = p.site.basePath;
  const cookie = (name: string, value: string, maxAge?: number) => storeCookie(config, basePath, name, value, maxAge);
  const prefix = `/site/${p.store.url}`;
  const rest = url.pathname.toLowerCase().startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname;
  const headers = new Headers({
    Location: withoutLinkedCode(`${basePath}${rest}` || "/", url.search),
    "Cache-Control": "private, no-store",
  });
  if (key !== null) {
    const [[row], counters] = p.page;
    const now = clock.now();
    const guarded = guardedCode(key, row, counters, p.priced.total, p.store, now, p.t);
    await countWrongCode(db, guarded, p.store.id, ip, now);
    const outcome: CodeLinkOutcome =
      guarded.wait !== null
        ? { kind: "wait", minutes: guarded.wait }
        : linkOutcome(key, row, p.priced.total, storeToday(now, p.store.timeZone));
    if (keepsCode(outcome)) headers.append("Set-Cookie", cookie(DISCOUNT_COOKIE, key));
    headers.append("Set-Cookie", cookie(CODE_NOTICE_COOKIE, outcomeCookie(outcome), NOTICE_MAX_AGE));
  }
  return new Response(null, { status: 303, headers });
}

/** The store, the cart, the code with the link's key and the guessing counters: the page's one round trip. */
const loadLink = (args: SiteArgs, key: string | null, ip: string) =>
  loadSitePage(args, (storeId, db) => [discountByKeyQuery(db, storeId, key ?? "-"), codeGuessCountersQuery(db, storeId, ip)]);
