import type { Services } from "../../app/services/services";
import { action as checkoutAction } from "../../app/site/routes/checkout";
import { shownAmounts } from "./shown-amounts";
import { siteArgs } from "./site-args";

/**
 * The checkout's form as a shopper's browser sends it: `lines` as 'product:quantity' (or 'product-variant:quantity'),
 * pickup by default, the amounts the page showed (from `shownSubtotal`, with no adjustment or fee unless `fields` name
 * them) and a fresh idempotency key.
 */
export function checkoutForm(lines: string[], fields: Record<string, string> = {}): URLSearchParams {
  const form = new URLSearchParams({
    idempotencyKey: `clave-${crypto.randomUUID()}`,
    buyerName: "Lucía",
    delivery: "pickup",
    ...shownAmounts({ subtotal: Number(fields.shownSubtotal ?? 0), payment: fields.payment }),
    ...fields,
  });
  for (const line of lines) form.append("line", line);
  return form;
}

/** Posts a checkout form to the store `url`; answers what the action returned or threw (a redirect, an error). */
export async function postCheckout(s: Services, url: string, form: URLSearchParams): Promise<unknown> {
  try {
    return await checkoutAction(siteArgs(s, url, "/Checkout", { method: "POST", body: form }) as never);
  } catch (thrown) {
    return thrown;
  }
}
