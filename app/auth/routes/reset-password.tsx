import { Form, Link, useNavigation } from "react-router";
import { isCommonPassword } from "~/auth/common-passwords.server";
import { sessionCookie } from "~/auth/cookies.server";
import { AUTH_MESSAGES } from "~/auth/messages";
import { completePasswordReset, findValidReset } from "~/auth/reset.server";
import { AuthCard } from "~/auth/ui";
import { resetSchema } from "~/auth/validation";
import { failure, fieldErrors } from "~/http/action-result";
import { getServices } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { Field, FormAlert } from "~/ui/form";
import { notice } from "~/ui/notice";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [
  { title: "Nueva contraseña | Vitrina" },
  { name: "referrer", content: "no-referrer" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  return { valid: Boolean(await findValidReset(getServices(context), params.token)) };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const parsed = resetSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return failure(fieldErrors(parsed.error));
  if (await isCommonPassword(parsed.data.password)) return failure({ password: AUTH_MESSAGES.passwordCommon });
  if (!(await completePasswordReset(services, params.token, parsed.data.password))) {
    return failure({ form: AUTH_MESSAGES.resetInvalid }, { status: 410 });
  }
  // Every session of the user was ended; this clears this browser's cookie too.
  return redirectWithNotice(services.config, "/Auth", notice(AUTH_MESSAGES.resetDoneTitle, AUTH_MESSAGES.resetDoneBody), {
    headers: { "Set-Cookie": await sessionCookie(services.config).serialize("", { maxAge: 0 }) },
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  if (!loaderData.valid) {
    return (
      <AuthCard title="Enlace no válido">
        <FormAlert title={AUTH_MESSAGES.resetInvalid} />
        <p className="auth-links">
          <Link to="/Auth/ForgotPassword">Pedir otro enlace</Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Elige una contraseña nueva">
      {errors.form && <FormAlert title={errors.form} />}
      <Form method="post" className="form" noValidate>
        <Field
          label="Contraseña nueva"
          name="password"
          type="password"
          autoComplete="new-password"
          error={errors.password}
          required
        />
        <Field
          label="Repite la contraseña"
          name="confirm"
          type="password"
          autoComplete="new-password"
          error={errors.confirm}
          required
        />
        <button type="submit" className="button" disabled={busy}>
          Guardar contraseña
        </button>
      </Form>
    </AuthCard>
  );
}
