import { refused } from "~/http/responses";
import { PaymentProviderError } from "~/services/payments";
import { getServices } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { notice } from "~/ui/notice";
import { actingUser } from "~/workspace/activity.server";
import { merchantContext } from "~/workspace/context.server";
import {
  completeLinking,
  LinkRefusedError,
  linkingCookie,
  linkingNonce,
  paymentsPagePath,
  stateStore,
} from "../store-accounts.server";
import type { Route } from "./+types/oauth-callback";

const INVALID_LINK = "Este enlace de vinculación no es válido o ya venció. Vuelve a intentarlo desde Cobros en línea.";

/**
 * Where MercadoPago (or the sandbox) sends the merchant back: ?code=…&state=… after 'Autorizar', or
 * ?error=… after a refusal. The signed state must be this signed-in owner's, for a store they own, and
 * come back to the browser that asked (its nonce in the linking cookie, cleared here once used).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const owner = context.get(merchantContext);
  const url = new URL(request.url);
  const state = url.searchParams.get("state") ?? "";
  const code = url.searchParams.get("code") ?? "";
  if (!state || state.length > 400 || code.length > 400) refused(INVALID_LINK, 400);
  const nonce = await linkingNonce(services.config, request);
  const used = { headers: { "Set-Cookie": await linkingCookie(services.config).serialize("", { maxAge: 0 }) } };

  if (!code || url.searchParams.has("error")) {
    const storeId = await stateStore(services, owner.id, state, nonce);
    if (!storeId) refused(INVALID_LINK, 400);
    return redirectWithNotice(
      services.config,
      paymentsPagePath(storeId),
      notice("Mercado Pago no se vinculó", "Cancelaste la autorización. Puedes intentarlo de nuevo cuando quieras.", "info"),
      used,
    );
  }
  try {
    const storeId = await completeLinking(services, actingUser(context), owner.id, state, code, nonce);
    return redirectWithNotice(
      services.config,
      paymentsPagePath(storeId),
      notice("Mercado Pago vinculado", "Tus clientes ya pueden pagar sus pedidos en línea."),
      used,
    );
  } catch (error) {
    if (error instanceof LinkRefusedError) refused(INVALID_LINK, 400);
    if (!(error instanceof PaymentProviderError)) throw error;
    services.log.error("payment_account.link_failed", error);
    const storeId = await stateStore(services, owner.id, state, nonce);
    if (!storeId) throw error;
    return redirectWithNotice(
      services.config,
      paymentsPagePath(storeId),
      notice("Mercado Pago no se vinculó", "Mercado Pago no respondió. Inténtalo de nuevo en unos minutos.", "error"),
      used,
    );
  }
}
