/**
 * A discount code's link as the merchant shares it (docs/decisions/0055-discount-links.md): the store's address with
 * `?codigo=`, each way of sharing with its own `ref` (as the store's own links), so a visit it brings is known by where
 * it was shared; the QR's files are drawn on request from the same link.
 */
import { codeLinkUrl } from "~/domain/code-links";
import { type DiscountCode, discountValueText } from "~/domain/discounts";
import { storeTranslator } from "~/domain/message-catalogs";
import { moneyFormat } from "~/domain/money";
import { REFS } from "~/domain/referral";
import { type Config, publicStoreUrl } from "~/services/config";

export const QR_FORMATS = ["png", "svg"] as const;

export function codeShareLinks(
  config: Pick<Config, "APP_ORIGIN" | "STORES_DOMAIN">,
  store: {
    id: string;
    url: string;
    name: string;
    currency: string;
    country: string;
    timeZone?: string;
    customHost?: string | null;
  },
  code: Pick<DiscountCode, "id" | "code" | "kind" | "value" | "active">,
) {
  const storeUrl = publicStoreUrl(config, store);
  const gives = discountValueText(code, moneyFormat(store));
  const whatsapp = codeLinkUrl(storeUrl, code.code, REFS.whatsapp);
  // Buyers read it: in the store's country's words, as the store's own WhatsApp texts.
  const t = storeTranslator(store);
  const message = t(
    {
      id: "whatsapp.discountLink.message",
      defaultMessage: "¡{gives} de descuento en {store} con el código {code}! Entra aquí y ya queda aplicado: {link}",
    },
    { gives, store: store.name, code: code.code, link: whatsapp },
  );
  const qr = (format: (typeof QR_FORMATS)[number]) => `/Store/${store.id}/discounts/${code.id}/qr/${format}`;
  return {
    link: codeLinkUrl(storeUrl, code.code, REFS.link),
    whatsappHref: `https://wa.me/?text=${encodeURIComponent(message)}`,
    qrTarget: codeLinkUrl(storeUrl, code.code, REFS.qr),
    qr: { png: qr("png"), svg: qr("svg") },
    active: code.active,
  };
}
export type CodeShareLinks = ReturnType<typeof codeShareLinks>;
