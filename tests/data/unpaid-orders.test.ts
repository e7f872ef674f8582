// Unpaid orders cannot empty a store (docs/decisions/0049-unpaid-orders-cannot-empty-a-store.md): the limits on unpaid
// checkout orders per browser, per address and per store, under concurrency, and the hold of every way to pay that the
// upkeep ends, against real libSQL files.
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { UNPAID_ORDER_LIMITS, UNPAID_ORDER_MESSAGES, unpaidOrderText } from "~/domain/limits";
import { translatorFor } from "~/domain/message-catalogs";
import { DEFAULT_HOLD_HOURS, methodOff, paymentMethodRefusal } from "~/domain/payment-methods";
import { stockNote } from "~/domain/sales";
import { readCheckoutForm } from "~/orders/checkout-form";
import { attachReceipt, createSale, releaseLapsedHolds, reviewReceipt } from "~/orders/order-records.server";
import { runOrderUpkeep } from "~/orders/order-upkeep.server";
import { orderedProductIds, placeOrder, placingQueries } from "~/orders/place-order.server";
import { checkoutClient } from "~/orders/unpaid-orders.server";
import { savePaymentMethod } from "~/payment-methods/payment-methods.server";
import * as paymentMethodsRoute from "~/payment-methods/routes/payment-methods";
import { clientIpContext, type Services } from "~/services/services";
import { action as checkoutAction } from "~/site/routes/checkout";
import { loadSitePage } from "~/site/site.server";
import { sales } from "../../db/schema";
import { signedInMerchant, TEST_ACTOR } from "../support/merchants";
import { cancelSale, confirmSale, newOrder } from "../support/orders";
import { createTestServices } from "../support/services";
import { siteArgs } from "../support/site-args";
import { workspaceRequest } from "../support/workspace-request";
import { anotherProcess, bagShop, saleOf, stockOf } from "./sales-fixtures";

const es = translatorFor("es");

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const shop = bagShop;

/** One order of one unit as the merchant's own code saves it (no client: 'Armar pedido', the tests' orders). */
const order = (storeId: string, productId: string, extra: Partial<Parameters<typeof newOrder>[0]> = {}) =>
  newOrder({
    key: `clave-${crypto.randomUUID()}`,
    storeId,
    currency: "USD",
    buyerName: "Lucía",
    lines: [{ productId, name: "Bolso tejido", imageKey: null, unitPrice: 2000, quantity: 1 }],
    ...extra,
  });

type Answer = { status?: number; init?: { status?: number; headers?: HeadersInit }; data?: { errors?: { form?: string } } };
const statusOf = (a: Answer) => a.init?.status ?? a.status ?? 200;
const headersOf = (a: Answer) => (a instanceof Response ? a.headers : new Headers(a.init?.headers));

/** One checkout of one unit (pickup, $20), from `ip`, with the browser's cookies (`cookie`) or none. */
function checkout(
  s: Services,
  url: string,
  productId: string,
  from: { ip: string; cookie?: string; payment?: string; key?: string },
) {
  const payment = from.payment ?? "on_delivery";
  const form = new URLSearchParams({
    idempotencyKey: from.key ?? `clave-${crypto.randomUUID()}`,
    buyerName: "Lucía",
    delivery: "pickup",
    shownSubtotal: "2000",
    shownDiscount: "0",
    shownAdjustment: "0",
    shownTotal: "2000",
    shownFor: `${payment}|`,
    ...(from.payment ? { payment } : {}),
  });
  form.append("line", `${productId}:1`);
  const args = siteArgs(s, url, "/Checkout", { method: "POST", body: form, cookie: from.cookie });
  args.context.set(clientIpContext, from.ip);
  return checkoutAction(args as never).catch((thrown: unknown) => thrown) as Promise<Answer>;
}

/** The browser's buyer cookie as a first order set it ('comprador=…'). */
const buyerCookieOf = (a: Answer) =>
  headersOf(a)
    .getSetCookie()
    .find((c) => c.startsWith("comprador="))
    ?.split(";")[0];

describe("a stranger cannot empty a store with unpaid orders", () => {
  it("30 orders at once from one address without cookies: 10 saved, 20 told to wait (429, Retry-After), the rest for sale", async () => {
    const s = createTestServices();
    await s.db.$client.execute("PRAGMA journal_mode = WAL");
    const { store, product } = await shop(s, "acaparada", 50);
    const clients = await Promise.all(Array.from({ length: 30 }, () => anotherProcess(s)));
    const answers = await Promise.all(clients.map((c) => checkout(c, "acaparada", product.id, { ip: "190.12.1.7" })));
    expect(answers.filter((a) => statusOf(a) === 303)).toHaveLength(UNPAID_ORDER_LIMITS.perAddress);
    const refused = answers.filter((a) => statusOf(a) !== 303);
    expect(refused.map(statusOf)).toEqual(Array(20).fill(429));
    for (const r of refused) {
      // Each holds a day (paid as arranged, never set): wait until the first hold ends.
      expect(r.data?.errors?.form).toBe(unpaidOrderText(es, UNPAID_ORDER_MESSAGES.perClient, 24 * 60));
      expect(r.data?.errors?.form).toContain("Espera 24 horas para hacer otro");
      expect(headersOf(r).get("Retry-After")).toBe(String(24 * 3600));
      // Nothing spent: the cart stays.
      expect(headersOf(r).get("Set-Cookie")).toBeNull();
    }
    expect(await s.db.$count(sales, eq(sales.storeId, store.id))).toBe(10);
    expect(await stockOf(s, product.id)).toEqual({ stock: 50, reserved: 10 });
    // Another shopper still buys.
    expect(statusOf(await checkout(s, "acaparada", product.id, { ip: "181.50.3.9" }))).toBe(303);
    for (const c of clients) c.db.$client.close();
  });

  it("one browser (its cookie) places 3 unpaid orders at once, from any address; closing or paying one frees a place", async () => {
    const s = createTestServices();
    const { store, product } = await shop(s, "navegador", 20);
    const first = await checkout(s, "navegador", product.id, { ip: "190.12.1.7" });
    const cookie = buyerCookieOf(first);
    expect(cookie).toMatch(/^comprador=[\w-]{16,64}$/);
    expect(statusOf(await checkout(s, "navegador", product.id, { ip: "190.12.1.8", cookie }))).toBe(303);
    expect(statusOf(await checkout(s, "navegador", product.id, { ip: "2800:e2:1::5", cookie }))).toBe(303);
    const fourth = await checkout(s, "navegador", product.id, { ip: "2800:e2:2::5", cookie });
    expect(statusOf(fourth)).toBe(429);
    expect(fourth.data?.errors?.form).toBe(unpaidOrderText(es, UNPAID_ORDER_MESSAGES.perClient, 24 * 60));

    const placed = await s.db.select().from(sales).where(eq(sales.storeId, store.id));
    expect(placed.every((p) => p.clientCookieKey === placed[0]?.clientCookieKey && p.clientCookieKey)).toBe(true);
    // The address is kept only as a hash.
    expect(placed.map((p) => p.clientAddressKey)).not.toContain("190.12.1.7");
    const [a, b] = placed;
    if (!a || !b) throw new Error("no sales");
    // Completed: no longer unpaid; cancelled: no longer holding. Each frees one place.
    expect((await confirmSale(s, TEST_ACTOR, store.id, a.id)).ok).toBe(true);
    expect(statusOf(await checkout(s, "navegador", product.id, { ip: "190.12.1.9", cookie }))).toBe(303);
    expect(statusOf(await checkout(s, "navegador", product.id, { ip: "190.12.1.9", cookie }))).toBe(429);
    expect((await cancelSale(s, TEST_ACTOR, store.id, b.id)).ok).toBe(true);
    expect(statusOf(await checkout(s, "navegador", product.id, { ip: "190.12.1.9", cookie }))).toBe(303);
  });

  it("a store takes 30 unpaid checkout orders an hour from many addresses; the 31st waits for the hour; the merchant's own orders are never limited", async () => {
    const s = createTestServices();
    const { store, product } = await shop(s, "muchas", 100);
    const start = s.clock.now().getTime();
    for (let i = 0; i < UNPAID_ORDER_LIMITS.perStorePerHour; i++) {
      s.testClock.current = new Date(start + i * MINUTE);
      expect(statusOf(await checkout(s, "muchas", product.id, { ip: `200.1.${i}.1` }))).toBe(303);
    }
    const refused = await checkout(s, "muchas", product.id, { ip: "200.9.9.9" });
    expect(statusOf(refused)).toBe(429);
    // The oldest (placed 29 minutes ago) leaves the hour in 31 minutes.
    expect(refused.data?.errors?.form).toBe(unpaidOrderText(es, UNPAID_ORDER_MESSAGES.perStore, 31));
    expect(refused.data?.errors?.form).toContain("Espera 31 minutos");
    expect(headersOf(refused).get("Retry-After")).toBe(String(31 * 60));
    // 'Armar pedido' and other orders the merchant saves carry no client: not counted, not refused.
    const built = await createSale(s.db, order(store.id, product.id, { draft: true }), s.clock.now());
    expect(built.created).toBe(true);
    s.testClock.current = new Date(start + HOUR + 1);
    expect(statusOf(await checkout(s, "muchas", product.id, { ip: "200.9.9.9" }))).toBe(303);
  });

  it("loopback and unknown addresses are no client's: only the browser and store limits apply to them", async () => {
    const s = createTestServices();
    const { product } = await shop(s, "proxy", 20);
    for (let i = 0; i < UNPAID_ORDER_LIMITS.perAddress + 2; i++)
      expect(statusOf(await checkout(s, "proxy", product.id, { ip: i % 2 ? "127.0.0.1" : "unknown" }))).toBe(303);
  });
});

describe("every way to pay holds for a time", () => {
  it("a cash order holds for the store's hours and an arranged one for its default day; the upkeep gives both back and the desk says so", async () => {
    const s = createTestServices();
    const { store, product } = await shop(s, "efectivo", 2);
    await savePaymentMethod(s.db, TEST_ACTOR, store.id, { ...methodOff("cash"), enabled: true, holdHours: 6 }, s.clock.now());
    const placedAt = s.clock.now().getTime();
    const form = new URLSearchParams({
      idempotencyKey: `clave-${crypto.randomUUID()}`,
      buyerName: "Lucía",
      delivery: "pickup",
      payment: "cash",
      shownSubtotal: "2000",
      shownDiscount: "0",
      shownAdjustment: "0",
      shownTotal: "2000",
      shownFor: "cash|",
    });
    form.append("line", `${product.id}:1`);
    await checkoutAction(siteArgs(s, "efectivo", "/Checkout", { method: "POST", body: form }) as never).catch((t: unknown) => t);
    const [cash] = await s.db.select().from(sales).where(eq(sales.storeId, store.id));
    if (!cash) throw new Error("no sale");
    expect(cash).toMatchObject({ paymentMethod: "cash", stockState: "held" });
    expect(cash.reservedUntil?.getTime()).toBe(placedAt + 6 * HOUR);
    expect(stockNote(cash, "America/Bogota", es)).toMatch(/^Reserva hasta /);

    s.testClock.current = new Date(placedAt + 6 * HOUR);
    expect((await runOrderUpkeep(s)).released).toBe(1);
    const lapsed = await saleOf(s, cash.id);
    expect(lapsed).toMatchObject({ state: "Pendiente", stockState: "released", reservedUntil: null });
    expect(stockNote(lapsed, "America/Bogota", es)).toBe("Reserva vencida: ya no reserva stock");
    expect(await stockOf(s, product.id)).toEqual({ stock: 2, reserved: 0 });
    // The merchant may still complete it while stock allows.
    expect((await confirmSale(s, TEST_ACTOR, store.id, cash.id)).ok).toBe(true);
    expect(await stockOf(s, product.id)).toEqual({ stock: 1, reserved: 0 });

    // Paid as arranged (the store turned cash off): the default day.
    await savePaymentMethod(s.db, TEST_ACTOR, store.id, { ...methodOff("cash"), enabled: false }, s.clock.now());
    const arrangedForm = new URLSearchParams(form);
    arrangedForm.delete("payment");
    arrangedForm.set("shownFor", "on_delivery|");
    arrangedForm.set("idempotencyKey", `clave-${crypto.randomUUID()}`);
    await checkoutAction(siteArgs(s, "efectivo", "/Checkout", { method: "POST", body: arrangedForm }) as never).catch(
      (t: unknown) => t,
    );
    const arranged = await s.db.query.sales.findFirst({
      where: and(eq(sales.storeId, store.id), eq(sales.paymentMethod, "on_delivery")),
    });
    expect(arranged?.reservedUntil?.getTime()).toBe(s.clock.now().getTime() + DEFAULT_HOLD_HOURS.on_delivery * HOUR);
  });

  it("a transfer's first receipt extends its hold once by 24 hours (the desk tells the merchant); a second does not; then it lapses", async () => {
    const s = createTestServices();
    const { store, product } = await shop(s, "comprobantes", 1);
    const placedAt = s.clock.now().getTime();
    const transfer = await createSale(
      s.db,
      order(store.id, product.id, { paymentMethod: "transfer", holdUntil: new Date(placedAt + 48 * HOUR) }),
      s.clock.now(),
    );
    s.testClock.current = new Date(placedAt + 47 * HOUR);
    const first = await attachReceipt(s.db, store.id, transfer.saleId, "stores/x/private/receipts/a.png", s.clock.now());
    expect(first).toMatchObject({ extended: true, heldUntil: new Date(placedAt + 72 * HOUR) });
    const received = await saleOf(s, transfer.saleId);
    expect(received.reservedUntil?.getTime()).toBe(placedAt + 72 * HOUR);
    expect(stockNote(received, "UTC", es)).toMatch(/^Comprobante recibido: reserva extendida hasta /);

    // Refused, another hold of the transfer's hours; the next receipt does not extend it again.
    expect(await reviewReceipt(s.db, TEST_ACTOR, store.id, transfer.saleId, "rejected", s.clock.now(), 2)).toBe(true);
    const again = await attachReceipt(s.db, store.id, transfer.saleId, "stores/x/private/receipts/b.png", s.clock.now());
    expect(again).toMatchObject({ extended: false, heldUntil: new Date(placedAt + 49 * HOUR) });

    s.testClock.current = new Date(placedAt + 49 * HOUR);
    expect(await releaseLapsedHolds(s.db, s.clock.now())).toEqual([{ id: transfer.saleId, storeId: store.id }]);
    expect(await saleOf(s, transfer.saleId)).toMatchObject({
      state: "Pendiente",
      paymentStatus: "pending",
      stockState: "released",
    });
    expect(await stockOf(s, product.id)).toEqual({ stock: 1, reserved: 0 });
  });
});

describe("the merchant sets each way to pay's hold on 'Cobros'", () => {
  it("saves cash and 'pedidos a coordinar' hours from the offered choices, refuses others in Spanish, and shows them", async () => {
    const s = createTestServices();
    const m = await signedInMerchant(s, "standard", { url: `cobros-${crypto.randomUUID().slice(0, 8)}` });
    const cobros = (method: "GET" | "POST", form?: Record<string, string>) =>
      workspaceRequest(s, {
        module: paymentMethodsRoute,
        cookie: m.cookie,
        method,
        path: `/Store/${m.store.id}/cobros`,
        params: { storeId: m.store.id },
        form,
      });
    expect((await cobros("GET")).data).toMatchObject({ cash: { holdHours: 24 }, arrangedHours: 24 });
    expect((await cobros("POST", { intent: "on_delivery", holdHours: "12" })).status).toBe(302);
    expect((await cobros("POST", { intent: "cash", enabled: "on", adjustKind: "none", holdHours: "48" })).status).toBe(302);
    const refused = await cobros("POST", { intent: "on_delivery", holdHours: "500" });
    expect(refused).toMatchObject({
      status: 400,
      data: { intent: "on_delivery", errors: { holdHours: paymentMethodRefusal(es, "holdChoice") } },
    });
    expect((await cobros("GET")).data).toMatchObject({ cash: { enabled: true, holdHours: 48 }, arrangedHours: 12 });
  });
});

describe("a double click on the order that reaches the limit", () => {
  it("the twin that read before the first was saved is answered with the first order, not told to wait", async () => {
    const s = createTestServices();
    const { store, product } = await shop(s, "doble-clic", 10);
    const first = await checkout(s, "doble-clic", product.id, { ip: "190.12.1.7" });
    const cookie = buyerCookieOf(first);
    expect(statusOf(await checkout(s, "doble-clic", product.id, { ip: "190.12.1.7", cookie }))).toBe(303);
    // The third order's form, submitted twice: the twin reads the page's batch before the first is saved.
    const form = new URLSearchParams({
      idempotencyKey: `clave-${crypto.randomUUID()}`,
      buyerName: "Lucía",
      delivery: "pickup",
      shownSubtotal: "2000",
      shownDiscount: "0",
      shownAdjustment: "0",
      shownTotal: "2000",
      shownFor: "on_delivery|",
      line: `${product.id}:1`,
    });
    const input = readCheckoutForm(toFormData(form), es);
    if (!input.success) throw new Error("form");
    const client = checkoutClient("190.12.1.7", (cookie ?? "").split("=")[1] ?? null);
    const args = siteArgs(s, "doble-clic", "/Checkout", { method: "POST", body: form, cookie });
    const twin = await loadSitePage(
      args as never,
      (storeId, db) => placingQueries(db, storeId, input.data, "190.12.1.7", client.keys, s.clock.now()),
      { cartIds: orderedProductIds(input.data) },
    );
    const placed = await checkout(s, "doble-clic", product.id, { ip: "190.12.1.7", cookie, key: input.data.idempotencyKey });
    expect(statusOf(placed)).toBe(303);
    const shopper = {
      services: s,
      store: twin.store,
      cartItems: twin.cartItems,
      basePath: twin.site.basePath,
      ip: "190.12.1.7",
      userAgent: null,
      client: client.keys,
    };
    const answer = await placeOrder(shopper, twin.page, input.data, 0);
    expect(answer).toEqual({ ok: true, next: headersOf(placed).get("Location") });
    expect(await s.db.$count(sales, eq(sales.storeId, store.id))).toBe(3);
  });
});

function toFormData(fields: URLSearchParams): FormData {
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  return form;
}
