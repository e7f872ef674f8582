import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { PAYMENTS_UNAVAILABLE, startCheckout } from "~/billing/payments.server";
import { action as webhookAction } from "~/billing/routes/mercadopago-webhook";
import { loader as completedLoader } from "~/billing/routes/payment-completed";
import { signNotification } from "~/billing/webhook-signature";
import { servicesContext } from "~/services/services";
import { merchantContext } from "~/workspace/context.server";
import { payments, users } from "../../db/schema";
import {
  ACCESS_TOKEN,
  createMercadoPagoServices,
  mercadoPagoStandInForThisFile,
  signedNotification,
  WEBHOOK_SECRET,
} from "../support/mercadopago-stand-in";
import { merchantAccount } from "../support/merchants";

type S = ReturnType<typeof createMercadoPagoServices>;
const mp = mercadoPagoStandInForThisFile();

const merchant = (s: S) => merchantAccount(s, "standard", { billDueAt: new Date("2026-07-31T15:00:00Z") });
const userRow = async (s: S, id: string) => {
  const u = await s.db.query.users.findFirst({ where: eq(users.id, id) });
  if (!u) throw new Error("no user");
  return u;
};

function contextFor(s: S, user?: Awaited<ReturnType<typeof userRow>>) {
  const context = new RouterContextProvider();
  context.set(servicesContext, s);
  if (user) context.set(merchantContext, user);
  return context;
}

async function notify(s: S, dataId: string, options: { secret?: string; requestId?: string } = {}) {
  const request = await signedNotification("https://app.vitrina.test/webhooks/mercadopago", dataId, {
    now: s.testClock.now(),
    ...options,
  });
  const response = (await webhookAction({ request, context: contextFor(s), params: {} } as unknown as Parameters<
    typeof webhookAction
  >[0])) as Response;
  return { status: response.status, text: await response.text() };
}

const paymentGets = (id: string) => mp.paymentGets(id);

describe("MercadoPago adapter against the stand-in", () => {
  it("creates the preference server-side with the SDK: token, idempotency, item, reference, URLs", async () => {
    const s = createMercadoPagoServices();
    const id = await merchant(s);
    const checkout = await startCheckout(s, await userRow(s, id), { kind: "renewal" });
    const sent = mp.requests.filter((r) => r.method === "POST").at(-1);
    expect(sent?.path).toBe("/checkout/preferences/");
    expect(sent?.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(sent?.headers["x-idempotency-key"]).toBe(`preference-${checkout.code}`);
    expect(sent?.headers["content-type"]).toBe("application/json");
    expect(sent?.body).toMatchObject({
      items: [{ id: checkout.code, title: "Renovación de mensualidad", quantity: 1, unit_price: 4.99, currency_id: "USD" }],
      external_reference: checkout.code,
      notification_url: "https://app.vitrina.test/webhooks/mercadopago",
      back_urls: {
        success: `https://app.vitrina.test/paymentCompleted/${checkout.code}`,
        failure: `https://app.vitrina.test/paymentCompleted/${checkout.code}`,
        pending: `https://app.vitrina.test/paymentCompleted/${checkout.code}`,
      },
      auto_return: "approved",
    });
    expect(checkout).toMatchObject({ provider: "mercadopago", publicKey: "APP_USR-public-key" });
    expect(checkout.redirectUrl).toContain(checkout.preferenceId);
    const row = await s.db.query.payments.findFirst({ where: eq(payments.id, checkout.code) });
    expect(row).toMatchObject({ provider: "mercadopago", preferenceId: checkout.preferenceId, status: "pending" });
  });

  it("titles plan changes and store purchases as the spec says", async () => {
    const s = createMercadoPagoServices();
    const user = await userRow(s, await merchant(s));
    await startCheckout(s, user, { kind: "plan_change", plan: "premium", period: "biannual" });
    expect(mp.requests.at(-1)?.body).toMatchObject({ items: [{ title: "Cambio de plan", unit_price: 53.99 }] });
    await startCheckout(s, user, { kind: "stores", quantity: 3 });
    expect(mp.requests.at(-1)?.body).toMatchObject({ items: [{ title: "Compra de tiendas", unit_price: 1.5 }] });
  });

  it("a refused preference gives the spec's message and leaves no payment", async () => {
    const s = createMercadoPagoServices();
    const user = await userRow(s, await merchant(s));
    mp.failPreferences(400);
    try {
      await expect(startCheckout(s, user, { kind: "renewal" })).rejects.toThrow(PAYMENTS_UNAVAILABLE);
    } finally {
      mp.failPreferences(201);
    }
    expect(await s.db.select().from(payments)).toHaveLength(0);
  });
});

describe("webhook → fetch by id → apply once", () => {
  it("a signed notification of an approved payment applies it; 5 concurrent deliveries apply it once", async () => {
    const s = createMercadoPagoServices();
    const id = await merchant(s);
    const { code } = await startCheckout(s, await userRow(s, id), { kind: "renewal" });
    mp.payments.set("5550001", {
      id: 5550001,
      status: "approved",
      external_reference: code,
      transaction_amount: 4.99,
      currency_id: "USD",
    });
    const results = await Promise.all(Array.from({ length: 5 }, () => notify(s, "5550001")));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.text === "applied")).toHaveLength(1);
    expect(paymentGets("5550001")).toBe(5);
    const get = mp.requests.find((r) => r.path === "/v1/payments/5550001");
    expect(get?.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect((await userRow(s, id)).billDueAt?.toISOString()).toBe("2026-08-31T15:00:00.000Z");
    expect(await s.db.query.payments.findFirst({ where: eq(payments.id, code) })).toMatchObject({
      status: "approved",
      providerPaymentId: "5550001",
    });
  });

  it("an unsigned, wrongly signed or stale notification is refused before asking MercadoPago", async () => {
    const s = createMercadoPagoServices();
    const id = await merchant(s);
    const { code } = await startCheckout(s, await userRow(s, id), { kind: "renewal" });
    mp.payments.set("5550002", {
      id: 5550002,
      status: "approved",
      external_reference: code,
      transaction_amount: 4.99,
      currency_id: "USD",
    });
    const before = await userRow(s, id);
    expect((await notify(s, "5550002", { secret: "otro" })).status).toBe(401);
    const unsigned = new Request("https://app.vitrina.test/webhooks/mercadopago?data.id=5550002&type=payment", {
      method: "POST",
      body: JSON.stringify({ type: "payment", data: { id: "5550002" } }),
    });
    const response = (await webhookAction({ request: unsigned, context: contextFor(s), params: {} } as unknown as Parameters<
      typeof webhookAction
    >[0])) as Response;
    expect(response.status).toBe(401);
    // Signed 10 minutes ago, delivered now.
    const signedAt = s.testClock.current;
    s.testClock.current = new Date(signedAt.getTime() - 10 * 60_000);
    const requestId = crypto.randomUUID();
    const ts = String(Math.floor(s.testClock.now().getTime() / 1000));
    const signature = await signNotification(WEBHOOK_SECRET, "5550002", requestId, ts);
    s.testClock.current = signedAt;
    const replay = new Request("https://app.vitrina.test/webhooks/mercadopago?data.id=5550002&type=payment", {
      method: "POST",
      headers: { "x-request-id": requestId, "x-signature": signature },
      body: JSON.stringify({ type: "payment", data: { id: "5550002" } }),
    });
    const stale = (await webhookAction({ request: replay, context: contextFor(s), params: {} } as unknown as Parameters<
      typeof webhookAction
    >[0])) as Response;
    expect(stale.status).toBe(401);
    expect(paymentGets("5550002")).toBe(0);
    expect(await userRow(s, id)).toEqual(before);
  });

  it("a signed notification of a payment with the wrong amount or another reference changes nothing", async () => {
    const s = createMercadoPagoServices();
    const id = await merchant(s);
    const { code } = await startCheckout(s, await userRow(s, id), { kind: "plan_change", plan: "premium", period: "annually" });
    const before = await userRow(s, id);
    mp.payments.set("5550003", {
      id: 5550003,
      status: "approved",
      external_reference: code,
      transaction_amount: 0.5,
      currency_id: "USD",
    });
    mp.payments.set("5550004", {
      id: 5550004,
      status: "approved",
      external_reference: "1111111111",
      transaction_amount: 95.99,
      currency_id: "USD",
    });
    mp.payments.set("5550005", {
      id: 5550005,
      status: "approved",
      external_reference: code,
      transaction_amount: 95.99,
      currency_id: "ARS",
    });
    expect((await notify(s, "5550003")).text).toBe("wrong_amount");
    expect((await notify(s, "5550004")).text).toBe("unknown");
    expect((await notify(s, "5550005")).text).toBe("wrong_currency");
    expect(await userRow(s, id)).toEqual(before);
  });

  it("an id MercadoPago does not know is acknowledged; MercadoPago failing gives 502 so it is delivered again", async () => {
    const s = createMercadoPagoServices();
    expect(await notify(s, "999999999")).toEqual({ status: 200, text: "unknown" });
    mp.failPayments(403);
    try {
      expect((await notify(s, "999999999")).status).toBe(502);
    } finally {
      mp.failPayments(200);
    }
  });
});

describe("the return URL (/paymentCompleted/{code})", () => {
  async function visit(s: S, userId: string, path: string) {
    const user = await userRow(s, userId);
    const request = new Request(`https://app.vitrina.test${path}`);
    const code = path.match(/paymentCompleted\/(\d+)/)?.[1] ?? "";
    return completedLoader({ request, params: { id: code }, context: contextFor(s, user) } as unknown as Parameters<
      typeof completedLoader
    >[0]);
  }

  it("a forged status=approved changes nothing; the provider's word decides", async () => {
    const s = createMercadoPagoServices();
    const id = await merchant(s);
    const { code } = await startCheckout(s, await userRow(s, id), { kind: "stores", quantity: 3 });
    const before = await userRow(s, id);
    mp.payments.set("5550006", {
      id: 5550006,
      status: "in_process",
      external_reference: code,
      transaction_amount: 1.5,
      currency_id: "USD",
    });
    const forged = await visit(
      s,
      id,
      `/paymentCompleted/${code}?collection_id=5550006&collection_status=approved&payment_id=5550006&status=approved&external_reference=${code}`,
    );
    expect(forged.status).toBe("pending");
    expect(await userRow(s, id)).toEqual(before);
    // Another merchant's approved payment presented on this page is not applied here.
    mp.payments.set("5550007", {
      id: 5550007,
      status: "approved",
      external_reference: "2222222222",
      transaction_amount: 1.5,
      currency_id: "USD",
    });
    expect((await visit(s, id, `/paymentCompleted/${code}?payment_id=5550007&status=approved`)).status).toBe("pending");
    expect(await userRow(s, id)).toEqual(before);
    // Once MercadoPago reports it approved, the same visit applies it (verified), once.
    mp.payments.set("5550006", {
      id: 5550006,
      status: "approved",
      external_reference: code,
      transaction_amount: 1.5,
      currency_id: "USD",
    });
    const approved = await visit(s, id, `/paymentCompleted/${code}?payment_id=5550006&status=approved`);
    expect(approved.status).toBe("approved");
    expect(approved.notice?.title).toBe("Compra registrada");
    expect((await userRow(s, id)).storesLimit).toBe(4);
    await visit(s, id, `/paymentCompleted/${code}?payment_id=5550006&status=approved`);
    expect((await userRow(s, id)).storesLimit).toBe(4);
  });
});
