import { useState } from "react";
import { Form, redirect } from "react-router";
import { z } from "zod";
import { counted, storesCount } from "~/domain/words";
import { failure } from "~/http/action-result";
import { clientIpContext, getServices } from "~/services/services";
import { FormError } from "~/ui/form";
import { adminLogin, allStoreUrls, isAdmin } from "../admin.server";
import type { Route } from "./+types/store-urls";

export const meta: Route.MetaFunction = () => [{ title: "SSS | Vitrina" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  if (!(await isAdmin(services, request))) return { authorized: false as const, urls: [] };
  return { authorized: true as const, urls: await allStoreUrls(services) };
}

const secretSchema = z.object({ secret: z.string().min(1).max(500) });

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const parsed = secretSchema.safeParse(Object.fromEntries(await request.formData()));
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
          <FormError message={actionData?.errors.form} />
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
    </main>
  );
}
