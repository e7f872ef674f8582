import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { confirmProviderPayment, decideSandboxPayment, PAYMENTS_UNAVAILABLE, startCheckout } from "~/billing/payments.server";
import type { Checkout, CheckoutRequest, PaymentProvider, ProviderPayment } from "~/services/payments";
import { payments, users } from "../../db/schema";
import { merchantAccount } from "../support/merchants";
import { createTestServices } from "../support/services";

type S = ReturnType<typeof createTestServices>;
const DAY = 24 * 3600 * 1000;

/** A merchant on the standard monthly plan, bill of 4.99 due on `due`. */
const merchant = (s: S, due = new Date("2026-03-20T15:00:00Z")) => merchantAccount(s, "standard", { billDueAt: due });

const userRow = async (s: S, id: string) => {
  const u = await s.db.query.users.findFirst({ where: eq(users.id, id) });
  if (!u) throw new Error("no user");
  return u;
};
const paymentRow = async (s: S, code: string) => s.db.query.payments.findFirst({ where: eq(payments.id, code) });

/** A MercadoPago stand-in at the provider boundary: the test says what the provider reports. */
class FakeMercadoPago implements PaymentProvider {
  readonly name = "mercadopago" as const;
  readonly publicKey = "TEST-public";
  reported = new Map<string, ProviderPayment>();
  fetches = 0;
  async createCheckout(r: CheckoutRequest): Promise<Checkout> {
    return { preferenceId: `pref-${r.code}`, redirectUrl: `https://mp.test/checkout/${r.code}` };
  }
  async fetchPayment(id: string) {
    this.fetches++;
    await new Promise((r) => setTimeout(r, 1));
    return this.reported.get(id) ?? null;
  }
  report(id: string, p: Partial<ProviderPayment> & { externalReference: string; amount: number }) {
    this.reported.set(id, { id, status: "approved", currency: "USD", raw: { id }, ...p });
  }
}

function withFakeMercadoPago(s: S) {
  const fake = new FakeMercadoPago();
  s.payments = fake;
  return fake;
}

describe("sandbox payments", () => {
  it("an approved renewal advances the due date by the period from the previous due date, once", async () => {
    const s = createTestServices();
    const id = await merchant(s, new Date("2026-01-31T12:00:00Z"));
    const checkout = await startCheckout(s, await userRow(s, id), { kind: "renewal" });
    expect(checkout.code).toMatch(/^\d{10}$/);
    expect(checkout.redirectUrl).toBe(`http://localhost:3999/_sandbox/pay/${checkout.code}`);
    const row = await paymentRow(s, checkout.code);
    expect(row).toMatchObject({
      kind: "renewal",
      title: "Renovación de mensualidad",
      amount: 499,
      currency: "USD",
      status: "pending",
    });

    const result = await decideSandboxPayment(s, checkout.code, "approved");
    expect(result.outcome).toBe("applied");
    const u = await userRow(s, id);
    expect(u.billDueAt?.toISOString()).toBe("2026-02-28T12:00:00.000Z");
    expect(u.billTotal).toBe(499);
    // A second approval (double click, replay) changes nothing more.
    expect((await decideSandboxPayment(s, checkout.code, "approved")).outcome).toBe("already_applied");
    expect((await userRow(s, id)).billDueAt?.toISOString()).toBe("2026-02-28T12:00:00.000Z");
  });

  it("a rejected payment changes nothing and cannot be approved afterwards in the sandbox", async () => {
    const s = createTestServices();
    const id = await merchant(s);
    const before = await userRow(s, id);
    const checkout = await startCheckout(s, before, { kind: "plan_change", plan: "premium", period: "annually" });
    expect((await paymentRow(s, checkout.code))?.amount).toBe(9599);
    expect((await decideSandboxPayment(s, checkout.code, "rejected")).outcome).toBe("rejected");
    expect(await userRow(s, id)).toEqual(before);
    expect((await paymentRow(s, checkout.code))?.status).toBe("rejected");
    expect((await decideSandboxPayment(s, checkout.code, "approved")).outcome).not.toBe("applied");
    expect(await userRow(s, id)).toEqual(before);
  });

  it("a paid plan change saves plan and period, recomputes the total and advances the due date", async () => {
    const s = createTestServices();
    const id = await merchant(s, new Date("2028-02-29T10:00:00Z"));
    await s.db.update(users).set({ storesLimit: 2, billTotal: 998 }).where(eq(users.id, id));
    const checkout = await startCheckout(s, await userRow(s, id), { kind: "plan_change", plan: "premium", period: "annually" });
    expect((await paymentRow(s, checkout.code))?.amount).toBe(2 * 9599);
    await decideSandboxPayment(s, checkout.code, "approved");
    expect(await userRow(s, id)).toMatchObject({
      plan: "premium",
      billingPeriod: "annually",
      billTotal: 2 * 9599,
      billDueAt: new Date("2029-02-28T10:00:00Z"),
    });
  });

  it("buying 3 stores charges 3 × 0.50 and raises the limit by 3", async () => {
    const s = createTestServices();
    const id = await merchant(s);
    const checkout = await startCheckout(s, await userRow(s, id), { kind: "stores", quantity: 3 });
    expect(await paymentRow(s, checkout.code)).toMatchObject({ amount: 150, storesQuantity: 3, title: "Compra de tiendas" });
    await decideSandboxPayment(s, checkout.code, "approved");
    expect((await userRow(s, id)).storesLimit).toBe(4);
    expect((await userRow(s, id)).billTotal).toBe(499);
  });

  it("a provider failure leaves no payment behind and says the spec's message", async () => {
    const s = createTestServices();
    const id = await merchant(s);
    s.payments.createCheckout = async () => {
      throw new Error("down");
    };
    await expect(startCheckout(s, await userRow(s, id), { kind: "renewal" })).rejects.toThrow(PAYMENTS_UNAVAILABLE);
    expect(await s.db.select().from(payments)).toHaveLength(0);
  });
});

describe("verified approval (MercadoPago path)", () => {
  it("the same approved notification delivered 5 times concurrently applies once", async () => {
    const s = createTestServices();
    const mp = withFakeMercadoPago(s);
    const id = await merchant(s, new Date("2026-03-20T15:00:00Z"));
    const { code } = await startCheckout(s, await userRow(s, id), { kind: "renewal" });
    mp.report("1234567890123", { externalReference: code, amount: 499 });
    const results = await Promise.all(Array.from({ length: 5 }, () => confirmProviderPayment(s, "1234567890123")));
    expect(results.filter((r) => r.outcome === "applied")).toHaveLength(1);
    expect(results.filter((r) => r.outcome === "already_applied")).toHaveLength(4);
    expect((await userRow(s, id)).billDueAt?.toISOString()).toBe("2026-04-20T15:00:00.000Z");
    expect(await paymentRow(s, code)).toMatchObject({ status: "approved", providerPaymentId: "1234567890123" });
  });

  it("two different renewals applied concurrently both count", async () => {
    const s = createTestServices();
    const mp = withFakeMercadoPago(s);
    const id = await merchant(s, new Date("2026-03-20T15:00:00Z"));
    const a = await startCheckout(s, await userRow(s, id), { kind: "renewal" });
    const b = await startCheckout(s, await userRow(s, id), { kind: "renewal" });
    mp.report("111", { externalReference: a.code, amount: 499 });
    mp.report("222", { externalReference: b.code, amount: 499 });
    await Promise.all([confirmProviderPayment(s, "111"), confirmProviderPayment(s, "222")]);
    expect((await userRow(s, id)).billDueAt?.toISOString()).toBe("2026-05-20T15:00:00.000Z");
  });

  it("a payment with the wrong amount or currency changes nothing", async () => {
    const s = createTestServices();
    const mp = withFakeMercadoPago(s);
    const id = await merchant(s);
    const before = await userRow(s, id);
    const { code } = await startCheckout(s, before, { kind: "plan_change", plan: "premium", period: "annually" });
    mp.report("900", { externalReference: code, amount: 1 });
    mp.report("901", { externalReference: code, amount: 9599, currency: "ARS" });
    mp.report("902", { externalReference: code, amount: 9599, status: "pending" });
    expect((await confirmProviderPayment(s, "900")).outcome).toBe("wrong_amount");
    expect((await confirmProviderPayment(s, "901")).outcome).toBe("wrong_currency");
    expect((await confirmProviderPayment(s, "902")).outcome).toBe("pending");
    expect(await userRow(s, id)).toEqual(before);
    expect(await paymentRow(s, code)).toMatchObject({ status: "pending", appliedAt: null });
  });

  it("another merchant's reference changes nothing for either of them", async () => {
    const s = createTestServices();
    const mp = withFakeMercadoPago(s);
    const ana = await merchant(s);
    const beto = await merchant(s);
    const anaBefore = await userRow(s, ana);
    const betoBefore = await userRow(s, beto);
    const anas = await startCheckout(s, anaBefore, { kind: "stores", quantity: 3 });
    const betos = await startCheckout(s, betoBefore, { kind: "plan_change", plan: "premium", period: "annually" });
    // Beto pays 1.50 with his own reference: it does not match his 95.99 order.
    mp.report("700", { externalReference: betos.code, amount: 150 });
    expect((await confirmProviderPayment(s, "700")).outcome).toBe("wrong_amount");
    // The same payment presented on Ana's return page is not hers.
    expect((await confirmProviderPayment(s, "700", { expectedCode: anas.code })).outcome).toBe("wrong_reference");
    expect(await userRow(s, ana)).toEqual(anaBefore);
    expect(await userRow(s, beto)).toEqual(betoBefore);
  });

  it("an unknown provider payment or a foreign provider's record changes nothing", async () => {
    const s = createTestServices();
    withFakeMercadoPago(s);
    expect((await confirmProviderPayment(s, "404")).outcome).toBe("unknown");
  });
});

describe("grace and overdue through payments", () => {
  it("a renewal after a long delay still counts from the previous due date", async () => {
    const s = createTestServices();
    const due = new Date(s.testClock.now().getTime() - 40 * DAY);
    const id = await merchant(s, due);
    const { code } = await startCheckout(s, await userRow(s, id), { kind: "renewal" });
    await decideSandboxPayment(s, code, "approved");
    const u = await userRow(s, id);
    expect(u.billDueAt && u.billDueAt.getTime() < s.testClock.now().getTime()).toBe(true);
  });
});
