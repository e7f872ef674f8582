import { Form, Link, redirect, useNavigation } from "react-router";
import { redirectIfSignedIn } from "~/auth/guards.server";
import { authenticateLogin, LoginError } from "~/auth/login.server";
import { AuthCard, AuthHero } from "~/auth/ui";
import { safeRedirect } from "~/auth/validation";
import { failure } from "~/http/action-result";
import { clientIpContext, getServices } from "~/services/services";
import { Field, FormAlert } from "~/ui/form";
import { PageMessagesProvider, useT } from "~/ui/messages";
import { accountPageTitle, metaT } from "~/workspace/page-titles";
import { authPageMessages, authT } from "../messages.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  {
    title: accountPageTitle(metaT(matches, loaderData?.messages)({ id: "auth.login.title", defaultMessage: "Iniciar sesión" })),
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectIfSignedIn(request, context);
  return {
    redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo")),
    messages: authPageMessages(request),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const form = await request.clone().formData();
  const email = String(form.get("email") ?? "");
  try {
    const { cookies } = await authenticateLogin(services, context.get(clientIpContext), request);
    const headers = new Headers();
    for (const cookie of cookies) headers.append("Set-Cookie", cookie);
    return redirect(safeRedirect(String(form.get("redirectTo") ?? "")), { headers });
  } catch (error) {
    if (error instanceof LoginError) {
      const t = authT(request);
      return failure(
        { form: t(error.description, error.values) },
        { title: t(error.title), values: { email }, status: error.status },
      );
    }
    throw error;
  }
}

export default function Login(props: Route.ComponentProps) {
  return (
    <PageMessagesProvider messages={props.loaderData.messages}>
      <LoginPage {...props} />
    </PageMessagesProvider>
  );
}

function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const t = useT();
  return (
    <AuthCard
      title={t({ id: "auth.login.title", defaultMessage: "Iniciar sesión" })}
      subtitle={t({ id: "auth.login.subtitle", defaultMessage: "Administra tus tiendas" })}
      aside={<AuthHero />}
    >
      {actionData && (
        <FormAlert
          title={actionData.title ?? t({ id: "auth.login.error", defaultMessage: "Error" })}
          description={actionData.errors.form}
        />
      )}
      <Form method="post" className="form">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Field
          label={t({ id: "auth.login.email", defaultMessage: "Correo electrónico" })}
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={actionData?.values?.email}
          required
        />
        <Field
          label={t({ id: "auth.login.password", defaultMessage: "Contraseña" })}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <button type="submit" className="button" disabled={busy}>
          {busy
            ? t({ id: "auth.login.busy", defaultMessage: "Entrando…" })
            : t({ id: "auth.login.submit", defaultMessage: "Entrar" })}
        </button>
      </Form>
      <p className="auth-links">
        <Link to="/Auth/ForgotPassword">{t({ id: "auth.login.forgot", defaultMessage: "¿Olvidaste tu contraseña?" })}</Link>
        <Link to="/Auth/Registration">{t({ id: "auth.login.register", defaultMessage: "Crear una cuenta" })}</Link>
      </p>
    </AuthCard>
  );
}
