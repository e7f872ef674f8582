import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { translatorFor } from "~/domain/message-catalogs";
import { SALES_MAX_SHOWN } from "~/domain/sales";
import { getSale, listSalesWithLines } from "~/orders/order-queries.server";
import { changeSale } from "~/orders/sale-changes.server";
import { parseSalesQuery } from "~/sales/query.server";

const es = translatorFor("es");

import SaleDetail, * as saleDetail from "~/sales/routes/sale-detail";
import { jsonLogger } from "~/services/log";
import { sales } from "../../db/schema";
import { signedInMerchant, TEST_ACTOR } from "../support/merchants";
import { inMerchantVoice } from "../support/messages";
import { listSales } from "../support/orders";
import { createTestServices } from "../support/services";
import { workspaceRequest } from "../support/workspace-request";
import { anotherProcess, insertSale, merchantWithStore, product, type TestServices } from "./sales-fixtures";

const HOUR = 3_600_000;

/** The sales the list shows for a query string, as the page parses it. */
async function shownSales(s: TestServices, store: { id: string; timeZone: string }, query: string) {
  const parsed = parseSalesQuery(new URLSearchParams(query), es);
  if (!parsed.ok) throw new Error(parsed.error);
  return (await listSales(s.db, store, parsed.view, s.clock.now())).sales;
}

const shown = async (s: TestServices, store: { id: string; timeZone: string }, query: string) =>
  (await shownSales(s, store, query)).map((sale) => sale.id);

describe("the sales list's 'Entrega' and 'Pago' filters", () => {
  async function desk() {
    const s = createTestServices();
    const { store } = await merchantWithStore(s);
    const now = s.clock.now().getTime();
    const line = [{ productId: null, name: "Taza", quantity: 1 }];
    const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
    // Newest first: today (Bogotá, 10:00) three sales, yesterday three more.
    const ids = {
      todayDeliveryApproved: await insertSale(s, {
        storeId: store.id,
        lines: line,
        createdAt: at(1),
        delivery: "delivery",
        paymentMethod: "online",
        paymentStatus: "approved",
      }),
      todayPickupOnDelivery: await insertSale(s, { storeId: store.id, lines: line, createdAt: at(2), delivery: "pickup" }),
      todayDeliveryOnDelivery: await insertSale(s, {
        storeId: store.id,
        lines: line,
        createdAt: at(3),
        delivery: "delivery",
      }),
      oldDeliveryApproved: await insertSale(s, {
        storeId: store.id,
        lines: line,
        createdAt: at(30),
        delivery: "delivery",
        paymentMethod: "online",
        paymentStatus: "approved",
      }),
      oldArrangePending: await insertSale(s, {
        storeId: store.id,
        lines: line,
        createdAt: at(31),
        delivery: "arrange",
        paymentMethod: "online",
      }),
      oldPickupRejected: await insertSale(s, {
        storeId: store.id,
        lines: line,
        createdAt: at(32),
        delivery: "pickup",
        paymentMethod: "online",
        paymentStatus: "rejected",
      }),
    };
    // Another store's sales match every filter and are newer: they must never show.
    const other = await merchantWithStore(s);
    for (const [delivery, paymentMethod] of [
      ["delivery", "online"],
      ["pickup", "on_delivery"],
      ["arrange", "online"],
    ] as const) {
      await insertSale(s, {
        storeId: other.store.id,
        lines: line,
        createdAt: at(0.5),
        delivery,
        paymentMethod,
        paymentStatus: paymentMethod === "online" ? "approved" : "none",
      });
    }
    return { s, store, ids };
  }

  it("filters by delivery method, by payment, and by both, newest first, in 'Últimas 20'", async () => {
    const { s, store, ids } = await desk();
    expect(await shown(s, store, "delivery=delivery")).toEqual([
      ids.todayDeliveryApproved,
      ids.todayDeliveryOnDelivery,
      ids.oldDeliveryApproved,
    ]);
    expect(await shown(s, store, "delivery=arrange")).toEqual([ids.oldArrangePending]);
    expect(await shown(s, store, "payment=approved")).toEqual([ids.todayDeliveryApproved, ids.oldDeliveryApproved]);
    expect(await shown(s, store, "payment=on_delivery")).toEqual([ids.todayPickupOnDelivery, ids.todayDeliveryOnDelivery]);
    expect(await shown(s, store, "payment=pending")).toEqual([ids.oldArrangePending]);
    expect(await shown(s, store, "payment=rejected")).toEqual([ids.oldPickupRejected]);
    expect(await shown(s, store, "delivery=delivery&payment=approved")).toEqual([
      ids.todayDeliveryApproved,
      ids.oldDeliveryApproved,
    ]);
    expect(await shown(s, store, "delivery=pickup&payment=approved")).toEqual([]);
    // No filter (or 'Todas'/'Todos', sent empty by the form): every sale of the store.
    expect(await shown(s, store, "delivery=&payment=")).toHaveLength(6);
  });

  it("combines with 'Hoy', the code search and 'Cargar más ventas'", async () => {
    const { s, store, ids } = await desk();
    expect(await shown(s, store, "view=today&delivery=delivery")).toEqual([
      ids.todayDeliveryApproved,
      ids.todayDeliveryOnDelivery,
    ]);
    expect(await shown(s, store, "view=today&payment=approved")).toEqual([ids.todayDeliveryApproved]);
    expect(await shown(s, store, "view=today&delivery=arrange")).toEqual([]);
    expect(await shown(s, store, `code=${ids.oldDeliveryApproved}&delivery=delivery&payment=approved`)).toEqual([
      ids.oldDeliveryApproved,
    ]);
    expect(await shown(s, store, `code=${ids.oldDeliveryApproved}&delivery=pickup`)).toEqual([]);
    expect(await shown(s, store, `code=${ids.oldDeliveryApproved}&payment=on_delivery`)).toEqual([]);
    const parsed = parseSalesQuery(new URLSearchParams("limit=40&payment=approved"), es);
    expect(parsed).toMatchObject({ ok: true, view: { kind: "latest", limit: 40, filters: { payment: "approved" } } });
    // The CSV export holds exactly the filtered sales.
    if (!parsed.ok) throw new Error("parsed");
    expect((await listSalesWithLines(s.db, store, parsed.view, s.clock.now())).map((sale) => sale.id)).toEqual([
      ids.todayDeliveryApproved,
      ids.oldDeliveryApproved,
    ]);
  });

  it("never shows another store's sales, nor finds one by its code", async () => {
    const { s, store } = await desk();
    const other = await merchantWithStore(s);
    const theirs = await insertSale(s, {
      storeId: other.store.id,
      lines: [{ productId: null, name: "Ajena", quantity: 1 }],
      delivery: "delivery",
      paymentMethod: "online",
      paymentStatus: "approved",
    });
    for (const query of [
      "delivery=delivery",
      "payment=approved",
      "view=today&payment=approved",
      `code=${theirs}&delivery=delivery`,
    ]) {
      const rows = await shownSales(s, store, query);
      expect(rows.map((sale) => sale.id)).not.toContain(theirs);
      expect(rows.every((sale) => sale.storeId === store.id)).toBe(true);
    }
  });

  it("ignores unknown filter values instead of failing", () => {
    for (const query of ["delivery=teleport", "payment=%27%20or%201%3D1", "delivery[]=x&payment=APPROVED"]) {
      expect(parseSalesQuery(new URLSearchParams(query), es)).toMatchObject({ ok: true, filters: {} });
    }
  });

  it("looks among the newest sales only: a filter matching only older sales shows nothing, its code still finds it", async () => {
    const s = createTestServices();
    const { store } = await merchantWithStore(s);
    const start = s.clock.now().getTime() - 10 * 24 * HOUR;
    const old = await insertSale(s, {
      storeId: store.id,
      lines: [{ productId: null, name: "Vieja", quantity: 1 }],
      createdAt: new Date(start),
      delivery: "arrange",
    });
    const rows = Array.from({ length: SALES_MAX_SHOWN }, (_, i) => ({
      id: String(2_000_000_000 + i),
      storeId: store.id,
      total: 1000,
      subtotal: 1000,
      currency: "USD",
      buyerName: "Ana",
      delivery: "pickup" as const,
      createdAt: new Date(start + (i + 1) * 60_000),
    }));
    for (let i = 0; i < rows.length; i += 200) await s.db.insert(sales).values(rows.slice(i, i + 200));
    expect(await shown(s, store, "delivery=arrange")).toEqual([]);
    expect(await shown(s, store, `code=${old}&delivery=arrange`)).toEqual([old]);
    // The window is exactly the newest SALES_MAX_SHOWN sales: every pickup sale is in it.
    expect(await shown(s, store, "delivery=pickup&limit=1000")).toHaveLength(SALES_MAX_SHOWN);
  });
});

describe("the buyer's email when the merchant confirms or cancels", () => {
  async function storeWithSale(s: TestServices, buyerEmail: string | null) {
    const { store } = await merchantWithStore(s);
    const taza = await product(s, store.id, "Taza", 10, 1500);
    const id = await insertSale(s, {
      storeId: store.id,
      lines: [{ productId: taza.id, name: "Taza", quantity: 2, unitPrice: 1500 }],
      buyerEmail,
      delivery: "delivery",
      deliveryZone: "Chapinero",
      deliveryFee: 500,
      discount: 300,
      discountCode: "VERANO10",
    });
    return { store, id };
  }

  it("confirm: exactly one email to the buyer, with the code, the total and the order page link; none on a repeated confirm", async () => {
    const s = createTestServices();
    const { store, id } = await storeWithSale(s, "carlos@correo.test");
    const sale = await getSale(s.db, store.id, id);
    expect(await changeSale(s, TEST_ACTOR, store, id, "confirm")).toEqual({ ok: true, state: "Confirmada" });
    expect(s.outbox.sent).toHaveLength(1);
    const [mail] = s.outbox.sent;
    expect(mail?.to).toBe("carlos@correo.test");
    expect(mail?.subject).toBe(`Tu pedido ${id} en ${store.name} fue confirmado`);
    expect(mail?.text).toMatch(/Total: .*32,00/);
    expect(mail?.text).toContain(`http://${store.url}.localhost:3999/Order/${id}?t=${sale?.accessToken}`);
    expect(await changeSale(s, TEST_ACTOR, store, id, "confirm")).toEqual({
      ok: false,
      reason: "not_pending",
      state: "Confirmada",
    });
    expect(await changeSale(s, TEST_ACTOR, store, id, "cancel")).toEqual({
      ok: false,
      reason: "not_pending",
      state: "Confirmada",
    });
    expect(s.outbox.sent).toHaveLength(1);
  });

  it("two concurrent confirmations send one email", async () => {
    const s = createTestServices();
    await s.db.$client.execute("PRAGMA journal_mode = WAL");
    const { store, id } = await storeWithSale(s, "carlos@correo.test");
    const second = await anotherProcess(s);
    const results = await Promise.all([
      changeSale(s, TEST_ACTOR, store, id, "confirm"),
      changeSale(second, TEST_ACTOR, store, id, "confirm"),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(s.outbox.sent).toHaveLength(1);
    second.db.$client.close();
  });

  it("sends nothing for a sale without an email", async () => {
    const s = createTestServices();
    const { store, id } = await storeWithSale(s, null);
    expect(await changeSale(s, TEST_ACTOR, store, id, "confirm")).toEqual({ ok: true, state: "Confirmada" });
    expect(s.outbox.sent).toEqual([]);
  });

  it("cancel sends the cancellation email", async () => {
    const s = createTestServices();
    const { store, id } = await storeWithSale(s, "carlos@correo.test");
    expect(await changeSale(s, TEST_ACTOR, store, id, "cancel")).toEqual({ ok: true, state: "Cancelada" });
    expect(s.outbox.sent.map((m) => [m.to, m.subject])).toEqual([
      ["carlos@correo.test", `Tu pedido ${id} en ${store.name} fue cancelado`],
    ]);
    expect(await changeSale(s, TEST_ACTOR, store, id, "cancel")).toMatchObject({ ok: false, reason: "not_pending" });
    expect(s.outbox.sent).toHaveLength(1);
  });

  it("a mail failure never fails the merchant's action", async () => {
    const s = createTestServices();
    const { store, id } = await storeWithSale(s, "carlos@correo.test");
    const lines: string[] = [];
    const failing = {
      ...s,
      mail: {
        send: async () => {
          throw new Error("servicio de correo caído");
        },
      },
      log: jsonLogger((line) => lines.push(line)),
    };
    expect(await changeSale(failing, TEST_ACTOR, store, id, "confirm")).toEqual({ ok: true, state: "Confirmada" });
    expect((await getSale(s.db, store.id, id))?.state).toBe("Confirmada");
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        level: "error",
        event: "mail.failed",
        mail: "sale-confirmed",
        saleId: id,
        errorMessage: "servicio de correo caído",
      }),
    ]);
  });

  it("the sale page's 'Completar' emails the buyer once, through the route action", async () => {
    const s = createTestServices();
    const merchant = await signedInMerchant(s);
    const id = await insertSale(s, {
      storeId: merchant.store.id,
      lines: [{ productId: null, name: "Taza", quantity: 1 }],
      buyerEmail: "lucia@correo.test",
    });
    const { cookie } = merchant;
    const post = () =>
      workspaceRequest(s, {
        module: saleDetail,
        cookie,
        method: "POST",
        path: `/Store/${merchant.store.id}/sales/${id}`,
        params: { storeId: merchant.store.id, saleId: id },
        form: { intent: "confirm" },
      });
    expect(await post()).toEqual({ status: 200, data: { message: "Venta completada" } });
    expect((await post()).status).toBe(409);
    expect(s.outbox.sent.map((m) => m.to)).toEqual(["lucia@correo.test"]);
  });
});

describe("the sale's dialog", () => {
  it("names its two ways out apart: 'Cancelar pedido' cancels the order, 'Volver' closes the question", async () => {
    const s = createTestServices();
    const merchant = await signedInMerchant(s);
    const id = await insertSale(s, { storeId: merchant.store.id, lines: [{ productId: null, name: "Taza", quantity: 1 }] });
    const { data } = await workspaceRequest(s, {
      module: saleDetail,
      cookie: merchant.cookie,
      method: "GET",
      path: `/Store/${merchant.store.id}/sales/${id}`,
      params: { storeId: merchant.store.id, saleId: id },
    });
    const props = { loaderData: data, actionData: undefined, params: {}, matches: [] };
    const Page = createRoutesStub([
      {
        path: "/",
        Component: () => inMerchantVoice("es", createElement(SaleDetail, props as unknown as Parameters<typeof SaleDetail>[0])),
      },
    ]);
    const html = renderToStaticMarkup(createElement(Page));
    const buttons = [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);
    expect(buttons).toEqual(expect.arrayContaining(["Cancelar pedido", "Completar", "Volver", "Confirmar"]));
    expect(buttons).not.toContain("Cancelar");
  });
});
