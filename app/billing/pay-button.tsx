import { lazy, Suspense, useEffect, useState } from "react";
import { useT } from "~/ui/messages";
import { LOADING_WALLET } from "./messages";

/** What a page needs to show the pay button once the payment reference exists. */
export interface CheckoutView {
  code: string;
  provider: "sandbox" | "mercadopago";
  preferenceId: string;
  redirectUrl: string;
  publicKey: string | null;
}

// The MercadoPago SDK is loaded only here, on pages that pay, after a preference exists.
const Wallet = lazy(() => import("./wallet"));

/**
 * Second step of every payment ("first a payment reference is created, then the
 * wallet button appears"): MercadoPago's Wallet button, or the sandbox's stand-in without credentials.
 */
export function CheckoutButton({ checkout }: { checkout: CheckoutView }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const t = useT();
  const loading = <span className="spinner" role="progressbar" aria-label={t(LOADING_WALLET)} />;
  return (
    <div className="checkout" data-code={checkout.code}>
      <p className="muted">
        {t({ id: "billing.checkout.reference", defaultMessage: "Referencia de pago: {code}" }, { code: checkout.code })}
      </p>
      {checkout.provider === "sandbox" ? (
        <a className="button pay-button" href={checkout.redirectUrl}>
          {t({ id: "billing.checkout.sandbox", defaultMessage: "Pagar con la billetera de prueba" })}
        </a>
      ) : mounted && checkout.publicKey ? (
        <Suspense fallback={loading}>
          <Wallet publicKey={checkout.publicKey} preferenceId={checkout.preferenceId} fallbackUrl={checkout.redirectUrl} />
        </Suspense>
      ) : (
        loading
      )}
    </div>
  );
}
