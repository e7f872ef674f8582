import { Form, Link, useNavigation } from "react-router";
import { isCommonPassword } from "~/auth/common-passwords.server";
import { sessionCookie } from "~/auth/cookies.server";
import { AUTH_TEXTS } from "~/auth/messages";
import { completePasswordReset, findValidReset } from "~/auth/reset.server";
import { AuthCard } from "~/auth/ui";
import { resetSchema } from "~/auth/validation";
import { failure, fieldErrors, parseForm } from "~/http/action-result";
import { getServices } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { Field, FormAlert } from "~/ui/form";
import { PageMessagesProvider, useT } from "~/ui/messages";
import { notice } from "~/ui/notice";
import { accountPageTitle, metaT } from "~/workspace/page-titles";
import { authPageMessages, authT } from "../messages.server";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = metaT(matches, loaderData?.messages);
  return [
    {
      title: accountPageTitle(t({ id: "auth.reset.pageTitle", defaultMessage: "Nueva contraseña" })),
    },
    { name: "referrer", content: "no-referrer" },
  ];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return {
    valid: Boolean(await findValidReset(getServices(context), params.token)),
    messages: authPageMessages(request),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const t = authT(request);
  const parsed = parseForm(resetSchema(t), Object.fromEntries(await request.formData()), t);
  if (!parsed.success) return failure(fieldErrors(parsed.error));
  if (await isCommonPassword(parsed.data.password)) return failure({ password: t(AUTH_TEXTS.passwordCommon) });
  if (!(await completePasswordReset(services, params.token, parsed.data.password))) {
    return failure({ form: t(AUTH_TEXTS.resetInvalid) }, { status: 410 });
  }
  // Every session of the user was ended; this clears this browser's cookie too.
  return redirectWithNotice(services.config, "/Auth", notice(t(AUTH_TEXTS.resetDoneTitle), t(AUTH_TEXTS.resetDoneBody)), {
    headers: { "Set-Cookie": await sessionCookie(services.config).serialize("", { maxAge: 0 }) },
  });
}

export default function ResetPassword(props: Route.ComponentProps) {
  return (
    <PageMessagesProvider messages={props.loaderData.messages}>
      <ResetPasswordPage {...props} />
    </PageMessagesProvider>
  );
}

function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  if (!loaderData.valid) {
    return (
      <AuthCard title={t({ id: "auth.reset.invalidTitle", defaultMessage: "Enlace no válido" })}>
        <FormAlert title={t(AUTH_TEXTS.resetInvalid)} />
        <p className="auth-links">
          <Link to="/Auth/ForgotPassword">{t({ id: "auth.reset.another", defaultMessage: "Pedir otro enlace" })}</Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t({ id: "auth.reset.title", defaultMessage: "Elige una contraseña nueva" })}>
      {errors.form && <FormAlert title={errors.form} />}
      <Form method="post" className="form" noValidate>
        <Field
          label={t({ id: "auth.reset.password", defaultMessage: "Contraseña nueva" })}
          name="password"
          type="password"
          autoComplete="new-password"
          error={errors.password}
          required
        />
        <Field
          label={t({ id: "auth.reset.confirm", defaultMessage: "Repite la contraseña" })}
          name="confirm"
          type="password"
          autoComplete="new-password"
          error={errors.confirm}
          required
        />
        <button type="submit" className="button" disabled={busy}>
          {t({ id: "auth.reset.submit", defaultMessage: "Guardar contraseña" })}
        </button>
      </Form>
    </AuthCard>
  );
}
