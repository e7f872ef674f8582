import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { translatorFor } from "~/domain/message-catalogs";
import { setupSteps } from "~/domain/setup-steps";
import { loader as homeLoader } from "~/merchant/routes/store-list";
import { createSale } from "~/orders/order-records.server";
import { savePaymentMethod } from "~/payment-methods/payment-methods.server";
import { insertProduct } from "~/products/products.server";
import { servicesContext } from "~/services/services";
import type { Store } from "~/workspace/context.server";
import { merchantContext } from "~/workspace/context.server";
import { setupFactsOf, setupFactsQuery } from "~/workspace/setup-progress.server";
import { insertStore } from "~/workspace/store-record.server";
import { stores } from "../../db/schema";
import { merchantAccount, merchantWithStore, TEST_ACTOR } from "../support/merchants";
import { newOrder } from "../support/orders";
import { createTestServices } from "../support/services";

describe("a new store's first steps", () => {
  it("are read from the store: none done at first, all done once it has sold", async () => {
    const s = createTestServices();
    const { store } = await merchantWithStore(s);
    const now = s.clock.now();
    const setupFacts = async (row: Store) => setupFactsOf(await setupFactsQuery(s.db, row.id), row);
    expect(setupSteps(store.id, await setupFacts(store), translatorFor("es")).filter((step) => step.done)).toEqual([]);

    const product = await insertProduct(s.db, { storeId: store.id, name: "Miel", price: 1500, stock: 3 }, now);
    await savePaymentMethod(
      s.db,
      TEST_ACTOR,
      store.id,
      {
        method: "cash",
        enabled: true,
        adjustPercent: 0,
        keyLabel: null,
        keyValue: null,
        instructions: null,
        holdHours: 48,
      } as never,
      now,
    );
    await s.db
      .update(stores)
      .set({ logoKey: `stores/${store.id}/logo/x.webp`, saleNumber: "573001234567", arrangeEnabled: true })
      .where(eq(stores.id, store.id));
    await createSale(
      s.db,
      newOrder({
        key: `clave-${crypto.randomUUID()}`,
        storeId: store.id,
        currency: "USD",
        buyerName: "Ana",
        lines: [{ productId: product.id, name: "Miel", imageKey: null, unitPrice: 1500, quantity: 1 }],
      }),
      now,
    );
    const row = await s.db.query.stores.findFirst({ where: eq(stores.id, store.id) });
    const steps = setupSteps(store.id, await setupFacts(row as Store), translatorFor("es"));
    expect(steps.map((step) => [step.label.split(":")[0], step.done])).toEqual([
      ["Sube tu logo", true],
      ["Crea tu primer producto", true],
      ["Configura la entrega", true],
      ["Elige cómo te pagan", true],
      ["Agrega el WhatsApp donde recibes los pedidos", true],
      ["Comparte el enlace de tu tienda (se marca con tu primer pedido)", true],
    ]);
  });

  it("lead the merchant's home until the store is ready: the next step first, 'Nueva tienda' after", async () => {
    const s = createTestServices();
    const { id, store } = await merchantWithStore(s);
    const home = async () => {
      const context = new RouterContextProvider();
      context.set(servicesContext, s);
      context.set(merchantContext, { id, name: "Ana", storesLimit: 2 } as never);
      return homeLoader({ context } as never);
    };
    expect((await home()).setup).toEqual({
      storeId: store.id,
      storeName: store.name,
      done: 0,
      total: 6,
      next: { label: "Sube tu logo", done: false, href: `/Store/${store.id}/brand` },
      named: false,
    });

    await s.db
      .update(stores)
      .set({ logoKey: `stores/${store.id}/logo/x.webp` })
      .where(eq(stores.id, store.id));
    expect((await home()).setup).toMatchObject({ done: 1, next: { label: "Crea tu primer producto" } });

    // With a second store, the one to finish is named; another merchant's stores never count.
    const other = await merchantAccount(s);
    await insertStore(s.db, { ownerId: other, name: "Ajena", url: "ajena", category: 6 }, s.clock.now());
    await insertStore(s.db, { ownerId: id, name: "Segunda", url: "segunda", category: 6 }, new Date(Date.now() + 1000));
    expect((await home()).setup).toMatchObject({ storeName: "Segunda", done: 0, named: true });
  });
});
