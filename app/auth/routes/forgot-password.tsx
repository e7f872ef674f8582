import { Form, Link, useNavigation } from "react-router";
import { redirectIfSignedIn } from "~/auth/guards.server";
import { AUTH_MESSAGES } from "~/auth/messages";
import { addressKey, hitLimit, LIMITS } from "~/auth/rate-limit.server";
import { requestPasswordReset } from "~/auth/reset.server";
import { AuthCard } from "~/auth/ui";
import { forgotSchema } from "~/auth/validation";
import { failure, fieldErrors } from "~/http/action-result";
import { clientIpContext, getServices } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { Field, FormAlert } from "~/ui/form";
import { notice } from "~/ui/notice";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => [{ title: "Recuperar contraseña | Vitrina" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectIfSignedIn(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const parsed = forgotSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return failure({ form: fieldErrors(parsed.error).email ?? AUTH_MESSAGES.emailInvalid });
  const address = addressKey(context.get(clientIpContext));
  const limit = await hitLimit(services.db, `reset:ip:${address}`, LIMITS.resetRequestsPerAddress, services.clock.now());
  if (limit.blocked) return failure({ form: AUTH_MESSAGES.tooManyAttempts }, { status: 429 });
  await requestPasswordReset(services, parsed.data.email);
  // The same answer whether or not the email has an account.
  return redirectWithNotice(services.config, "/Auth", notice(AUTH_MESSAGES.resetSentTitle, AUTH_MESSAGES.resetSentBody, "info"));
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard title="Recuperar contraseña" subtitle="Te enviaremos un enlace para elegir una contraseña nueva">
      {actionData && <FormAlert title="Error" description={actionData.errors.form} />}
      <Form method="post" className="form">
        <Field label="Correo electrónico" name="email" type="email" autoComplete="email" required />
        <button type="submit" className="button" disabled={busy}>
          Enviar enlace
        </button>
      </Form>
      <p className="auth-links">
        <Link to="/Auth">Volver a iniciar sesión</Link>
      </p>
    </AuthCard>
  );
}
