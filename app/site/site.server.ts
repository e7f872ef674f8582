import siteScriptUrl from "virtual:site-script";
import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { data, type RouterContextProvider, redirect } from "react-router";
import { productSubpath } from "~/domain/banner-links";
import { isPastGrace } from "~/domain/billing";
import { parseCart, priceCart } from "~/domain/cart";
import { cardPrice } from "~/domain/catalog";
import { type CodeLinkNotice, codeLinkNotice, outcomeFromCookie } from "~/domain/code-links";
import { constantTimeEqual } from "~/domain/constant-time";
import { storeCountry } from "~/domain/countries";
import { DISCOUNT_CODE_PATTERN } from "~/domain/discounts";
import { movesToOwnHost } from "~/domain/hostnames";
import { shortHash } from "~/domain/ids";
import { LOOK_PREVIEW_PARAM, parseLook } from "~/domain/look";
import { translatorFor } from "~/domain/message-catalogs";
import { localeOfCountry, type Translate } from "~/domain/messages";
import { type MoneyWriting, moneyFormat } from "~/domain/money";
import { fiscalLine, POLICY_KINDS, POLICY_PAGES } from "~/domain/policies";
import { livePromotions, type Promotion, promotedLines, promotionCacheSeconds } from "~/domain/promotions";
import { SOCIAL_NETWORKS, socialLabel, socialProfile } from "~/domain/social";
import { WITHDRAWAL_PATH } from "~/domain/withdrawals";
import { notFound } from "~/http/responses";
import { SHARE_SIZE } from "~/media/brand-images";
import { logoBrandKeys, smallRendition, smallRenditionKey } from "~/media/renditions";
import { availableOf, cartItemsOf } from "~/orders/cart-items.server";
import { type Config, publicStoreUrl } from "~/services/config";
import { fileUrl } from "~/services/files";
import { getServices, type Services, storeHostContext } from "~/services/services";
import { lookView } from "~/ui/look-view";
import { CART_COOKIE, CODE_NOTICE_COOKIE, DISCOUNT_COOKIE, ORDER_COOKIE } from "./cookies";
import { EDGE_TTL_HEADER, EDGE_TTL_SECONDS, storeCacheTag } from "./edge-cache";
import { POLICY_TITLES } from "./policy-titles";
import { promotedPrice } from "./promotion-view";
import { type CardProduct, loadSite, type SiteStoreRow } from "./queries.server";
import { ownHostOf, siteBasePath } from "./tenant";

export { CART_COOKIE, DISCOUNT_COOKIE, ORDER_COOKIE };

const COOKIE_MAX_AGE = 60 * 60 * 24 * 30;

export interface SiteArgs {
  request: Request;
  params: { site?: string };
  context: Readonly<RouterContextProvider>;
}

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The discount code the shopper applied in this store's cart (a code key), or null. */
export function readCodeCookie(request: Request): string | null {
  const value = readCookie(request, DISCOUNT_COOKIE);
  return value && DISCOUNT_CODE_PATTERN.test(value) ? value : null;
}

/** Cookies of one store: scoped to its path on the app host, to its own host otherwise. */
export function storeCookie(config: Config, basePath: string, name: string, value: string, maxAge = COOKIE_MAX_AGE): string {
  const attrs = [`${name}=${value}`, `Path=${basePath || "/"}`, `Max-Age=${value ? maxAge : 0}`, "HttpOnly", "SameSite=Lax"];
  if (config.VITRINA_ENV === "production") attrs.push("Secure");
  return attrs.join("; ");
}

/** A store that does not exist (or no longer does): the app's 404, never cached. */
function storeNotFound(): never {
  notFound("store_not_found", { "Cache-Control": "no-store" });
}

/** The path after `/site/{slug}` of the (possibly rewritten) request, with its query. */
function subPath(request: Request, slug: string): string {
  const url = new URL(request.url);
  const prefix = `/site/${slug}`;
  const rest = url.pathname.toLowerCase().startsWith(prefix) ? url.pathname.slice(prefix.length) : "";
  return `${rest}${url.search}`;
}

/** Where a store's page lives for this request: `/site/{slug}{path}` on the app host, its own host otherwise. */
function storeLocation(services: Services, storeHost: string | null, slug: string, path: string): string {
  if (storeHost && services.config.STORES_DOMAIN)
    return `${publicStoreUrl(services.config, slug).replace(/\/$/, "")}${path || "/"}`;
  return `/site/${slug}${path}`;
}

/** An image with its `srcset`: the stored size and, when it has one, its half-size rendition. */
export function imageOf(key: string | null, width: number | null, height: number | null) {
  if (!key) return null;
  const src = fileUrl(key);
  const w = width ?? 400;
  const h = height ?? 400;
  const small = width && height ? smallRendition(key, width, height) : null;
  const srcSet = small ? `${fileUrl(small.key)} ${small.width}w, ${src} ${w}w` : `${src} ${w}w`;
  return { src, width: w, height: h, srcSet };
}
export type SiteImage = NonNullable<ReturnType<typeof imageOf>>;

export function productPath(basePath: string, product: { id: string; name: string }): string {
  return `${basePath}${productSubpath(product)}`;
}

/** A cart line's link: its product's page, with the variant chosen when it has one. */
export function productPagePath(basePath: string, item: { id: string; productName: string; variantId: number | null }): string {
  const path = productPath(basePath, { id: item.id, name: item.productName });
  return item.variantId === null ? path : `${path}?variante=${item.variantId}`;
}

/** A product's card; a live promotion changes its price or adds its badge (`promotedPrice`). */
export function cardOf(basePath: string, writing: MoneyWriting, p: CardProduct, promotions: readonly Promotion[] = []) {
  const priced = cardPrice(p, writing);
  const promoted = promotedPrice(promotions, { ...p, price: p.priceFrom ?? p.price }, writing);
  return {
    id: p.id,
    name: p.name,
    href: productPath(basePath, p),
    ...priced,
    // Options at different prices show 'desde' the lowest after the promotion, without a price struck through.
    ...promoted,
    ...(promoted.offer && priced.from ? { offer: null } : {}),
    soldOut: availableOf(p) < 1,
    hasOptions: p.priceFrom !== null || p.priceTo !== null,
    image: imageOf(p.imageKey, p.imageWidth, p.imageHeight),
  };
}
export type Card = ReturnType<typeof cardOf>;

/**
 * Loads a public page: resolves the tenant (old slug → 301, unknown → 404, owner past the grace
 * period → 503), the cart badge and the page's own queries, all in one database round trip.
 */
export async function loadSitePage<Q extends readonly BatchItem<"sqlite">[]>(
  args: SiteArgs,
  page: (storeId: SQL, db: Services["db"]) => readonly [...Q],
  opts: { cartIds?: string[] } = {},
) {
  const services = getServices(args.context);
  const storeHost = args.context.get(storeHostContext);
  const raw = args.params.site ?? "";
  // A store's own hostname ('Dominio propio'): the batch finds the store by it; an unknown one is the 404.
  const ownHost = ownHostOf(storeHost, raw);
  const slug = raw.toLowerCase();
  if (!ownHost && !/^[a-z0-9-]{1,63}$/.test(slug)) storeNotFound();
  if (!ownHost && raw !== slug) throw redirect(storeLocation(services, storeHost, slug, subPath(args.request, slug)), 301);

  const cartCookie = readCookie(args.request, CART_COOKIE);
  const cart = parseCart(cartCookie);
  const cartIds = [...new Set([...cart.map((l) => l.productId), ...(opts.cartIds ?? [])])];
  const loaded = await loadSite(services.db, ownHost ? { hostname: ownHost } : slug, cartIds, (storeId) =>
    page(storeId, services.db),
  );
  const { store } = loaded;
  if (!store) {
    if (loaded.movedTo) throw redirect(storeLocation(services, storeHost, loaded.movedTo, subPath(args.request, slug)), 301);
    storeNotFound();
  }
  if (!store.active || isPastGrace(store.ownerBillDueAt, services.clock.now())) {
    throw data({ kind: "store_unavailable" }, { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": "3600" } });
  }
  const preview = isLookPreview(args.request, store);
  // Its subdomain and /site/{url} send a shopper's GETs on to its own hostname (decision 0061).
  if (
    !ownHost &&
    store.customHost &&
    movesToOwnHost({ method: args.request.method, subPath: subPath(args.request, slug), preview })
  )
    throw redirect(`${publicStoreUrl(services.config, store).replace(/\/$/, "")}${subPath(args.request, slug) || "/"}`, 301);
  const basePath = ownHost ? "" : siteBasePath(storeHost, store.url);
  const cartItems = cartItemsOf(loaded.cartProducts, loaded.cartVariants);
  const now = services.clock.now();
  // The promotions that apply today in the store; the cart's lines each take their best one (app/domain/promotions.ts),
  // and its total is the products after them, the amount the cart, checkout and a code read.
  const promotions = livePromotions(loaded.promotions, now, store.timeZone);
  const cartPriced = priceCart(cart, cartItems);
  const promoted = promotedLines(cartPriced.lines, promotions);
  const priced = { ...cartPriced, lines: promoted.lines, total: promoted.subtotal, saving: promoted.saving };
  const cacheSeconds = promotionCacheSeconds(loaded.promotions, now, store.timeZone, EDGE_TTL_SECONDS);
  const canonicalBase = publicStoreUrl(services.config, store).replace(/\/$/, "");
  const live = promotions.map((p) => p.id).join(",");
  const version = [store.id, store.updatedAt.getTime(), store.catalogVersion, siteScriptUrl, cartCookie ?? "", live].join("|");
  // The store's country says how its pages, emails and WhatsApp texts speak (decision 0067).
  const t = translatorFor(localeOfCountry(storeCountry(store)));
  const site = siteView(store, basePath, canonicalBase, priced.count, t, preview, codeLinkNoticeOf(args.request, store, t));
  return {
    services,
    store,
    t,
    cart,
    cartItems,
    priced,
    promotions,
    page: loaded.page,
    site,
    cache: {
      ETag: `W/"${shortHash(version)}${shortHash(`${version}#`)}"`,
      "Cache-Control": cartCookie ? "private, max-age=0, must-revalidate" : "public, max-age=0, must-revalidate",
      Vary: "Cookie",
      // Lets a merchant's change purge this store's pages from the edge (app/services/edge-cache.ts).
      "Cache-Tag": storeCacheTag(store.id),
      // A dated promotion starts or ends at the store's midnight: the edge keeps the page no longer than that.
      ...(cacheSeconds === null ? {} : { [EDGE_TTL_HEADER]: String(cacheSeconds) }),
      ...(preview ? PREVIEW_HEADERS : {}),
    },
  };
}

/** What a discount link just did, for the page it landed on (app/site/code-link.server.ts clears it once shown). */
function codeLinkNoticeOf(request: Request, store: Pick<SiteStoreRow, "currency" | "country">, t: Translate) {
  const outcome = outcomeFromCookie(readCookie(request, CODE_NOTICE_COOKIE));
  return outcome && codeLinkNotice(outcome, moneyFormat(store), t);
}

/**
 * The logo's icons and link preview, when it has them (logos from before have none; logos from before the tab icon
 * have the rest until the upkeep makes it).
 */
function brandImagesOf(store: Pick<SiteStoreRow, "logoKey" | "logoBrandImages" | "logoTabIcon">) {
  const keys = store.logoKey && store.logoBrandImages ? logoBrandKeys(store.logoKey) : null;
  return {
    favicon: keys ? fileUrl(keys.icon) : null,
    tabIcon: keys && store.logoTabIcon ? fileUrl(keys.tabIcon) : null,
    shareImage: keys ? { src: fileUrl(keys.share), width: SHARE_SIZE.width, height: SHARE_SIZE.height } : null,
  };
}

/**
 * A page asked with the store's current preview secret: shown with the draft look when one waits, with the
 * published one otherwise (the look page frames it either way).
 */
function isLookPreview(request: Request, store: SiteStoreRow): boolean {
  if (!store.lookPreviewToken) return false;
  const asked = new URL(request.url).searchParams.get(LOOK_PREVIEW_PARAM);
  return asked !== null && constantTimeEqual(asked, store.lookPreviewToken);
}

/**
 * A draft's preview is never cached or indexed, and only the platform's own pages may frame it (the look
 * page shows it beside its settings); every other public page keeps refusing frames.
 */
const PREVIEW_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
  "Content-Security-Policy": "frame-ancestors 'self'",
};

/** What every public page renders in its shell (header, links, meta). */
function siteView(
  store: SiteStoreRow,
  basePath: string,
  canonicalBase: string,
  cartCount: number,
  t: Translate,
  preview = false,
  notice: CodeLinkNotice | null = null,
) {
  return {
    locale: t.locale,
    notice,
    look: lookView(parseLook(preview ? (store.lookDraft ?? store.look) : store.look)),
    preview,
    name: store.name,
    basePath,
    homeHref: basePath || "/",
    canonicalBase,
    logo: store.logoKey ? fileUrl(store.logoKey) : null,
    // The header shows the logo at 40 px: its half-size rendition is plenty (the full one if it has none).
    logoIcon: store.logoKey ? fileUrl(smallRenditionKey(store.logoKey) ?? store.logoKey) : null,
    ...brandImagesOf(store),
    description: store.description,
    mainTitle: store.mainTitle,
    storeTitle: store.storeTitle,
    currency: store.currency,
    country: store.country,
    location: store.location,
    contactHref: contactLink(store, t),
    social: SOCIAL_NETWORKS.flatMap((network) =>
      store[network] ? [{ label: socialLabel(network), href: socialProfile(network, store[network]) }] : [],
    ),
    hours: store.hours,
    ...footerLegal(store, basePath, t),
    cartCount,
    script: siteScriptUrl,
  };
}

/**
 * The footer's legal part: the store's pages, its fiscal identity when given, and in Argentina the 'Botón de
 * arrepentimiento' and the consumer-protection link every online store there must show.
 */
function footerLegal(store: Pick<SiteStoreRow, "country" | "timeZone" | "taxId" | "legalName">, basePath: string, t: Translate) {
  const country = storeCountry(store);
  return {
    policies: POLICY_KINDS.map((kind) => ({ title: t(POLICY_TITLES[kind]), href: `${basePath}${POLICY_PAGES[kind].path}` })),
    fiscal: fiscalLine(store, country),
    withdrawalHref: country === "AR" ? `${basePath}${WITHDRAWAL_PATH}` : null,
  };
}

/** The store's 'WhatsApp de atención' as a chat link with a greeting (wa.me opens the app or WhatsApp Web). */
function contactLink(store: Pick<SiteStoreRow, "attentionNumber" | "name">, t: Translate): string | null {
  if (!store.attentionNumber) return null;
  const text = t(
    { id: "site.shell.whatsappGreeting", defaultMessage: "Hola {store}, tengo una consulta." },
    { store: store.name },
  );
  return `https://wa.me/${encodeURIComponent(store.attentionNumber)}?text=${encodeURIComponent(text)}`;
}
export type SiteView = ReturnType<typeof siteView>;

/** sitemap.xml and robots.txt: an unknown or closed store answers a plain-text 404/503, not a page. */
export async function asResource(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) throw error;
    const status = (error as { init?: ResponseInit } | null)?.init?.status;
    if (status !== 404 && status !== 503) throw error;
    const text = status === 503 ? "Esta tienda no está disponible por el momento" : "Esta página fue eliminada";
    return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
}
