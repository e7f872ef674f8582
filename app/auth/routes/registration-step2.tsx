import { useEffect, useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { redirectIfSignedIn, requireRegistrationDraft } from "~/auth/guards.server";
import { RegistrationError, saveStep2 } from "~/auth/registration.server";
import { AuthCard } from "~/auth/ui";
import { registrationStep2Schema } from "~/auth/validation";
import { STORE_CATEGORIES } from "~/domain/categories";
import { failure, fieldErrors } from "~/http/action-result";
import { Field } from "~/ui/form";
import type { Route } from "./+types/registration-step2";

export const meta: Route.MetaFunction = () => [{ title: "Tu tienda | Vitrina" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectIfSignedIn(request, context);
  const { draft } = await requireRegistrationDraft(request, context, { needsStore: false });
  return { values: { storeName: draft.storeName ?? "", category: String(draft.storeCategory ?? "") } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, draft } = await requireRegistrationDraft(request, context, { needsStore: false });
  const form = Object.fromEntries(await request.formData());
  const values = { storeName: String(form.storeName ?? ""), category: String(form.category ?? "") };
  const parsed = registrationStep2Schema.safeParse(form);
  if (!parsed.success) return failure(fieldErrors(parsed.error), { values });
  try {
    await saveStep2(services, draft, parsed.data);
  } catch (error) {
    if (error instanceof RegistrationError) return failure({ [error.field]: error.message }, { values, status: 409 });
    throw error;
  }
  return redirect("/Auth/Registration/Step3");
}

export default function RegistrationStep2({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? loaderData.values;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard title="Tu primera tienda" subtitle="Paso 2 de 3 · Te enviaremos un código a tu correo">
      <Form method="post" className="form" noValidate>
        <Field
          label="Nombre de la tienda"
          name="storeName"
          defaultValue={values.storeName}
          error={errors.storeName}
          required
          maxLength={60}
        />
        <div className="field">
          <label htmlFor="f-category">Categoría</label>
          <select
            id="f-category"
            name="category"
            defaultValue={values.category || "0"}
            aria-invalid={errors.category ? true : undefined}
          >
            <option value="0">Elige una categoría</option>
            {STORE_CATEGORIES.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {errors.category && <p className="field-error">{errors.category}</p>}
        </div>
        <TimeZoneInput />
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Enviando código…" : "Enviar código"}
        </button>
      </Form>
      <p className="auth-links">
        <Link to="/Auth/Registration">Volver</Link>
      </p>
    </AuthCard>
  );
}

/** The merchant's time zone, read from the browser; the store's 'Hoy' uses it. */
function TimeZoneInput() {
  const [zone, setZone] = useState("");
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  return <input type="hidden" name="timeZone" value={zone} />;
}
