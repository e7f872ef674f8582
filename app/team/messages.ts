import { defineMessages } from "~/domain/messages";

/** Invitations waiting at once in one store: enough for any team, and no way to flood strangers' mailboxes. */
export const PENDING_INVITATIONS_MAX = 20;

/** What 'Equipo' and the invitation's page say when they refuse. */
export const TEAM_MESSAGES = defineMessages({
  ownerEmail: { id: "team.refusal.ownerEmail", defaultMessage: "Ese correo es el tuyo: ya eres el dueño de la tienda." },
  alreadyMember: {
    id: "team.refusal.alreadyMember",
    defaultMessage: "Esa persona ya es parte del equipo. Puedes cambiar su rol en la lista.",
  },
  tooManyPending: {
    id: "team.refusal.tooManyPending",
    defaultMessage: "Tienes {max} invitaciones esperando respuesta. Cancela alguna antes de enviar otra.",
  },
  accountExists: {
    id: "team.refusal.accountExists",
    defaultMessage: "Ya existe una cuenta con este correo: inicia sesión para aceptar la invitación.",
  },
  invitationInvalid: {
    id: "team.invitation.invalid",
    defaultMessage: "Esta invitación ya se usó, venció o fue cancelada. Pídele al dueño de la tienda que te envíe otra.",
  },
});
