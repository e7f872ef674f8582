// The whole product in one journey: a merchant builds a product in the workspace, a shopper orders it
// on the public site, and the order appears on the merchant's open sales page without a reload.
import { expect, test } from "@playwright/test";
import {
  captureWhatsApp,
  checkoutSteps,
  e2eDb,
  registerWithTrial,
  setSalesWhatsApp,
  storeIdByName,
  uniqueEmail,
} from "./helpers";

const ANDROID =
  "Mozilla/5.0 (Linux; Android 13; moto g) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";

// The merchant registers from Buenos Aires: the new store is Argentine, and its WhatsApp number is typed as
// Argentines write it.
test.use({ timezoneId: "America/Argentina/Buenos_Aires" });

test("a shopper's order appears on the open sales page, confirming it takes stock, and 'Actividad' shows it with a price change", async ({
  page,
  browser,
}) => {
  const storeName = `Dulcería ${Date.now() % 1e6}`;
  await registerWithTrial(page, uniqueEmail("pedido"), storeName);
  const storeId = await storeIdByName(storeName);

  // The merchant sets the WhatsApp number and creates a product through the workspace.
  await setSalesWhatsApp(page, storeId, "11 5555-1234");
  await expect(page.getByLabel("País")).toHaveValue("AR");
  await expect(page.getByLabel("WhatsApp de ventas")).toHaveValue("+54 9 11 5555 1234");
  await page.goto(`/Store/${storeId}/products/new`);
  await page.getByLabel("Nombre").fill("Arequipe casero");
  await page.getByLabel(/^Precio \(/).fill("8.500");
  await page.getByLabel("Stock").fill("4");
  await page.getByLabel("Fotos").setInputFiles("tests/fixtures/photos/wide.jpg");
  await page.getByRole("button", { name: "Crear producto" }).click();
  await expect(page.getByText("Producto creado")).toBeVisible();

  await page.goto(`/Store/${storeId}/sales`);
  await expect(page.getByText("Mostrando 0 ventas")).toBeVisible();

  // A shopper on a phone, with JavaScript off, orders 3 of them.
  const db = e2eDb();
  const [store] = (await db.execute({ sql: "select url from stores where id = ?", args: [storeId] })).rows;
  const shopper = await browser.newContext({ javaScriptEnabled: false, userAgent: ANDROID });
  const shop = await shopper.newPage();
  const whatsapp = await captureWhatsApp(shop);
  await shop.goto(`/site/${store?.url}/Store`);
  await shop
    .getByRole("link", { name: /Arequipe casero/ })
    .first()
    .click();
  await shop.getByLabel("Cantidad").fill("3");
  await shop.getByRole("button", { name: "Agregar al carrito" }).click();
  await shop.getByRole("link", { name: "Hacer pedido" }).click();
  await checkoutSteps(shop, { name: "Mateo Gil", phone: "11 4444-5678" }, "Retiro en tienda");
  await shop.getByRole("button", { name: "Enviar pedido por WhatsApp" }).click();
  await expect.poll(() => whatsapp.length).toBe(1);
  const url = new URL(whatsapp[0] as string);
  expect(url.origin).toBe("https://api.whatsapp.com");
  // The mobile's international form, with the 9 WhatsApp needs.
  expect(url.searchParams.get("phone")).toBe("5491155551234");
  const code = url.searchParams.get("text")?.match(/Pedido (\d{10})/)?.[1] as string;
  expect(code).toMatch(/^\d{10}$/);
  await shopper.close();

  // The merchant's page, left open, shows it (revalidation on focus / interval), at the database price.
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  const row = page.locator("tr", { hasText: code });
  await expect(row).toContainText("Pendiente", { timeout: 15_000 });
  // Registered from Buenos Aires, the store prices in Argentine pesos, written as Argentina writes them.
  await expect(row).toContainText(/\$\s25\.500(?!,)/);

  await row.locator("td").nth(1).click();
  const dialog = page.getByRole("dialog", { name: `Venta ${code}` });
  await expect(dialog).toContainText("Mateo Gil");
  await expect(dialog).toContainText("Arequipe casero");
  await dialog.getByRole("button", { name: "Completar" }).click();
  await page.getByRole("dialog", { name: "¿Se ha completado esta compra?" }).getByRole("button", { name: "Confirmar" }).click();
  await expect(dialog).toContainText("Venta confirmada el");
  const [product] = (await db.execute({ sql: "select id, stock from products where store_id = ?", args: [storeId] })).rows;
  expect(Number(product?.stock)).toBe(1);
  db.close();

  // The owner raises the price; 'Actividad' shows both changes, before → after, and filters by kind.
  await page.goto(`/Store/${storeId}/products/${product?.id}`);
  await page.locator("#f-price").fill("9.000");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Producto guardado")).toBeVisible();
  await page.goto(`/Store/${storeId}/actividad`);
  const entries = page.locator(".activity-list li");
  const price = entries.filter({ hasText: "Cambió el precio de “Arequipe casero”" });
  await expect(price).toContainText(/\$\s8\.500\s→\s\$\s9\.000/);
  const sale = entries.filter({ hasText: `Completó la venta ${code}` });
  await expect(sale).toContainText("Pendiente → Confirmada");
  await page.getByLabel("Tipo de cambio").selectOption({ label: "Precios" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/tipo=price/);
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText("Cambió el precio de “Arequipe casero”");
});
