import { z } from "zod";
import { actorLabel } from "~/domain/activity";
import { translatorFor } from "~/domain/message-catalogs";
import type { Translate } from "~/domain/messages";
import { ROLE_LABELS, STAFF_ROLES } from "~/domain/staff-roles";
import { failure, parseForm, textFields, UNKNOWN_ACTION } from "~/http/action-result";
import type { Services } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { notice } from "~/ui/notice";
import { invalid, refusal } from "~/workspace/action-results.server";
import type { Merchant, Store } from "~/workspace/context.server";
import { cancelInvitation, changeMemberRole, inviteMember, removeMember } from "./members.server";

const teamSchemas = (t: Translate) => {
  const role = z.enum(STAFF_ROLES, t({ id: "team.form.chooseRole", defaultMessage: "Elige un rol" }));
  const member = z.object({
    userId: z.string().uuid(t({ id: "team.form.chooseMember", defaultMessage: "Elige a alguien del equipo" })),
  });
  return {
    invite: z.object({
      email: z
        .string()
        .trim()
        .min(1, t({ id: "team.form.emailRequired", defaultMessage: "Escribe el correo de la persona" }))
        .max(254)
        .toLowerCase()
        .pipe(
          z.email({
            error: t({ id: "team.form.emailInvalid", defaultMessage: "Escribe un correo válido, como nombre@correo.com" }),
          }),
        ),
      role,
    }),
    member,
    role: member.extend({ role }),
    invitation: z.object({
      id: z.string().regex(/^[0-9a-f]{64}$/, t({ id: "team.form.chooseInvitation", defaultMessage: "Elige una invitación" })),
    }),
  };
};

const teamPath = (storeId: string) => `/Store/${storeId}/equipo`;

/**
 * The actions of 'Equipo' (`intent`): invite, change a member's role, remove a member, cancel an invitation. Each
 * change to the team passes through here once it is made: the place where the store's record of changes takes it.
 * Its texts in the owner's words (`t`, the merchant's translator).
 */
export async function handleTeamAction(
  services: Services,
  store: Store,
  owner: Merchant,
  form: FormData,
  t: Translate = translatorFor("es"),
) {
  const { db, config } = services;
  const actor = { userId: owner.id, label: actorLabel(owner) };
  const now = services.clock.now();
  const intent = String(form.get("intent") ?? "");
  const fields = textFields(form);
  const done = (title: string, description: string) => redirectWithNotice(config, teamPath(store.id), notice(title, description));
  const notInTeam = () =>
    failure(
      { form: t({ id: "team.refusal.notInTeam", defaultMessage: "Esa persona ya no es parte del equipo" }) },
      { intent, status: 404 },
    );
  const schemas = teamSchemas(t);

  switch (intent) {
    case "invite": {
      const parsed = parseForm(schemas.invite, fields, t);
      if (!parsed.success) return invalid(intent, parsed.error, { values: fields });
      const invite = parsed.data;
      try {
        await inviteMember(services, store, owner, invite, t);
      } catch (error) {
        return refusal(intent, error, "email", { values: fields });
      }
      return done(
        t({ id: "team.notice.invited", defaultMessage: "Invitación enviada" }),
        t(
          { id: "team.notice.invitedDetail", defaultMessage: "Le enviamos a {email} un enlace para unirse como {role}." },
          { email: invite.email, role: ROLE_LABELS[invite.role] },
        ),
      );
    }
    case "role": {
      const parsed = parseForm(schemas.role, fields, t);
      if (!parsed.success) return invalid(intent, parsed.error);
      const newRole = parsed.data.role;
      if (!(await changeMemberRole(db, actor, store.id, parsed.data.userId, newRole, now))) return notInTeam();
      return done(
        t({ id: "team.notice.roleChanged", defaultMessage: "Rol cambiado" }),
        t({ id: "team.notice.roleChangedDetail", defaultMessage: "Ahora su rol es {role}." }, { role: ROLE_LABELS[newRole] }),
      );
    }
    case "remove": {
      const parsed = parseForm(schemas.member, fields, t);
      if (!parsed.success) return invalid(intent, parsed.error);
      if (!(await removeMember(db, actor, store.id, parsed.data.userId, now))) return notInTeam();
      return done(
        t({ id: "team.notice.removed", defaultMessage: "Quitado del equipo" }),
        t({ id: "team.notice.removedDetail", defaultMessage: "Ya no puede entrar a esta tienda." }),
      );
    }
    case "cancel": {
      const parsed = parseForm(schemas.invitation, fields, t);
      if (!parsed.success) return invalid(intent, parsed.error);
      await cancelInvitation(db, actor, store.id, parsed.data.id, now);
      return done(
        t({ id: "team.notice.cancelled", defaultMessage: "Invitación cancelada" }),
        t({ id: "team.notice.cancelledDetail", defaultMessage: "El enlace que enviaste ya no sirve." }),
      );
    }
    default:
      return failure({ form: t(UNKNOWN_ACTION) }, { intent });
  }
}
