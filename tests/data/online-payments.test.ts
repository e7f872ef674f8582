import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { randomDigits } from "~/domain/ids";
import { storeTranslator, translatorFor } from "~/domain/message-catalogs";
import { REFUND_MESSAGES } from "~/domain/sales";
import { loader as callbackLoader } from "~/online-payments/routes/oauth-callback";
import { action as storePaymentsAction, loader as storePaymentsLoader } from "~/online-payments/routes/store-payments";
import {
  completeLinking,
  findStorePaymentAccount,
  isUsable,
  LinkRefusedError,
  linkingCookie,
  startLinking,
  storeAccessToken,
} from "~/online-payments/store-accounts.server";
import { decryptToken, encryptToken, importTokenKey } from "~/online-payments/token-crypto";
import { createSale } from "~/orders/order-records.server";
import { action as webhookAction } from "~/orders/routes/store-payment-webhook";
import { cancelAndRefund, changeSale } from "~/orders/sale-changes.server";
import { confirmSalePayment, OnlinePaymentsUnavailableError, startSalePayment } from "~/orders/sale-payments.server";
import { getSaleWithWithdrawal, requestWithdrawal, withdrawalQueries } from "~/orders/withdrawals.server";
import { insertProduct } from "~/products/products.server";
import { action as sandboxOAuthAction, loader as sandboxOAuthLoader } from "~/sandbox/routes/sandbox-oauth";
import { action as sandboxCheckoutAction, loader as sandboxCheckoutLoader } from "~/sandbox/routes/sandbox-store-checkout";
import type { Services } from "~/services/services";
import { servicesContext } from "~/services/services";
import { merchantContext, ownedStoreContext } from "~/workspace/context.server";
import { products, sales, sandboxStorePayments, storePaymentAccounts, type stores, users } from "../../db/schema";
import {
  CLIENT_ID,
  CLIENT_SECRET,
  createMercadoPagoServices,
  mercadoPagoStandInForThisFile,
  signedNotification,
  TOKEN_LIFETIME_S,
  WEBHOOK_SECRET,
} from "../support/mercadopago-stand-in";
import { TEST_ACTOR } from "../support/merchants";
import { newOrder } from "../support/orders";
import { createTestServices, TEST_VAPID } from "../support/services";
import { merchantWithStore } from "./sales-fixtures";

type MpServices = ReturnType<typeof createMercadoPagoServices>;

const mp = mercadoPagoStandInForThisFile();
const es = translatorFor("es");

function contextFor(s: Services, userId?: string, store?: typeof stores.$inferSelect) {
  const context = new RouterContextProvider();
  context.set(servicesContext, s);
  if (userId) context.set(merchantContext, { id: userId } as never);
  if (store) context.set(ownedStoreContext, store);
  return context;
}

type RouteArgs<F extends (...args: never[]) => unknown> = Parameters<F>[0];
const run = <F extends (args: never) => unknown>(fn: F, args: unknown) => fn(args as RouteArgs<F>) as ReturnType<F>;

/** An online, unpaid sale inserted as the checkout leaves it. */
async function onlineSale(s: Services, storeId: string, total = 2500, currency = "USD") {
  const id = randomDigits(10);
  await s.db.insert(sales).values({
    id,
    storeId,
    total,
    subtotal: total,
    currency,
    buyerName: "Carlos Díaz",
    delivery: "pickup",
    paymentMethod: "online",
    paymentStatus: "pending",
    createdAt: s.clock.now(),
  });
  return id;
}

const saleRow = async (s: Services, id: string) => {
  const row = await s.db.query.sales.findFirst({ where: eq(sales.id, id) });
  if (!row) throw new Error("no sale");
  return row;
};
const accountRow = (s: Services, storeId: string) =>
  s.db.query.storePaymentAccounts.findFirst({ where: eq(storePaymentAccounts.storeId, storeId) });
const ownerEmail = async (s: Services, userId: string) =>
  (await s.db.query.users.findFirst({ where: eq(users.id, userId) }))?.email ?? "";

/** The `name=value` a response's Set-Cookie gives the browser, to send back as a Cookie header. */
const cookieFrom = (response: Response) => (response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";

const returnUrl = (saleId: string) => `https://tienda.vitrina.test/Order/${saleId}?t=abcdefabcdefabcdef`;

describe("linking through the sandbox", () => {
  it("'Autorizar' comes back with a code; the callback stores the tokens encrypted and the store can take payments", async () => {
    const s = createTestServices();
    const { userId, store } = await merchantWithStore(s);
    expect(isUsable(s, await findStorePaymentAccount(s, store.id))).toBe(false);

    const start = (await run(storePaymentsAction, {
      request: new Request(`http://localhost:3999/Store/${store.id}/payments`, {
        method: "POST",
        body: new URLSearchParams({ intent: "link" }),
      }),
      context: contextFor(s, userId, store),
      params: { storeId: store.id },
    })) as Response;
    const authorize = new URL(start.headers.get("Location") ?? "");
    expect(authorize.pathname).toBe("/_sandbox/oauth");
    expect(authorize.searchParams.get("redirect_uri")).toBe("http://localhost:3999/Store/oauth/mercadopago");

    const authorized = (await run(sandboxOAuthAction, {
      request: new Request(authorize, {
        method: "POST",
        body: new URLSearchParams({
          decision: "authorize",
          state: authorize.searchParams.get("state") ?? "",
          redirect_uri: authorize.searchParams.get("redirect_uri") ?? "",
        }),
      }),
      context: contextFor(s),
      params: {},
    })) as Response;
    const back = new URL(authorized.headers.get("Location") ?? "", "http://localhost:3999");
    expect(back.pathname).toBe("/Store/oauth/mercadopago");
    expect(back.searchParams.get("code")).toMatch(/^SBX-\d{9}-/);

    const done = (await run(callbackLoader, {
      request: new Request(back, { headers: { Cookie: cookieFrom(start) } }),
      context: contextFor(s, userId),
      params: {},
    })) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/Store/${store.id}/payments`);

    const row = await accountRow(s, store.id);
    expect(row).toMatchObject({ provider: "sandbox", accountId: expect.stringMatching(/^\d{9}$/) });
    const token = await storeAccessToken(s, store.id);
    expect(token?.accessToken).toMatch(/^SANDBOX-access-/);
    expect(row?.accessTokenEnc).toMatch(/^v1\./);
    expect(row?.accessTokenEnc).not.toContain(token?.accessToken);
    expect(row?.accessTokenEnc).not.toContain("SANDBOX");
    expect(row?.refreshTokenEnc).not.toContain("SANDBOX");
    const key = await importTokenKey(s.config.paymentTokenKey);
    expect(await decryptToken(key, store.id, row?.accessTokenEnc ?? "")).toBe(token?.accessToken);
    expect(isUsable(s, await findStorePaymentAccount(s, store.id))).toBe(true);

    // 'Desvincular' deletes the tokens.
    const unlinked = (await run(storePaymentsAction, {
      request: new Request(`http://localhost:3999/Store/${store.id}/payments`, {
        method: "POST",
        body: new URLSearchParams({ intent: "unlink" }),
      }),
      context: contextFor(s, userId, store),
      params: { storeId: store.id },
    })) as Response;
    expect(unlinked.status).toBe(302);
    expect(await accountRow(s, store.id)).toBeUndefined();
    expect(isUsable(s, await findStorePaymentAccount(s, store.id))).toBe(false);
  });

  it("a state for another store or another owner is refused and links nothing", async () => {
    const s = createTestServices();
    const a = await merchantWithStore(s);
    const b = await merchantWithStore(s);
    const linkOf = async (storeId: string, ownerId: string) => {
      const { url, nonce } = await startLinking(s, storeId, ownerId);
      return { state: new URL(url).searchParams.get("state") ?? "", nonce };
    };
    const code = () => `SBX-123456789-${crypto.randomUUID().replaceAll("-", "")}`;

    // A's state presented by B (B signed in, returning with A's link).
    const aLink = await linkOf(a.store.id, a.userId);
    await expect(completeLinking(s, TEST_ACTOR, b.userId, aLink.state, code(), aLink.nonce)).rejects.toThrow(LinkRefusedError);
    // A state naming B's store, issued to A (who does not own it).
    const foreign = await linkOf(b.store.id, a.userId);
    await expect(completeLinking(s, TEST_ACTOR, a.userId, foreign.state, code(), foreign.nonce)).rejects.toThrow(
      LinkRefusedError,
    );
    // A's state edited to name B's store.
    const original = await linkOf(a.store.id, a.userId);
    const edited = original.state.replace(a.store.id, b.store.id);
    await expect(completeLinking(s, TEST_ACTOR, a.userId, edited, code(), original.nonce)).rejects.toThrow(LinkRefusedError);
    // Through the callback route: refused with 400.
    const { state, nonce } = await linkOf(a.store.id, a.userId);
    const refused = await run(callbackLoader, {
      request: new Request(`http://localhost:3999/Store/oauth/mercadopago?code=${code()}&state=${encodeURIComponent(state)}`, {
        headers: { Cookie: await linkingCookie(s.config).serialize(nonce) },
      }),
      context: contextFor(s, b.userId),
      params: {},
    }).catch((e: unknown) => e);
    expect((refused as { init?: { status?: number } }).init?.status).toBe(400);
    // An old state (16 minutes).
    const old = await linkOf(a.store.id, a.userId);
    s.testClock.current = new Date(s.testClock.current.getTime() + 16 * 60_000);
    await expect(completeLinking(s, TEST_ACTOR, a.userId, old.state, code(), old.nonce)).rejects.toThrow(LinkRefusedError);

    expect(await s.db.select().from(storePaymentAccounts)).toHaveLength(0);
    // The owner's own fresh state links.
    const fresh = await linkOf(a.store.id, a.userId);
    await completeLinking(s, TEST_ACTOR, a.userId, fresh.state, code(), fresh.nonce);
    expect(await accountRow(s, a.store.id)).toMatchObject({ accountId: "123456789" });
  });

  it("a state that comes back without the linking cookie of the browser that asked, or with another one, is refused", async () => {
    const s = createTestServices();
    const { userId, store } = await merchantWithStore(s);
    const pageUrl = `http://localhost:3999/Store/${store.id}/payments`;
    const clickLink = async () => {
      const response = (await run(storePaymentsAction, {
        request: new Request(pageUrl, { method: "POST", body: new URLSearchParams({ intent: "link" }) }),
        context: contextFor(s, userId, store),
        params: { storeId: store.id },
      })) as Response;
      const setCookie = response.headers.get("Set-Cookie") ?? "";
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      return {
        state: new URL(response.headers.get("Location") ?? "").searchParams.get("state") ?? "",
        cookie: cookieFrom(response),
      };
    };
    const callback = (state: string, cookie?: string) =>
      run(callbackLoader, {
        request: new Request(
          `http://localhost:3999/Store/oauth/mercadopago?code=SBX-123456789-${crypto.randomUUID().replaceAll("-", "")}&state=${encodeURIComponent(state)}`,
          { headers: cookie ? { Cookie: cookie } : {} },
        ),
        context: contextFor(s, userId),
        params: {},
      }).catch((e: unknown) => e);
    const statusOf = (answer: unknown) =>
      answer instanceof Response ? answer.status : (answer as { init?: { status?: number } }).init?.status;

    const leaked = await clickLink();
    const mine = await clickLink();
    expect(statusOf(await callback(leaked.state))).toBe(400);
    expect(statusOf(await callback(leaked.state, mine.cookie))).toBe(400);
    expect(await accountRow(s, store.id)).toBeUndefined();

    const done = (await callback(mine.state, mine.cookie)) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Set-Cookie")).toContain(`${mine.cookie.split("=")[0]}=;`);
    expect(await accountRow(s, store.id)).toMatchObject({ accountId: "123456789" });
  });
});

describe("paying a sale through the sandbox checkout", () => {
  async function linkedSandboxStore(s: ReturnType<typeof createTestServices>) {
    const { userId, store } = await merchantWithStore(s);
    const { url, nonce } = await startLinking(s, store.id, userId);
    const state = new URL(url).searchParams.get("state") ?? "";
    await completeLinking(s, TEST_ACTOR, userId, state, `SBX-555000111-${crypto.randomUUID().replaceAll("-", "")}`, nonce);
    return { userId, store };
  }
  async function decide(s: Services, redirectUrl: string, decision: "approved" | "rejected") {
    const id = new URL(redirectUrl).pathname.split("/").at(-1) ?? "";
    const response = (await run(sandboxCheckoutAction, {
      request: new Request(redirectUrl, { method: "POST", body: new URLSearchParams({ decision }) }),
      context: contextFor(s),
      params: { id },
    })) as Response;
    return { id, location: new URL(response.headers.get("Location") ?? "") };
  }

  it("a rejected payment marks the sale 'rejected'; a later approved one 'approved', once, with one email to the owner", async () => {
    const s = createTestServices();
    const { userId, store } = await linkedSandboxStore(s);
    const saleId = await onlineSale(s, store.id, 4990, "USD");

    const first = await startSalePayment(s, store.id, saleId, returnUrl(saleId), `Pedido ${saleId}`);
    expect(first.redirectUrl).toMatch(/^http:\/\/localhost:3999\/_sandbox\/store-checkout\/\d+$/);
    const rejected = await decide(s, first.redirectUrl, "rejected");
    expect(rejected.location.searchParams.get("status")).toBe("rejected");
    expect(rejected.location.searchParams.get("payment_id")).toBe(rejected.id);
    expect(rejected.location.searchParams.get("t")).toBe("abcdefabcdefabcdef");
    expect((await saleRow(s, saleId)).paymentStatus).toBe("rejected");

    const second = await startSalePayment(s, store.id, saleId, returnUrl(saleId), `Pedido ${saleId}`);
    const approved = await decide(s, second.redirectUrl, "approved");
    expect(approved.location.searchParams.get("status")).toBe("approved");
    expect(await saleRow(s, saleId)).toMatchObject({
      paymentStatus: "approved",
      providerPaymentId: approved.id,
      paidAt: s.testClock.now(),
    });
    const mails = s.outbox.sent.filter((m) => m.subject === `Pago aprobado del pedido ${saleId}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(await ownerEmail(s, userId));
    expect(mails[0]?.text).toContain("49,90");

    // Paid: no new checkout; the first, rejected payment confirmed again changes nothing.
    await expect(startSalePayment(s, store.id, saleId, returnUrl(saleId), "x")).rejects.toThrow(OnlinePaymentsUnavailableError);
    expect(await confirmSalePayment(s, store.id, rejected.id)).toEqual({ outcome: "already_applied" });
    expect((await saleRow(s, saleId)).paymentStatus).toBe("approved");
  });

  it("with two stores linked to the same sandbox account, the checkout pays the store it was made for", async () => {
    const s = createTestServices();
    await linkedSandboxStore(s);
    const { store } = await linkedSandboxStore(s);
    const saleId = await onlineSale(s, store.id);
    const { redirectUrl } = await startSalePayment(s, store.id, saleId, returnUrl(saleId), `Pedido ${saleId}`);
    const id = new URL(redirectUrl).pathname.split("/").at(-1) ?? "";
    const page = await run(sandboxCheckoutLoader, { request: new Request(redirectUrl), context: contextFor(s), params: { id } });
    expect(page).toMatchObject({ storeName: store.name, status: "pending" });

    const approved = await decide(s, redirectUrl, "approved");
    expect(approved.location.searchParams.get("status")).toBe("approved");
    expect((await saleRow(s, saleId)).paymentStatus).toBe("approved");
  });

  it("refuses to start without a linked account, for a sale paid on delivery, or another store's sale", async () => {
    const s = createTestServices();
    const unlinked = await merchantWithStore(s);
    const sale = await onlineSale(s, unlinked.store.id);
    const error = await startSalePayment(s, unlinked.store.id, sale, returnUrl(sale), "x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OnlinePaymentsUnavailableError);
    expect((error as Error).message).toBe("No pudimos iniciar el pago en línea. Inténtalo de nuevo en unos minutos.");

    const { store } = await linkedSandboxStore(s);
    await expect(startSalePayment(s, store.id, sale, returnUrl(sale), "x")).rejects.toThrow(OnlinePaymentsUnavailableError);
    const onDelivery = await onlineSale(s, store.id);
    await s.db.update(sales).set({ paymentMethod: "on_delivery", paymentStatus: "none" }).where(eq(sales.id, onDelivery));
    await expect(startSalePayment(s, store.id, onDelivery, returnUrl(onDelivery), "x")).rejects.toThrow(
      OnlinePaymentsUnavailableError,
    );
  });
});

describe("MercadoPago (against the stand-in)", () => {
  async function linkWithMercadoPago(s: MpServices, accountId: number) {
    const { userId, store } = await merchantWithStore(s);
    const { url, nonce } = await startLinking(s, store.id, userId);
    const authorize = new URL(url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe("https://auth.mercadopago.com/authorization");
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      response_type: "code",
      platform_id: "mp",
      redirect_uri: "https://app.vitrina.test/Store/oauth/mercadopago",
    });
    await completeLinking(
      s,
      TEST_ACTOR,
      userId,
      authorize.searchParams.get("state") ?? "",
      mp.authorizationCode(accountId),
      nonce,
    );
    return { userId, store };
  }

  async function notify(s: Services, storeId: string, dataId: string, secret = WEBHOOK_SECRET) {
    const request = await signedNotification(`https://app.vitrina.test/webhooks/mercadopago/stores/${storeId}`, dataId, {
      now: s.clock.now(),
      secret,
    });
    const response = (await run(webhookAction, { request, context: contextFor(s), params: { storeId } })) as Response;
    return { status: response.status, text: await response.text() };
  }
  const paymentGets = (id: string) => mp.paymentGets(id);

  it("the code is exchanged through /oauth/token with the application's credentials", async () => {
    const s = createMercadoPagoServices();
    const { store } = await linkWithMercadoPago(s, 7000);
    const exchange = mp.requests.filter((r) => r.path === "/oauth/token").at(-1);
    expect(exchange?.body).toMatchObject({
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      grant_type: "authorization_code",
      redirect_uri: "https://app.vitrina.test/Store/oauth/mercadopago",
    });
    const row = await accountRow(s, store.id);
    expect(row).toMatchObject({ provider: "mercadopago", accountId: "7000", publicKey: "APP_USR-public-7000" });
    expect(row?.expiresAt.getTime()).toBe(s.testClock.now().getTime() + TOKEN_LIFETIME_S * 1000);
    const grant = mp.grants.find((g) => g.accountId === 7000);
    expect(row?.accessTokenEnc).not.toContain(grant?.accessToken);
    expect(row?.refreshTokenEnc).not.toContain(grant?.refreshToken);
  });

  it("a token with fewer than 7 days left is refreshed when used, and the new pair stored", async () => {
    const s = createMercadoPagoServices();
    const { store } = await linkWithMercadoPago(s, 7001);
    const refreshes = () =>
      mp.requests.filter((r) => r.path === "/oauth/token" && (r.body as { grant_type?: string })?.grant_type === "refresh_token");
    const before = refreshes().length;
    const fresh = await storeAccessToken(s, store.id);
    expect(refreshes()).toHaveLength(before);

    const oldRefresh = mp.grants.find((g) => g.accountId === 7001)?.refreshToken;
    await s.db
      .update(storePaymentAccounts)
      .set({ expiresAt: new Date(s.testClock.now().getTime() + 3 * 24 * 3600_000) })
      .where(eq(storePaymentAccounts.storeId, store.id));
    const refreshed = await storeAccessToken(s, store.id);
    expect(refreshes()).toHaveLength(before + 1);
    expect(refreshes().at(-1)?.body).toMatchObject({
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      refresh_token: oldRefresh,
    });
    const grant = mp.grants.find((g) => g.accountId === 7001);
    expect(refreshed?.accessToken).toBe(grant?.accessToken);
    expect(refreshed?.accessToken).not.toBe(fresh?.accessToken);
    const row = await accountRow(s, store.id);
    const key = await importTokenKey(s.config.paymentTokenKey);
    expect(await decryptToken(key, store.id, row?.accessTokenEnc ?? "")).toBe(grant?.accessToken);
    expect(await decryptToken(key, store.id, row?.refreshTokenEnc ?? "")).toBe(grant?.refreshToken);
    expect(row?.refreshedAt).toEqual(s.testClock.now());
    expect(row?.expiresAt.getTime()).toBe(s.testClock.now().getTime() + TOKEN_LIFETIME_S * 1000);
  });

  it("the preference is made with the store's token for the sale's own total, reference and URLs", async () => {
    const s = createMercadoPagoServices();
    const { store } = await linkWithMercadoPago(s, 7002);
    const saleId = await onlineSale(s, store.id, 2500);
    const { redirectUrl } = await startSalePayment(s, store.id, saleId, returnUrl(saleId), `Pedido ${saleId}`);
    const sent = mp.requests.filter((r) => r.path === "/checkout/preferences/").at(-1);
    expect(sent?.headers.authorization).toBe(`Bearer ${mp.grants.find((g) => g.accountId === 7002)?.accessToken}`);
    expect(sent?.body).toMatchObject({
      items: [{ id: saleId, title: `Pedido ${saleId}`, quantity: 1, unit_price: 25, currency_id: "USD" }],
      external_reference: saleId,
      notification_url: `https://app.vitrina.test/webhooks/mercadopago/stores/${store.id}`,
      back_urls: { success: returnUrl(saleId), failure: returnUrl(saleId), pending: returnUrl(saleId) },
    });
    expect(redirectUrl).toMatch(/^https:\/\/www\.mercadopago\.com\.co\/checkout\/v1\/redirect\?pref_id=/);

    mp.failPreferences(400);
    try {
      await expect(startSalePayment(s, store.id, saleId, returnUrl(saleId), "x")).rejects.toThrow(OnlinePaymentsUnavailableError);
    } finally {
      mp.failPreferences(201);
    }
  });

  it("a notification delivered 5 times in parallel is applied once, with one email to the owner", async () => {
    const s = createMercadoPagoServices();
    const { userId, store } = await linkWithMercadoPago(s, 7003);
    const saleId = await onlineSale(s, store.id, 2500);
    mp.payments.set("8800001", {
      id: 8800001,
      status: "approved",
      external_reference: saleId,
      transaction_amount: 25,
      currency_id: "USD",
      collector_id: 7003,
    });
    const results = await Promise.all(Array.from({ length: 5 }, () => notify(s, store.id, "8800001")));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.text === "applied")).toHaveLength(1);
    expect(results.filter((r) => r.text === "already_applied")).toHaveLength(4);
    expect(paymentGets("8800001")).toBe(5);
    expect(await saleRow(s, saleId)).toMatchObject({
      paymentStatus: "approved",
      providerPaymentId: "8800001",
      paidAt: s.testClock.now(),
    });
    const mails = s.outbox.sent.filter((m) => m.subject === `Pago aprobado del pedido ${saleId}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(await ownerEmail(s, userId));
  });

  it("tokens that no longer decrypt (the key changed) unlink the store instead of failing", async () => {
    const s = createMercadoPagoServices();
    const { userId, store } = await linkWithMercadoPago(s, 7011);
    const saleId = await onlineSale(s, store.id, 2500);
    mp.payments.set("8800011", {
      id: 8800011,
      status: "approved",
      external_reference: saleId,
      transaction_amount: 25,
      currency_id: "USD",
      collector_id: 7011,
    });
    s.config = { ...s.config, paymentTokenKey: "b3RyYS1jbGF2ZS1kZS0zMi1ieXRlcy1wYXJhLXByb2I" };

    expect(await notify(s, store.id, "8800011")).toEqual({ status: 200, text: "unknown" });
    expect(await accountRow(s, store.id)).toBeUndefined();
    expect(await storeAccessToken(s, store.id)).toBeNull();
    expect((await saleRow(s, saleId)).paymentStatus).toBe("pending");
    const page = await run(storePaymentsLoader, {
      request: new Request(`https://app.vitrina.test/Store/${store.id}/payments`),
      context: contextFor(s, userId, store),
      params: { storeId: store.id },
    });
    expect(page).toMatchObject({ available: true, linked: false });
  });

  it("a failing mailer does not fail the confirmation", async () => {
    const s = createMercadoPagoServices();
    const { store } = await linkWithMercadoPago(s, 7009);
    const saleId = await onlineSale(s, store.id, 2500);
    mp.payments.set("8800010", {
      id: 8800010,
      status: "approved",
      external_reference: saleId,
      transaction_amount: 25,
      currency_id: "USD",
      collector_id: 7009,
    });
    s.mail = {
      send: async () => {
        throw new Error("correo caído");
      },
    };
    expect(await notify(s, store.id, "8800010")).toEqual({ status: 200, text: "applied" });
    expect((await saleRow(s, saleId)).paymentStatus).toBe("approved");
  });

  it("a payment for another store's sale, or one this store's token cannot read, is refused and changes nothing", async () => {
    const s = createMercadoPagoServices();
    const a = await linkWithMercadoPago(s, 7004);
    const b = await linkWithMercadoPago(s, 7005);
    const bSale = await onlineSale(s, b.store.id, 2500);
    const before = await saleRow(s, bSale);
    // Paid to A's account, naming B's sale, notified on A's webhook.
    mp.payments.set("8800002", {
      id: 8800002,
      status: "approved",
      external_reference: bSale,
      transaction_amount: 25,
      currency_id: "USD",
      collector_id: 7004,
    });
    expect(await notify(s, a.store.id, "8800002")).toEqual({ status: 200, text: "unknown" });
    // B's own payment, notified on A's webhook: A's token cannot read it.
    mp.payments.set("8800003", {
      id: 8800003,
      status: "approved",
      external_reference: bSale,
      transaction_amount: 25,
      currency_id: "USD",
      collector_id: 7005,
    });
    expect(await notify(s, a.store.id, "8800003")).toEqual({ status: 200, text: "unknown" });
    expect(await confirmSalePayment(s, a.store.id, "8800003", { expectedSaleId: bSale })).toEqual({ outcome: "unknown" });
    expect(await saleRow(s, bSale)).toEqual(before);
    expect(s.outbox.sent).toHaveLength(0);
  });

  it("a wrong amount or currency is refused as 'mismatch'", async () => {
    const s = createMercadoPagoServices();
    const { store } = await linkWithMercadoPago(s, 7006);
    const saleId = await onlineSale(s, store.id, 2500);
    const payment = { status: "approved", external_reference: saleId, currency_id: "USD", collector_id: 7006 };
    mp.payments.set("8800004", { ...payment, id: 8800004, transaction_amount: 2.5 });
    mp.payments.set("8800005", { ...payment, id: 8800005, transaction_amount: 25, currency_id: "ARS" });
    expect(await notify(s, store.id, "8800004")).toEqual({ status: 200, text: "mismatch" });
    expect(await confirmSalePayment(s, store.id, "8800005")).toEqual({ outcome: "mismatch" });
    expect(await saleRow(s, saleId)).toMatchObject({ paymentStatus: "pending", providerPaymentId: null, paidAt: null });
  });

  it("a rejected payment marks 'rejected', a later approved one 'approved', and nothing turns it 'rejected' again", async () => {
    const s = createMercadoPagoServices();
    const { store } = await linkWithMercadoPago(s, 7007);
    const saleId = await onlineSale(s, store.id, 2500);
    const payment = { external_reference: saleId, transaction_amount: 25, currency_id: "USD", collector_id: 7007 };
    mp.payments.set("8800006", { ...payment, id: 8800006, status: "rejected" });
    mp.payments.set("8800007", { ...payment, id: 8800007, status: "approved" });
    mp.payments.set("8800008", { ...payment, id: 8800008, status: "in_process" });
    expect((await notify(s, store.id, "8800008")).text).toBe("pending");
    expect((await saleRow(s, saleId)).paymentStatus).toBe("pending");
    expect((await notify(s, store.id, "8800006")).text).toBe("rejected");
    expect((await saleRow(s, saleId)).paymentStatus).toBe("rejected");
    expect((await notify(s, store.id, "8800007")).text).toBe("applied");
    expect((await saleRow(s, saleId)).paymentStatus).toBe("approved");
    expect((await notify(s, store.id, "8800006")).text).toBe("already_applied");
    expect(await saleRow(s, saleId)).toMatchObject({ paymentStatus: "approved", providerPaymentId: "8800007" });
  });

  /** A store linked to `accountId` with a pending order of 2 units (of 5) paid online by the stand-in's payment `paymentId`. */
  async function paidOrder(s: MpServices, accountId: number, paymentId: number) {
    const { userId, store } = await linkWithMercadoPago(s, accountId);
    const product = await insertProduct(s.db, { storeId: store.id, name: "Bolso tejido", price: 1250, stock: 5 }, s.clock.now());
    const { saleId } = await createSale(
      s.db,
      newOrder({
        key: `clave-${crypto.randomUUID()}`,
        storeId: store.id,
        currency: "USD",
        buyerName: "Lucía",
        buyerEmail: "lucia@correo.test",
        paymentMethod: "online",
        holdUntil: new Date(s.clock.now().getTime() + 30 * 60_000),
        lines: [{ productId: product.id, name: "Bolso tejido", imageKey: null, unitPrice: 1250, quantity: 2 }],
      }),
      s.clock.now(),
    );
    mp.payments.set(String(paymentId), {
      id: paymentId,
      status: "approved",
      external_reference: saleId,
      transaction_amount: 25,
      currency_id: "USD",
      collector_id: accountId,
    });
    expect(await notify(s, store.id, String(paymentId))).toEqual({ status: 200, text: "applied" });
    const storeForNotice = { id: store.id, name: store.name, url: store.url, country: store.country };
    return { userId, store: storeForNotice, product, saleId };
  }
  const productRow = async (s: Services, id: string) => {
    const row = await s.db.query.products.findFirst({ where: eq(products.id, id) });
    return { stock: row?.stock, reserved: row?.reserved };
  };

  it("'Cancelar y reembolsar' refunds in full with the sale's idempotency key, then cancels, releases and emails the buyer", async () => {
    const s = createMercadoPagoServices();
    const { store, product, saleId } = await paidOrder(s, 7020, 8800020);
    expect(await productRow(s, product.id)).toEqual({ stock: 5, reserved: 2 });
    // Paid: plain 'Cancelar' is refused, the money would stay with the merchant.
    expect(await changeSale(s, TEST_ACTOR, store, saleId, "cancel")).toEqual({ ok: false, reason: "paid" });

    expect(await cancelAndRefund(s, TEST_ACTOR, store, saleId, es)).toEqual({ ok: true });
    const call = mp.requests.filter((r) => r.path === "/v1/payments/8800020/refunds");
    expect(call).toHaveLength(1);
    expect(call[0]?.headers["x-idempotency-key"]).toBe(`refund-${saleId}`);
    expect(call[0]?.headers.authorization).toBe(`Bearer ${mp.grants.find((g) => g.accountId === 7020)?.accessToken}`);
    expect(await saleRow(s, saleId)).toMatchObject({
      state: "Cancelada",
      paymentStatus: "refunded",
      stockState: "released",
      refundState: "none",
      providerRefundId: expect.stringMatching(/^\d+$/),
      refundedAt: s.testClock.now(),
    });
    expect(await productRow(s, product.id)).toEqual({ stock: 5, reserved: 0 });
    const mail = s.outbox.sent.find((m) => m.to === "lucia@correo.test");
    expect(mail?.subject).toContain("cancelado y reembolsado");
    expect(mail?.text).toContain("25,00");
    // Once: a second 'Cancelar y reembolsar' asks the provider nothing.
    expect(await cancelAndRefund(s, TEST_ACTOR, store, saleId, es)).toMatchObject({ ok: false, status: 409 });
    expect(mp.refundCalls("8800020")).toBe(1);
  });

  it("a buyer's 'Botón de arrepentimiento' on an order paid online is answered with 'Cancelar y reembolsar'", async () => {
    const s = createMercadoPagoServices();
    const { userId, store, saleId } = await paidOrder(s, 7023, 8800023);
    const owner = await s.db.query.users.findFirst({ where: eq(users.id, userId) });
    const shop = {
      ...store,
      country: "AR",
      timeZone: "America/Argentina/Buenos_Aires",
      ownerEmail: owner?.email ?? "",
      ownerName: "Ana",
    };
    const rows = await s.db.batch(withdrawalQueries(s.db, store.id, saleId, "203.0.113.7"));
    const asked = await requestWithdrawal(
      s,
      shop,
      { code: saleId, contact: "lucia@correo.test" },
      rows,
      "203.0.113.7",
      storeTranslator(shop),
    );
    expect(asked).toMatchObject({ ok: true, saleId, again: false });
    // Paid: plain 'Cancelar' stays refused; the refund cancels it, and the request stays with the sale.
    expect(await changeSale(s, TEST_ACTOR, store, saleId, "cancel")).toEqual({ ok: false, reason: "paid" });
    expect(await cancelAndRefund(s, TEST_ACTOR, store, saleId, es)).toEqual({ ok: true });
    const found = await getSaleWithWithdrawal(s.db, store.id, saleId);
    expect(found?.sale).toMatchObject({ state: "Cancelada", paymentStatus: "refunded" });
    expect(found?.withdrawal?.id).toBe(asked.ok ? asked.requestId : "");
    expect(mp.refundCalls("8800023")).toBe(1);
  });

  it("a refund whose answer never comes changes nothing and says why; the retry makes the same refund, once", async () => {
    const s = createMercadoPagoServices();
    const { store, product, saleId } = await paidOrder(s, 7021, 8800021);
    const before = await saleRow(s, saleId);
    mp.failRefunds({ kind: "no_answer" });
    try {
      expect(await cancelAndRefund(s, TEST_ACTOR, store, saleId, es)).toEqual({
        ok: false,
        reason: REFUND_MESSAGES.providerFailed.defaultMessage,
        status: 502,
      });
    } finally {
      mp.failRefunds(null);
    }
    // The SDK tried twice with the same key; the provider made one refund, whose answer was lost.
    expect(mp.refundCalls("8800021")).toBe(2);
    expect(await saleRow(s, saleId)).toEqual({ ...before, refundError: REFUND_MESSAGES.providerFailed.defaultMessage });
    expect(await productRow(s, product.id)).toEqual({ stock: 5, reserved: 2 });
    expect(s.outbox.sent.filter((m) => m.to === "lucia@correo.test")).toHaveLength(0);

    expect(await cancelAndRefund(s, TEST_ACTOR, store, saleId, es)).toEqual({ ok: true });
    expect([...mp.refunds.values()].filter((r) => r.payment_id === 8800021)).toHaveLength(1);
    expect(await saleRow(s, saleId)).toMatchObject({ state: "Cancelada", paymentStatus: "refunded", refundError: null });
    expect(await productRow(s, product.id)).toEqual({ stock: 5, reserved: 0 });
  });

  it("a refund the provider refuses changes nothing; two clicks at once ask the provider once", async () => {
    const s = createMercadoPagoServices();
    const { store, saleId } = await paidOrder(s, 7022, 8800022);
    mp.failRefunds({ kind: "status", status: 400 });
    try {
      expect(await cancelAndRefund(s, TEST_ACTOR, store, saleId, es)).toMatchObject({ ok: false, status: 502 });
    } finally {
      mp.failRefunds(null);
    }
    expect(await saleRow(s, saleId)).toMatchObject({ state: "Pendiente", paymentStatus: "approved", refundState: "none" });
    const calls = mp.refundCalls("8800022");
    const both = await Promise.all([
      cancelAndRefund(s, TEST_ACTOR, store, saleId, es),
      cancelAndRefund(s, TEST_ACTOR, store, saleId, es),
    ]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.find((r) => !r.ok)).toEqual({ ok: false, reason: REFUND_MESSAGES.inProgress.defaultMessage, status: 409 });
    expect(mp.refundCalls("8800022")).toBe(calls + 1);
  });

  it("a forged or missing signature is refused with 401 before asking MercadoPago; MercadoPago down gives 502", async () => {
    const s = createMercadoPagoServices();
    const { store } = await linkWithMercadoPago(s, 7008);
    const saleId = await onlineSale(s, store.id, 2500);
    mp.payments.set("8800009", {
      id: 8800009,
      status: "approved",
      external_reference: saleId,
      transaction_amount: 25,
      currency_id: "USD",
      collector_id: 7008,
    });
    expect((await notify(s, store.id, "8800009", "not-the-secret")).status).toBe(401);
    const unsigned = new Request(
      `https://app.vitrina.test/webhooks/mercadopago/stores/${store.id}?data.id=8800009&type=payment`,
      { method: "POST", body: JSON.stringify({ type: "payment", data: { id: "8800009" } }) },
    );
    expect(
      ((await run(webhookAction, { request: unsigned, context: contextFor(s), params: { storeId: store.id } })) as Response)
        .status,
    ).toBe(401);
    expect(paymentGets("8800009")).toBe(0);
    expect((await saleRow(s, saleId)).paymentStatus).toBe("pending");

    mp.failPayments(403);
    try {
      expect((await notify(s, store.id, "8800009")).status).toBe(502);
    } finally {
      mp.failPayments(200);
    }
    expect((await saleRow(s, saleId)).paymentStatus).toBe("pending");
  });

  it("the store webhook is not there while the sandbox is the gateway", async () => {
    const s = createTestServices();
    const response = (await run(webhookAction, {
      request: new Request("http://localhost:3999/webhooks/mercadopago/stores/1234567890?data.id=1&type=payment", {
        method: "POST",
      }),
      context: contextFor(s),
      params: { storeId: "1234567890" },
    })) as Response;
    expect(response.status).toBe(404);
    expect(
      await s.db
        .select()
        .from(sales)
        .where(and(eq(sales.paymentStatus, "approved"))),
    ).toHaveLength(0);
  });
});

describe("an installation without online payments to merchants", () => {
  /** Production with the platform's MercadoPago but no OAuth application and no PAYMENT_SANDBOX. */
  const productionWithoutOAuth = {
    VITRINA_ENV: "production",
    RESEND_API_KEY: "re_x",
    ADMIN_SECRET: "una-clave-de-administracion",
    VAPID_PUBLIC_KEY: TEST_VAPID.publicKey,
    VAPID_PRIVATE_KEY: TEST_VAPID.privateKey,
    VAPID_SUBJECT: TEST_VAPID.subject,
    MERCADOPAGO_CLIENT_ID: undefined,
    MERCADOPAGO_CLIENT_SECRET: undefined,
  };
  const statusOf = (thrown: unknown) => (thrown as { init?: { status?: number } }).init?.status;

  it("says so on 'Cobros en línea', links nothing, takes no payment and has no sandbox pages", async () => {
    const s = createMercadoPagoServices(productionWithoutOAuth);
    const { userId, store } = await merchantWithStore(s);
    const pageUrl = `https://app.vitrina.test/Store/${store.id}/payments`;
    const page = await run(storePaymentsLoader, {
      request: new Request(pageUrl),
      context: contextFor(s, userId, store),
      params: { storeId: store.id },
    });
    expect(page).toMatchObject({ available: false, linked: false, sandbox: false });

    const link = await run(storePaymentsAction, {
      request: new Request(pageUrl, { method: "POST", body: new URLSearchParams({ intent: "link" }) }),
      context: contextFor(s, userId, store),
      params: { storeId: store.id },
    });
    expect(link).not.toBeInstanceOf(Response);
    expect(statusOf(link)).toBe(409);
    await expect(startLinking(s, store.id, userId)).rejects.toThrow(LinkRefusedError);

    // A sandbox link made before is no way to be paid.
    const key = await importTokenKey(s.config.paymentTokenKey);
    await s.db.insert(storePaymentAccounts).values({
      storeId: store.id,
      provider: "sandbox",
      accountId: "555000111",
      accessTokenEnc: await encryptToken(key, store.id, "SANDBOX-access-555000111-abcdefgh"),
      refreshTokenEnc: await encryptToken(key, store.id, "SANDBOX-refresh-555000111-abcdefgh"),
      publicKey: null,
      expiresAt: new Date(s.testClock.now().getTime() + 30 * 24 * 3600_000),
      linkedAt: s.testClock.now(),
    });
    expect(isUsable(s, await findStorePaymentAccount(s, store.id))).toBe(false);
    expect(await storeAccessToken(s, store.id)).toBeNull();
    const saleId = await onlineSale(s, store.id);
    await expect(startSalePayment(s, store.id, saleId, returnUrl(saleId), "x")).rejects.toThrow(OnlinePaymentsUnavailableError);

    const authorize = new URL("https://app.vitrina.test/_sandbox/oauth");
    authorize.searchParams.set("state", "x");
    authorize.searchParams.set("redirect_uri", "https://app.vitrina.test/Store/oauth/mercadopago");
    const oauthPage = await Promise.resolve()
      .then(() => run(sandboxOAuthLoader, { request: new Request(authorize), context: contextFor(s), params: {} }))
      .catch((e: unknown) => e);
    expect(statusOf(oauthPage)).toBe(404);
    const [checkout] = await s.db
      .insert(sandboxStorePayments)
      .values({
        accountId: "555000111",
        externalReference: saleId,
        title: "x",
        amount: 2500,
        currency: "USD",
        backUrl: returnUrl(saleId),
        notificationUrl: `https://app.vitrina.test/webhooks/mercadopago/stores/${store.id}`,
        createdAt: s.testClock.now(),
      })
      .returning({ id: sandboxStorePayments.id });
    const checkoutUrl = `https://app.vitrina.test/_sandbox/store-checkout/${checkout?.id}`;
    const checkoutPage = await Promise.resolve()
      .then(() =>
        run(sandboxCheckoutLoader, {
          request: new Request(checkoutUrl),
          context: contextFor(s),
          params: { id: String(checkout?.id) },
        }),
      )
      .catch((e: unknown) => e);
    expect(statusOf(checkoutPage)).toBe(404);
    const approve = await Promise.resolve()
      .then(() =>
        run(sandboxCheckoutAction, {
          request: new Request(checkoutUrl, { method: "POST", body: new URLSearchParams({ decision: "approved" }) }),
          context: contextFor(s),
          params: { id: String(checkout?.id) },
        }),
      )
      .catch((e: unknown) => e);
    expect(statusOf(approve)).toBe(404);
    expect((await saleRow(s, saleId)).paymentStatus).toBe("pending");
  });
});
