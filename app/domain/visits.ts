/**
 * A store's visits as its statistics count them (docs/decisions/0051-visit-statistics.md): which requests are a
 * shopper's page view, what kind of page, and where the visit came from. Plain rules; the runtimes' entries apply them
 * (app/stats/count-visit.server.ts).
 */
import { defineMessages, type MessageDescriptor, type Translate } from "./messages";
import { REFS } from "./referral";

const PAGE_KINDS = ["home", "listing", "product", "search", "cart", "checkout", "order"] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** The kind of a store page from its routed path (`/site/{store}/…`), with the store and a product's id; null for anything else. */
export function storePageOf(pathname: string): { store: string; kind: PageKind; productId: string } | null {
  // The store: its url, or its own hostname ('Dominio propio', decision 0061), as the entry routed it.
  const match = /^\/site\/([a-z0-9-]{1,63}|[a-z0-9-]+(?:\.[a-z0-9-]+)+)(\/.*)?$/.exec(pathname);
  if (!match?.[1]) return null;
  const rest = (match[2] ?? "/").replace(/\/+$/, "") || "/";
  const page = (kind: PageKind, productId = "") => ({ store: match[1] as string, kind, productId });
  if (rest === "/") return page("home");
  const product = /^\/Product\/[^/]+\/(\d{7})$/i.exec(rest);
  if (product?.[1]) return page("product", product[1]);
  switch (rest.toLowerCase()) {
    case "/store":
      return page("listing");
    case "/search":
      return page("search");
    case "/cart":
      return page("cart");
    case "/checkout":
      return page("checkout");
    case "/order":
      return page("order");
  }
  return /^\/order\/[^/]+$/i.test(rest) ? page("order") : null;
}

/**
 * Crawlers, link previews and tools, by their User-Agent: search engines, WhatsApp's, Facebook's, Telegram's and the
 * other apps' previews, monitors, and HTTP libraries. A browser without a User-Agent is not a shopper either. The
 * apps' own browsers (Instagram, Facebook, Snapchat, Pinterest, Telegram) name the app too: only their fetchers, named
 * '…bot' or 'preview', are robots; a phone whose brand ends in 'bot' is not.
 */
const ROBOTS =
  // cspell:disable-next-line
  /(?<!cu)bot\b|bot\/|crawl|spider|slurp|scrape|preview|facebookexternalhit|facebookcatalog|meta-externalagent|whatsapp\/|skypeuripreview|embedly|iframely|google-inspectiontool|googleother|google-read-aloud|feedfetcher|mediapartners|adsbot|apis-google|lighthouse|pagespeed|gtmetrix|uptime|monitor|pingdom|curl\/|wget\/|python|java\/|go-http-client|okhttp|axios|node-fetch|undici|^node$|libwww|httpclient|postman|insomnia/i;

export function isRobot(userAgent: string | null | undefined): boolean {
  return !userAgent || userAgent.length < 10 || ROBOTS.test(userAgent);
}

/** A page fetched ahead of a click (`Sec-Purpose: prefetch`, `Purpose: prefetch`, Firefox's `X-Moz`): not a visit yet. */
export function isPrefetch(headers: Headers): boolean {
  const purpose = `${headers.get("Sec-Purpose") ?? ""} ${headers.get("Purpose") ?? ""} ${headers.get("X-Purpose") ?? ""} ${headers.get("X-Moz") ?? ""}`;
  return /prefetch|prerender|preview/i.test(purpose);
}

/** The sources the statistics name, with their labels; any other `ref`/`utm_*` value is kept as written. */
const SOURCE_MESSAGES = defineMessages({
  instagram: { id: "visits.source.fromInstagram", defaultMessage: "Instagram" },
  facebook: { id: "visits.source.fromFacebook", defaultMessage: "Facebook" },
  whatsapp: { id: "visits.source.whatsapp", defaultMessage: "WhatsApp" },
  tiktok: { id: "visits.source.tiktok", defaultMessage: "TikTok" },
  google: { id: "visits.source.google", defaultMessage: "Google" },
  qr: { id: "visits.source.qr", defaultMessage: "Código QR" },
  link: { id: "visits.source.link", defaultMessage: "Enlace de la tienda" },
  share: { id: "visits.source.share", defaultMessage: "Compartido desde el teléfono" },
  googleShopping: { id: "visits.source.googleShopping", defaultMessage: "Google Shopping" },
  metaCatalog: { id: "visits.source.metaCatalog", defaultMessage: "Catálogo de Meta" },
  other: { id: "visits.source.other", defaultMessage: "Otros sitios" },
  direct: { id: "visits.source.direct", defaultMessage: "Directo" },
});

/** A Map, because the names looked up come from any link ('constructor' is no label). */
const SOURCE_LABELS = new Map<string, MessageDescriptor>([
  ["instagram", SOURCE_MESSAGES.instagram],
  ["facebook", SOURCE_MESSAGES.facebook],
  ["whatsapp", SOURCE_MESSAGES.whatsapp],
  ["tiktok", SOURCE_MESSAGES.tiktok],
  ["google", SOURCE_MESSAGES.google],
  ["qr", SOURCE_MESSAGES.qr],
  ["link", SOURCE_MESSAGES.link],
  ["share", SOURCE_MESSAGES.share],
  [REFS.google, SOURCE_MESSAGES.googleShopping],
  [REFS.meta, SOURCE_MESSAGES.metaCatalog],
  ["other", SOURCE_MESSAGES.other],
  ["direct", SOURCE_MESSAGES.direct],
]);

/** A source's label in the merchant's words (`t`), or the source as written when it is none of the named ones. */
export function sourceLabel(source: string, t: Translate): string {
  const label = SOURCE_LABELS.get(source);
  return label ? t(label) : source;
}

/** What people write in `ref`/`utm_source` for the named sources (a Map: the values come from any link). */
const ALIASES = new Map<string, string>([
  ["ig", "instagram"],
  ["insta", "instagram"],
  ["fb", "facebook"],
  ["meta", "facebook"],
  ["wa", "whatsapp"],
  ["wsp", "whatsapp"],
  ["whatsapp_status", "whatsapp"],
  ["tt", "tiktok"],
  ["google-ads", "google"],
  // cspell:disable-next-line
  ["adwords", "google"],
]);

/** Referrer hosts by source (the host itself or any of its subdomains); `google.` matches every country's Google. */
// cspell:disable
const REFERRER_HOSTS: [RegExp, string][] = [
  [/(^|\.)(instagram\.com|com\.instagram\.android)$/, "instagram"],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me|messenger\.com|com\.facebook\.katana|com\.facebook\.orca)$/, "facebook"],
  [/(^|\.)(whatsapp\.com|whatsapp\.net|wa\.me|com\.whatsapp(\.w4b)?)$/, "whatsapp"],
  [/(^|\.)(tiktok\.com|com\.zhiliaoapp\.musically)$/, "tiktok"],
  [/(^|\.)google\.[a-z.]+$|(^|\.)com\.google\.android\.(googlequicksearchbox|gm)$/, "google"],
];
// cspell:enable

/** A `ref` or `utm_*` value as a source: lower case, letters, digits and dashes, 30 at most; null when nothing is left. */
function cleanSource(value: string | null): string | null {
  if (!value) return null;
  const clean = value
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 30)
    .replace(/-+$/, "");
  if (!clean) return null;
  if (SOURCE_LABELS.has(clean)) return clean;
  const alias = ALIASES.get(clean) ?? ALIASES.get(clean.replace(/-/g, "_"));
  if (alias) return alias;
  for (const [pattern, source] of REFERRER_HOSTS) if (pattern.test(clean.replace(/-/g, "."))) return source;
  return clean;
}

/** The referrer's host group, or null when there is none or it is the store's own site (a move inside the store). */
function referrerSource(referrer: string | null, ownHosts: readonly string[]): string | null {
  if (!referrer) return null;
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return null;
  }
  if (!host || ownHosts.includes(host)) return null;
  for (const [pattern, source] of REFERRER_HOSTS) if (pattern.test(host)) return source;
  return "other";
}

/**
 * Where a visit came from: `ref`, else `utm_source`, `utm_medium`, `utm_campaign` (the first one given), else the
 * referrer's host grouped, else direct.
 */
export function visitSource(query: URLSearchParams, referrer: string | null, ownHosts: readonly string[]): string {
  for (const name of ["ref", "utm_source", "utm_medium", "utm_campaign"]) {
    const source = cleanSource(query.get(name));
    if (source) return source;
  }
  return referrerSource(referrer, ownHosts) ?? "direct";
}

/** A source read back from a cookie or a form: the same cleaning, so nothing else is ever stored. */
export function storedSource(value: string | null | undefined): string | null {
  return cleanSource(value ?? null);
}

/**
 * The merchant's own look at their store: the workspace's 'Visitar tienda' links carry `?visita=propia`, and the entry
 * answers it with a cookie of that browser (`OWN_VISIT_COOKIE`, no personal data) whose views are never counted.
 */
export const OWN_VISIT_PARAM = "visita";
export const OWN_VISIT_VALUE = "propia";
export const OWN_VISIT_COOKIE = "vitrina_propia";

export function ownVisitUrl(url: string): string {
  const address = new URL(url);
  address.searchParams.set(OWN_VISIT_PARAM, OWN_VISIT_VALUE);
  return address.toString();
}

/** One counted page view, before its store's id and day are known (the flush resolves them). */
export interface PageView {
  type: "view";
  /** The store's address (`url`), as the request named it. */
  store: string;
  at: number;
  kind: PageKind;
  productId: string;
  source: string;
  /** The visitor's key for the day (a salted hash, app/stats/count-visit.server.ts). */
  visitorKey: string;
  /** It came from outside the store (or from nowhere): a visit. A move inside the store is a page view only. */
  entrance: boolean;
}

/** A product added to a cart: `started` when the cart was empty, with the source the cart keeps. */
export interface CartAdd {
  type: "cart";
  /** The store's address (`url`), as the request named it. */
  store: string;
  at: number;
  productId: string;
  started: boolean;
  source: string;
}

export type StatsEvent = PageView | CartAdd;
