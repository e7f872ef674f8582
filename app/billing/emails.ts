// The platform's emails to a merchant about paying for Vitrina: the free month ending, a bill coming due, a payment
// approved or refused. Spanish in the merchant's variant (their first store's country), HTML and plain text, each with
// the page to act on.
import type { BillingReminder, PaymentKind } from "~/domain/billing";
import { defineMessages, type Translate } from "~/domain/messages";
import type { MailMessage } from "~/services/mail";
import { emailButton, emailLayout, escapeHtml } from "~/ui/html";

interface Merchant {
  to: string;
  name: string;
}

const M = defineMessages({
  hello: { id: "billing.email.hello", defaultMessage: "Hola {name}:" },
  optOut: {
    id: "billing.email.optOut",
    defaultMessage: "Puedes dejar de recibir estos recordatorios en Cuenta → Correos.",
  },
  trialSubject: {
    id: "billing.email.trial.subject",
    defaultMessage: "Tu mes gratis en Vitrina termina {days, plural, one {mañana} other {en {days} días}}",
  },
  trialEnds: { id: "billing.email.trial.ends", defaultMessage: "Tu mes de prueba del plan {plan} termina el {date}." },
  trialPay: {
    id: "billing.email.trial.pay",
    defaultMessage:
      "Para que tus tiendas sigan recibiendo pedidos, paga {total} antes de esa fecha. Si no pagas, tus tiendas siguen abiertas 10 días más y luego se pausan hasta el pago; no se borra nada.",
  },
  trialAction: { id: "billing.email.trial.action", defaultMessage: "Pagar mi plan" },
  dueSubject: {
    id: "billing.email.due.subject",
    defaultMessage: "Tu pago de Vitrina vence {days, plural, one {mañana} other {en {days} días}}",
  },
  dueWhen: { id: "billing.email.due.when", defaultMessage: "Tu plan {plan} vence el {date}: el pago es de {total}." },
  dueDone: { id: "billing.email.due.done", defaultMessage: "Si ya lo hiciste, ignora este correo." },
  dueAction: { id: "billing.email.due.action", defaultMessage: "Pagar ahora" },
  approvedSubject: { id: "billing.email.approved.subject", defaultMessage: "Pago aprobado: {title}" },
  approvedReceived: {
    id: "billing.email.approved.received",
    defaultMessage: "Recibimos tu pago de {amount} ({title}, referencia {code}).",
  },
  approvedNext: { id: "billing.email.approved.next", defaultMessage: "Tu próximo pago vence el {date}." },
  approvedThanks: { id: "billing.email.approved.thanks", defaultMessage: "Gracias por vender con Vitrina." },
  approvedAction: { id: "billing.email.approved.action", defaultMessage: "Ver mi cuenta" },
  failedSubject: { id: "billing.email.failed.subject", defaultMessage: "Tu pago no se pudo completar: {title}" },
  failedRefused: {
    id: "billing.email.failed.refused",
    defaultMessage: "Mercado Pago rechazó tu pago de {amount} ({title}, referencia {code}). No se te cobró nada.",
  },
  failedRetry: {
    id: "billing.email.failed.retry",
    defaultMessage: "Puedes intentarlo de nuevo con otra tarjeta o medio de pago.",
  },
  failedAction: { id: "billing.email.failed.action", defaultMessage: "Intentar de nuevo" },
  plan_change: { id: "billing.email.title.planChange", defaultMessage: "Cambio de plan" },
  renewal: { id: "billing.email.title.renewal", defaultMessage: "Renovación de mensualidad" },
  stores: { id: "billing.email.title.stores", defaultMessage: "Compra de tiendas" },
});

/** What a payment of each kind paid for, as its emails name it. */
export const paymentTitle = (t: Translate, kind: PaymentKind) => t(M[kind]);

const longDate = (at: Date) => new Intl.DateTimeFormat("es", { dateStyle: "long", timeZone: "UTC" }).format(at);

function message(
  m: Merchant,
  t: Translate,
  subject: string,
  lines: string[],
  action: { url: string; label: string },
  note?: string,
) {
  const text = [
    t(M.hello, { name: m.name }),
    "",
    ...lines,
    "",
    `${action.label}: ${action.url}`,
    ...(note ? ["", note] : []),
    "",
    "Vitrina",
  ];
  const html = emailLayout(
    subject,
    `<p>${escapeHtml(t(M.hello, { name: m.name }))}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}${emailButton(action.url, action.label)}${note ? `<p style="color:#666;font-size:13px">${escapeHtml(note)}</p>` : ""}`,
  );
  return { to: m.to, subject, text: text.join("\n"), html } satisfies MailMessage;
}

/** The reminder of the free month's end or of the next bill (billingReminder), with the amount and the page to pay. */
export function billingReminderEmail(
  m: Merchant & { reminder: BillingReminder; total: string; plan: string; paymentUrl: string },
  t: Translate,
): MailMessage {
  const { reminder, plan, total } = m;
  const date = longDate(reminder.dueAt);
  if (reminder.kind === "trial-ending")
    return message(
      m,
      t,
      t(M.trialSubject, { days: reminder.days }),
      [t(M.trialEnds, { plan, date }), t(M.trialPay, { total })],
      { url: m.paymentUrl, label: t(M.trialAction) },
      t(M.optOut),
    );
  return message(
    m,
    t,
    t(M.dueSubject, { days: reminder.days }),
    [t(M.dueWhen, { plan, date, total }), t(M.dueDone)],
    { url: m.paymentUrl, label: t(M.dueAction) },
    t(M.optOut),
  );
}

/** A payment to Vitrina the provider approved and that took effect: what it paid for and the new due date. */
export function paymentApprovedEmail(
  m: Merchant & { title: string; amount: string; code: string; billDueAt: Date | null; accountUrl: string },
  t: Translate,
): MailMessage {
  const { title, amount, code } = m;
  return message(
    m,
    t,
    t(M.approvedSubject, { title }),
    [
      t(M.approvedReceived, { amount, title, code }),
      ...(m.billDueAt ? [t(M.approvedNext, { date: longDate(m.billDueAt) })] : []),
      t(M.approvedThanks),
    ],
    { url: m.accountUrl, label: t(M.approvedAction) },
  );
}

/** A payment to Vitrina the provider refused: nothing was charged, and where to try again. */
export function paymentFailedEmail(
  m: Merchant & { title: string; amount: string; code: string; retryUrl: string },
  t: Translate,
): MailMessage {
  const { title, amount, code } = m;
  return message(m, t, t(M.failedSubject, { title }), [t(M.failedRefused, { amount, title, code }), t(M.failedRetry)], {
    url: m.retryUrl,
    label: t(M.failedAction),
  });
}
