import { Form, Link, redirect, useNavigation } from "react-router";
import { isCommonPassword } from "~/auth/common-passwords.server";
import { registrationCookie } from "~/auth/cookies.server";
import { redirectIfSignedIn } from "~/auth/guards.server";
import { AUTH_TEXTS } from "~/auth/messages";
import { getRegistration, RegistrationError, saveStep1 } from "~/auth/registration.server";
import { AuthCard, NameFields, NewPasswordField, TermsConsent } from "~/auth/ui";
import { registrationStep1Schema } from "~/auth/validation";
import { failure, fieldErrors, parseForm } from "~/http/action-result";
import { getServices } from "~/services/services";
import { Field, FormAlert } from "~/ui/form";
import { PageMessagesProvider, useT } from "~/ui/messages";
import { accountPageTitle, metaT } from "~/workspace/page-titles";
import { authPageMessages, authT } from "../messages.server";
import type { Route } from "./+types/registration";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = metaT(matches, loaderData?.messages);
  return [
    {
      title: accountPageTitle(t({ id: "auth.registration.pageTitle", defaultMessage: "Crear cuenta" })),
    },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectIfSignedIn(request, context);
  const services = getServices(context);
  const draft = await getRegistration(services, await registrationCookie(services.config).parse(request.headers.get("Cookie")));
  return {
    values: draft ? { name: draft.name, lastname: draft.lastname, email: draft.email } : null,
    messages: authPageMessages(request),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const form = Object.fromEntries(await request.formData());
  const values = { name: String(form.name ?? ""), lastname: String(form.lastname ?? ""), email: String(form.email ?? "") };
  const t = authT(request);
  const parsed = parseForm(registrationStep1Schema(t), form, t);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  // Every field's error at once: a common password is told beside the other fields' errors, not once they are fixed.
  if (!errors.password && (await isCommonPassword(String(form.password)))) errors.password = t(AUTH_TEXTS.passwordCommon);
  if (!parsed.success || errors.password) return failure(errors, { values });
  const cookie = registrationCookie(services.config);
  try {
    const id = await saveStep1(services, await cookie.parse(request.headers.get("Cookie")), parsed.data);
    return redirect("/Auth/Registration/Step2", { headers: { "Set-Cookie": await cookie.serialize(id) } });
  } catch (error) {
    if (error instanceof RegistrationError) {
      if (error.field === "email") {
        const errors = { email: t(error.text), form: t(AUTH_TEXTS.emailInUseBody) };
        return failure(errors, { title: t(AUTH_TEXTS.emailInUseTitle), values, status: 409 });
      }
      return failure({ [error.field]: t(error.text, error.values) }, { values, status: 409 });
    }
    throw error;
  }
}

export default function RegistrationStep1(props: Route.ComponentProps) {
  return (
    <PageMessagesProvider messages={props.loaderData.messages}>
      <RegistrationStep1Page {...props} />
    </PageMessagesProvider>
  );
}

function RegistrationStep1Page({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? loaderData.values ?? undefined;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const busy = useNavigation().state === "submitting";
  const t = useT();
  return (
    <AuthCard
      title={t({ id: "auth.registration.title", defaultMessage: "Crea tu cuenta" })}
      subtitle={t({ id: "auth.registration.subtitle", defaultMessage: "Paso 1 de 3 · Tus datos" })}
    >
      {actionData?.title && <FormAlert title={actionData.title} description={errors.form} />}
      <Form method="post" className="form" noValidate>
        <NameFields values={values} errors={errors} />
        <Field
          label={t({ id: "auth.registration.email", defaultMessage: "Correo electrónico" })}
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={values?.email}
          error={errors.email}
          required
        />
        <NewPasswordField error={errors.password} />
        <TermsConsent error={errors.terms} />
        <button type="submit" className="button" disabled={busy}>
          {t({ id: "auth.registration.continue", defaultMessage: "Continuar" })}
        </button>
      </Form>
      <p className="auth-links">
        <Link to="/Auth">{t({ id: "auth.registration.haveAccount", defaultMessage: "Ya tengo cuenta" })}</Link>
      </p>
    </AuthCard>
  );
}
