import type { MailMessage } from "~/services/mail";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="es"><body style="font-family:system-ui,sans-serif;background:#f6f6f8;padding:24px"><div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:24px"><h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(title)}</h1>${body}<p style="color:#777;font-size:12px;margin-top:24px">Vitrina · tiendas en línea para tu negocio</p></div></body></html>`;
}

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
      `<p>Hola ${escapeHtml(toName)}:</p><p>Para elegir una contraseña nueva usa este enlace. Vence en 1 hora y sirve una sola vez.</p><p><a href="${escapeHtml(link)}" style="display:inline-block;background:#5b3df5;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">Cambiar contraseña</a></p><p>Si no lo pediste, ignora este correo: tu contraseña no cambia.</p>`,
    ),
  };
}
