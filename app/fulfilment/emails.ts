import type { Tracking } from "~/domain/carriers";
import { STEP_LABELS, stepNotice } from "~/domain/fulfilment";
import { defineMessages, type Translate } from "~/domain/messages";
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
  /** The store's voice (storeTranslator). */
  t: Translate;
}

const SUBJECTS = defineMessages<ProgressNotice["step"]>({
  shipped: { id: "email.progress.shipped.subject", defaultMessage: "Tu pedido {code} de {store} va en camino" },
  ready: { id: "email.progress.ready.subject", defaultMessage: "Tu pedido {code} está listo para retirar en {store}" },
  delivered: { id: "email.progress.delivered.subject", defaultMessage: "Tu pedido {code} de {store} fue entregado" },
});

const M = defineMessages({
  intro: { id: "email.progress.intro", defaultMessage: "{notice} (pedido {code}, {step})." },
  carrier: { id: "email.progress.carrier", defaultMessage: "Lo lleva {carrier}." },
  number: { id: "email.progress.number", defaultMessage: "Número de seguimiento: {number}" },
  follow: { id: "email.progress.follow", defaultMessage: "Síguelo en {url}" },
  pickup: { id: "email.progress.pickup", defaultMessage: "Dónde retirarlo: {place}" },
  followButton: { id: "email.progress.followButton", defaultMessage: "Seguir el envío en {carrier}" },
});

/** The buyer's email at 'Enviado' (with the carrier, the number and the link to follow it), 'Listo para retirar' and 'Entregado'. */
export function progressEmail(n: ProgressNotice): MailMessage {
  const { t } = n;
  const subject = t(SUBJECTS[n.step], { code: n.code, store: n.storeName });
  const intro = t(M.intro, {
    notice: stepNotice(n.step, n.storeName, t),
    code: n.code,
    step: t(STEP_LABELS[n.step]).toLowerCase(),
  });
  const details: string[] = [];
  if (n.step === "shipped" && n.tracking) {
    details.push(t(M.carrier, { carrier: n.tracking.carrierName }));
    if (n.tracking.number) details.push(t(M.number, { number: n.tracking.number }));
    if (n.tracking.url) details.push(t(M.follow, { url: n.tracking.url }));
  }
  if (n.step === "ready" && n.pickupPoint) details.push(t(M.pickup, { place: n.pickupPoint }));
  const hello = t({ id: "email.buyer.hello", defaultMessage: "Hola {name}:" }, { name: n.buyerName });
  const seeOrder = t({ id: "email.buyer.seeOrder", defaultMessage: "Ver tu pedido: {url}" }, { url: n.orderUrl });
  const text = [hello, "", intro, ...details, "", seeOrder, "", n.storeName].join("\n");
  const follow =
    n.step === "shipped" && n.tracking?.url
      ? emailButton(n.tracking.url, t(M.followButton, { carrier: n.tracking.carrierName }))
      : "";
  const html = emailLayout(
    subject,
    `<p>${escapeHtml(hello)} ${escapeHtml(intro)}</p>${details.map((d) => `<p>${escapeHtml(d)}</p>`).join("")}${follow}${emailButton(n.orderUrl, t({ id: "email.buyer.button", defaultMessage: "Ver mi pedido" }))}`,
    t({ id: "email.buyer.footer", defaultMessage: "{store} · tienda hecha con Vitrina" }, { store: n.storeName }),
  );
  return { to: n.to, subject, text, html };
}
