import { useEffect, useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { redirectIfSignedIn, requireRegistrationDraft } from "~/auth/guards.server";
import { AUTH_TEXTS } from "~/auth/messages";
import { availableStoreUrl, RegistrationError, saveStep2 } from "~/auth/registration.server";
import { AuthCard } from "~/auth/ui";
import { registrationStep2Schema } from "~/auth/validation";
import { STORE_CATEGORIES } from "~/domain/categories";
import { defineMessage } from "~/domain/messages";
import { cleanStoreName, slugify, slugProblem } from "~/domain/slug";
import { failure, fieldErrors, parseForm } from "~/http/action-result";
import { publicStoreUrl } from "~/services/config";
import { getServices } from "~/services/services";
import { Field } from "~/ui/form";
import { PageMessagesProvider, Rich, useT } from "~/ui/messages";
import { accountPageTitle, metaT } from "~/workspace/page-titles";
import { authPageMessages, authT, visitorLocale } from "../messages.server";
import type { Route } from "./+types/registration-step2";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = metaT(matches, loaderData?.messages);
  return [
    {
      title: accountPageTitle(t({ id: "auth.registration.storePageTitle", defaultMessage: "Tu tienda" })),
    },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectIfSignedIn(request, context);
  const { draft } = await requireRegistrationDraft(request, context, { needsStore: false });
  return {
    values: { storeName: draft.storeName ?? "", category: String(draft.storeCategory ?? "") },
    addressPattern: addressPattern(getServices(context).config),
    messages: authPageMessages(request),
  };
}

const SLUG_MARK = "tu-tienda";

/** The store's public address with a mark where its slug goes, shown without the scheme ('mi-tienda.vitrina.app'). */
function addressPattern(config: Parameters<typeof publicStoreUrl>[0]): string {
  return publicStoreUrl(config, SLUG_MARK)
    .replace(/^https?:\/\//, "")
    .replace(/\/$/, "");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, draft } = await requireRegistrationDraft(request, context, { needsStore: false });
  const form = Object.fromEntries(await request.formData());
  const values = { storeName: String(form.storeName ?? ""), category: String(form.category ?? "") };
  const t = authT(request);
  const parsed = parseForm(registrationStep2Schema(t), form, t);
  if (!parsed.success) {
    // Every problem of the step at once: a name that is taken is told beside a missing category.
    const errors = fieldErrors(parsed.error);
    if (!errors.storeName && values.storeName.trim()) {
      const available = await availableStoreUrl(services.db, values.storeName, t);
      if ("error" in available) errors.storeName = available.error;
    }
    return failure(errors, { values });
  }
  try {
    await saveStep2(services, draft, parsed.data, { locale: visitorLocale(request) });
  } catch (error) {
    if (error instanceof RegistrationError)
      return failure({ [error.field]: t(error.text, error.values) }, { values, status: 409 });
    throw error;
  }
  return redirect("/Auth/Registration/Step3");
}

export default function RegistrationStep2(props: Route.ComponentProps) {
  return (
    <PageMessagesProvider messages={props.loaderData.messages}>
      <RegistrationStep2Page {...props} />
    </PageMessagesProvider>
  );
}

function RegistrationStep2Page({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? loaderData.values;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const busy = useNavigation().state === "submitting";
  const [name, setName] = useState(values.storeName);
  useEffect(() => setName(values.storeName), [values.storeName]);
  const t = useT();
  return (
    <AuthCard
      title={t({ id: "auth.registration.storeTitle", defaultMessage: "Tu primera tienda" })}
      subtitle={t({
        id: "auth.registration.storeSubtitle",
        defaultMessage: "Paso 2 de 3 · Te enviaremos un código a tu correo",
      })}
    >
      <Form
        method="post"
        className="form"
        noValidate
        onInput={(event) => {
          const field = event.target as HTMLInputElement;
          if (field.name === "storeName") setName(field.value);
        }}
      >
        <Field
          label={t({ id: "auth.registration.storeName", defaultMessage: "Nombre de la tienda" })}
          name="storeName"
          defaultValue={values.storeName}
          error={errors.storeName}
          required
          maxLength={60}
        />
        <StoreAddress name={name} pattern={loaderData.addressPattern} />
        <div className="field">
          <label htmlFor="f-category">{t({ id: "auth.registration.category", defaultMessage: "Categoría" })}</label>
          <select
            id="f-category"
            name="category"
            defaultValue={values.category || "0"}
            aria-invalid={errors.category ? true : undefined}
          >
            <option value="0">{t(AUTH_TEXTS.categoryRequired)}</option>
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
          {busy
            ? t({ id: "auth.registration.sending", defaultMessage: "Enviando código…" })
            : t({ id: "auth.registration.send", defaultMessage: "Enviar código" })}
        </button>
      </Form>
      <p className="auth-links">
        <Link to="/Auth/Registration">{t({ id: "auth.registration.back", defaultMessage: "Volver" })}</Link>
      </p>
    </AuthCard>
  );
}

const STORE_ADDRESS = defineMessage({
  id: "auth.registration.address",
  defaultMessage: "La dirección de tu tienda será <b>{address}</b>",
});

/** The address the store will have, made from its name as the server will make it (app/domain/slug.ts). */
function StoreAddress({ name, pattern }: { name: string; pattern: string }) {
  const slug = slugify(cleanStoreName(name));
  const problem = slugProblem(slug);
  const t = useT();
  return (
    <p className="store-address" aria-live="polite">
      {slug && problem !== "too_short" ? (
        <Rich
          message={STORE_ADDRESS}
          values={{ address: pattern.replace(SLUG_MARK, slug), b: (chunks) => <strong>{chunks}</strong> }}
        />
      ) : (
        t({
          id: "auth.registration.addressHint",
          defaultMessage: "La dirección de tu tienda se hace con su nombre: escribe al menos 3 letras o números.",
        })
      )}
    </p>
  );
}

/** The merchant's time zone, read from the browser; the store's 'Hoy' uses it. */
function TimeZoneInput() {
  const [zone, setZone] = useState("");
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  return <input type="hidden" name="timeZone" value={zone} />;
}
