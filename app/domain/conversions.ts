// Ad conversions sent from the server (docs/decisions/0052-ad-conversions-from-the-server.md): what a shopper did,
// as Meta's Conversions API and Google Analytics 4's Measurement Protocol each want it. Plain data in, plain JSON
// out; the secrets never enter a body (they go in the request's address, app/services/conversions.ts).
import { z } from "zod";
import { defineMessages, type Translate } from "./messages";
import { fractionDigits } from "./money";

const CONVERSION_EVENTS = ["ViewContent", "AddToCart", "InitiateCheckout", "Purchase"] as const;
export type ConversionEventName = (typeof CONVERSION_EVENTS)[number];

/** GA4's recommended e-commerce event for each. */
const GA4_NAMES: Record<ConversionEventName, string> = {
  ViewContent: "view_item",
  AddToCart: "add_to_cart",
  InitiateCheckout: "begin_checkout",
  Purchase: "purchase",
};

const CONVERSION_PLATFORMS = ["meta", "ga4"] as const;
export type ConversionPlatform = (typeof CONVERSION_PLATFORMS)[number];

/** The ad clicks the shopper arrived from, kept from the landing address (a cookie of the store). */
export interface ClickIds {
  fbclid?: string;
  gclid?: string;
  /** When the click was first seen (ms), for Meta's fbc. */
  at: number;
}

export interface ConversionEvent {
  /** One id for every platform and every try: the platforms deduplicate by it. */
  id: string;
  name: ConversionEventName;
  time: Date;
  /** The public page where it happened. */
  sourceUrl: string;
  currency: string;
  /** Minor units of `currency`. */
  value: number;
  items: ReadonlyArray<{ id: string; name: string; quantity: number; price: number }>;
  /** A purchase's order (the sale's code). */
  orderId?: string;
  client: { ip: string; userAgent: string | null };
  clicks: ClickIds | null;
}

const major = (minor: number, currency: string) => minor / 10 ** fractionDigits(currency);

/** Meta's fbc from the ad click's id: `fb.1.{first seen, ms}.{fbclid}`. */
const metaClickId = (clicks: ClickIds) => `fb.1.${clicks.at}.${clicks.fbclid}`;

/** GA4 wants a client id per browser; without its script there is none, so one is derived from the client. */
export async function ga4ClientId(client: ConversionEvent["client"]): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${client.ip}|${client.userAgent ?? ""}`));
  const bytes = new DataView(digest);
  return `${bytes.getUint32(0)}.${bytes.getUint32(4)}`;
}

/** One event of Meta's `data` array (Conversions API, website events). */
export function metaEvent(e: ConversionEvent) {
  const units = e.items.reduce((sum, i) => sum + i.quantity, 0);
  return {
    event_name: e.name,
    event_time: Math.floor(e.time.getTime() / 1000),
    event_id: e.id,
    action_source: "website",
    event_source_url: e.sourceUrl,
    user_data: {
      client_ip_address: e.client.ip,
      client_user_agent: e.client.userAgent ?? "",
      ...(e.clicks?.fbclid ? { fbc: metaClickId(e.clicks) } : {}),
    },
    custom_data: {
      value: major(e.value, e.currency),
      currency: e.currency,
      content_ids: [...new Set(e.items.map((i) => i.id))],
      content_type: "product",
      contents: e.items.map((i) => ({ id: i.id, quantity: i.quantity, item_price: major(i.price, e.currency) })),
      num_items: units,
      ...(e.orderId ? { order_id: e.orderId } : {}),
    },
  };
}

/** The body of a Measurement Protocol request with this one event. */
export function ga4Body(e: ConversionEvent, clientId: string) {
  return {
    client_id: clientId,
    timestamp_micros: e.time.getTime() * 1000,
    events: [
      {
        name: GA4_NAMES[e.name],
        params: {
          currency: e.currency,
          value: major(e.value, e.currency),
          // GA4 deduplicates purchases by transaction id; every event carries the id it was sent with.
          ...(e.orderId ? { transaction_id: e.orderId } : {}),
          event_id: e.id,
          items: e.items.map((i) => ({
            item_id: i.id,
            item_name: i.name,
            price: major(i.price, e.currency),
            quantity: i.quantity,
          })),
          ...(e.clicks?.gclid ? { gclid: e.clicks.gclid } : {}),
          engagement_time_msec: 1,
        },
      },
    ],
  };
}

// ——— The click ids' cookie ———

/** What an ad click id may hold: the platforms' are URL-safe text well under this. */
const CLICK_ID = /^[A-Za-z0-9_-]{1,500}$/;

/** The ad click ids of a landing address, or null when it has none. */
export function clickIdsOfUrl(url: URL, now: number): ClickIds | null {
  const fbclid = url.searchParams.get("fbclid") ?? "";
  const gclid = url.searchParams.get("gclid") ?? "";
  const clicks: ClickIds = { at: now };
  if (CLICK_ID.test(fbclid)) clicks.fbclid = fbclid;
  if (CLICK_ID.test(gclid)) clicks.gclid = gclid;
  return clicks.fbclid || clicks.gclid ? clicks : null;
}

/** The cookie's value: `{at}.{fbclid}.{gclid}` (either may be empty; none holds a dot). */
export const serializeClickIds = (c: ClickIds) => `${c.at}.${c.fbclid ?? ""}.${c.gclid ?? ""}`;

export function parseClickIds(value: string | null): ClickIds | null {
  const [at, fbclid = "", gclid = "", ...rest] = (value ?? "").split(".");
  const time = Number(at);
  if (rest.length > 0 || !Number.isSafeInteger(time) || time <= 0) return null;
  const clicks: ClickIds = { at: time };
  if (CLICK_ID.test(fbclid)) clicks.fbclid = fbclid;
  if (CLICK_ID.test(gclid)) clicks.gclid = gclid;
  return clicks.fbclid || clicks.gclid ? clicks : null;
}

// ——— The store's settings ———

/** The settings forms' refusals, as descriptors: the merchant's translator says them. */
export const CONVERSION_MESSAGES = defineMessages({
  datasetId: {
    id: "conversions.refusal.datasetId",
    defaultMessage: "El identificador del conjunto de datos de Meta son solo números (de 10 a 20 cifras)",
  },
  metaToken: {
    id: "conversions.refusal.metaToken",
    defaultMessage: "Pega el token de acceso de la API de conversiones de Meta",
  },
  metaTokenNeeded: {
    id: "conversions.refusal.metaTokenNeeded",
    defaultMessage: "Para enviar eventos a Meta hace falta también el token de acceso",
  },
  measurementId: {
    id: "conversions.refusal.measurementId",
    defaultMessage: "El ID de medición de Google Analytics empieza con G-, como G-AB12CD34EF",
  },
  apiSecret: {
    id: "conversions.refusal.apiSecret",
    defaultMessage: "Pega el secreto de la API de Measurement Protocol",
  },
  apiSecretNeeded: {
    id: "conversions.refusal.apiSecretNeeded",
    defaultMessage: "Para enviar eventos a Google Analytics hace falta también el secreto de la API",
  },
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

/**
 * 'Meta (Conversions API)' or 'Google Analytics 4' saved. A secret left empty keeps the saved one (the page never
 * shows it back), so `hasSecret` says whether one is saved already. Refusals in `t`'s words (the merchant's).
 */
export const metaSettingsForm = (hasSecret: boolean, t: Translate) =>
  z
    .object({
      datasetId: z
        .string()
        .trim()
        .regex(/^\d{10,20}$/, t(CONVERSION_MESSAGES.datasetId)),
      token: optionalText(1000).refine(
        (v) => v === undefined || /^[A-Za-z0-9_-]{20,}$/.test(v),
        t(CONVERSION_MESSAGES.metaToken),
      ),
    })
    .refine((v) => hasSecret || v.token !== undefined, { path: ["token"], message: t(CONVERSION_MESSAGES.metaTokenNeeded) });

export const ga4SettingsForm = (hasSecret: boolean, t: Translate) =>
  z
    .object({
      measurementId: z
        .string()
        .trim()
        .transform((v) => v.toUpperCase())
        .pipe(z.string().regex(/^G-[A-Z0-9]{4,20}$/, t(CONVERSION_MESSAGES.measurementId))),
      apiSecret: optionalText(200).refine(
        (v) => v === undefined || /^[A-Za-z0-9_-]{8,}$/.test(v),
        t(CONVERSION_MESSAGES.apiSecret),
      ),
    })
    .refine((v) => hasSecret || v.apiSecret !== undefined, {
      path: ["apiSecret"],
      message: t(CONVERSION_MESSAGES.apiSecretNeeded),
    });
