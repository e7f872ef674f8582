// The platform's emails to a merchant about paying for Vitrina: the free month ending, a bill coming due, a payment
// approved or refused. Spanish, HTML and plain text, each with the page to act on.
import type { BillingReminder } from "~/domain/billing";
import type { MailMessage } from "~/services/mail";
import { emailButton, emailLayout, escapeHtml } from "~/ui/html";

interface Merchant {
  to: string;
  name: string;
}

/** Where a reminder says it can be turned off. */
const OPT_OUT = "Puedes dejar de recibir estos recordatorios en Cuenta → Correos.";

const longDate = (at: Date) => new Intl.DateTimeFormat("es", { dateStyle: "long", timeZone: "UTC" }).format(at);
const inDays = (days: number) => (days === 1 ? "mañana" : `en ${days} días`);

function message(m: Merchant, subject: string, lines: string[], action: { url: string; label: string }, note?: string) {
  const text = [
    `Hola ${m.name}:`,
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
    `<p>Hola ${escapeHtml(m.name)}:</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}${emailButton(action.url, action.label)}${note ? `<p style="color:#666;font-size:13px">${escapeHtml(note)}</p>` : ""}`,
  );
  return { to: m.to, subject, text: text.join("\n"), html } satisfies MailMessage;
}

/** The reminder of the free month's end or of the next bill (billingReminder), with the amount and the page to pay. */
export function billingReminderEmail(
  m: Merchant & { reminder: BillingReminder; total: string; plan: string; paymentUrl: string },
): MailMessage {
  const { reminder } = m;
  const date = longDate(reminder.dueAt);
  if (reminder.kind === "trial-ending")
    return message(
      m,
      `Tu mes gratis en Vitrina termina ${inDays(reminder.days)}`,
      [
        `Tu mes de prueba del plan ${m.plan} termina el ${date}.`,
        `Para que tus tiendas sigan recibiendo pedidos, paga ${m.total} antes de esa fecha. Si no pagas, tus tiendas siguen abiertas 10 días más y luego se pausan hasta el pago; no se borra nada.`,
      ],
      { url: m.paymentUrl, label: "Pagar mi plan" },
      OPT_OUT,
    );
  return message(
    m,
    `Tu pago de Vitrina vence ${inDays(reminder.days)}`,
    [`Tu plan ${m.plan} vence el ${date}: el pago es de ${m.total}.`, "Si ya lo hiciste, ignora este correo."],
    { url: m.paymentUrl, label: "Pagar ahora" },
    OPT_OUT,
  );
}

/** A payment to Vitrina the provider approved and that took effect: what it paid for and the new due date. */
export function paymentApprovedEmail(
  m: Merchant & { title: string; amount: string; code: string; billDueAt: Date | null; accountUrl: string },
): MailMessage {
  return message(
    m,
    `Pago aprobado: ${m.title}`,
    [
      `Recibimos tu pago de ${m.amount} (${m.title}, referencia ${m.code}).`,
      ...(m.billDueAt ? [`Tu próximo pago vence el ${longDate(m.billDueAt)}.`] : []),
      "Gracias por vender con Vitrina.",
    ],
    { url: m.accountUrl, label: "Ver mi cuenta" },
  );
}

/** A payment to Vitrina the provider refused: nothing was charged, and where to try again. */
export function paymentFailedEmail(m: Merchant & { title: string; amount: string; code: string; retryUrl: string }): MailMessage {
  return message(
    m,
    `Tu pago no se pudo completar: ${m.title}`,
    [
      `Mercado Pago rechazó tu pago de ${m.amount} (${m.title}, referencia ${m.code}). No se te cobró nada.`,
      "Puedes intentarlo de nuevo con otra tarjeta o medio de pago.",
    ],
    { url: m.retryUrl, label: "Intentar de nuevo" },
  );
}
