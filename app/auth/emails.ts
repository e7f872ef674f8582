import { defineMessages, type Translate } from "~/domain/messages";
import type { MailMessage } from "~/services/mail";
import { emailButton, escapeHtml, emailLayout as layout } from "~/ui/html";

const M = defineMessages({
  hello: { id: "auth.email.hello", defaultMessage: "Hola {name}:" },
  codeSubject: { id: "auth.email.code.subject", defaultMessage: "Tu código de verificación de Vitrina: {code}" },
  codeTitle: { id: "auth.email.code.title", defaultMessage: "Tu código de verificación" },
  codeIs: { id: "auth.email.code.is", defaultMessage: "Tu código para crear tu cuenta en Vitrina es" },
  codeExpires: {
    id: "auth.email.code.expires",
    defaultMessage: "Vence en 10 minutos. Si no pediste este código, ignora este correo.",
  },
  resetSubject: { id: "auth.email.reset.subject", defaultMessage: "Cambia tu contraseña de Vitrina" },
  resetTitle: { id: "auth.email.reset.title", defaultMessage: "Cambia tu contraseña" },
  resetOpen: {
    id: "auth.email.reset.open",
    defaultMessage: "Para elegir una contraseña nueva abre este enlace (vence en 1 hora y sirve una sola vez):",
  },
  resetUse: {
    id: "auth.email.reset.use",
    defaultMessage: "Para elegir una contraseña nueva usa este enlace. Vence en 1 hora y sirve una sola vez.",
  },
  resetButton: { id: "auth.email.reset.button", defaultMessage: "Cambiar contraseña" },
  resetIgnore: {
    id: "auth.email.reset.ignore",
    defaultMessage: "Si no lo pediste, ignora este correo: tu contraseña no cambia.",
  },
});

/** The registration's code, in the visitor's variant (`t`: their browser's; they have no store yet). */
export function verificationCodeEmail(to: string, toName: string, code: string, t: Translate): MailMessage {
  const expires = t(M.codeExpires);
  const codeIs = t(M.codeIs);
  return {
    to,
    subject: t(M.codeSubject, { code }),
    text: `${t(M.hello, { name: toName })}\n\n${codeIs} ${code}.\n${expires}\n\nVitrina`,
    html: layout(
      t(M.codeTitle),
      `<p>${escapeHtml(t(M.hello, { name: toName }))}</p><p>${codeIs}</p><p style="font-size:32px;letter-spacing:6px;font-weight:700">${code}</p><p>${expires}</p>`,
    ),
  };
}

/** The link to choose a new password, in the merchant's variant (`t`). */
export function passwordResetEmail(to: string, toName: string, link: string, t: Translate): MailMessage {
  const ignore = t(M.resetIgnore);
  return {
    to,
    subject: t(M.resetSubject),
    text: `${t(M.hello, { name: toName })}\n\n${t(M.resetOpen)}\n${link}\n\n${ignore}\n\nVitrina`,
    html: layout(
      t(M.resetTitle),
      `<p>${escapeHtml(t(M.hello, { name: toName }))}</p><p>${t(M.resetUse)}</p>${emailButton(link, t(M.resetButton))}<p>${ignore}</p>`,
    ),
  };
}
