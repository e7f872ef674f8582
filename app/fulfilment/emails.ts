import type { Tracking } from "~/domain/carriers";
import { STEP_LABELS, stepNotice } from "~/domain/fulfilment";
import type { MailMessage } from "~/services/mail";
import { emailButton, emailLayout, escapeHtml } from "~/ui/html";

export interface ProgressNotice {
  step: "shipped" | "ready" | "delivered";
  to: string;
  buyerName: string;
  storeName: string;
  code: string;
  /** Where the pickup is, for 'Listo para retirar'. */
  pickupPoint: string | null;
  tracking: (Tracking & { number: string | null }) | null;
  orderUrl: string;
}

const SUBJECTS: Record<ProgressNotice["step"], string> = {
  shipped: "Tu pedido {code} de {store} va en camino",
  ready: "Tu pedido {code} está listo para retirar en {store}",
  delivered: "Tu pedido {code} de {store} fue entregado",
};

/** The buyer's email at 'Enviado' (with the carrier, the number and the link to follow it), 'Listo para retirar' and 'Entregado'. */
export function progressEmail(n: ProgressNotice): MailMessage {
  const subject = SUBJECTS[n.step].replace("{code}", () => n.code).replace("{store}", () => n.storeName);
  const intro = `${stepNotice(n.step, n.storeName)} (pedido ${n.code}, ${STEP_LABELS[n.step].toLowerCase()}).`;
  const details: string[] = [];
  if (n.step === "shipped" && n.tracking) {
    details.push(`Lo lleva ${n.tracking.carrierName}.`);
    if (n.tracking.number) details.push(`Número de seguimiento: ${n.tracking.number}`);
    if (n.tracking.url) details.push(`Síguelo en ${n.tracking.url}`);
  }
  if (n.step === "ready" && n.pickupPoint) details.push(`Dónde retirarlo: ${n.pickupPoint}`);
  const text = [`Hola ${n.buyerName}:`, "", intro, ...details, "", `Ver tu pedido: ${n.orderUrl}`, "", n.storeName].join("\n");
  const follow =
    n.step === "shipped" && n.tracking?.url ? emailButton(n.tracking.url, `Seguir el envío en ${n.tracking.carrierName}`) : "";
  const html = emailLayout(
    subject,
    `<p>Hola ${escapeHtml(n.buyerName)}: ${escapeHtml(intro)}</p>${details.map((d) => `<p>${escapeHtml(d)}</p>`).join("")}${follow}${emailButton(n.orderUrl, "Ver mi pedido")}`,
    `${n.storeName} · tienda hecha con Vitrina`,
  );
  return { to: n.to, subject, text, html };
}
