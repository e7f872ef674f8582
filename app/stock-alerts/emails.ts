import type { Translate } from "~/domain/messages";
import type { MailMessage } from "~/services/mail";
import { emailButton, emailLayout, escapeHtml } from "~/ui/html";

/** The merchant's email when a product's available units fall to its low-stock threshold (once per crossing), in `t`'s words. */
export function lowStockEmail(n: {
  to: string;
  storeName: string;
  productName: string;
  available: number;
  pageUrl: string;
  t: Translate;
}): MailMessage {
  const { t } = n;
  const subject = t(
    { id: "stockAlerts.email.subject", defaultMessage: "Poco stock en {store}: {product}" },
    { store: n.storeName, product: n.productName },
  );
  const body = t(
    {
      id: "stockAlerts.email.body",
      defaultMessage:
        "«{product}» {available, plural, =0 {ya no tiene unidades disponibles} one {tiene 1 unidad disponible} other {tiene {available} unidades disponibles}}. Repón el stock para seguir vendiéndolo; no volveremos a avisarte de este producto hasta que su stock suba y vuelva a bajar.",
    },
    { product: n.productName, available: Math.max(0, n.available) },
  );
  const text = [
    t({ id: "stockAlerts.email.greeting", defaultMessage: "Hola:" }),
    "",
    body,
    "",
    t({ id: "stockAlerts.email.link", defaultMessage: "Ver tus productos con poco stock: {url}" }, { url: n.pageUrl }),
    "",
    "Vitrina",
  ].join("\n");
  const html = emailLayout(
    subject,
    `<p>${escapeHtml(body)}</p>${emailButton(n.pageUrl, t({ id: "stockAlerts.email.button", defaultMessage: "Ver productos con poco stock" }))}`,
  );
  return { to: n.to, subject, text, html };
}
