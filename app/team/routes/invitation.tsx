// An invitation's link (docs/decisions/0064-staff-roles.md): the invited person creates their account here (the link
// proved the email is theirs; no plan to choose) or signs in with the one they have, and joins the store's team.
import { Form, Link } from "react-router";
import { z } from "zod";
import { isCommonPassword } from "~/auth/common-passwords.server";
import { AUTH_MESSAGES } from "~/auth/messages";
import { getSessionUser } from "~/auth/sessions.server";
import { AuthCard } from "~/auth/ui";
import { passwordField } from "~/auth/validation";
import { ROLE_LABELS } from "~/domain/staff-roles";
import { failure, fieldErrors, isFailure, textFields } from "~/http/action-result";
import { getServices } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { Field, FormAlert } from "~/ui/form";
import { notice } from "~/ui/notice";
import { StoreError } from "~/workspace/action-results.server";
import { acceptInvitation, findInvitation, registerMember } from "../members.server";
import { TEAM_MESSAGES } from "../messages";
import type { Route } from "./+types/invitation";

export const meta: Route.MetaFunction = () => [
  { title: "Invitación al equipo | Vitrina" },
  { name: "referrer", content: "no-referrer" },
];

const name = z.string(AUTH_MESSAGES.required).trim().min(1, AUTH_MESSAGES.required).max(80);
const registerSchema = z.object({
  name,
  lastname: name,
  password: passwordField,
  terms: z.literal("on", { error: AUTH_MESSAGES.terms }),
});

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const invitation = await findInvitation(services.db, params.token, services.clock.now());
  if (!invitation) return { invitation: null };
  const session = await getSessionUser(services, request);
  return {
    invitation: { store: invitation.storeName, email: invitation.email, role: ROLE_LABELS[invitation.role] },
    signedInAs: session ? session.user.email : null,
    owner: session?.user.id === invitation.ownerId,
    hasAccount: invitation.accountId !== null,
    signIn: `/Auth?redirectTo=${encodeURIComponent(`/equipo/invitacion/${params.token}`)}`,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = getServices(context);
  const now = services.clock.now();
  const invitation = await findInvitation(services.db, params.token, now);
  if (!invitation) return failure({ form: TEAM_MESSAGES.invitationInvalid }, { status: 410 });
  const form = await request.formData();
  const welcome = notice(`Te uniste a ${invitation.storeName}`, `Tu rol es ${ROLE_LABELS[invitation.role]}.`);
  const storePage = `/Store/${invitation.storeId}`;
  if (form.get("intent") === "accept") {
    const session = await getSessionUser(services, request);
    if (!session) return failure({ form: "Inicia sesión para aceptar la invitación" }, { status: 401 });
    if (!(await acceptInvitation(services.db, invitation, session.user.id, now)))
      return failure({ form: TEAM_MESSAGES.invitationInvalid }, { status: 410 });
    return redirectWithNotice(services.config, storePage, welcome);
  }
  const fields = textFields(form);
  const values = { name: fields.name ?? "", lastname: fields.lastname ?? "" };
  const parsed = registerSchema.safeParse(fields);
  if (!parsed.success) return failure(fieldErrors(parsed.error), { values });
  if (await isCommonPassword(parsed.data.password)) return failure({ password: AUTH_MESSAGES.passwordCommon }, { values });
  let cookie: string | null;
  try {
    cookie = await registerMember(services, invitation, parsed.data);
  } catch (error) {
    if (error instanceof StoreError) return failure({ form: error.message }, { values, status: 409 });
    throw error;
  }
  if (!cookie) return failure({ form: TEAM_MESSAGES.invitationInvalid }, { status: 410 });
  return redirectWithNotice(services.config, storePage, welcome, { headers: { "Set-Cookie": cookie } });
}

export default function InvitationPage({ loaderData: p, actionData }: Route.ComponentProps) {
  const failed = isFailure(actionData) ? actionData : null;
  const errors: Record<string, string | undefined> = failed?.errors ?? {};
  if (!p.invitation) {
    return (
      <AuthCard title="Invitación no válida">
        <FormAlert title={TEAM_MESSAGES.invitationInvalid} />
        <p className="auth-links">
          <Link to="/Auth">Iniciar sesión</Link>
        </p>
      </AuthCard>
    );
  }
  const { invitation } = p;
  const subtitle = `Te invitan a trabajar en ${invitation.store} con el rol ${invitation.role}.`;
  if (p.signedInAs) {
    return (
      <AuthCard title="Únete al equipo" subtitle={subtitle}>
        {errors.form && <FormAlert title={errors.form} />}
        {p.owner ? (
          <p>Esta tienda es tuya: no necesitas unirte a su equipo.</p>
        ) : (
          <Form method="post" className="form">
            <p>
              Entraste como <strong>{p.signedInAs}</strong>.
            </p>
            <button type="submit" name="intent" value="accept" className="button">
              Aceptar invitación
            </button>
          </Form>
        )}
        {/* Signing out is a POST; the link in the email brings them back here signed out. */}
        <Form method="post" action="/Auth/logout" className="auth-links">
          <button type="submit" className="link-button">
            Entrar con otra cuenta
          </button>
        </Form>
      </AuthCard>
    );
  }
  if (p.hasAccount) {
    return (
      <AuthCard title="Únete al equipo" subtitle={subtitle}>
        <p>
          Ya tienes una cuenta de Vitrina con <strong>{invitation.email}</strong>. Inicia sesión y acepta la invitación.
        </p>
        <p className="actions">
          <Link to={p.signIn} className="button">
            Iniciar sesión
          </Link>
        </p>
      </AuthCard>
    );
  }
  const values = failed?.values;
  return (
    <AuthCard title="Únete al equipo" subtitle={subtitle}>
      {errors.form && <FormAlert title={errors.form} />}
      <Form method="post" className="form" noValidate>
        <p>
          Crea tu cuenta con <strong>{invitation.email}</strong>.
        </p>
        <Field label="Nombre" name="name" autoComplete="given-name" defaultValue={values?.name} error={errors.name} required />
        <Field
          label="Apellido"
          name="lastname"
          autoComplete="family-name"
          defaultValue={values?.lastname}
          error={errors.lastname}
          required
        />
        <Field
          label="Contraseña (mínimo 6 caracteres)"
          name="password"
          type="password"
          autoComplete="new-password"
          error={errors.password}
          required
        />
        <div className="field checkbox">
          <label>
            <input type="checkbox" name="terms" aria-invalid={errors.terms ? true : undefined} /> Acepto los{" "}
            <a href="/terminos" target="_blank" rel="noopener">
              términos y condiciones
            </a>{" "}
            y la{" "}
            <a href="/privacidad" target="_blank" rel="noopener">
              política de privacidad
            </a>
          </label>
          {errors.terms && <p className="field-error">{errors.terms}</p>}
        </div>
        <button type="submit" name="intent" value="register" className="button">
          Crear cuenta y unirme
        </button>
      </Form>
      <p className="auth-links">
        <Link to={p.signIn}>Ya tengo cuenta</Link>
      </p>
    </AuthCard>
  );
}
