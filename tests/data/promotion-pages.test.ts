// The merchant's 'Promociones' pages through the route modules and the workspace's middleware, on real libSQL.
import { describe, expect, it } from "vitest";
import { translatorFor } from "~/domain/message-catalogs";
import { promotionFormMessage } from "~/domain/promotion-form";
import { applySpanishValidationMessages } from "~/domain/validation-messages";
import { insertProduct } from "~/products/products.server";
import { findPromotion, listPromotions } from "~/promotions/promotions.server";
import * as editPromotion from "~/promotions/routes/edit-promotion";
import * as newPromotion from "~/promotions/routes/new-promotion";
import * as listPage from "~/promotions/routes/promotions";
import { stores } from "../../db/schema";
import { signedInMerchant } from "../support/merchants";
import { createTestServices } from "../support/services";
import { workspaceRequest } from "../support/workspace-request";

// The merchant's store is in Buenos Aires: their pages speak with 'vos' ('Escribí el nombre…').
const words = translatorFor("es-AR");

applySpanishValidationMessages();

type S = ReturnType<typeof createTestServices>;

async function merchantAtPromotions(s: S) {
  const { store, cookie } = await signedInMerchant(s, "standard", {
    currency: "ARS",
    timeZone: "America/Argentina/Buenos_Aires",
  });
  const base = `/Store/${store.id}/promociones`;
  const product = await insertProduct(s.db, { storeId: store.id, name: "Alfajor", price: 100_000, stock: 10 }, s.clock.now());
  return {
    store,
    product,
    list: () =>
      workspaceRequest(s, { module: listPage, cookie, method: "GET", path: base, params: { storeId: store.id } }) as Promise<{
        status: number;
        data: Awaited<ReturnType<typeof listPage.loader>>;
      }>,
    listAction: (form: Record<string, string>) =>
      workspaceRequest(s, { module: listPage, cookie, method: "POST", path: base, params: { storeId: store.id }, form }),
    create: (form: Record<string, string | string[]>) =>
      workspaceRequest(s, {
        module: newPromotion,
        cookie,
        method: "POST",
        path: `${base}/nueva`,
        params: { storeId: store.id },
        form,
      }),
    newPage: () =>
      workspaceRequest(s, { module: newPromotion, cookie, method: "GET", path: `${base}/nueva`, params: { storeId: store.id } }),
    editPage: (id: string) =>
      workspaceRequest(s, {
        module: editPromotion,
        cookie,
        method: "GET",
        path: `${base}/${id}`,
        params: { storeId: store.id, promotionId: id },
      }),
    edit: (id: string, form: Record<string, string | string[]>, storeId = store.id) =>
      workspaceRequest(s, {
        module: editPromotion,
        cookie,
        method: "POST",
        path: `/Store/${storeId}/promociones/${id}`,
        params: { storeId, promotionId: id },
        form,
      }),
  };
}

describe("the merchant's promotions", () => {
  it("creates a 2x1 on chosen products, lists it with what it brought, pauses, edits and deletes it", async () => {
    const s = createTestServices();
    const me = await merchantAtPromotions(s);
    const other = await merchantAtPromotions(s);
    const created = await me.create({
      intent: "create",
      name: "2x1 en alfajores",
      kind: "bundle",
      scope: "products",
      // Another store's product id is dropped: only the store's own are kept.
      products: [me.product.id, other.product.id],
      buy: "2",
      pay: "1",
      startsOn: "2026-12-01",
      endsOn: "2026-12-31",
      enabled: "on",
    });
    expect(created.status).toBe(302);
    const [row] = await listPromotions(s.db, me.store.id);
    expect(row).toMatchObject({ kind: "bundle", buy: 2, pay: 1, productIds: [me.product.id], startsOn: "2026-12-01", orders: 0 });
    const listed = (await me.list()).data.promotions;
    expect(listed[0]).toMatchObject({ name: "2x1 en alfajores", offer: "Lleva 2, paga 1 (2x1)", reach: "1 producto" });
    expect(listed[0]?.results).toMatch(/^0 pedidos · /);
    // The merchant's store is in Argentina: its dates read as Argentina writes them.
    expect(listed[0]?.dates).toBe("desde el 1 de dic de 2026 hasta el 31 de dic de 2026");

    expect((await me.listAction({ intent: "disable", id: String(row?.id) })).status).toBe(302);
    expect((await findPromotion(s.db, me.store.id, row?.id ?? 0))?.enabled).toBe(false);

    const saved = await me.edit(String(row?.id), {
      intent: "save",
      name: "20 % en toda la tienda",
      kind: "discount",
      scope: "store",
      valueKind: "percent",
      value: "20",
      enabled: "on",
    });
    expect(saved.status).toBe(302);
    expect(await findPromotion(s.db, me.store.id, row?.id ?? 0)).toMatchObject({ kind: "discount", scope: "store", percent: 20 });

    // Another store's merchant reaches nothing of it.
    expect((await other.edit(String(row?.id), { intent: "delete" }, other.store.id)).status).toBe(404);
    expect((await me.edit(String(row?.id), { intent: "delete" })).status).toBe(302);
    expect(await listPromotions(s.db, me.store.id)).toEqual([]);
  });

  it("refuses a form that does not hold together, in Spanish, with what was typed", async () => {
    const s = createTestServices();
    const me = await merchantAtPromotions(s);
    const refused = await me.create({
      intent: "create",
      name: "",
      kind: "bundle",
      scope: "store",
      buy: "2",
      pay: "2",
      startsOn: "2026-12-10",
      endsOn: "2026-12-01",
    });
    expect(refused.status).toBe(400);
    expect((refused.data as { errors: Record<string, string> }).errors).toMatchObject({
      name: "Escribí el nombre que verán tus clientes (hasta 60 caracteres)",
      scope: promotionFormMessage(words, "scopeForKind"),
      pay: promotionFormMessage(words, "pay"),
      endsOn: promotionFormMessage(words, "endsBeforeStart"),
    });
    expect((refused.data as { values: Record<string, string> }).values).toMatchObject({ kind: "bundle", buy: "2" });
    const noProducts = await me.create({
      intent: "create",
      name: "Mates",
      kind: "volume",
      scope: "products",
      minQuantity: "1",
      value: "0",
    });
    expect((noProducts.data as { errors: Record<string, string> }).errors).toMatchObject({
      products: promotionFormMessage(words, "products"),
      minQuantity: promotionFormMessage(words, "minQuantity"),
      value: promotionFormMessage(words, "percent"),
    });
    const noSuchCategory = await me.create({
      intent: "create",
      name: "Todo",
      kind: "discount",
      scope: "category",
      category: "50",
      value: "10",
    });
    expect((noSuchCategory.data as { errors: Record<string, string> }).errors).toEqual({
      category: promotionFormMessage(words, "category"),
    });
    expect(await listPromotions(s.db, me.store.id)).toEqual([]);
  });

  it("every page is two round trips: the guard's batch, then the page's", async () => {
    const s = createTestServices();
    const me = await merchantAtPromotions(s);
    await me.create({ intent: "create", name: "Mates", kind: "discount", scope: "store", value: "10", enabled: "on" });
    const [row] = await listPromotions(s.db, me.store.id);
    for (const page of [me.list, me.newPage, () => me.editPage(String(row?.id))]) {
      const before = s.roundTrips.count;
      expect((await page()).status).toBe(200);
      expect(s.roundTrips.count - before).toBe(2);
    }
  });

  it("a change bumps the store's public version, so its pages are not served from before it", async () => {
    const s = createTestServices();
    const me = await merchantAtPromotions(s);
    const { eq } = await import("drizzle-orm");
    const before = (await s.db.select({ at: stores.updatedAt }).from(stores).where(eq(stores.id, me.store.id)))[0]?.at;
    s.testClock.current = new Date(s.testClock.current.getTime() + 60_000);
    await me.create({ intent: "create", name: "Envío gratis", kind: "free_delivery", minTotal: "0", enabled: "on" });
    const after = (await s.db.select({ at: stores.updatedAt }).from(stores).where(eq(stores.id, me.store.id)))[0]?.at;
    expect(after?.getTime()).toBeGreaterThan(before?.getTime() ?? 0);
  });
});
