import { defineMessage, type Translate } from "~/domain/messages";
import { INVITATION_DAYS } from "~/domain/staff-roles";
import type { MailMessage } from "~/services/mail";
import { emailButton, escapeHtml, emailLayout as layout } from "~/ui/html";

/**
 * The invitation to a store's team: who invites, to which store, with which role, and the link (used once). In the
 * store's voice (`storeTranslator`).
 */
export function invitationEmail(
  to: string,
  invite: { inviter: string; store: string; role: string; link: string },
  t: Translate,
): MailMessage {
  const { inviter, store, role, link } = invite;
  const invites = defineMessage({
    id: "team.email.invitation.invites",
    defaultMessage: "{inviter} te invita a trabajar en la tienda {store} en Vitrina con el rol {role}.",
  });
  const once = t(
    {
      id: "team.email.invitation.once",
      defaultMessage:
        "El enlace vence en {days} días y sirve una sola vez. Puedes crear tu cuenta o entrar con la que ya tienes.",
    },
    { days: INVITATION_DAYS },
  );
  const hello = t({ id: "team.email.invitation.hello", defaultMessage: "Hola:" });
  const ignore = t({
    id: "team.email.invitation.ignore",
    defaultMessage: "Si no conoces a quien te invita, ignora este correo.",
  });
  const open = t(
    {
      id: "team.email.invitation.open",
      defaultMessage:
        "Para aceptar, abre este enlace (vence en {days} días y sirve una sola vez). Puedes crear tu cuenta o entrar con la que ya tienes:",
    },
    { days: INVITATION_DAYS },
  );
  const strong = (value: string) => `<strong>${escapeHtml(value)}</strong>`;
  return {
    to,
    subject: t(
      { id: "team.email.invitation.subject", defaultMessage: "{inviter} te invita al equipo de {store} en Vitrina" },
      { inviter, store },
    ),
    text: `${hello}\n\n${t(invites, { inviter, store, role })}\n\n${open}\n${link}\n\n${ignore}\n\nVitrina`,
    html: layout(
      t({ id: "team.email.invitation.title", defaultMessage: "Te invitan al equipo de {store}" }, { store }),
      `<p>${hello}</p><p>${t(invites, { inviter: escapeHtml(inviter), store: strong(store), role: strong(role) })}</p><p>${once}</p>${emailButton(link, t({ id: "team.email.invitation.accept", defaultMessage: "Aceptar invitación" }))}<p>${ignore}</p>`,
    ),
  };
}
