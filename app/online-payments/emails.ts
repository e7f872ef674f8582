import { formatMoney } from "~/domain/money";
import type { MailMessage } from "~/services/mail";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** To the store's owner, once, when an online payment of an order is approved and applied. */
export function paymentApprovedEmail(o: {
  to: string;
  merchantName: string;
  storeName: string;
  code: string;
  amount: number;
  currency: string;
  salesUrl: string;
}): MailMessage {
  const amount = formatMoney(o.amount, o.currency);
  const text = [
    `Hola ${o.merchantName}:`,
    "",
    `El pedido ${o.code} de ${o.storeName} ya está pagado: Mercado Pago aprobó el pago de ${amount}. El dinero está en tu cuenta de Mercado Pago.`,
    "",
    `Ver tus ventas: ${o.salesUrl}`,
    "",
    "Vitrina",
  ].join("\n");
  const html = `<!doctype html><html lang="es"><body style="font-family:system-ui,sans-serif;background:#f6f6f8;padding:24px"><div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:24px"><h1 style="font-size:20px;margin:0 0 12px">Pago aprobado del pedido ${escapeHtml(o.code)}</h1><p>Hola ${escapeHtml(o.merchantName)}: el pedido ${escapeHtml(o.code)} de <strong>${escapeHtml(o.storeName)}</strong> ya está pagado. Mercado Pago aprobó el pago de <strong>${escapeHtml(amount)}</strong>; el dinero está en tu cuenta de Mercado Pago.</p><p><a href="${escapeHtml(o.salesUrl)}" style="display:inline-block;background:#5b3df5;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">Ver mis ventas</a></p><p style="color:#777;font-size:12px;margin-top:24px">Vitrina · tiendas en línea para tu negocio</p></div></body></html>`;
  return { to: o.to, subject: `Pago aprobado del pedido ${o.code}`, text, html };
}
