import { Form, redirect, useNavigation } from "react-router";
import { registrationCookie } from "~/auth/cookies.server";
import { rememberDevice } from "~/auth/devices.server";
import { redirectIfSignedIn, requireRegistrationDraft } from "~/auth/guards.server";
import { AUTH_MESSAGES } from "~/auth/messages";
import { addressKey, forgiveAttempt, hitLimit, LIMITS } from "~/auth/rate-limit.server";
import { checkCode, completeRegistration, RegistrationError, sendCode } from "~/auth/registration.server";
import { newSession } from "~/auth/sessions.server";
import { AuthCard } from "~/auth/ui";
import { codeSchema } from "~/auth/validation";
import { failure, isFailure } from "~/http/action-result";
import { clientIpContext } from "~/services/services";
import { Field, FormAlert } from "~/ui/form";
import type { Route } from "./+types/registration-step3";

export const meta: Route.MetaFunction = () => [{ title: "Verifica tu correo | Vitrina" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectIfSignedIn(request, context);
  const { draft } = await requireRegistrationDraft(request, context, { needsStore: true });
  return { email: draft.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, draft } = await requireRegistrationDraft(request, context, { needsStore: true });
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "resend") {
    try {
      await sendCode(services, draft);
      return { sent: true };
    } catch (error) {
      if (error instanceof RegistrationError) return failure({ form: error.message }, { status: 429 });
      throw error;
    }
  }
  const addressLimitKey = `code:ip:${addressKey(context.get(clientIpContext))}`;
  const perAddress = await hitLimit(services.db, addressLimitKey, LIMITS.codeFailuresPerAddress, services.clock.now());
  if (perAddress.blocked) return failure({ form: AUTH_MESSAGES.tooManyAttempts }, { status: 429 });
  // A malformed code still counts as a try: checkCode never matches it.
  const parsed = codeSchema.safeParse(form);
  try {
    await checkCode(services, draft.email, parsed.success ? parsed.data.code : "");
    const userId = await completeRegistration(services, draft);
    const session = await newSession(services, userId);
    const device = await rememberDevice(services, userId, null);
    await services.db.batch([...session.statements, ...device.statements, forgiveAttempt(services.db, addressLimitKey)]);
    const headers = new Headers();
    headers.append("Set-Cookie", session.cookie);
    if (device.cookie) headers.append("Set-Cookie", device.cookie);
    headers.append("Set-Cookie", await registrationCookie(services.config).serialize("", { maxAge: 0 }));
    return redirect("/", { headers });
  } catch (error) {
    if (error instanceof RegistrationError) return failure({ form: error.message });
    throw error;
  }
}

export default function RegistrationStep3({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard
      title="Verifica tu correo"
      subtitle={`Paso 3 de 3 · Escribe el código de 5 dígitos que enviamos a ${loaderData.email}`}
    >
      {isFailure(actionData) ? (
        <FormAlert title="Error" description={actionData.errors.form} />
      ) : (
        actionData?.sent && <p className="form-info">Te enviamos un código nuevo.</p>
      )}
      <Form method="post" className="form">
        <Field label="Código" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={5} required />
        <button type="submit" className="button" disabled={busy}>
          Crear mi cuenta
        </button>
      </Form>
      <Form method="post" className="form">
        <button type="submit" name="intent" value="resend" className="button secondary" disabled={busy}>
          Reenviar código
        </button>
      </Form>
    </AuthCard>
  );
}
