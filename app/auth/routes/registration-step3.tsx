import { Form, redirect, useNavigation } from "react-router";
import { registrationCookie } from "~/auth/cookies.server";
import { rememberDevice } from "~/auth/devices.server";
import { redirectIfSignedIn, requireRegistrationDraft } from "~/auth/guards.server";
import { AUTH_TEXTS } from "~/auth/messages";
import { addressKey, forgiveAttempt, hitLimit, LIMITS } from "~/auth/rate-limit.server";
import { checkCode, completeRegistration, RegistrationError, sendCode } from "~/auth/registration.server";
import { newSession } from "~/auth/sessions.server";
import { AuthCard } from "~/auth/ui";
import { codeSchema } from "~/auth/validation";
import { failure, isFailure } from "~/http/action-result";
import { clientIpContext } from "~/services/services";
import { Field, FormAlert } from "~/ui/form";
import { PageMessagesProvider, useT } from "~/ui/messages";
import { accountPageTitle, metaT } from "~/workspace/page-titles";
import { authPageMessages, authT, visitorLocale } from "../messages.server";
import type { Route } from "./+types/registration-step3";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  {
    title: accountPageTitle(
      metaT(matches, loaderData?.messages)({ id: "auth.registration.verifyTitle", defaultMessage: "Verifica tu correo" }),
    ),
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectIfSignedIn(request, context);
  const { draft } = await requireRegistrationDraft(request, context, { needsStore: true });
  return { email: draft.email, messages: authPageMessages(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, draft } = await requireRegistrationDraft(request, context, { needsStore: true });
  const form = Object.fromEntries(await request.formData());
  const t = authT(request);
  if (form.intent === "resend") {
    try {
      await sendCode(services, draft, { locale: visitorLocale(request) });
      return { sent: true };
    } catch (error) {
      if (error instanceof RegistrationError) return failure({ form: t(error.text, error.values) }, { status: 429 });
      throw error;
    }
  }
  const addressLimitKey = `code:ip:${addressKey(context.get(clientIpContext))}`;
  const perAddress = await hitLimit(services.db, addressLimitKey, LIMITS.codeFailuresPerAddress, services.clock.now());
  if (perAddress.blocked) return failure({ form: t(AUTH_TEXTS.tooManyAttempts) }, { status: 429 });
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
    if (error instanceof RegistrationError) return failure({ form: t(error.text, error.values) });
    throw error;
  }
}

export default function RegistrationStep3(props: Route.ComponentProps) {
  return (
    <PageMessagesProvider messages={props.loaderData.messages}>
      <RegistrationStep3Page {...props} />
    </PageMessagesProvider>
  );
}

function RegistrationStep3Page({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const t = useT();
  return (
    <AuthCard
      title={t({ id: "auth.registration.verifyTitle", defaultMessage: "Verifica tu correo" })}
      subtitle={t(
        {
          id: "auth.registration.verifySubtitle",
          defaultMessage: "Paso 3 de 3 · Escribe el código de 5 dígitos que enviamos a {email}",
        },
        { email: loaderData.email },
      )}
    >
      {isFailure(actionData) ? (
        <FormAlert title={t(AUTH_TEXTS.error)} description={actionData.errors.form} />
      ) : (
        actionData?.sent && (
          <p className="form-info">{t({ id: "auth.registration.codeSent", defaultMessage: "Te enviamos un código nuevo." })}</p>
        )
      )}
      <Form method="post" className="form">
        <Field
          label={t({ id: "auth.registration.code", defaultMessage: "Código" })}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={5}
          required
        />
        <button type="submit" className="button" disabled={busy}>
          {t({ id: "auth.registration.create", defaultMessage: "Crear mi cuenta" })}
        </button>
      </Form>
      <Form method="post" className="form">
        <button type="submit" name="intent" value="resend" className="button secondary" disabled={busy}>
          {t({ id: "auth.registration.resend", defaultMessage: "Reenviar código" })}
        </button>
      </Form>
    </AuthCard>
  );
}
