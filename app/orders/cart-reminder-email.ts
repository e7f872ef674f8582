import type { SavedLine } from "~/domain/abandoned-carts";
import type { Translate } from "~/domain/messages";
import { formatMoney } from "~/domain/money";
import type { MailMessage } from "~/services/mail";
import { emailButton, emailLayout, escapeHtml } from "~/ui/html";

/** The one reminder to a buyer who left their checkout: their cart, the link that restores it, and the opt-out. */
export function cartReminderEmail(n: {
  to: string;
  buyerName: string;
  storeName: string;
  currency: string;
  country: string | null;
  lines: readonly SavedLine[];
  total: number;
  restoreUrl: string;
  optOutUrl: string;
  /** The store's voice (storeTranslator). */
  t: Translate;
}): MailMessage {
  const { t } = n;
  const store = { store: n.storeName };
  const subject = t({ id: "email.reminder.subject", defaultMessage: "Tu pedido en {store} quedó sin terminar" }, store);
  const intro = t(
    {
      id: "email.reminder.intro",
      defaultMessage:
        "Guardamos tu carrito de {store} tal como lo dejaste. Puedes terminar tu pedido cuando quieras: los precios y las unidades son los de hoy.",
    },
    store,
  );
  const items = n.lines.map((l) => `${l.name} x ${l.quantity}`);
  const total = t(
    { id: "email.reminder.total", defaultMessage: "Total de los productos: {total}" },
    { total: formatMoney(n.total, n.currency, n.country) },
  );
  const optOut = t(
    { id: "email.reminder.optOut", defaultMessage: "¿No quieres más recordatorios de {store}? {url}" },
    { ...store, url: n.optOutUrl },
  );
  const finish = t({ id: "email.reminder.finish", defaultMessage: "Terminar mi pedido" });
  const hello = t({ id: "email.buyer.hello", defaultMessage: "Hola {name}:" }, { name: n.buyerName });
  const text = [hello, "", intro, "", ...items, total, "", `${finish}: ${n.restoreUrl}`, "", optOut, "", n.storeName].join("\n");
  const html = emailLayout(
    subject,
    `<p>${escapeHtml(hello)} ${escapeHtml(intro)}</p><ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul><p>${escapeHtml(total)}</p>${emailButton(n.restoreUrl, finish)}<p style="font-size:12px;color:#777"><a href="${escapeHtml(n.optOutUrl)}">${escapeHtml(t({ id: "email.reminder.optOutLink", defaultMessage: "No quiero más recordatorios de {store}" }, store))}</a></p>`,
    t({ id: "email.buyer.footer", defaultMessage: "{store} · tienda hecha con Vitrina" }, store),
  );
  return { to: n.to, subject, text, html };
}
