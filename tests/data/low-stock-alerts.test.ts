import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { changeProductStock } from "~/products/products.server";
import { loader as productListLoader } from "~/products/routes/product-list";
import { action as lowStockAction, loader as lowStockLoader } from "~/stock-alerts/routes/low-stock";
import {
  lowStockAmongQuery,
  sendLowStockAlerts,
  setProductThreshold,
  setStoreThreshold,
} from "~/stock-alerts/stock-alerts.server";
import { signedInMerchant, TEST_ACTOR } from "../support/merchants";
import { createTestServices } from "../support/services";
import { workspaceRequest } from "../support/workspace-request";
import { product } from "./sales-fixtures";

/** Low-stock alerts: one push and one email per product and crossing, never per order; re-armed above the threshold. */
const s = createTestServices();
let storeId = "";
let cookie = "";
let ownerEmail = "";

beforeAll(async () => {
  const me = await signedInMerchant(s);
  storeId = me.store.id;
  cookie = me.cookie;
  const [row] = await s.db.all<{ email: string }>(sql`select email from users where id = ${me.id}`);
  ownerEmail = row?.email ?? "";
});

const reserve = (productId: string, quantity: number) =>
  changeProductStock(s.db, "reserve", { storeId, productId, quantity }, sql`1`);
const release = (productId: string, quantity: number) =>
  changeProductStock(s.db, "release", { storeId, productId, quantity }, sql`1`);
const alertsTo = () => s.outbox.sent.filter((m) => m.to === ownerEmail && m.subject.startsWith("Poco stock"));

describe("low-stock alerts", () => {
  it("tell the merchant once when a product's available units cross the store's threshold, and again after it is re-armed", async () => {
    await setStoreThreshold(s.db, TEST_ACTOR, storeId, 3, s.clock.now());
    const { id: mate } = await product(s, storeId, "Mate imperial", 5);
    await reserve(mate, 1); // 4 left: above
    expect(await sendLowStockAlerts(s)).toBe(0);
    await reserve(mate, 1); // 3 left: crossed
    await reserve(mate, 1); // 2 left: the same crossing, another order
    const [first, second] = await Promise.all([sendLowStockAlerts(s), sendLowStockAlerts(s)]);
    expect(first + second).toBe(1);
    expect(alertsTo().map((m) => m.subject)).toEqual([`Poco stock en ${(await storeName()) ?? ""}: Mate imperial`]);
    expect(alertsTo()[0]?.text).toContain("«Mate imperial» tiene 2 unidades disponibles");
    await reserve(mate, 1); // 1 left
    expect(await sendLowStockAlerts(s)).toBe(0);
    expect(alertsTo()).toHaveLength(1);

    await release(mate, 3); // 4 left: above again, re-armed
    expect(await sendLowStockAlerts(s)).toBe(0);
    await reserve(mate, 2); // 2 left: a new crossing
    expect(await sendLowStockAlerts(s)).toBe(1);
    expect(alertsTo()).toHaveLength(2);
  });

  it("a product's own threshold wins over the store's, and none means no alert", async () => {
    const { id: yerba } = await product(s, storeId, "Yerba 1 kg", 20);
    expect(await setProductThreshold(s.db, TEST_ACTOR, storeId, yerba, 10, s.clock.now())).toBe(true);
    await reserve(yerba, 10);
    expect(await sendLowStockAlerts(s)).toBe(1);
    await setStoreThreshold(s.db, TEST_ACTOR, storeId, null, s.clock.now());
    const { id: bombilla } = await product(s, storeId, "Bombilla", 2);
    await reserve(bombilla, 2);
    expect(await sendLowStockAlerts(s)).toBe(0);
    expect((await lowStockAmongQuery(s.db, storeId, [yerba, bombilla])).map((r) => r.id)).toEqual([yerba]);
    // Another store's product cannot take a threshold from this one.
    const other = await signedInMerchant(s);
    const { id: theirs } = await product(s, other.store.id, "Ajeno", 5);
    expect(await setProductThreshold(s.db, TEST_ACTOR, storeId, theirs, 1, s.clock.now())).toBe(false);
  });

  it("the page saves thresholds in Spanish, and the products list marks 'Poco stock'", async () => {
    const ask = (form: Record<string, string>) =>
      workspaceRequest(s, {
        module: { action: lowStockAction },
        cookie,
        method: "POST",
        path: `/Store/${storeId}/products/poco-stock`,
        params: { storeId },
        form,
      });
    expect(await ask({ intent: "store", threshold: "-2" })).toMatchObject({
      status: 400,
      data: { errors: { form: "Escribe un número entero de unidades, de 0 en adelante, o déjalo vacío para no avisar" } },
    });
    expect(await ask({ intent: "store", threshold: "5" })).toEqual({
      status: 200,
      data: { message: "Aviso de poco stock guardado" },
    });
    expect(await ask({ intent: "product", productId: "1234567", threshold: "1" })).toMatchObject({ status: 404 });
    const page = await workspaceRequest(s, {
      module: { loader: lowStockLoader },
      cookie,
      method: "GET",
      path: `/Store/${storeId}/products/poco-stock`,
      params: { storeId },
    });
    expect((page.data as { threshold: number }).threshold).toBe(5);
    const list = await workspaceRequest(s, {
      module: { loader: productListLoader },
      cookie,
      method: "GET",
      path: `/Store/${storeId}/products`,
      params: { storeId },
    });
    const rows = (list.data as { products: Array<{ name: string; lowStock: boolean }> }).products;
    expect(Object.fromEntries(rows.map((r) => [r.name, r.lowStock]))).toEqual({
      "Mate imperial": true,
      "Yerba 1 kg": true,
      Bombilla: true,
    });
  });
});

async function storeName() {
  const [row] = await s.db.all<{ name: string }>(sql`select name from stores where id = ${storeId}`);
  return row?.name;
}
