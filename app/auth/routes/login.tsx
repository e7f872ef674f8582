import { Form, Link, redirect, useNavigation } from "react-router";
import { redirectIfSignedIn } from "~/auth/guards.server";
import { authenticateLogin, LoginError } from "~/auth/login.server";
import { AuthCard, AuthHero } from "~/auth/ui";
import { safeRedirect } from "~/auth/validation";
import { failure } from "~/http/action-result";
import { clientIpContext, getServices } from "~/services/services";
import { Field, FormAlert } from "~/ui/form";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [{ title: "Iniciar sesión | Vitrina" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectIfSignedIn(request, context);
  return { redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo")) };
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
      return failure({ form: error.description }, { title: error.title, values: { email }, status: error.status });
    }
    throw error;
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard title="Iniciar sesión" subtitle="Administra tus tiendas" aside={<AuthHero />}>
      {actionData && <FormAlert title={actionData.title ?? "Error"} description={actionData.errors.form} />}
      <Form method="post" className="form">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Field
          label="Correo electrónico"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={actionData?.values?.email}
          required
        />
        <Field label="Contraseña" name="password" type="password" autoComplete="current-password" required />
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Entrando…" : "Entrar"}
        </button>
      </Form>
      <p className="auth-links">
        <Link to="/Auth/ForgotPassword">¿Olvidaste tu contraseña?</Link>
        <Link to="/Auth/Registration">Crear una cuenta</Link>
      </p>
    </AuthCard>
  );
}
