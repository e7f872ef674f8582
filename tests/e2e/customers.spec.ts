import { readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import { captureWhatsApp, checkoutSteps, signInAsOwner } from "./helpers";
import { test } from "./people";
import { expectNoSidewaysScroll, expectTouchTargets, phone } from "./phone";
import { seedShop } from "./shop-seed";

/**
 * 'Clientes': a shopper orders three times from a Colombian store, typing her WhatsApp number three ways; the
 * merchant, on a 360-px phone, finds one customer with three orders, searches her by number, opens her page with the
 * orders and a WhatsApp chat, and exports the list.
 */
test("three orders by one number typed three ways make one customer on the merchant's phone", async ({
  page,
  browser,
  baseURL,
}) => {
  const shop = await seedShop("clientes", [{ name: "Panela orgánica", price: 1500, stock: 20 }]);
  const panela = shop.products[0] as (typeof shop.products)[number];
  const whatsapp = await captureWhatsApp(page);
  for (const typed of ["300 555 1234", "+57 300 5551234", "(300) 555-1234"]) {
    await page.goto(`/site/${shop.slug}/Product/panela-organica/${panela.id}`);
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    await page.getByRole("link", { name: "Hacer pedido" }).click();
    await checkoutSteps(page, { name: "Lucía Pérez", phone: typed }, "Retiro en tienda");
    const sent = whatsapp.length;
    await page.getByRole("button", { name: "Enviar pedido por WhatsApp" }).click();
    await expect.poll(() => whatsapp.length).toBe(sent + 1);
    await page.waitForURL(/whatsapp\.com/);
  }

  const context = await browser.newContext({ baseURL, ...phone(360) });
  await signInAsOwner(context, shop.id, baseURL as string);
  const merchant = await context.newPage();
  await merchant.goto(`/Store/${shop.id}/sales`);
  await merchant.getByRole("navigation", { name: "Tienda" }).getByText("Más").tap();
  await merchant.getByRole("navigation", { name: "Más opciones" }).getByRole("link", { name: "Clientes" }).tap();
  await expect(merchant.getByRole("heading", { name: "Clientes", exact: true })).toBeVisible();
  const entries = merchant.locator(".customer-list li");
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText("Lucía Pérez");
  await expect(entries.first()).toContainText("+57 300 5551234");
  await expect(entries.first()).toContainText("3 pedidos");
  await expectNoSidewaysScroll(merchant);
  expect(await expectTouchTargets(merchant, merchant.locator("main"))).toEqual([]);

  // Searched by the number as she typed it once.
  await merchant.getByLabel("Buscar").fill("555-1234");
  await merchant.getByRole("button", { name: "Buscar" }).click();
  // The search is a navigation: the next one starts once its page has rendered. The address changes first, and the
  // form is then drawn again for the new search, which would wipe what was typed meanwhile; the export link is drawn
  // with it.
  await expect(merchant).toHaveURL(/[?&]q=555-1234/);
  await expect(merchant.getByRole("link", { name: "Exportar CSV" })).toHaveAttribute("href", /[?&]q=555-1234/);
  await expect(entries).toHaveCount(1);
  await expect(merchant.getByLabel("Buscar")).toHaveValue("555-1234");
  await merchant.getByLabel("Buscar").fill("Rodrigo");
  await merchant.getByRole("button", { name: "Buscar" }).click();
  await expect(merchant.getByText("Ningún cliente coincide con “Rodrigo”")).toBeVisible();

  // The CSV holds her with her orders.
  await merchant.goto(`/Store/${shop.id}/customers`);
  const download = merchant.waitForEvent("download");
  await merchant.getByRole("link", { name: "Exportar CSV" }).click();
  const csv = readFileSync(await (await download).path(), "utf8");
  expect(csv).toContain("Lucía Pérez;'+573005551234;;3;0.00;USD;");

  // Her page: the three orders (each opens in the sales desk) and a chat with her number.
  await merchant.getByRole("link", { name: "Lucía Pérez" }).click();
  await expect(merchant.getByRole("heading", { name: "Lucía Pérez" })).toBeVisible();
  await expect(merchant.locator(".customer-orders li")).toHaveCount(3);
  const chat = merchant.getByRole("link", { name: "Escribir por WhatsApp" });
  expect(new URL((await chat.getAttribute("href")) as string).searchParams.get("phone")).toBe("573005551234");
  await expectNoSidewaysScroll(merchant);
  expect(await expectTouchTargets(merchant, merchant.locator("main"))).toEqual([]);
  await merchant.locator(".customer-orders a").first().click();
  await expect(merchant.getByRole("dialog")).toContainText("Lucía Pérez");
  await expect(merchant.getByRole("dialog").getByRole("link", { name: "Ver cliente" })).toBeVisible();
  await context.close();
});
