import { INVITATION_DAYS } from "~/domain/staff-roles";
import type { MailMessage } from "~/services/mail";
import { emailButton, escapeHtml, emailLayout as layout } from "~/ui/html";

/** The invitation to a store's team: who invites, to which store, with which role, and the link (used once). */
export function invitationEmail(to: string, invite: { inviter: string; store: string; role: string; link: string }): MailMessage {
  const { inviter, store, role, link } = invite;
  return {
    to,
    subject: `${inviter} te invita al equipo de ${store} en Vitrina`,
    text: `Hola:\n\n${inviter} te invita a trabajar en la tienda ${store} en Vitrina con el rol ${role}.\n\nPara aceptar, abre este enlace (vence en ${INVITATION_DAYS} días y sirve una sola vez). Puedes crear tu cuenta o entrar con la que ya tienes:\n${link}\n\nSi no conoces a quien te invita, ignora este correo.\n\nVitrina`,
    html: layout(
      `Te invitan al equipo de ${store}`,
      `<p>Hola:</p><p>${escapeHtml(inviter)} te invita a trabajar en la tienda <strong>${escapeHtml(store)}</strong> en Vitrina con el rol <strong>${escapeHtml(role)}</strong>.</p><p>El enlace vence en ${INVITATION_DAYS} días y sirve una sola vez. Puedes crear tu cuenta o entrar con la que ya tienes.</p>${emailButton(link, "Aceptar invitación")}<p>Si no conoces a quien te invita, ignora este correo.</p>`,
    ),
  };
}
