import { z } from "zod";
import { actorLabel } from "~/domain/activity";
import { ROLE_LABELS, STAFF_ROLES } from "~/domain/staff-roles";
import { failure, textFields } from "~/http/action-result";
import type { Services } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { notice } from "~/ui/notice";
import { invalid, refusal } from "~/workspace/action-results.server";
import type { Merchant, Store } from "~/workspace/context.server";
import { cancelInvitation, changeMemberRole, inviteMember, removeMember } from "./members.server";

const role = z.enum(STAFF_ROLES, "Elige un rol");
const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Escribe el correo de la persona")
    .max(254)
    .toLowerCase()
    .pipe(z.email({ error: "Escribe un correo válido, como nombre@correo.com" })),
  role,
});
const memberSchema = z.object({ userId: z.string().uuid("Elige a alguien del equipo") });
const roleSchema = memberSchema.extend({ role });
const invitationSchema = z.object({ id: z.string().regex(/^[0-9a-f]{64}$/, "Elige una invitación") });

const teamPath = (storeId: string) => `/Store/${storeId}/equipo`;

/**
 * The actions of 'Equipo' (`intent`): invite, change a member's role, remove a member, cancel an invitation. Each
 * change to the team passes through here once it is made: the place where the store's record of changes takes it.
 */
export async function handleTeamAction(services: Services, store: Store, owner: Merchant, form: FormData) {
  const { db, config } = services;
  const actor = { userId: owner.id, label: actorLabel(owner) };
  const now = services.clock.now();
  const intent = String(form.get("intent") ?? "");
  const fields = textFields(form);
  const done = (title: string, description: string) => redirectWithNotice(config, teamPath(store.id), notice(title, description));
  const notInTeam = () => failure({ form: "Esa persona ya no es parte del equipo" }, { intent, status: 404 });

  switch (intent) {
    case "invite": {
      const parsed = inviteSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error, { values: fields });
      const invite = parsed.data;
      try {
        await inviteMember(services, store, owner, invite);
      } catch (error) {
        return refusal(intent, error, "email", { values: fields });
      }
      return done("Invitación enviada", `Le enviamos a ${invite.email} un enlace para unirse como ${ROLE_LABELS[invite.role]}.`);
    }
    case "role": {
      const parsed = roleSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error);
      const newRole = parsed.data.role;
      if (!(await changeMemberRole(db, actor, store.id, parsed.data.userId, newRole, now))) return notInTeam();
      return done("Rol cambiado", `Ahora su rol es ${ROLE_LABELS[newRole]}.`);
    }
    case "remove": {
      const parsed = memberSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error);
      if (!(await removeMember(db, actor, store.id, parsed.data.userId, now))) return notInTeam();
      return done("Quitado del equipo", "Ya no puede entrar a esta tienda.");
    }
    case "cancel": {
      const parsed = invitationSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, parsed.error);
      await cancelInvitation(db, actor, store.id, parsed.data.id, now);
      return done("Invitación cancelada", "El enlace que enviaste ya no sirve.");
    }
    default:
      return failure({ form: "Acción desconocida" }, { intent });
  }
}
