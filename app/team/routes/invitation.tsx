// An invitation's link (docs/decisions/0064-staff-roles.md): the invited person creates their account here (the link
// proved the email is theirs; no plan to choose) or signs in with the one they have, and joins the store's team.
import { Form, Link } from "react-router";
import { z } from "zod";
import { isCommonPassword } from "~/auth/common-passwords.server";
import { AUTH_MESSAGES } from "~/auth/messages";
import { getSessionUser } from "~/auth/sessions.server";
import { AuthCard, NameFields, NewPasswordField, TermsConsent } from "~/auth/ui";
import { passwordField } from "~/auth/validation";
import { translatorFor } from "~/domain/message-catalogs";
import { defineMessage, localeOfAcceptLanguage } from "~/domain/messages";
import { ROLE_LABELS } from "~/domain/staff-roles";
import { failure, fieldErrors, isFailure, parseForm, textFields } from "~/http/action-result";
import { getServices } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { FormAlert } from "~/ui/form";
import { PageMessagesProvider, Rich, useT } from "~/ui/messages";
import { pageMessages } from "~/ui/messages.server";
import { notice } from "~/ui/notice";
import { StoreError } from "~/workspace/action-results.server";
import { accountPageTitle, metaT } from "~/workspace/page-titles";
import { acceptInvitation, findInvitation, registerMember } from "../members.server";
import { TEAM_MESSAGES } from "../messages";
import type { Route } from "./+types/invitation";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = metaT(matches, loaderData?.messages);
  return [
    {
      title: accountPageTitle(t({ id: "team.pageTitle.invitation", defaultMessage: "Invitación al equipo" })),
    },
    { name: "referrer", content: "no-referrer" },
  ];
};

const name = z.string(AUTH_MESSAGES.required).trim().min(1, AUTH_MESSAGES.required).max(80);
const registerSchema = z.object({
  name,
  lastname: name,
  password: passwordField,
  terms: z.literal("on", { error: AUTH_MESSAGES.terms }),
});

/** The invited person may have no account and no store yet: the page speaks as their browser asks. */
const localeOf = (request: Request) => localeOfAcceptLanguage(request.headers.get("Accept-Language"));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const messages = pageMessages(localeOf(request), ["team", "auth"]);
  const invitation = await findInvitation(services.db, params.token, services.clock.now());
  if (!invitation) return { messages, invitation: null };
  const session = await getSessionUser(services, request);
  return {
    messages,
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
  const t = translatorFor(localeOf(request));
  const invalidNow = () => failure({ form: t(TEAM_MESSAGES.invitationInvalid) }, { status: 410 });
  const invitation = await findInvitation(services.db, params.token, now);
  if (!invitation) return invalidNow();
  const form = await request.formData();
  const welcome = notice(
    t({ id: "team.invitation.joined", defaultMessage: "Te uniste a {store}" }, { store: invitation.storeName }),
    t({ id: "team.invitation.joinedRole", defaultMessage: "Tu rol es {role}." }, { role: ROLE_LABELS[invitation.role] }),
  );
  const storePage = `/Store/${invitation.storeId}`;
  if (form.get("intent") === "accept") {
    const session = await getSessionUser(services, request);
    if (!session)
      return failure(
        { form: t({ id: "team.invitation.signInFirst", defaultMessage: "Inicia sesión para aceptar la invitación" }) },
        { status: 401 },
      );
    if (!(await acceptInvitation(services.db, invitation, session.user.id, now))) return invalidNow();
    return redirectWithNotice(services.config, storePage, welcome);
  }
  const fields = textFields(form);
  const values = { name: fields.name ?? "", lastname: fields.lastname ?? "" };
  const parsed = parseForm(registerSchema, fields, t);
  if (!parsed.success) return failure(fieldErrors(parsed.error), { values });
  if (await isCommonPassword(parsed.data.password)) return failure({ password: AUTH_MESSAGES.passwordCommon }, { values });
  let cookie: string | null;
  try {
    cookie = await registerMember(services, invitation, parsed.data, t);
  } catch (error) {
    if (error instanceof StoreError) return failure({ form: error.message }, { values, status: 409 });
    throw error;
  }
  if (!cookie) return invalidNow();
  return redirectWithNotice(services.config, storePage, welcome, { headers: { "Set-Cookie": cookie } });
}

export default function InvitationPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PageMessagesProvider messages={loaderData.messages}>
      <Invitation loaderData={loaderData} actionData={actionData} />
    </PageMessagesProvider>
  );
}

function Invitation({ loaderData: p, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const t = useT();
  const failed = isFailure(actionData) ? actionData : null;
  const errors: Record<string, string | undefined> = failed?.errors ?? {};
  if (!p.invitation) {
    return (
      <AuthCard title={t({ id: "team.invitation.invalidTitle", defaultMessage: "Invitación no válida" })}>
        <FormAlert title={t(TEAM_MESSAGES.invitationInvalid)} />
        <p className="auth-links">
          <Link to="/Auth">{t({ id: "team.invitation.signIn", defaultMessage: "Iniciar sesión" })}</Link>
        </p>
      </AuthCard>
    );
  }
  const { invitation } = p;
  const subtitle = t(
    { id: "team.invitation.subtitle", defaultMessage: "Te invitan a trabajar en {store} con el rol {role}." },
    { store: invitation.store, role: invitation.role },
  );
  const join = t({ id: "team.invitation.join", defaultMessage: "Únete al equipo" });
  if (p.signedInAs) {
    return (
      <AuthCard title={join} subtitle={subtitle}>
        {errors.form && <FormAlert title={errors.form} />}
        {p.owner ? (
          <p>{t({ id: "team.invitation.ownStore", defaultMessage: "Esta tienda es tuya: no necesitas unirte a su equipo." })}</p>
        ) : (
          <Form method="post" className="form">
            <p>
              <Rich
                message={defineMessage({ id: "team.invitation.signedInAs", defaultMessage: "Entraste como <b>{email}</b>." })}
                values={{ email: p.signedInAs, b: (chunks) => <strong>{chunks}</strong> }}
              />
            </p>
            <button type="submit" name="intent" value="accept" className="button">
              {t({ id: "team.invitation.accept", defaultMessage: "Aceptar invitación" })}
            </button>
          </Form>
        )}
        {/* Signing out is a POST; the link in the email brings them back here signed out. */}
        <Form method="post" action="/Auth/logout" className="auth-links">
          <button type="submit" className="link-button">
            {t({ id: "team.invitation.otherAccount", defaultMessage: "Entrar con otra cuenta" })}
          </button>
        </Form>
      </AuthCard>
    );
  }
  if (p.hasAccount) {
    return (
      <AuthCard title={join} subtitle={subtitle}>
        <p>
          <Rich
            message={defineMessage({
              id: "team.invitation.hasAccount",
              defaultMessage: "Ya tienes una cuenta de Vitrina con <b>{email}</b>. Inicia sesión y acepta la invitación.",
            })}
            values={{ email: invitation.email, b: (chunks) => <strong>{chunks}</strong> }}
          />
        </p>
        <p className="actions">
          <Link to={p.signIn} className="button">
            {t({ id: "team.invitation.signIn", defaultMessage: "Iniciar sesión" })}
          </Link>
        </p>
      </AuthCard>
    );
  }
  const values = failed?.values;
  return (
    <AuthCard title={join} subtitle={subtitle}>
      {errors.form && <FormAlert title={errors.form} />}
      <Form method="post" className="form" noValidate>
        <p>
          <Rich
            message={defineMessage({ id: "team.invitation.createAccount", defaultMessage: "Crea tu cuenta con <b>{email}</b>." })}
            values={{ email: invitation.email, b: (chunks) => <strong>{chunks}</strong> }}
          />
        </p>
        <NameFields values={values} errors={errors} />
        <NewPasswordField error={errors.password} />
        <TermsConsent error={errors.terms} />
        <button type="submit" name="intent" value="register" className="button">
          {t({ id: "team.invitation.register", defaultMessage: "Crear cuenta y unirme" })}
        </button>
      </Form>
      <p className="auth-links">
        <Link to={p.signIn}>{t({ id: "team.invitation.haveAccount", defaultMessage: "Ya tengo cuenta" })}</Link>
      </p>
    </AuthCard>
  );
}
