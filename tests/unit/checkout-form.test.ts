import { describe, expect, it } from "vitest";
import { translatorFor } from "~/domain/message-catalogs";
import { CHECKOUT_MESSAGES, checkoutErrors, contactErrors, readCheckoutForm } from "~/orders/checkout-form";

const es = translatorFor("es");

function form(values: Record<string, string | string[]>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) for (const one of Array.isArray(v) ? v : [v]) f.append(k, one);
  return f;
}
const base = { idempotencyKey: "abcdefghijklmnopqrstuv", buyerName: "Lucía", delivery: "pickup", line: ["1234567:2"] };

describe("checkout form", () => {
  it("accepts pickup without an address and drops an address it does not need", () => {
    const parsed = readCheckoutForm(form({ ...base, address: "Calle 1" }), es);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      buyerName: "Lucía",
      delivery: "pickup",
      address: null,
      note: null,
      lines: ["1234567:2"],
    });
  });

  it("requires name, a delivery choice and an address for delivery, in Spanish", () => {
    const parsed = readCheckoutForm(form({ ...base, buyerName: "  ", delivery: "delivery", address: " " }), es);
    expect(parsed.success).toBe(false);
    const errors = checkoutErrors(parsed.error as never);
    expect(errors.buyerName).toBe(es(CHECKOUT_MESSAGES.name));
    expect(errors.address).toBe(es(CHECKOUT_MESSAGES.address));
    const noChoice = readCheckoutForm(form({ ...base, delivery: "dron" }), es);
    expect(checkoutErrors(noChoice.error as never).delivery).toBe(es(CHECKOUT_MESSAGES.delivery));
  });

  it("rejects forged keys, lines and empty orders", () => {
    expect(readCheckoutForm(form({ ...base, idempotencyKey: "x" }), es).success).toBe(false);
    expect(readCheckoutForm(form({ ...base, line: ["1234567:2;drop"] }), es).success).toBe(false);
    expect(readCheckoutForm(form({ ...base, line: [] }), es).success).toBe(false);
  });

  it("a store without WhatsApp needs the buyer's phone; with WhatsApp it stays optional", () => {
    const without = readCheckoutForm(form(base), es);
    const withPhone = readCheckoutForm(form({ ...base, buyerPhone: "310 555 0101" }), es);
    if (!without.success || !withPhone.success) throw new Error("valid forms expected");
    expect(contactErrors(without.data, false, es)).toEqual({ buyerPhone: es(CHECKOUT_MESSAGES.phoneNeeded) });
    expect(contactErrors(withPhone.data, false, es)).toBeNull();
    expect(contactErrors(without.data, true, es)).toBeNull();
  });
});
