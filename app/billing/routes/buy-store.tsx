import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { storeUnlockQuantity, storeUnlockTotal } from "~/domain/billing";
import { formatMoney } from "~/domain/money";
import { failure, isFailure } from "~/http/action-result";
import { getServices } from "~/services/services";
import { FormError } from "~/ui/form";
import { useT } from "~/ui/messages";
import { LoadingOverlay } from "~/ui/overlays";
import { merchantContext } from "~/workspace/context.server";
import { merchantT } from "~/workspace/merchant-t.server";
import { accountPageTitle, metaT } from "~/workspace/page-titles";
import { BILLING_MESSAGES, CREATING_REFERENCE } from "../messages";
import { CheckoutButton } from "../pay-button";
import { PaymentsUnavailableError, startCheckout } from "../payments.server";
import type { Route } from "./+types/buy-store";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: accountPageTitle(t({ id: "billing.buyStores.title", defaultMessage: "Comprar tiendas" })) }];
};

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(merchantContext);
  const { config } = getServices(context);
  return { storesLimit: user.storesLimit, unitPrice: config.storeUnlockPrice, currency: config.BILLING_CURRENCY };
}

const MAX_QUANTITY = 100;
const buySchema = z.object({ quantity: z.coerce.number().int().min(1).max(MAX_QUANTITY) });

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(merchantContext);
  const t = merchantT(context);
  const parsed = buySchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return failure({
      quantity: t(
        { id: "billing.buyStores.quantityRange", defaultMessage: "La cantidad debe estar entre 1 y {max}" },
        { max: String(MAX_QUANTITY) },
      ),
    });
  }
  const { quantity } = parsed.data;
  try {
    const checkout = await startCheckout(getServices(context), user, { kind: "stores", quantity });
    return { checkout, quantity };
  } catch (error) {
    if (!(error instanceof PaymentsUnavailableError)) throw error;
    getServices(context).log.error("billing.checkout_failed", error.cause ?? error, { kind: "stores" });
    return failure({ form: t(BILLING_MESSAGES.paymentsUnavailable) }, { status: 503 });
  }
}

/** Quantity from 1 with minus and plus (below 1 resets to 1); quantity × 0.50 USD on the pay button. */
export default function BuyStore({ loaderData, actionData }: Route.ComponentProps) {
  const [quantity, setQuantity] = useState(1);
  const navigation = useNavigation();
  const set = (n: number) => setQuantity(Math.min(MAX_QUANTITY, storeUnlockQuantity(n)));
  const price = formatMoney(storeUnlockTotal(quantity, loaderData.unitPrice), loaderData.currency, null);
  const refused = isFailure(actionData) ? actionData.errors : null;
  const checkout = actionData && !isFailure(actionData) && actionData.quantity === quantity ? actionData.checkout : null;
  const t = useT();
  return (
    <section className="buy-store">
      <h1>{t({ id: "billing.buyStores.title", defaultMessage: "Comprar tiendas" })}</h1>
      <p>
        {t(
          {
            id: "billing.buyStores.intro",
            defaultMessage:
              "Tu cuenta permite {count, plural, one {{count} tienda} other {{count} tiendas}}. Cada tienda adicional cuesta {price} (un solo pago).",
          },
          { count: loaderData.storesLimit, price: formatMoney(loaderData.unitPrice, loaderData.currency, null) },
        )}
      </p>
      <Form method="post" className="buy-store-form">
        <div className="field">
          <label htmlFor="quantity">{t({ id: "billing.buyStores.quantity", defaultMessage: "Cantidad de tiendas" })}</label>
          <div className="stepper">
            <button
              type="button"
              className="button secondary"
              aria-label={t({ id: "billing.buyStores.less", defaultMessage: "Menos" })}
              onClick={() => set(quantity - 1)}
            >
              −
            </button>
            <input
              id="quantity"
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_QUANTITY}
              value={quantity}
              onChange={(e) => set(e.currentTarget.valueAsNumber)}
            />
            <button
              type="button"
              className="button secondary"
              aria-label={t({ id: "billing.buyStores.more", defaultMessage: "Más" })}
              onClick={() => set(quantity + 1)}
            >
              +
            </button>
          </div>
        </div>
        <FormError message={refused ? (refused.quantity ?? refused.form) : null} />
        {checkout ? (
          <CheckoutButton checkout={checkout} />
        ) : (
          <button type="submit" className="button pay-button">
            {t({ id: "billing.buyStores.pay", defaultMessage: "Pagar {price} con tarjeta" }, { price })}
          </button>
        )}
        <p className="muted">
          {t({ id: "billing.buyStores.sandbox", defaultMessage: "Entorno de pruebas: tarjetas Mastercard y Visa." })}
        </p>
      </Form>
      {navigation.state === "submitting" && <LoadingOverlay text={t(CREATING_REFERENCE)} />}
    </section>
  );
}
