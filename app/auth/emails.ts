import type { MailMessage } from "~/services/mail";
import { emailButton, escapeHtml, emailLayout as layout } from "~/ui/html";

export function verificationCodeEmail(to: string, toName: string, code: string): MailMessage {
  const subject = `Tu código de verificación de Vitrina: ${code}`;
  return {
    to,
    subject,
    text: `Hola ${toName}:\n\nTu código para crear tu cuenta en Vitrina es ${code}.\nVence en 10 minutos. Si no pediste este código, ignora este correo.\n\nVitrina`,
    html: layout(
      "Tu código de verificación",
      `<p>Hola ${escapeHtml(toName)}:</p><p>Tu código para crear tu cuenta en Vitrina es</p><p style="font-size:32px;letter-spacing:6px;font-weight:700">${code}</p><p>Vence en 10 minutos. Si no pediste este código, ignora este correo.</p>`,
    ),
  };
}

export function passwordResetEmail(to: string, toName: string, link: string): MailMessage {
  return {
    to,
    subject: "Cambia tu contraseña de Vitrina",
    text: `Hola ${toName}:\n\nPara elegir una contraseña nueva abre este enlace (vence en 1 hora y sirve una sola vez):\n${link}\n\nSi no lo pediste, ignora este correo: tu contraseña no cambia.\n\nVitrina`,
    html: layout(
      "Cambia tu contraseña",
      `<p>Hola ${escapeHtml(toName)}:</p><p>Para elegir una contraseña nueva usa este enlace. Vence en 1 hora y sirve una sola vez.</p>${emailButton(link, "Cambiar contraseña")}<p>Si no lo pediste, ignora este correo: tu contraseña no cambia.</p>`,
    ),
  };
}
