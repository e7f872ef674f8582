// A buyer's transfer receipt arrives: the buyer's page comes back to the receipt's confirmation (#comprobante), and
// the store's owner hears of it once per receipt the order takes: a push notice on each device and, unless the
// new-order emails are off, 'Recibiste un comprobante para el pedido {código}'.

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSession } from "~/auth/sessions.server";
import { setMailChoices } from "~/auth/users.server";
import { methodOff } from "~/domain/payment-methods";
import { subscribe } from "~/notifications/push-subscriptions.server";
import { reviewTransferReceipt } from "~/orders/sale-changes.server";
import { savePaymentMethod } from "~/payment-methods/payment-methods.server";
import { insertProduct } from "~/products/products.server";
import * as salesList from "~/sales/routes/sales-list";
import { loadSite } from "~/site/queries.server";
import { action as checkoutAction } from "~/site/routes/checkout";
import { action as orderAction } from "~/site/routes/order-page";
import { pickupPoints, sales } from "../../db/schema";
import { checkoutForm } from "../support/checkout";
import { merchantWithStore, TEST_ACTOR } from "../support/merchants";
import { type PushServiceStandIn, startPushService } from "../support/push-service";
import { createTestServices } from "../support/services";
import { siteArgs } from "../support/site-args";
import { workspaceRequest } from "../support/workspace-request";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

type S = ReturnType<typeof createTestServices>;

let push: PushServiceStandIn;
let s: S;

beforeAll(async () => {
  s = createTestServices();
  push = await startPushService({ now: () => s.clock.now() });
});
afterAll(() => push?.stop());

async function settle(promise: Promise<unknown>): Promise<Response & { init?: ResponseInit | null }> {
  try {
    return (await promise) as Response;
  } catch (thrown) {
    return thrown as Response;
  }
}
const locationOf = (r: Response & { init?: ResponseInit | null }) =>
  new Headers(r.init?.headers ?? r.headers).get("Location") ?? "";

/** A store taking transfers, one device subscribed to its notices, and a buyer's transfer order of one product. */
async function transferOrder(country?: string) {
  const url = `recibos-${crypto.randomUUID().slice(0, 8)}`;
  const m = await merchantWithStore(s, "standard", {
    name: "Recibos",
    url,
    currency: "ARS",
    saleNumber: "5491144445678",
    ...(country ? { country } : {}),
  });
  const product = await insertProduct(s.db, { storeId: m.store.id, name: "Alfajores", price: 900_000, stock: 10 }, s.clock.now());
  await savePaymentMethod(
    s.db,
    TEST_ACTOR,
    m.store.id,
    { ...methodOff("transfer"), enabled: true, keyValue: "recibos.mp" },
    s.clock.now(),
  );
  const [point] = await s.db
    .insert(pickupPoints)
    .values({ storeId: m.store.id, position: 0, name: "Local", address: "Calle 5", hours: "9 a 18 h" })
    .returning();
  const device = push.subscribe();
  await subscribe(s.db, m.store.id, device, s.clock.now());
  const form = checkoutForm([`${product.id}:1`], {
    pickupPoint: String(point?.id),
    payment: "transfer",
    buyerName: "Lucía Paz",
    buyerPhone: "11 4444-5678",
    shownSubtotal: "900000",
    shownDiscount: "0",
    shownAdjustment: "0",
  });
  const placed = await settle(checkoutAction(siteArgs(s, url, "/Checkout", { method: "POST", body: form }) as never));
  expect(placed.init?.status ?? placed.status, JSON.stringify((placed as { data?: unknown }).data)).toBe(303);
  const [sale] = await s.db.select().from(sales).where(eq(sales.storeId, m.store.id));
  if (!sale) throw new Error("sale");
  return { m, url, sale, device };
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

function sendReceipt(url: string, sale: { id: string; accessToken: string }) {
  const body = new FormData();
  body.set("intent", "receipt");
  body.set("receipt", new File([PNG], "comprobante.png", { type: "image/png" }));
  return settle(
    orderAction(
      siteArgs(s, url, `/Order/${sale.id}?t=${sale.accessToken}`, { method: "POST", body, params: { code: sale.id } }) as never,
    ),
  );
}

/** Whether the sales list marks the sale 'Por revisar'. */
async function toReview(m: { id: string; store: { id: string } }, code: string) {
  const cookie = (await createSession(s, m.id)).split(";")[0] ?? "";
  const list = await workspaceRequest(s, {
    module: salesList,
    cookie,
    method: "GET",
    path: `/Store/${m.store.id}/sales`,
    params: { storeId: m.store.id },
  });
  const rows = (list.data as { rows: Array<{ id: string; receiptToReview: boolean }> }).rows;
  return rows.find((row) => row.id === code)?.receiptToReview;
}

const receiptMails = (code: string) =>
  s.outbox.sent.filter((mail) => mail.subject === `Recibiste un comprobante para el pedido ${code}`);
const receiptPushes = (deviceId: string, code: string) =>
  push.messagesFor(deviceId).filter((message) => message.text.includes(`Comprobante del pedido #${code}`));

describe("a transfer's receipt arrives", () => {
  it("brings the buyer back to the receipt's confirmation and tells the owner once per receipt, by push and email", async () => {
    const { m, url, sale, device } = await transferOrder();
    const sent = await sendReceipt(url, sale);
    expect(locationOf(sent)).toMatch(/&aviso=comprobante#comprobante$/);
    const [mail, ...more] = receiptMails(sale.id);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: `${m.id}@correo.test` });
    expect(mail?.text).toContain(`Lucía Paz subió el comprobante de su transferencia`);
    expect(mail?.text).toContain(`/Store/${m.store.id}/sales/${sale.id}`);
    const [notice] = receiptPushes(device.id, sale.id);
    expect(JSON.parse(notice?.text ?? "{}")).toEqual({
      title: `Comprobante del pedido #${sale.id}`,
      body: "Lucía Paz subió el comprobante de su transferencia",
      url: `/Store/${m.store.id}/sales/${sale.id}`,
    });

    // A second one while the first is reviewed is not taken: nobody is told again.
    const again = await sendReceipt(url, sale);
    expect(locationOf(again)).toMatch(/&aviso=sin-comprobante#comprobante$/);
    expect(receiptMails(sale.id)).toHaveLength(1);
    expect(receiptPushes(device.id, sale.id)).toHaveLength(1);

    // Rejected, the buyer sends another receipt: that one is told of too.
    const store = { id: m.store.id, name: "Recibos", url };
    expect(await reviewTransferReceipt(s, TEST_ACTOR, store, sale.id, "rejected")).toBe(true);
    await sendReceipt(url, sale);
    expect(receiptMails(sale.id)).toHaveLength(2);
    expect(receiptPushes(device.id, sale.id)).toHaveLength(2);
    // The sales list marks it 'Por revisar' until the merchant decides; verified, the mark goes.
    expect(await toReview(m, sale.id)).toBe(true);
    expect(await reviewTransferReceipt(s, TEST_ACTOR, store, sale.id, "verified")).toBe(true);
    expect(await toReview(m, sale.id)).toBe(false);
  });

  it("tells an owner in Argentina in their 'vos', their first store read by the order's own batch, never by a public page", async () => {
    const { m, url, sale } = await transferOrder("AR");
    const toOwner = () => s.outbox.sent.filter((mail) => mail.to === `${m.id}@correo.test`);
    const [placed] = toOwner();
    expect(placed?.subject).toContain(sale.id);
    expect(placed?.text).toContain("transferencia o depósito (revisá que llegue antes de completar el pedido)");
    await sendReceipt(url, sale);
    expect(receiptMails(sale.id)[0]?.text).toContain("Revisalo y marcá el pago como verificado o rechazá el comprobante.");
    expect(toOwner()).toHaveLength(2);
    // Every public page's batch reads the store and its owner's mail settings, not the owner's first store.
    const { store } = await loadSite(s.db, url, [], () => []);
    expect(store?.ownerEmail).toBe(`${m.id}@correo.test`);
    expect(store).not.toHaveProperty("ownerFirstStore");
  });

  it("the sales list marks no sale before its receipt arrives", async () => {
    const { m, sale } = await transferOrder();
    expect(await toReview(m, sale.id)).toBe(false);
  });

  it("sends no email to an owner who turned the new-order emails off; the push notice still goes", async () => {
    const { m, url, sale, device } = await transferOrder();
    await setMailChoices(s.db, m.id, { reminderMails: true, orderMails: false });
    await sendReceipt(url, sale);
    expect(receiptMails(sale.id)).toEqual([]);
    expect(receiptPushes(device.id, sale.id)).toHaveLength(1);
  });
});
