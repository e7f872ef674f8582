import type { Services } from "../../app/services/services";
import { action as checkoutAction } from "../../app/site/routes/checkout";
import { shownAmounts } from "./shown-amounts";
import { siteArgs } from "./site-args";

/**
 * The checkout's form as a shopper's browser sends it: `lines` as 'product:quantity' (or 'product-variant:quantity'),
 * pickup by default, a fresh idempotency key, and the amounts its page showed for the chosen way to pay and zone: from
 * `shownSubtotal`, `shownDiscount`, `shownAdjustment` (0 unless given) and the zone's `fee-{zone}`.
 */
export function checkoutForm(lines: string[], fields: Record<string, string> = {}): URLSearchParams {
  const zone = fields.delivery === "delivery" ? fields.zone : undefined;
  const form = new URLSearchParams({
    idempotencyKey: `clave-${crypto.randomUUID()}`,
    buyerName: "Lucía",
    delivery: "pickup",
    ...shownAmounts({
      subtotal: Number(fields.shownSubtotal ?? 0),
      discount: Number(fields.shownDiscount ?? 0),
      adjustment: Number(fields.shownAdjustment ?? 0),
      fee: zone ? Number(fields[`fee-${zone}`] ?? 0) : 0,
      payment: fields.payment,
      zone,
    }),
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
