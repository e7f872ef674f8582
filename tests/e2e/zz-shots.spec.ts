import { writeFileSync } from "node:fs";
import { expect } from "@playwright/test";
import { captureWhatsApp, signInAs } from "./helpers";
import { test } from "./people";
import { phone } from "./phone";
import { query, seedShop } from "./shop-seed";

test("screens for the closing note", async ({ browser, baseURL }) => {
  const shop = await seedShop("pantallas", [{ name: "Café de Colombia", price: 2000, stock: 20 }]);
  await query(
    "insert into store_payment_methods (store_id, method, enabled, adjust_percent, key_label, key_value, instructions, hold_hours) values (?, 'transfer', 1, -10, 'Alias', 'cafe.tienda.mp', 'Titular: Marta Tendera. Banco del Sur, cuenta corriente', 48)",
    [shop.id],
  );
  const shopper = await browser.newContext({ baseURL, ...phone(360) });
  const page = await shopper.newPage();
  await captureWhatsApp(page);
  const cafe = shop.products[0] as (typeof shop.products)[number];
  const typed = ["300 555 1234", "+57 300 5551234", "(300) 555-1234"];
  for (const [i, number] of typed.entries()) {
    await page.goto(`/site/${shop.slug}/Product/cafe-de-colombia/${cafe.id}`);
    await page.getByLabel("Cantidad").fill("2");
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    await page.getByRole("link", { name: "Hacer pedido" }).click();
    await page.getByLabel("Tu nombre").fill("Lucía Pérez");
    await page.getByLabel("Tu teléfono").fill(number);
    await page.getByRole("radio", { name: /Transferencia/ }).check();
    await page.getByRole("button", { name: "Enviar pedido por WhatsApp" }).click();
    await expect(page).toHaveURL(/\/Order\/\d{10}\?t=/);
    if (i === 0) {
      await page.screenshot({ path: "/tmp/shots/order-page-transfer-360.png", fullPage: true });
      writeFileSync("/tmp/shots/order-page-transfer-360.txt", await page.locator("body").ariaSnapshot());
    }
  }
  const merchantContext = await browser.newContext({ baseURL, ...phone(360) });
  const [owner] = await query<{ owner_id: string }>("select owner_id from stores where id = ?", [shop.id]);
  await signInAs(merchantContext, String(owner?.owner_id), baseURL as string);
  const merchant = await merchantContext.newPage();
  await merchant.goto(`/Store/${shop.id}/customers`);
  await expect(merchant.locator(".customer-list li")).toHaveCount(1);
  await merchant.screenshot({ path: "/tmp/shots/customers-360.png", fullPage: true });
  writeFileSync("/tmp/shots/customers-360.txt", await merchant.locator("main").ariaSnapshot());
});
