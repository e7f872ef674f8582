import { loadMercadoPago } from "@mercadopago/sdk-js";
import { initMercadoPago, Wallet } from "@mercadopago/sdk-react";
import { useEffect, useState } from "react";
import { useT } from "~/ui/messages";
import { BILLING_MESSAGES, LOADING_WALLET } from "./messages";

/**
 * MercadoPago's Wallet button (lazy chunk). The SDK script is loaded first so its failures
 * ('Failed to load MercadoPago.js', 'MercadoPago.js not available') reach the merchant;
 * the widget itself is created after 200 ms by @mercadopago/sdk-react.
 */
export default function MercadoPagoWallet(props: { publicKey: string; preferenceId: string; fallbackUrl: string }) {
  const [state, setState] = useState<{ ready: boolean; error: string | null }>({ ready: false, error: null });
  const t = useT();
  useEffect(() => {
    let live = true;
    loadMercadoPago()
      .then(() => {
        initMercadoPago(props.publicKey, { locale: "es-AR" });
        if (live) setState({ ready: true, error: null });
      })
      .catch((error: unknown) => {
        console.error(error);
        if (live) setState({ ready: false, error: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      live = false;
    };
  }, [props.publicKey]);
  if (state.error) {
    return (
      <div className="form-alert" role="alert">
        <p>
          {t(BILLING_MESSAGES.paymentsUnavailable)} ({state.error}).
        </p>
        <a href={props.fallbackUrl}>{t({ id: "billing.wallet.fallback", defaultMessage: "Abrir MercadoPago en otra página" })}</a>
      </div>
    );
  }
  if (!state.ready) return <span className="spinner" role="progressbar" aria-label={t(LOADING_WALLET)} />;
  return (
    <Wallet
      initialization={{ preferenceId: props.preferenceId }}
      onError={(error) => {
        console.error(error);
        setState({ ready: false, error: "Wallet" });
      }}
    />
  );
}
