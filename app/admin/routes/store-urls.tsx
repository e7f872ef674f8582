import { useState } from "react";
import { Form, redirect } from "react-router";
import { z } from "zod";
import { PLATFORM_TEXT_KEYS, PLATFORM_TEXT_MAX, PLATFORM_TEXT_TITLES, type PlatformTextKey } from "~/auth/legal-texts";
import { platformText, savePlatformText } from "~/auth/platform-texts.server";
import { counted, storesCount } from "~/domain/words";
import { failure } from "~/http/action-result";
import { clientIpContext, getServices } from "~/services/services";
import { FormError } from "~/ui/form";
import { adminLogin, allStoreUrls, isAdmin, NOT_AUTHORIZED } from "../admin.server";
import type { Route } from "./+types/store-urls";

export const meta: Route.MetaFunction = () => [{ title: "SSS | Vitrina" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  if (!(await isAdmin(services, request))) return { authorized: false as const, urls: [], texts: [] };
  const [urls, ...texts] = await Promise.all([
    allStoreUrls(services),
    ...PLATFORM_TEXT_KEYS.map(async (key) => ({
      key,
      title: PLATFORM_TEXT_TITLES[key],
      ...(await platformText(services.db, key)),
    })),
  ]);
  return { authorized: true as const, urls, texts };
}

const secretSchema = z.object({ secret: z.string().min(1).max(500) });

/** The operator's terms or privacy policy; empty goes back to the default in the code. */
const textSchema = z.object({
  intent: z.literal("text"),
  key: z.enum(PLATFORM_TEXT_KEYS, { error: "Elige un texto" }),
  body: z.string().max(PLATFORM_TEXT_MAX, { error: `El texto puede tener hasta ${PLATFORM_TEXT_MAX} caracteres` }),
});

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "text") {
    if (!(await isAdmin(services, request))) return failure({ form: NOT_AUTHORIZED }, { status: 401 });
    const text = textSchema.safeParse(form);
    if (!text.success) return failure({ form: text.error.issues[0]?.message ?? "Texto no válido" }, { status: 400 });
    await savePlatformText(services.db, text.data.key, text.data.body.replace(/\r\n?/g, "\n"), services.clock.now());
    return { saved: text.data.key as PlatformTextKey };
  }
  const parsed = secretSchema.safeParse(form);
  const result = await adminLogin(services, parsed.success ? parsed.data.secret : "", context.get(clientIpContext));
  if ("error" in result) return failure({ form: result.error }, { status: 401 });
  return redirect("/SSS", { headers: { "Set-Cookie": result.cookie } });
}

/** Hidden admin page: a secret prompt, then a button that copies every store's public URL. */
export default function Sss({ loaderData, actionData }: Route.ComponentProps) {
  const [copied, setCopied] = useState<string | null>(null);
  if (!loaderData.authorized) {
    return (
      <main className="sss">
        <h1>SSS</h1>
        <Form method="post" className="form">
          <div className="field">
            <label htmlFor="secret">Clave</label>
            <input id="secret" name="secret" type="password" autoComplete="off" required maxLength={500} />
          </div>
          <FormError message={actionData && "errors" in actionData ? actionData.errors.form : undefined} />
          <button type="submit" className="button">
            Entrar
          </button>
        </Form>
      </main>
    );
  }
  const text = loaderData.urls.join("\n");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(`Se copiaron ${counted(loaderData.urls.length, "URL", "URL")} al portapapeles`);
    } catch {
      setCopied("No se pudo copiar: selecciona la lista y cópiala a mano");
    }
  };
  return (
    <main className="sss">
      <h1>SSS</h1>
      <p>{storesCount(loaderData.urls.length)}.</p>
      <button type="button" className="button" onClick={copy}>
        Copiar URLs de las tiendas
      </button>
      {copied && <p role="status">{copied}</p>}
      <textarea readOnly aria-label="URLs de las tiendas" value={text} rows={Math.min(12, loaderData.urls.length + 1)} />
      <h2>Textos de la plataforma</h2>
      <p className="muted">
        Texto simple: una línea en blanco separa párrafos, una línea que empieza con «# » es un título, y las direcciones web y
        los correos se vuelven enlaces. Vacío vuelve al texto predeterminado.
      </p>
      {actionData && "errors" in actionData && <FormError message={actionData.errors.form} />}
      {loaderData.texts.map((t) => (
        <Form method="post" className="form" key={t.key}>
          <input type="hidden" name="intent" value="text" />
          <input type="hidden" name="key" value={t.key} />
          <div className="field">
            <label htmlFor={`text-${t.key}`}>
              {t.title} ({t.custom ? `editado, ${t.updated}` : "predeterminado"})
            </label>
            <textarea id={`text-${t.key}`} name="body" defaultValue={t.body} rows={12} maxLength={PLATFORM_TEXT_MAX} />
          </div>
          {actionData && "saved" in actionData && actionData.saved === t.key && <p role="status">Texto guardado</p>}
          <p>
            <button type="submit" className="button">
              Guardar {t.title.toLowerCase()}
            </button>{" "}
            <a href={t.key === "terminos" ? "/terminos" : "/privacidad"} target="_blank" rel="noopener">
              Ver página
            </a>
          </p>
        </Form>
      ))}
    </main>
  );
}
