import { Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { randomDigits } from "~/domain/ids";
import { notFound } from "~/http/responses";
import { OAUTH_CALLBACK_PATH } from "~/online-payments/store-accounts.server";
import type { Services } from "~/services/services";
import { SandboxStoreGateway } from "~/services/store-payments";
import { requireStoreSandbox } from "../store-sandbox.server";
import type { Route } from "./+types/sandbox-oauth";

/**
 * The sandbox's stand-in for MercadoPago's authorization page ('Cobros en línea', local runs):
 * 'Autorizar' sends the merchant back to the callback with a code naming a new sandbox account,
 * 'Cancelar' with error=access_denied, as MercadoPago does.
 */

const requestSchema = z.object({ state: z.string().min(1).max(400), redirect_uri: z.string() });

function readRequest(services: Services, values: Record<string, unknown>) {
  const parsed = requestSchema.safeParse(values);
  // Only ever back to our own callback: the sandbox is no open redirect.
  if (!parsed.success || parsed.data.redirect_uri !== `${services.config.APP_ORIGIN}${OAUTH_CALLBACK_PATH}`) notFound();
  return parsed.data;
}

export const meta: Route.MetaFunction = () => [{ title: "Autorizar Vitrina | Sandbox" }, { name: "robots", content: "noindex" }];

export function loader({ request, context }: Route.LoaderArgs) {
  const services = requireStoreSandbox(context);
  return readRequest(services, Object.fromEntries(new URL(request.url).searchParams));
}

const decisionSchema = z.object({ decision: z.enum(["authorize", "cancel"]) });

export async function action({ request, context }: Route.ActionArgs) {
  const services = requireStoreSandbox(context);
  const form = Object.fromEntries(await request.formData());
  const { state, redirect_uri } = readRequest(services, form);
  const decision = decisionSchema.safeParse(form);
  const back = new URL(redirect_uri);
  if (decision.success && decision.data.decision === "authorize") {
    back.searchParams.set("code", SandboxStoreGateway.issueCode(randomDigits(9)));
  } else {
    back.searchParams.set("error", "access_denied");
  }
  back.searchParams.set("state", state);
  return redirect(back.pathname + back.search);
}

export default function SandboxOAuth({ loaderData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <main className="sandbox">
      <div className="sandbox-card">
        <p className="sandbox-tag">Entorno de pruebas · sin dinero real</p>
        <h1>Vitrina quiere cobrar en tu nombre</h1>
        <p className="muted">
          Al autorizar, Vitrina podrá crear cobros para tus pedidos en esta cuenta de pruebas de Mercado Pago.
        </p>
        <Form method="post" className="sandbox-actions">
          <input type="hidden" name="state" value={loaderData.state} />
          <input type="hidden" name="redirect_uri" value={loaderData.redirect_uri} />
          <button type="submit" name="decision" value="authorize" className="button" disabled={busy}>
            Autorizar
          </button>
          <button type="submit" name="decision" value="cancel" className="button secondary" disabled={busy}>
            Cancelar
          </button>
        </Form>
      </div>
    </main>
  );
}
