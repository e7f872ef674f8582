import { useState } from "react";
import { Form, redirect } from "react-router";
import { z } from "zod";
import { PLATFORM_TEXT_KEYS, PLATFORM_TEXT_MAX, PLATFORM_TEXT_TITLES, type PlatformTextKey } from "~/auth/legal-texts";
import { platformText, savePlatformText } from "~/auth/platform-texts.server";
import { translatorFor } from "~/domain/message-catalogs";
import { localeOfAcceptLanguage, type Translate } from "~/domain/messages";
import { failure } from "~/http/action-result";
import { clientIpContext, getServices } from "~/services/services";
import { FormError } from "~/ui/form";
import { PageMessagesProvider, useT } from "~/ui/messages";
import { pageMessages } from "~/ui/messages.server";
import { adminLogin, allStoreUrls, isAdmin, NOT_AUTHORIZED } from "../admin.server";
import type { Route } from "./+types/store-urls";

export const meta: Route.MetaFunction = () => [{ title: "SSS | Vitrina" }, { name: "robots", content: "noindex, nofollow" }];

/** The operator has no store: their browser's variant (decision 0067). */
const localeOf = (request: Request) => localeOfAcceptLanguage(request.headers.get("Accept-Language"));

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const messages = pageMessages(localeOf(request), ["admin"]);
  if (!(await isAdmin(services, request))) return { authorized: false as const, urls: [], texts: [], messages };
  const [urls, ...texts] = await Promise.all([
    allStoreUrls(services),
    ...PLATFORM_TEXT_KEYS.map(async (key) => ({
      key,
      title: PLATFORM_TEXT_TITLES[key],
      ...(await platformText(services.db, key)),
    })),
  ]);
  return { authorized: true as const, urls, texts, messages };
}

const secretSchema = z.object({ secret: z.string().min(1).max(500) });

/** The operator's terms or privacy policy; empty goes back to the default in the code. */
const textSchema = (t: Translate) =>
  z.object({
    intent: z.literal("text"),
    key: z.enum(PLATFORM_TEXT_KEYS, { error: t({ id: "admin.texts.choose", defaultMessage: "Elige un texto" }) }),
    body: z.string().max(PLATFORM_TEXT_MAX, {
      error: t(
        { id: "admin.texts.tooLong", defaultMessage: "El texto puede tener hasta {max} caracteres" },
        { max: String(PLATFORM_TEXT_MAX) },
      ),
    }),
  });

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const form = Object.fromEntries(await request.formData());
  const t = translatorFor(localeOf(request));
  if (form.intent === "text") {
    if (!(await isAdmin(services, request))) return failure({ form: NOT_AUTHORIZED }, { status: 401 });
    const text = textSchema(t).safeParse(form);
    if (!text.success)
      return failure(
        { form: text.error.issues[0]?.message ?? t({ id: "admin.texts.invalid", defaultMessage: "Texto no válido" }) },
        { status: 400 },
      );
    await savePlatformText(services.db, text.data.key, text.data.body.replace(/\r\n?/g, "\n"), services.clock.now());
    return { saved: text.data.key as PlatformTextKey };
  }
  const parsed = secretSchema.safeParse(form);
  const result = await adminLogin(services, parsed.success ? parsed.data.secret : "", context.get(clientIpContext));
  if ("error" in result) return failure({ form: result.error }, { status: 401 });
  return redirect("/SSS", { headers: { "Set-Cookie": result.cookie } });
}

/** Hidden admin page: a secret prompt, then a button that copies every store's public URL. */
export default function Sss(props: Route.ComponentProps) {
  return (
    <PageMessagesProvider messages={props.loaderData.messages}>
      <SssPage {...props} />
    </PageMessagesProvider>
  );
}

function SssPage({ loaderData, actionData }: Route.ComponentProps) {
  const [copied, setCopied] = useState<string | null>(null);
  const t = useT();
  if (!loaderData.authorized) {
    return (
      <main className="sss">
        <h1>SSS</h1>
        <Form method="post" className="form">
          <div className="field">
            <label htmlFor="secret">{t({ id: "admin.login.secret", defaultMessage: "Clave" })}</label>
            <input id="secret" name="secret" type="password" autoComplete="off" required maxLength={500} />
          </div>
          <FormError message={actionData && "errors" in actionData ? actionData.errors.form : undefined} />
          <button type="submit" className="button">
            {t({ id: "admin.login.submit", defaultMessage: "Entrar" })}
          </button>
        </Form>
      </main>
    );
  }
  const text = loaderData.urls.join("\n");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(
        t(
          { id: "admin.urls.copied", defaultMessage: "Se copiaron {count} URL al portapapeles" },
          { count: String(loaderData.urls.length) },
        ),
      );
    } catch {
      setCopied(t({ id: "admin.urls.copyFailed", defaultMessage: "No se pudo copiar: selecciona la lista y cópiala a mano" }));
    }
  };
  return (
    <main className="sss">
      <h1>SSS</h1>
      <p>
        {t(
          {
            id: "admin.urls.count",
            defaultMessage: "{count, plural, one {{count} tienda} other {{count} tiendas}}.",
          },
          { count: loaderData.urls.length },
        )}
      </p>
      <button type="button" className="button" onClick={copy}>
        {t({ id: "admin.urls.copy", defaultMessage: "Copiar URLs de las tiendas" })}
      </button>
      {copied && <p role="status">{copied}</p>}
      <textarea
        readOnly
        aria-label={t({ id: "admin.urls.label", defaultMessage: "URLs de las tiendas" })}
        value={text}
        rows={Math.min(12, loaderData.urls.length + 1)}
      />
      <h2>{t({ id: "admin.texts.title", defaultMessage: "Textos de la plataforma" })}</h2>
      <p className="muted">
        {t({
          id: "admin.texts.hint",
          defaultMessage:
            "Texto simple: una línea en blanco separa párrafos, una línea que empieza con «# » es un título, y las direcciones web y los correos se vuelven enlaces. Vacío vuelve al texto predeterminado.",
        })}
      </p>
      {actionData && "errors" in actionData && <FormError message={actionData.errors.form} />}
      {loaderData.texts.map((text) => (
        <Form method="post" className="form" key={text.key}>
          <input type="hidden" name="intent" value="text" />
          <input type="hidden" name="key" value={text.key} />
          <div className="field">
            <label htmlFor={`text-${text.key}`}>
              {text.custom
                ? t(
                    { id: "admin.texts.edited", defaultMessage: "{title} (editado, {updated})" },
                    { title: text.title, updated: text.updated },
                  )
                : t({ id: "admin.texts.default", defaultMessage: "{title} (predeterminado)" }, { title: text.title })}
            </label>
            <textarea id={`text-${text.key}`} name="body" defaultValue={text.body} rows={12} maxLength={PLATFORM_TEXT_MAX} />
          </div>
          {actionData && "saved" in actionData && actionData.saved === text.key && (
            <p role="status">{t({ id: "admin.texts.saved", defaultMessage: "Texto guardado" })}</p>
          )}
          <p>
            <button type="submit" className="button">
              {t({ id: "admin.texts.save", defaultMessage: "Guardar {title}" }, { title: text.title.toLowerCase() })}
            </button>{" "}
            <a href={text.key === "terminos" ? "/terminos" : "/privacidad"} target="_blank" rel="noopener">
              {t({ id: "admin.texts.view", defaultMessage: "Ver página" })}
            </a>
          </p>
        </Form>
      ))}
    </main>
  );
}
