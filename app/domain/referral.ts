/**
 * Where a visit to a store came from: every link the platform makes for the merchant to share carries `?ref=` with
 * one of these values, so a visit can be attributed to the place the link was shared (docs/decisions/0050-product-feed.md).
 */
const REF_PARAM = "ref";

export const REFS = {
  /** The store's link as the merchant copies it ('Enlace de tu tienda'). */
  link: "link",
  /** Sent through WhatsApp: 'Compartir por WhatsApp', a status. */
  whatsapp: "whatsapp",
  /** The phone's own share sheet ('Compartir…'). */
  share: "share",
  /** The printed QR code (/QR/{storeId}). */
  qr: "qr",
  /** The link in the Instagram bio. */
  instagram: "instagram",
  /** The link in the TikTok profile. */
  tiktok: "tiktok",
  /** A product of the Google Merchant Center feed (free listings). */
  google: "google-shopping",
  /** A product of the Meta catalog feed (Instagram Shopping, the Facebook shop, the WhatsApp Business catalog). */
  meta: "meta-catalog",
} as const;
export type Ref = (typeof REFS)[keyof typeof REFS];

/** An absolute address with its `ref` (replacing one it had), the rest of its query and its fragment kept. */
export function withRef(url: string, ref: Ref): string {
  const address = new URL(url);
  address.searchParams.set(REF_PARAM, ref);
  return address.toString();
}
