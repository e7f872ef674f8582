import { desc, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { action as customerAction, loader as customerLoader } from "~/customers/routes/customer-detail";
import { loader as customerListLoader } from "~/customers/routes/customer-list";
import { loader as customersCsvLoader } from "~/customers/routes/customers-csv";
import { customerListQuery } from "~/orders/customer-records.server";
import { linkPastOrders } from "~/orders/customers.server";
import { createSale } from "~/orders/order-records.server";
import { changeSale } from "~/orders/sale-changes.server";
import { insertProduct } from "~/products/products.server";
import type { Services } from "~/services/services";
import { customers, sales } from "../../db/schema";
import { activityEntries } from "../support/activity";
import { checkoutForm, postCheckout } from "../support/checkout";
import { signedInMerchant, TEST_ACTOR } from "../support/merchants";
import { newOrder } from "../support/orders";
import { createTestServices } from "../support/services";
import { workspaceRequest } from "../support/workspace-request";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

type S = ReturnType<typeof createTestServices>;

/** An Argentine store (numbers read by Argentina's rules) with a 10.000 product. */
async function shop(s: S) {
  const url = `clientes-${crypto.randomUUID().slice(0, 8)}`;
  const m = await signedInMerchant(s, "standard", {
    name: "Clientes",
    url,
    currency: "ARS",
    country: "AR",
    saleNumber: "5491140000000",
  });
  const product = await insertProduct(s.db, { storeId: m.store.id, name: "Taza", price: 10_000, stock: 100 }, s.clock.now());
  return { ...m, url, product };
}

async function place(s: Services, url: string, productId: string, buyer: Record<string, string>, quantity = 1) {
  const form = checkoutForm([`${productId}:${quantity}`], { shownSubtotal: String(10_000 * quantity), ...buyer });
  expect(((await postCheckout(s, url, form)) as Response).status).toBe(303);
  const [sale] = await s.db
    .select()
    .from(sales)
    .where(eq(sales.storeId, (await storeIdOf(s, url)) ?? ""))
    .orderBy(desc(sales.createdAt), desc(sql`sales.rowid`));
  return sale;
}

const storeIdOf = async (s: Services, url: string) =>
  (await s.db.query.stores.findFirst({ where: (t, { eq }) => eq(t.url, url) }))?.id;

const later = (s: S) => {
  s.testClock.current = new Date(s.testClock.current.getTime() + 60_000);
};

const listOf = (s: S, m: Awaited<ReturnType<typeof shop>>, search = "") =>
  customerListQuery(s.db, m.store, { search, sort: "recent", limit: 50 });

describe("the customer list, built from orders", () => {
  it("three orders by one number typed three ways are one customer; totals count the confirmed orders", async () => {
    const s = createTestServices();
    const m = await shop(s);
    await place(s, m.url, m.product.id, { buyerName: "Marta", buyerPhone: "11 5555-1234" });
    later(s);
    await place(s, m.url, m.product.id, { buyerName: "Marta Gómez", buyerPhone: "+54 9 11 5555 1234" }, 2);
    later(s);
    await place(s, m.url, m.product.id, {
      buyerName: "Marta G.",
      buyerPhone: "011 15 5555-1234",
      buyerEmail: "Marta@Correo.test",
    });
    await place(s, m.url, m.product.id, { buyerName: "Otro", buyerPhone: "11 4444-0000" });

    const list = await listOf(s, m);
    expect(list).toHaveLength(2);
    const marta = list.find((c) => c.phone === "5491155551234");
    expect(marta).toMatchObject({ name: "Marta G.", email: "marta@correo.test", orders: 3, spent: 0 });

    // Confirm two, cancel one: 'Pedidos' drops the cancelled one, 'Total comprado' adds the confirmed ones.
    const own = await s.db
      .select()
      .from(sales)
      .where(eq(sales.customerId, marta?.id ?? -1))
      .orderBy(sales.createdAt);
    expect(own).toHaveLength(3);
    await changeSale(s, TEST_ACTOR, m.store, own[0]?.id ?? "", "confirm");
    await changeSale(s, TEST_ACTOR, m.store, own[1]?.id ?? "", "confirm");
    await changeSale(s, TEST_ACTOR, m.store, own[2]?.id ?? "", "cancel");
    const [after] = await listOf(s, m, "marta");
    expect(after).toMatchObject({ orders: 2, spent: 30_000 });

    // Searched by name, by email, by a number as typed; another store's list does not have them.
    expect((await listOf(s, m, "GÓMEZ")).length + (await listOf(s, m, "g.")).length).toBeGreaterThan(0);
    expect((await listOf(s, m, "correo.test")).map((c) => c.name)).toEqual(["Marta G."]);
    expect((await listOf(s, m, "11 5555 12")).map((c) => c.name)).toEqual(["Marta G."]);
    expect((await listOf(s, m, "100%")).length).toBe(0);
    const other = await shop(s);
    expect(await listOf(s, other)).toEqual([]);
  });

  it("sorts by orders, amount and name, and the page and CSV follow the query", async () => {
    const s = createTestServices();
    const m = await shop(s);
    await place(s, m.url, m.product.id, { buyerName: "Beto", buyerPhone: "11 2222-0001" });
    await place(s, m.url, m.product.id, { buyerName: "Beto", buyerPhone: "11 2222-0001" });
    later(s);
    const ana = await place(s, m.url, m.product.id, { buyerName: "ana", buyerEmail: "ana@correo.test", buyerPhone: "" }, 5);
    await changeSale(s, TEST_ACTOR, m.store, ana?.id ?? "", "confirm");
    const names = async (sort: "recent" | "orders" | "spent" | "name") =>
      (await customerListQuery(s.db, m.store, { search: "", sort, limit: 50 })).map((c) => c.name);
    expect(await names("recent")).toEqual(["ana", "Beto"]);
    expect(await names("orders")).toEqual(["Beto", "ana"]);
    expect(await names("spent")).toEqual(["ana", "Beto"]);
    expect(await names("name")).toEqual(["ana", "Beto"]);

    const page = await workspaceRequest(s, {
      module: { loader: customerListLoader },
      cookie: m.cookie,
      method: "GET",
      path: `/Store/${m.store.id}/customers?sort=orders&q=beto`,
      params: { storeId: m.store.id },
    });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      customers: [{ name: "Beto", phone: "+54 9 11 2222 0001", orders: 2 }],
      hasMore: false,
    });
    const csv = await workspaceRequest(s, {
      module: { loader: customersCsvLoader },
      cookie: m.cookie,
      method: "GET",
      path: `/Store/${m.store.id}/customers.csv?sort=spent`,
      params: { storeId: m.store.id },
    });
    const text = (await csv.response?.text()) ?? "";
    expect(csv.response?.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(text.split("\r\n").slice(0, 3)).toEqual([
      "Nombre;WhatsApp;Email;Pedidos;Total comprado;Moneda;Último pedido",
      "ana;;ana@correo.test;1;500.00;ARS;2026-03-10 10:01",
      "Beto;'+5491122220001;;2;0.00;ARS;2026-03-10 10:00",
    ]);
  });

  it("merges two entries of one person, scoped to the owner's store", async () => {
    const s = createTestServices();
    const m = await shop(s);
    await place(s, m.url, m.product.id, { buyerName: "Rosa", buyerPhone: "11 3333-0001" });
    await place(s, m.url, m.product.id, { buyerName: "Rosa", buyerEmail: "rosa@correo.test", buyerPhone: "" });
    const both = await s.db.select().from(customers).where(eq(customers.storeId, m.store.id));
    expect(both).toHaveLength(2);
    const byPhone = both.find((c) => c.phone);
    const byEmail = both.find((c) => c.email);
    expect(byPhone?.phone).toBe("5491133330001");
    expect(byEmail?.email).toBe("rosa@correo.test");
    const merge = (cookie: string, storeId: string, keptId: number, other: number) =>
      workspaceRequest(s, {
        module: { action: customerAction },
        cookie,
        method: "POST",
        path: `/Store/${storeId}/customers/${keptId}`,
        params: { storeId, customerId: String(keptId) },
        form: { intent: "merge", other: String(other) },
      });
    // Another merchant cannot merge this store's customers, through their own store or this one.
    const intruder = await shop(s);
    expect((await merge(intruder.cookie, intruder.store.id, byPhone?.id ?? 0, byEmail?.id ?? 0)).status).toBe(404);
    for (const [cookie, storeId] of [
      [intruder.cookie, intruder.store.id],
      [intruder.cookie, m.store.id],
    ]) {
      const peek = await workspaceRequest(s, {
        module: { loader: customerLoader },
        cookie: cookie as string,
        method: "GET",
        path: `/Store/${storeId}/customers/${byPhone?.id}`,
        params: { storeId: storeId as string, customerId: String(byPhone?.id) },
      });
      expect(peek.status).toBe(404);
    }
    expect((await merge(intruder.cookie, m.store.id, byPhone?.id ?? 0, byEmail?.id ?? 0)).status).toBe(404);
    expect((await merge(m.cookie, m.store.id, byPhone?.id ?? 0, byPhone?.id ?? 0)).status).toBe(400);
    expect((await merge(m.cookie, m.store.id, byPhone?.id ?? 0, 0)).status).toBe(400);
    expect((await merge(m.cookie, m.store.id, byPhone?.id ?? 0, byEmail?.id ?? 0)).status).toBe(302);

    const [rosa] = await listOf(s, m);
    expect(await listOf(s, m)).toHaveLength(1);
    expect(rosa).toMatchObject({ id: byPhone?.id, phone: "5491133330001", email: "rosa@correo.test", orders: 2 });
    // Her next order by email alone finds the merged customer.
    await place(s, m.url, m.product.id, { buyerName: "Rosa", buyerEmail: "rosa@correo.test", buyerPhone: "" });
    expect((await listOf(s, m))[0]).toMatchObject({ id: byPhone?.id, orders: 3 });
    // 'Actividad' says it once, by the owner, naming nothing of hers; the refused merges left nothing.
    const entries = await activityEntries(s, m.store.id);
    expect(entries.map((e) => [e.kind, e.summary, e.actorUserId])).toEqual([
      ["sale", "Unió dos fichas de un mismo cliente", m.id],
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/Rosa|rosa@|3333/);
  });

  it("deletes a customer's data at their request: orders keep the bookkeeping, lose the person", async () => {
    const s = createTestServices();
    const m = await shop(s);
    await place(
      s,
      m.url,
      m.product.id,
      {
        buyerName: "Julia",
        buyerPhone: "11 7777-0001",
        buyerEmail: "julia@correo.test",
        note: "Timbre 3B",
      },
      2,
    );
    // Two more of hers paid by transfer: one receipt verified, one refused (as the desk leaves them).
    const receipts = [`stores/${m.store.id}/private/receipts/a.pdf`, `stores/${m.store.id}/private/receipts/b.pdf`];
    for (const [i, status] of (["approved", "rejected"] as const).entries()) {
      const sale = await place(s, m.url, m.product.id, { buyerName: "Julia", buyerPhone: "1177770001" });
      await s.files.put(receipts[i] as string, new TextEncoder().encode("%PDF-1.4"), "application/pdf");
      await s.db
        .update(sales)
        .set({ paymentMethod: "transfer", paymentStatus: status, receiptKey: receipts[i], receiptAt: s.clock.now() })
        .where(eq(sales.id, sale?.id ?? ""));
    }
    const [julia] = await listOf(s, m);
    expect(julia?.orders).toBe(3);
    const forget = (fields: Record<string, string>, cookie = m.cookie) =>
      workspaceRequest(s, {
        module: { action: customerAction },
        cookie,
        method: "POST",
        path: `/Store/${m.store.id}/customers/${julia?.id}`,
        params: { storeId: m.store.id, customerId: String(julia?.id) },
        form: { intent: "forget", ...fields },
      });
    const refused = await forget({});
    expect(refused).toMatchObject({
      status: 400,
      // An Argentine store's merchant reads it in 'vos' (decision 0067).
      data: { errors: { confirm: "Marcá la casilla para confirmar que querés borrar sus datos" } },
    });
    const intruder = await shop(s);
    expect((await forget({ confirm: "on" }, intruder.cookie)).status).toBe(404);
    expect((await forget({ confirm: "on" })).status).toBe(302);
    const entries = await activityEntries(s, m.store.id);
    expect(entries.map((e) => [e.kind, e.summary])).toEqual([["sale", "Borró los datos de un cliente que lo pidió"]]);
    expect(JSON.stringify(entries)).not.toMatch(/Julia/);

    expect(await listOf(s, m)).toEqual([]);
    const [sale, verified, refusedOne] = await s.db
      .select()
      .from(sales)
      .where(eq(sales.storeId, m.store.id))
      .orderBy(sales.createdAt, sql`sales.rowid`);
    // The verified receipt stays as the payment's evidence; the refused one is deleted with its key.
    expect(verified).toMatchObject({ buyerName: "Cliente eliminado", receiptKey: receipts[0] });
    expect(refusedOne).toMatchObject({ buyerName: "Cliente eliminado", receiptKey: null });
    expect(await s.files.get(receipts[0] as string)).not.toBeNull();
    expect(await s.files.get(receipts[1] as string)).toBeNull();
    expect(sale).toMatchObject({
      buyerName: "Cliente eliminado",
      buyerPhone: null,
      buyerEmail: null,
      note: null,
      customerId: null,
      subtotal: 20_000,
      total: 20_000,
      state: "Pendiente",
    });
    // The upkeep does not bring her back; the detail page is gone.
    await linkPastOrders(s.db, s.clock.now());
    expect(await listOf(s, m)).toEqual([]);
    const page = await workspaceRequest(s, {
      module: { loader: customerLoader },
      cookie: m.cookie,
      method: "GET",
      path: `/Store/${m.store.id}/customers/${julia?.id}`,
      params: { storeId: m.store.id, customerId: String(julia?.id) },
    });
    expect(page.status).toBe(404);
  });

  it("the upkeep gives orders from before the list their customer, once", async () => {
    const s = createTestServices();
    const m = await shop(s);
    const past = (buyerPhone: string | null, buyerEmail: string | null, buyerName = "Pablo") =>
      createSale(
        s.db,
        newOrder({
          key: `clave-${crypto.randomUUID()}`,
          storeId: m.store.id,
          currency: "ARS",
          buyerName,
          buyerPhone,
          buyerEmail,
          lines: [{ productId: m.product.id, name: "Taza", imageKey: null, unitPrice: 10_000, quantity: 1 }],
        }),
        s.clock.now(),
      );
    await past("1155550002", null);
    await past("+54 9 11 5555-0002", null, "Pablo R.");
    await past(null, "pablo@correo.test");
    await past(null, null, "Sin contacto");
    expect(await listOf(s, m)).toEqual([]);
    expect(await linkPastOrders(s.db, s.clock.now())).toBe(3);
    const list = await listOf(s, m);
    expect(list.map((c) => [c.name, c.phone, c.email, c.orders]).sort()).toEqual([
      ["Pablo", null, "pablo@correo.test", 1],
      ["Pablo", "5491155550002", null, 2],
    ]);
    expect(await linkPastOrders(s.db, s.clock.now())).toBe(0);
  });
});
