import { Form, Link, useNavigation } from "react-router";
import { redirectIfSignedIn } from "~/auth/guards.server";
import { AUTH_TEXTS } from "~/auth/messages";
import { addressKey, hitLimit, LIMITS } from "~/auth/rate-limit.server";
import { requestPasswordReset } from "~/auth/reset.server";
import { AuthCard } from "~/auth/ui";
import { forgotSchema } from "~/auth/validation";
import { failure, fieldErrors, parseForm } from "~/http/action-result";
import { clientIpContext, getServices } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { Field, FormAlert } from "~/ui/form";
import { PageMessagesProvider, useT } from "~/ui/messages";
import { notice } from "~/ui/notice";
import { accountPageTitle, metaT } from "~/workspace/page-titles";
import { authPageMessages, authT, visitorLocale } from "../messages.server";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = metaT(matches, loaderData?.messages);
  return [
    {
      title: accountPageTitle(t({ id: "auth.forgot.pageTitle", defaultMessage: "Recuperar contraseña" })),
    },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectIfSignedIn(request, context);
  return { messages: authPageMessages(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const t = authT(request);
  const parsed = parseForm(forgotSchema(t), Object.fromEntries(await request.formData()), t);
  if (!parsed.success) return failure({ form: fieldErrors(parsed.error).email ?? t(AUTH_TEXTS.emailInvalid) });
  const address = addressKey(context.get(clientIpContext));
  const limit = await hitLimit(services.db, `reset:ip:${address}`, LIMITS.resetRequestsPerAddress, services.clock.now());
  if (limit.blocked) return failure({ form: t(AUTH_TEXTS.tooManyAttempts) }, { status: 429 });
  await requestPasswordReset(services, parsed.data.email, visitorLocale(request));
  // The same answer whether or not the email has an account.
  return redirectWithNotice(services.config, "/Auth", notice(t(AUTH_TEXTS.resetSentTitle), t(AUTH_TEXTS.resetSentBody), "info"));
}

export default function ForgotPassword(props: Route.ComponentProps) {
  return (
    <PageMessagesProvider messages={props.loaderData.messages}>
      <ForgotPasswordPage {...props} />
    </PageMessagesProvider>
  );
}

function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const t = useT();
  return (
    <AuthCard
      title={t({ id: "auth.forgot.title", defaultMessage: "Recuperar contraseña" })}
      subtitle={t({ id: "auth.forgot.subtitle", defaultMessage: "Te enviaremos un enlace para elegir una contraseña nueva" })}
    >
      {actionData && (
        <FormAlert title={t({ id: "auth.forgot.error", defaultMessage: "Error" })} description={actionData.errors.form} />
      )}
      <Form method="post" className="form">
        <Field
          label={t({ id: "auth.forgot.email", defaultMessage: "Correo electrónico" })}
          name="email"
          type="email"
          autoComplete="email"
          required
        />
        <button type="submit" className="button" disabled={busy}>
          {t({ id: "auth.forgot.submit", defaultMessage: "Enviar enlace" })}
        </button>
      </Form>
      <p className="auth-links">
        <Link to="/Auth">{t({ id: "auth.forgot.back", defaultMessage: "Volver a iniciar sesión" })}</Link>
      </p>
    </AuthCard>
  );
}
