import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import handleRequest, { handleError } from "~/entry.server";
import { completeLinking, startLinking } from "~/online-payments/store-accounts.server";
import { insertProduct } from "~/products/products.server";
import * as newProduct from "~/products/routes/new-product";
import { FaultSwitch, ServiceFault } from "~/services/faults";
import { outageContext, requestIdContext, servicesContext } from "~/services/services";
import { mailQueue, products, sales } from "../../db/schema";
import { checkoutForm, postCheckout } from "../support/checkout";
import { merchantWithStore, signedInMerchant, TEST_ACTOR } from "../support/merchants";
import { createTestServices } from "../support/services";
import { workspaceRequest } from "../support/workspace-request";

vi.mock("virtual:site-script", () => ({ default: "/assets/site-test.js" }));

type S = ReturnType<typeof createTestServices>;

/** A store with a WhatsApp number and a 20,00 product (5 units), its services failing on `faults`' say. */
async function shop() {
  const faults = new FaultSwitch();
  const s = createTestServices({ faults });
  const url = `fallas-${crypto.randomUUID().slice(0, 8)}`;
  const m = await merchantWithStore(s, "standard", { name: "Fallas", url, saleNumber: "573001112233" });
  const product = await insertProduct(s.db, { storeId: m.store.id, name: "Mochila", price: 2_000, stock: 5 }, s.clock.now());
  return { s, faults, url, store: m.store, ownerId: m.id, product };
}

const later = (s: S, minutes: number) => {
  s.testClock.current = new Date(s.testClock.current.getTime() + minutes * 60_000);
};

const order = (productId: string, fields: Record<string, string> = {}) =>
  checkoutForm([`${productId}:1`], { shownSubtotal: "2000", ...fields });

describe("the mail provider down", () => {
  it("keeps the mail queued, retries it with a growing wait until it is sent, never twice", async () => {
    const { s, faults, url, store, product } = await shop();
    faults.set("mail", true);
    // The order is saved and the shopper goes on to WhatsApp; the merchant's mail waits in the queue.
    const placed = (await postCheckout(s, url, order(product.id))) as Response;
    expect(placed.status).toBe(303);
    expect(await s.db.$count(sales, eq(sales.storeId, store.id))).toBe(1);
    expect(s.outbox.sent).toEqual([]);
    const [queued] = await s.db.select().from(mailQueue);
    expect(queued).toMatchObject({ attempts: 1, subject: expect.stringContaining("Nuevo pedido") });
    expect(queued?.nextAt).toEqual(new Date(s.clock.now().getTime() + 60_000));

    // Not due yet: nothing is tried. Due, still down: tried, and the wait doubles.
    expect(await s.mailQueue.retryDue()).toBe(0);
    later(s, 1);
    expect(await s.mailQueue.retryDue()).toBe(0);
    expect((await s.db.select().from(mailQueue))[0]).toMatchObject({ attempts: 2, lastError: expect.any(String) });
    expect((await s.db.select().from(mailQueue))[0]?.nextAt).toEqual(new Date(s.clock.now().getTime() + 2 * 60_000));
    later(s, 1);
    expect(await s.mailQueue.retryDue()).toBe(0);

    // Back up: two upkeep runs at once send it once, and the queue is empty.
    faults.set("mail", false);
    later(s, 2);
    const runs = await Promise.all([s.mailQueue.retryDue(), s.mailQueue.retryDue()]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(s.outbox.sent).toHaveLength(1);
    expect(s.outbox.sent[0]?.subject).toBe(queued?.subject);
    expect(await s.db.$count(mailQueue)).toBe(0);
    later(s, 60);
    expect(await s.mailQueue.retryDue()).toBe(0);
    expect(s.outbox.sent).toHaveLength(1);
  });
});

describe("the database unreachable", () => {
  it("an order is refused whole, nothing half-written, and the same form works once it is back, without a restart", async () => {
    const { s, faults, url, store, product } = await shop();
    const form = order(product.id);
    faults.set("database", true);
    const refused = await postCheckout(s, url, form);
    expect(refused).toBeInstanceOf(Error);
    faults.set("database", false);
    expect(await s.db.$count(sales, eq(sales.storeId, store.id))).toBe(0);
    expect((await s.db.select().from(products).where(eq(products.id, product.id)))[0]).toMatchObject({ reserved: 0 });
    expect(((await postCheckout(s, url, form)) as Response).status).toBe(303);
    expect(await s.db.$count(sales, eq(sales.storeId, store.id))).toBe(1);
  });

  it("answers a Spanish 503 page with the request's id and Retry-After, nothing the app would hydrate", async () => {
    const { s } = await shop();
    const context = new RouterContextProvider();
    context.set(servicesContext, s);
    context.set(requestIdContext, "id-de-prueba-123");
    context.set(outageContext, { database: false });
    const request = new Request("http://localhost/site/demo");
    // What the loader threw, as handleError sees it (rendering gets a sanitized copy in production).
    handleError(new Error("Failed query", { cause: new ServiceFault("database") }), { request, params: {}, context });
    const routerContext = { staticHandlerContext: { errors: { "routes/store-home": new Error("Unexpected Server Error") } } };
    const page = await handleRequest(request, 500, new Headers(), routerContext as never, context);
    expect(page.status).toBe(503);
    expect(page.headers.get("Retry-After")).toBe("30");
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain("<h1>No pudimos atenderte en este momento</h1>");
    expect(html).toContain("no se guardó ningún cambio");
    expect(html).toContain("id-de-prueba-123");
    expect(html).not.toContain("<script");
  });
});

describe("the file store failing in the middle of an upload", () => {
  it("a new product with its picture: a clear Spanish error, no product, and no file left behind", async () => {
    const faults = new FaultSwitch();
    const s = createTestServices({ faults });
    const m = await signedInMerchant(s);
    const picture = new File([readFileSync("tests/fixtures/photos/wide.jpg")], "foto.jpg", { type: "image/jpeg" });
    // The first file (a rendition) is written, the next write fails.
    faults.set("files", true, { after: 1 });
    const answer = await workspaceRequest(s, {
      module: newProduct,
      cookie: m.cookie,
      method: "POST",
      path: `/Store/${m.store.id}/products/new`,
      params: { storeId: m.store.id },
      form: { name: "Mochila", price: "20", stock: "3", category: "1", image: picture },
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(answer.data)).toContain(
      "No pudimos guardar las imágenes por un problema técnico: no se guardó nada, vuelve a intentarlo en unos minutos",
    );
    expect(await s.db.$count(products, eq(products.storeId, m.store.id))).toBe(0);
    expect(await s.files.list(`stores/${m.store.id}/products/`)).toEqual([]);
  });
});

describe("Mercado Pago timing out", () => {
  it("at checkout: the order stays 'Pendiente' with its units held and 'Pagar ahora', no payment made", async () => {
    const { s, faults, url, store, ownerId, product } = await shop();
    const linking = await startLinking(s, store.id, ownerId);
    const state = new URL(linking.url).searchParams.get("state") ?? "";
    await completeLinking(
      s,
      TEST_ACTOR,
      ownerId,
      state,
      `SBX-777000111-${crypto.randomUUID().replaceAll("-", "")}`,
      linking.nonce,
    );
    faults.set("payments", true);
    const placed = (await postCheckout(s, url, order(product.id, { payment: "online" }))) as Response;
    expect(placed.status).toBe(303);
    const [sale] = await s.db.select().from(sales).where(eq(sales.storeId, store.id));
    expect(placed.headers.get("Location")).toBe(`/site/${url}/Order/${sale?.id}?t=${sale?.accessToken}&aviso=pago`);
    expect(sale).toMatchObject({ state: "Pendiente", paymentMethod: "online", paymentStatus: "pending", stockState: "held" });
    expect(sale?.providerPaymentId).toBeNull();
  });
});
