// 'Equipo': the owner's page of the store's staff (docs/decisions/0064-staff-roles.md). Invite a person by email with a
// role, change a member's role, remove a member (their access ends at their next request), cancel an invitation.
import { Form } from "react-router";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, STAFF_ROLES } from "~/domain/staff-roles";
import { isFailure } from "~/http/action-result";
import { getServices } from "~/services/services";
import { Field, FormError, RemoveButton, SelectField } from "~/ui/form";
import { useT } from "~/ui/messages";
import { merchantContext, ownedStoreContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { readPage } from "~/workspace/page-reads.server";
import { metaT, storePageTitle } from "~/workspace/page-titles";
import { teamReads } from "../page-reads.server";
import { handleTeamAction } from "../team-actions.server";
import type { Route } from "./+types/team";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: storePageTitle(t({ id: "team.pageTitle.title", defaultMessage: "Equipo" }), matches) }];
};

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

const formatDate = (date: Date) => new Intl.DateTimeFormat("es", { dateStyle: "medium", timeZone: "UTC" }).format(date);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const [members, invitations] = await readPage(context, teamReads, { request, params });
  return {
    members: members.map((m) => ({ ...m, name: `${m.name} ${m.lastname}`, since: formatDate(m.addedAt) })),
    invitations: invitations.map((i) => ({ ...i, until: formatDate(i.expiresAt) })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleTeamAction(
    getServices(context),
    context.get(ownedStoreContext),
    context.get(merchantContext),
    await request.formData(),
    merchantT(context),
  );
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const failed = isFailure(actionData) ? actionData : null;
  const errorsOf = (intent: string): Record<string, string | undefined> => (failed?.intent === intent ? failed.errors : {});
  const invite = errorsOf("invite");
  const t = useT();
  return (
    <>
      <section className="panel wide" aria-labelledby="team-title">
        <h2 id="team-title">{t({ id: "team.page.title", defaultMessage: "Equipo" })}</h2>
        <p className="muted">
          {t({
            id: "team.page.intro",
            defaultMessage:
              "Invita a quienes te ayudan con la tienda. Cada persona entra con su propia cuenta y ve solo las secciones de su rol; la facturación, los cobros en línea, el dominio propio, el equipo y eliminar la tienda quedan solo para ti.",
          })}
        </p>
        <dl className="role-list">
          {STAFF_ROLES.map((role) => (
            <div key={role}>
              <dt>{ROLE_LABELS[role]}</dt>
              <dd className="muted">{ROLE_DESCRIPTIONS[role]}</dd>
            </div>
          ))}
        </dl>
        <Form method="post" className="form">
          <input type="hidden" name="intent" value="invite" />
          <FormError message={invite.form} />
          <Field
            label={t({ id: "team.invite.email", defaultMessage: "Correo de la persona" })}
            name="email"
            type="email"
            autoComplete="off"
            maxLength={254}
            defaultValue={failed?.intent === "invite" ? failed.values?.email : undefined}
            error={invite.email}
            required
          />
          <SelectField
            label={t({ id: "team.invite.role", defaultMessage: "Rol" })}
            name="role"
            options={ROLE_OPTIONS}
            defaultValue={(failed?.intent === "invite" && failed.values?.role) || "sales"}
            error={invite.role}
          />
          <button type="submit" className="button">
            {t({ id: "team.invite.submit", defaultMessage: "Enviar invitación" })}
          </button>
        </Form>
      </section>

      <section className="panel wide" aria-labelledby="members-title">
        <h2 id="members-title">{t({ id: "team.members.title", defaultMessage: "Personas del equipo" })}</h2>
        <FormError message={errorsOf("role").form ?? errorsOf("remove").form} />
        {loaderData.members.length === 0 ? (
          <p className="muted">{t({ id: "team.members.empty", defaultMessage: "Todavía no invitaste a nadie." })}</p>
        ) : (
          <ul className="team-list" aria-label={t({ id: "team.members.title", defaultMessage: "Personas del equipo" })}>
            {loaderData.members.map((member) => (
              <li key={member.userId} className="team-member">
                <div className="grow">
                  <strong>{member.name}</strong>
                  <div className="muted small">
                    {t(
                      { id: "team.members.since", defaultMessage: "{email} · desde el {since}" },
                      { email: member.email, since: member.since },
                    )}
                  </div>
                </div>
                <Form method="post" className="inline-form">
                  <input type="hidden" name="intent" value="role" />
                  <input type="hidden" name="userId" value={member.userId} />
                  <SelectField
                    id={`role-${member.userId}`}
                    label={t({ id: "team.members.roleOf", defaultMessage: "Rol de {name}" }, { name: member.name })}
                    name="role"
                    options={ROLE_OPTIONS}
                    defaultValue={member.role}
                  />
                  <button type="submit" className="button secondary">
                    {t({ id: "team.members.changeRole", defaultMessage: "Cambiar rol" })}
                  </button>
                </Form>
                <RemoveButton
                  intent="remove"
                  field="userId"
                  id={member.userId}
                  label={t(
                    { id: "team.members.removeLabel", defaultMessage: "Quitar a {name} del equipo" },
                    { name: member.name },
                  )}
                  text={t({ id: "team.members.remove", defaultMessage: "Quitar" })}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      {loaderData.invitations.length > 0 && (
        <section className="panel wide" aria-labelledby="invitations-title">
          <h2 id="invitations-title">{t({ id: "team.invitations.title", defaultMessage: "Invitaciones enviadas" })}</h2>
          <ul className="team-list" aria-label={t({ id: "team.invitations.title", defaultMessage: "Invitaciones enviadas" })}>
            {loaderData.invitations.map((invitation) => (
              <li key={invitation.id} className="team-member">
                <div className="grow">
                  <strong>{invitation.email}</strong>
                  <div className="muted small">
                    {t(
                      { id: "team.invitations.until", defaultMessage: "{role} · vence el {until}" },
                      { role: ROLE_LABELS[invitation.role], until: invitation.until },
                    )}
                  </div>
                </div>
                <RemoveButton
                  intent="cancel"
                  id={invitation.id}
                  label={t(
                    { id: "team.invitations.cancelLabel", defaultMessage: "Cancelar la invitación de {email}" },
                    { email: invitation.email },
                  )}
                  text={t({ id: "team.invitations.cancel", defaultMessage: "Cancelar" })}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
