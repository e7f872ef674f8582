import { refused } from "~/http/responses";
import { PaymentProviderError } from "~/services/payments";
import { getServices } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { notice } from "~/ui/notice";
import { actingUser } from "~/workspace/activity.server";
import { merchantContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { ONLINE_PAYMENTS_MESSAGES } from "../messages";
import {
  completeLinking,
  LinkRefusedError,
  linkingCookie,
  linkingNonce,
  paymentsPagePath,
  stateStore,
} from "../store-accounts.server";
import type { Route } from "./+types/oauth-callback";

/**
 * Where MercadoPago (or the sandbox) sends the merchant back: ?code=…&state=… after 'Autorizar', or
 * ?error=… after a refusal. The signed state must be this signed-in owner's, for a store they own, and
 * come back to the browser that asked (its nonce in the linking cookie, cleared here once used).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const owner = context.get(merchantContext);
  const t = merchantT(context);
  const invalidLink = t(ONLINE_PAYMENTS_MESSAGES.invalidLink);
  const notLinked = t({ id: "onlinePayments.notice.notLinked", defaultMessage: "Mercado Pago no se vinculó" });
  const url = new URL(request.url);
  const state = url.searchParams.get("state") ?? "";
  const code = url.searchParams.get("code") ?? "";
  if (!state || state.length > 400 || code.length > 400) refused(invalidLink, 400);
  const nonce = await linkingNonce(services.config, request);
  const used = { headers: { "Set-Cookie": await linkingCookie(services.config).serialize("", { maxAge: 0 }) } };

  if (!code || url.searchParams.has("error")) {
    const storeId = await stateStore(services, owner.id, state, nonce);
    if (!storeId) refused(invalidLink, 400);
    return redirectWithNotice(
      services.config,
      paymentsPagePath(storeId),
      notice(
        notLinked,
        t({
          id: "onlinePayments.notice.cancelled",
          defaultMessage: "Cancelaste la autorización. Puedes intentarlo de nuevo cuando quieras.",
        }),
        "info",
      ),
      used,
    );
  }
  try {
    const storeId = await completeLinking(services, actingUser(context), owner.id, state, code, nonce);
    return redirectWithNotice(
      services.config,
      paymentsPagePath(storeId),
      notice(
        t({ id: "onlinePayments.notice.linked", defaultMessage: "Mercado Pago vinculado" }),
        t({ id: "onlinePayments.notice.linkedDetail", defaultMessage: "Tus clientes ya pueden pagar sus pedidos en línea." }),
      ),
      used,
    );
  } catch (error) {
    if (error instanceof LinkRefusedError) refused(invalidLink, 400);
    if (!(error instanceof PaymentProviderError)) throw error;
    services.log.error("payment_account.link_failed", error);
    const storeId = await stateStore(services, owner.id, state, nonce);
    if (!storeId) throw error;
    return redirectWithNotice(
      services.config,
      paymentsPagePath(storeId),
      notice(
        notLinked,
        t({
          id: "onlinePayments.notice.noAnswer",
          defaultMessage: "Mercado Pago no respondió. Inténtalo de nuevo en unos minutos.",
        }),
        "error",
      ),
      used,
    );
  }
}
