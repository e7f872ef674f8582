import { describe, expect, it } from "vitest";
import { CHECKOUT_MESSAGES, checkoutErrors, contactErrors, readCheckoutForm } from "~/orders/checkout-form";

function form(values: Record<string, string | string[]>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) for (const one of Array.isArray(v) ? v : [v]) f.append(k, one);
  return f;
}
const base = { idempotencyKey: "abcdefghijklmnopqrstuv", buyerName: "Lucía", delivery: "pickup", line: ["1234567:2"] };

describe("checkout form", () => {
  it("accepts pickup without an address and drops an address it does not need", () => {
    const parsed = readCheckoutForm(form({ ...base, address: "Calle 1" }));
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
    const parsed = readCheckoutForm(form({ ...base, buyerName: "  ", delivery: "delivery", address: " " }));
    expect(parsed.success).toBe(false);
    const errors = checkoutErrors(parsed.error as never);
    expect(errors.buyerName).toBe(CHECKOUT_MESSAGES.name);
    expect(errors.address).toBe(CHECKOUT_MESSAGES.address);
    const noChoice = readCheckoutForm(form({ ...base, delivery: "dron" }));
    expect(checkoutErrors(noChoice.error as never).delivery).toBe(CHECKOUT_MESSAGES.delivery);
  });

  it("rejects forged keys, lines and empty orders", () => {
    expect(readCheckoutForm(form({ ...base, idempotencyKey: "x" })).success).toBe(false);
    expect(readCheckoutForm(form({ ...base, line: ["1234567:2;drop"] })).success).toBe(false);
    expect(readCheckoutForm(form({ ...base, line: [] })).success).toBe(false);
  });

  it("a store without WhatsApp needs the buyer's phone; with WhatsApp it stays optional", () => {
    const without = readCheckoutForm(form(base));
    const withPhone = readCheckoutForm(form({ ...base, buyerPhone: "310 555 0101" }));
    if (!without.success || !withPhone.success) throw new Error("valid forms expected");
    expect(contactErrors(without.data, false)).toEqual({ buyerPhone: CHECKOUT_MESSAGES.phoneNeeded });
    expect(contactErrors(withPhone.data, false)).toBeNull();
    expect(contactErrors(without.data, true)).toBeNull();
  });
});
