import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { methodOff } from "~/domain/payment-methods";
import { runOrderUpkeep } from "~/orders/order-upkeep.server";
import { savePaymentMethod } from "~/payment-methods/payment-methods.server";
import { insertProduct } from "~/products/products.server";
import { action as newOrderAction, loader as newOrderLoader } from "~/sales/routes/new-order";
import * as saleDetail from "~/sales/routes/sale-detail";
import { action as orderAction, loader as orderLoader } from "~/site/routes/order-page";
import { customers, products, sales } from "../../db/schema";
import { activityEntries } from "../support/activity";
import { signedInMerchant, TEST_ACTOR } from "../support/merchants";
import { createTestServices } from "../support/services";
import { siteArgs } from "../support/site-args";
import { workspaceRequest } from "../support/workspace-request";
import { insertSale } from "./sales-fixtures";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

type S = ReturnType<typeof createTestServices>;
type Reply = Response & { data?: Record<string, unknown> & { draftErrors?: Record<string, string> }; init?: ResponseInit | null };

/** A Colombian store in COP (no decimals) with a WhatsApp number, a 20.000 product (5 units) and a 5.000 one. */
async function shop(s: S, country = "CO") {
  const url = `armado-${crypto.randomUUID().slice(0, 8)}`;
  const m = await signedInMerchant(s, "standard", {
    name: "Armados",
    url,
    currency: "COP",
    country,
    saleNumber: "573001112233",
  });
  const now = s.clock.now();
  const mochila = await insertProduct(s.db, { storeId: m.store.id, name: "Mochila", price: 20_000, stock: 5 }, now);
  const gorra = await insertProduct(s.db, { storeId: m.store.id, name: "Gorra", price: 5_000, stock: 10 }, now);
  return { ...m, url, mochila, gorra };
}

type Shop = Awaited<ReturnType<typeof shop>>;

const build = (s: S, m: Shop, form: Record<string, string>, cookie = m.cookie) =>
  workspaceRequest(s, {
    module: { action: newOrderAction },
    cookie,
    method: "POST",
    path: `/Store/${m.store.id}/sales/new`,
    params: { storeId: m.store.id },
    form: { idempotencyKey: `clave-${crypto.randomUUID()}`, buyerName: "Camila", delivery: "delivery", ...form },
  });

async function settle(promise: Promise<unknown>): Promise<Reply> {
  try {
    return (await promise) as Reply;
  } catch (thrown) {
    return thrown as Reply;
  }
}
const statusOf = (r: Reply) => r.init?.status ?? r.status ?? 200;
const locationOf = (r: Reply) => new Headers(r.init?.headers ?? r.headers).get("Location") ?? "";

const orderPage = (s: S, m: Shop, sale: { id: string; accessToken: string }, body?: URLSearchParams) =>
  settle(
    (body ? orderAction : orderLoader)(
      siteArgs(s, m.url, `/Order/${sale.id}?t=${sale.accessToken}`, {
        params: { code: sale.id },
        ...(body ? { method: "POST", body } : {}),
      }) as never,
    ),
  );

const stockOf = async (s: S, id: string) =>
  (await s.db.select({ stock: products.stock, reserved: products.reserved }).from(products).where(eq(products.id, id)))[0];

const onlySale = async (s: S, storeId: string) => {
  const rows = await s.db.select().from(sales).where(eq(sales.storeId, storeId));
  expect(rows).toHaveLength(1);
  return rows[0] as (typeof rows)[number];
};

describe("'Armar pedido': an order built by the merchant", () => {
  it("saves a draft priced from the database, holds its units 48 hours and knows its customer", async () => {
    const s = createTestServices();
    const m = await shop(s);
    const lines = `${m.mochila.id}:2|${m.gorra.id}:1`;
    const built = await build(s, m, { lineas: lines, buyerPhone: "300 555 1234", deliveryFee: "6.000", discount: "5.000" });
    expect(built.status).toBe(302);
    const sale = await onlySale(s, m.store.id);
    expect(built.response?.headers.get("Location")).toBe(`/Store/${m.store.id}/sales/${sale.id}`);
    // 2 × 20.000 + 5.000 = 45.000 − 5.000 + 6.000 = 46.000.
    expect(sale).toMatchObject({
      draft: true,
      state: "Pendiente",
      subtotal: 45_000,
      discount: 5_000,
      deliveryFee: 6_000,
      total: 46_000,
      buyerName: "Camila",
      buyerPhone: "+573005551234",
      address: null,
      stockState: "held",
      reservedUntil: new Date(s.clock.now().getTime() + 48 * 3_600_000),
    });
    expect(await stockOf(s, m.mochila.id)).toEqual({ stock: 5, reserved: 2 });
    const [customer] = await s.db.select().from(customers).where(eq(customers.storeId, m.store.id));
    expect(customer).toMatchObject({ name: "Camila", phone: "573005551234" });
    expect(sale.customerId).toBe(customer?.id);
    // 'Actividad': the order built, by its code.
    const entries = await activityEntries(s, m.store.id);
    expect(entries.map((e) => [e.kind, e.subject, e.summary])).toEqual([["sale", sale.id, `Armó el pedido ${sale.id}`]]);
  });

  it("refuses in Spanish what it cannot build, and only the owner builds", async () => {
    const s = createTestServices();
    const m = await shop(s);
    const errorsOf = async (form: Record<string, string>) => {
      const answer = await build(s, m, form);
      return { status: answer.status, errors: (answer.data as { errors?: Record<string, string> })?.errors };
    };
    expect(await errorsOf({ lineas: "" })).toEqual({ status: 400, errors: { form: "Agrega al menos un producto al pedido" } });
    expect(await errorsOf({ lineas: `${m.gorra.id}:1`, buyerName: " " })).toEqual({
      status: 400,
      errors: { buyerName: "Escribe el nombre de tu cliente" },
    });
    const badPhone = await errorsOf({ lineas: `${m.gorra.id}:1`, buyerPhone: "12" });
    expect(badPhone.errors?.buyerPhone).toMatch(/^Este número de WhatsApp no existe en Colombia/);
    expect(await errorsOf({ lineas: `${m.gorra.id}:1`, discount: "6.000" })).toEqual({
      status: 400,
      errors: { discount: "El descuento no puede ser mayor que los productos" },
    });
    expect(await errorsOf({ lineas: `${m.gorra.id}:1`, deliveryFee: "abc" })).toEqual({
      status: 400,
      errors: { deliveryFee: "Escribe un precio válido, por ejemplo 12.500" },
    });
    expect(await errorsOf({ lineas: `${m.mochila.id}:6` })).toEqual({
      status: 409,
      errors: { form: "Limite de producto: No puedes comprar más productos de los que quedan (quedan 5 de “Mochila”)" },
    });
    const llavero = await insertProduct(s.db, { storeId: m.store.id, name: "Llavero", price: 2_000, stock: 1 }, s.clock.now());
    expect(await errorsOf({ lineas: `${llavero.id}:2` })).toEqual({
      status: 409,
      errors: { form: "Limite de producto: No puedes comprar más productos de los que quedan (queda 1 de “Llavero”)" },
    });
    // Another store's product is not this store's to sell.
    const other = await shop(s);
    expect(await errorsOf({ lineas: `${other.gorra.id}:1` })).toEqual({
      status: 409,
      errors: { form: "El pedido cambió mientras lo armabas: revisa los productos y vuelve a guardarlo" },
    });
    expect((await build(s, m, { lineas: `${m.gorra.id}:1` }, other.cookie)).status).toBe(404);
    expect(await s.db.select().from(sales).where(eq(sales.storeId, m.store.id))).toEqual([]);
    // The same form twice (a double tap) saves one draft.
    const key = `clave-${crypto.randomUUID()}`;
    expect((await build(s, m, { lineas: `${m.gorra.id}:1`, idempotencyKey: key })).status).toBe(302);
    expect((await build(s, m, { lineas: `${m.gorra.id}:1`, idempotencyKey: key })).status).toBe(302);
    expect(await s.db.select().from(sales).where(eq(sales.storeId, m.store.id))).toHaveLength(1);
    // …and 'Actividad' says it once.
    expect(await activityEntries(s, m.store.id)).toHaveLength(1);
    // Another store's key (a tampered form) is refused as the checkout refuses it, not a 500, and shows nothing of that draft.
    const taken = await build(s, other, { lineas: `${other.gorra.id}:1`, idempotencyKey: key });
    expect({ status: taken.status, errors: (taken.data as { errors?: Record<string, string> })?.errors }).toEqual({
      status: 409,
      errors: { form: "El pedido cambió mientras lo armabas: revisa los productos y vuelve a guardarlo" },
    });
    expect(await s.db.select().from(sales).where(eq(sales.storeId, other.store.id))).toEqual([]);
  });

  it("the builder's page adds and removes lines in its address and prices them from the database", async () => {
    const s = createTestServices();
    const m = await shop(s);
    const page = (query: string) =>
      workspaceRequest(s, {
        module: { loader: newOrderLoader },
        cookie: m.cookie,
        method: "GET",
        path: `/Store/${m.store.id}/sales/new${query}`,
        params: { storeId: m.store.id },
      });
    const added = await page(`?q=mochi&agregar=${m.mochila.id}&cantidad=2`);
    expect(added.status).toBe(302);
    expect(added.response?.headers.get("Location")).toBe(`/Store/${m.store.id}/sales/new?q=mochi&lineas=${m.mochila.id}%3A2`);
    const shown = await page(`?q=mochi&lineas=${m.mochila.id}:2`);
    expect(shown.data).toMatchObject({
      results: [{ key: m.mochila.id, name: "Mochila", left: 5 }],
      lines: [{ key: m.mochila.id, name: "Mochila", quantity: 2, short: false }],
    });
    expect(String((shown.data as { subtotal: string }).subtotal)).toMatch(/40\.000/);
    const removed = await page(`?lineas=${m.mochila.id}:2&quitar=${m.mochila.id}`);
    expect(removed.response?.headers.get("Location")).toBe(`/Store/${m.store.id}/sales/new`);
  });
});

describe("the buyer's WhatsApp from the sale's dialog", () => {
  it("opens the number as the store's country reads it, for orders and built orders saved as typed", async () => {
    const s = createTestServices();
    const m = await signedInMerchant(s, "standard", {
      name: "Mates",
      currency: "ARS",
      country: "AR",
      saleNumber: "5491155551234",
    });
    const line = [{ productId: null, name: "Mate", quantity: 1 }];
    const sold = await insertSale(s, { storeId: m.store.id, currency: "ARS", buyerPhone: "11 4444-5678", lines: line });
    // A built order from before its number was read by the country, still waiting for the customer.
    const built = await insertSale(s, { storeId: m.store.id, currency: "ARS", buyerPhone: "011 15 6666-7777", lines: line });
    await s.db.update(sales).set({ draft: true }).where(eq(sales.id, built));
    const dialog = async (id: string) =>
      (
        await workspaceRequest(s, {
          module: saleDetail,
          cookie: m.cookie,
          method: "GET",
          path: `/Store/${m.store.id}/sales/${id}`,
          params: { storeId: m.store.id, saleId: id },
        })
      ).data as { chatUrl: string | null; draft: { whatsapp?: string | null } | null };
    const phoneOf = (url: string | null | undefined) => new URL(url ?? "").searchParams.get("phone");
    expect(phoneOf((await dialog(sold)).chatUrl)).toBe("5491144445678");
    const draft = await dialog(built);
    expect(phoneOf(draft.chatUrl)).toBe("5491166667777");
    expect(phoneOf(draft.draft?.whatsapp)).toBe("5491166667777");
  });
});

describe("the customer confirms the order from its link", () => {
  const transfer = { ...methodOff("transfer"), enabled: true, adjustPercent: -10, keyValue: "armados.cop" };

  it("fills the address, pays by transfer with its 10 % off, and the merchant is told as of a new order", async () => {
    const s = createTestServices();
    const m = await shop(s);
    await savePaymentMethod(s.db, TEST_ACTOR, m.store.id, transfer, s.clock.now());
    await build(s, m, { lineas: `${m.mochila.id}:2`, deliveryFee: "6.000", discount: "4.000" });
    const draft = await onlySale(s, m.store.id);

    const page = await orderPage(s, m, draft);
    expect(page.data).toMatchObject({
      heading: "Revisa tu pedido",
      review: {
        needsAddress: true,
        phoneRequired: false,
        // 40.000 − 4.000 = 36.000; transfer 10 % of 36.000 = 3.600; + 6.000 = 38.400: the total shown to confirm.
        payments: [
          {
            value: "transfer",
            label: "Transferencia o depósito bancario — 10\u00a0% de descuento: total $\u00a038.400",
            total: 38_400,
          },
        ],
        values: { buyerName: "Camila", buyerPhone: "" },
      },
      whatsapp: null,
    });
    // No address for a home delivery: refused, nothing changes.
    const noAddress = await orderPage(s, m, draft, new URLSearchParams({ intent: "confirm-draft", buyerName: "Camila" }));
    expect(statusOf(noAddress)).toBe(400);
    expect(noAddress.data?.draftErrors).toEqual({ address: "Escribe la dirección de entrega" });
    // A way to pay the store does not offer: refused.
    const cash = await orderPage(
      s,
      m,
      draft,
      new URLSearchParams({ intent: "confirm-draft", buyerName: "Camila", address: "Calle 8 # 4-20", payment: "cash" }),
    );
    expect(statusOf(cash)).toBe(409);
    expect((await onlySale(s, m.store.id)).draft).toBe(true);

    const confirmed = await orderPage(
      s,
      m,
      draft,
      new URLSearchParams({
        intent: "confirm-draft",
        buyerName: "Camila Ríos",
        buyerEmail: "Camila@Correo.test",
        address: "Calle 8 # 4-20",
        payment: "transfer",
        "shownTotal-transfer": "38400",
        // What a tampered form might add is never read.
        total: "1",
      }),
    );
    expect(statusOf(confirmed)).toBe(303);
    expect(locationOf(confirmed)).toBe(`/site/${m.url}/Order/${draft.id}?t=${draft.accessToken}`);
    // 40.000 − 4.000 = 36.000; transfer 10 % of 36.000 = 3.600; + 6.000 = 38.400.
    const sale = await onlySale(s, m.store.id);
    expect(sale).toMatchObject({
      draft: false,
      buyerName: "Camila Ríos",
      buyerEmail: "camila@correo.test",
      address: "Calle 8 # 4-20",
      paymentMethod: "transfer",
      paymentStatus: "none",
      paymentAdjustment: -3_600,
      total: 38_400,
      stockState: "held",
      reservedUntil: new Date(s.clock.now().getTime() + 48 * 3_600_000),
    });
    // Built without a number, the order gets its customer from the confirmation.
    const [camila] = await s.db.select().from(customers).where(eq(customers.storeId, m.store.id));
    expect(camila).toMatchObject({ name: "Camila Ríos", email: "camila@correo.test" });
    expect(sale.customerId).toBe(camila?.id);
    const mail = s.outbox.sent.find((sent) => sent.to === `${m.id}@correo.test`);
    expect(mail?.subject).toContain(draft.id);
    expect(mail?.text).toContain("Envío: $\u00a06.000");
    // The customer who confirmed it with an email gets its receipt too.
    expect(s.outbox.sent.find((sent) => sent.to === "camila@correo.test")?.subject).toBe(
      `Recibimos tu pedido ${draft.id} en ${m.store.name}`,
    );
    // The order page now shows where to transfer, and a second confirmation changes nothing.
    expect((await orderPage(s, m, draft)).data).toMatchObject({ heading: "¡Pedido registrado!", review: null });
    const again = await orderPage(
      s,
      m,
      draft,
      new URLSearchParams({ intent: "confirm-draft", buyerName: "Otra", address: "X", payment: "transfer" }),
    );
    expect(statusOf(again)).toBe(409);
    expect(again.data?.draftErrors).toEqual({ form: "Este pedido ya no espera tu confirmación" });
    expect((await onlySale(s, m.store.id)).buyerName).toBe("Camila Ríos");
  });

  it("tells a merchant in Argentina in their 'vos', their first store read with the order's batch", async () => {
    const s = createTestServices();
    const m = await shop(s, "AR");
    await savePaymentMethod(s.db, TEST_ACTOR, m.store.id, transfer, s.clock.now());
    await build(s, m, { lineas: `${m.gorra.id}:2`, delivery: "pickup" });
    const draft = await onlySale(s, m.store.id);
    const fields = { intent: "confirm-draft", buyerName: "Camila", payment: "transfer", "shownTotal-transfer": "9000" };
    expect(statusOf(await orderPage(s, m, draft, new URLSearchParams(fields)))).toBe(303);
    const mail = s.outbox.sent.find((sent) => sent.to === `${m.id}@correo.test`);
    expect(mail?.subject).toContain(draft.id);
    expect(mail?.text).toContain("transferencia o depósito (revisá que llegue antes de completar el pedido)");
  });

  it("tells a way to pay's discount changed since the page showed its total, and confirms nothing", async () => {
    const s = createTestServices();
    const m = await shop(s);
    await savePaymentMethod(s.db, TEST_ACTOR, m.store.id, transfer, s.clock.now());
    await build(s, m, { lineas: `${m.mochila.id}:2`, deliveryFee: "6.000", discount: "4.000" });
    const draft = await onlySale(s, m.store.id);
    // The page showed 38.400 (10 % off); the merchant makes it 5 % before the customer confirms.
    await savePaymentMethod(s.db, TEST_ACTOR, m.store.id, { ...transfer, adjustPercent: -5 }, s.clock.now());
    const fields = { intent: "confirm-draft", buyerName: "Camila", address: "Calle 8", payment: "transfer" };
    const changed = await orderPage(s, m, draft, new URLSearchParams({ ...fields, "shownTotal-transfer": "38400" }));
    expect(statusOf(changed)).toBe(409);
    expect(changed.data?.draftErrors?.form).toBe(
      "Tu pedido cambió desde que lo viste (el total: ahora $\u00a040.200, antes $\u00a038.400). Revisa el total y vuelve a enviarlo.",
    );
    // A form without the total it showed is not confirmed either.
    expect(statusOf(await orderPage(s, m, draft, new URLSearchParams(fields)))).toBe(409);
    expect((await onlySale(s, m.store.id)).draft).toBe(true);
  });

  it("a draft not confirmed in 48 hours gives its units back and can no longer be confirmed", async () => {
    const s = createTestServices();
    const m = await shop(s);
    await build(s, m, { lineas: `${m.mochila.id}:3`, delivery: "pickup" });
    const draft = await onlySale(s, m.store.id);
    expect(await stockOf(s, m.mochila.id)).toEqual({ stock: 5, reserved: 3 });
    s.testClock.current = new Date(s.testClock.current.getTime() + 48 * 3_600_000 + 60_000);
    expect((await runOrderUpkeep(s)).released).toBe(1);
    expect(await stockOf(s, m.mochila.id)).toEqual({ stock: 5, reserved: 0 });
    const page = await orderPage(s, m, draft);
    expect(page.data).toMatchObject({ review: null, stateText: expect.stringMatching(/^Este pedido venció/) });
    const late = await orderPage(s, m, draft, new URLSearchParams({ intent: "confirm-draft", buyerName: "Camila" }));
    expect(statusOf(late)).toBe(409);
    expect(late.data?.draftErrors?.form).toMatch(/^Este pedido venció/);
    expect((await onlySale(s, m.store.id)).draft).toBe(true);
  });

  it("paid as arranged, the confirmation goes on to the store's WhatsApp with the order", async () => {
    const s = createTestServices();
    const m = await shop(s);
    await build(s, m, { lineas: `${m.gorra.id}:2`, delivery: "pickup", buyerPhone: "3005551234" });
    const draft = await onlySale(s, m.store.id);
    const confirmed = await orderPage(
      s,
      m,
      draft,
      new URLSearchParams({
        intent: "confirm-draft",
        buyerName: "Camila",
        buyerPhone: "300 555 1234",
        "shownTotal-on_delivery": "10000",
      }),
    );
    expect(statusOf(confirmed)).toBe(303);
    const url = new URL(locationOf(confirmed));
    expect(url.searchParams.get("phone")).toBe("573001112233");
    expect(url.searchParams.get("text")).toContain(`Pedido ${draft.id}`);
    expect(await onlySale(s, m.store.id)).toMatchObject({ draft: false, paymentMethod: "on_delivery", total: 10_000 });
    // Built for her number, confirmed with it written another way: still one customer, with the order.
    const list = await s.db.select().from(customers).where(eq(customers.storeId, m.store.id));
    expect(list).toHaveLength(1);
    expect((await onlySale(s, m.store.id)).customerId).toBe(list[0]?.id);
  });

  it("once confirmed, it holds its units for its way to pay's hours ('Pedidos a coordinar' on 'Cobros'), then lapses", async () => {
    const s = createTestServices();
    const m = await shop(s);
    await savePaymentMethod(
      s.db,
      TEST_ACTOR,
      m.store.id,
      { ...methodOff("cash"), method: "on_delivery", holdHours: 6 },
      s.clock.now(),
    );
    await build(s, m, { lineas: `${m.gorra.id}:2`, delivery: "pickup", buyerPhone: "3005551234" });
    const draft = await onlySale(s, m.store.id);
    const fields = { intent: "confirm-draft", buyerName: "Camila", "shownTotal-on_delivery": "10000" };
    expect(statusOf(await orderPage(s, m, draft, new URLSearchParams(fields)))).toBe(303);
    const confirmedAt = s.clock.now().getTime();
    expect((await onlySale(s, m.store.id)).reservedUntil?.getTime()).toBe(confirmedAt + 6 * 3_600_000);
    s.testClock.current = new Date(confirmedAt + 6 * 3_600_000);
    expect((await runOrderUpkeep(s)).released).toBe(1);
    expect(await onlySale(s, m.store.id)).toMatchObject({ state: "Pendiente", stockState: "released" });
    expect(await stockOf(s, m.gorra.id)).toEqual({ stock: 10, reserved: 0 });
  });
});
