import { Form, Link, redirect, useNavigation } from "react-router";
import { isCommonPassword } from "~/auth/common-passwords.server";
import { registrationCookie } from "~/auth/cookies.server";
import { redirectIfSignedIn } from "~/auth/guards.server";
import { AUTH_MESSAGES } from "~/auth/messages";
import { getRegistration, RegistrationError, saveStep1 } from "~/auth/registration.server";
import { AuthCard } from "~/auth/ui";
import { registrationStep1Schema } from "~/auth/validation";
import { failure, fieldErrors } from "~/http/action-result";
import { getServices } from "~/services/services";
import { Field, FormAlert } from "~/ui/form";
import type { Route } from "./+types/registration";

export const meta: Route.MetaFunction = () => [{ title: "Crear cuenta | Vitrina" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectIfSignedIn(request, context);
  const services = getServices(context);
  const draft = await getRegistration(services, await registrationCookie(services.config).parse(request.headers.get("Cookie")));
  return { values: draft ? { name: draft.name, lastname: draft.lastname, email: draft.email } : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const form = Object.fromEntries(await request.formData());
  const values = { name: String(form.name ?? ""), lastname: String(form.lastname ?? ""), email: String(form.email ?? "") };
  const parsed = registrationStep1Schema.safeParse(form);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  // Every field's error at once: a common password is told beside the other fields' errors, not once they are fixed.
  if (!errors.password && (await isCommonPassword(String(form.password)))) errors.password = AUTH_MESSAGES.passwordCommon;
  if (!parsed.success || errors.password) return failure(errors, { values });
  const cookie = registrationCookie(services.config);
  try {
    const id = await saveStep1(services, await cookie.parse(request.headers.get("Cookie")), parsed.data);
    return redirect("/Auth/Registration/Step2", { headers: { "Set-Cookie": await cookie.serialize(id) } });
  } catch (error) {
    if (error instanceof RegistrationError) {
      if (error.field === "email") {
        const errors = { email: error.message, form: AUTH_MESSAGES.emailInUseBody };
        return failure(errors, { title: AUTH_MESSAGES.emailInUseTitle, values, status: 409 });
      }
      return failure({ [error.field]: error.message }, { values, status: 409 });
    }
    throw error;
  }
}

export default function RegistrationStep1({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? loaderData.values ?? undefined;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard title="Crea tu cuenta" subtitle="Paso 1 de 3 · Tus datos">
      {actionData?.title && <FormAlert title={actionData.title} description={errors.form} />}
      <Form method="post" className="form" noValidate>
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
          label="Correo electrónico"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={values?.email}
          error={errors.email}
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
            {/* A new tab, so what the form holds stays. */}
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
        <button type="submit" className="button" disabled={busy}>
          Continuar
        </button>
      </Form>
      <p className="auth-links">
        <Link to="/Auth">Ya tengo cuenta</Link>
      </p>
    </AuthCard>
  );
}
