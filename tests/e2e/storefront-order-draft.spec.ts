import { expect } from "@playwright/test";
import { captureWhatsApp, query, signInAsOwner } from "./helpers";
import { jsOn, test } from "./people";
import { expectNoSidewaysScroll, expectTouchTargets, phone } from "./phone";
import { seedShop } from "./shop-seed";

/**
 * 'Armar pedido': on a 360-px phone the merchant builds an order from a chat (search, two products, home delivery
 * with its fee, a discount), saves it and gets the link; the customer opens it, fills the address and confirms it,
 * and goes on to the store's WhatsApp; the desk shows it as an order like any other. JavaScript on, then off.
 */
test("an order built in the desk on a phone, confirmed by the customer from its link", async ({ page, browser, baseURL }) => {
  const shop = await seedShop("armado", [
    { name: "Café de Colombia", price: 2000, stock: 6 },
    { name: "Panela orgánica", price: 500, stock: 9 },
  ]);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: jsOn(), locale: "es-CO", ...phone(360) });
  await signInAsOwner(context, shop.id, baseURL as string);
  const merchant = await context.newPage();

  await merchant.goto(`/Store/${shop.id}/sales`);
  await merchant.getByRole("link", { name: "Armar pedido" }).click();
  await expect(merchant.getByRole("heading", { name: "Armar pedido" })).toBeVisible();
  const search = async (text: string) => {
    await merchant.getByLabel("Buscar producto").fill(text);
    await merchant.getByRole("button", { name: "Buscar", exact: true }).click();
  };
  await search("café");
  await merchant.getByLabel("Cantidad de Café de Colombia").fill("2");
  await merchant.getByRole("button", { name: "Agregar Café de Colombia" }).click();
  const lines = merchant.getByRole("list", { name: "Productos del pedido" });
  await expect(lines).toContainText("Café de Colombia × 2");
  await search("panela");
  await merchant.getByRole("button", { name: "Agregar Panela orgánica" }).click();
  await expect(lines).toContainText("Panela orgánica × 1");
  await expect(lines).toContainText("Café de Colombia × 2");
  await expect(lines).toContainText(/US\$\s45\b/);
  await expectNoSidewaysScroll(merchant);
  expect(await expectTouchTargets(merchant, merchant.locator("main"))).toEqual([]);

  await merchant.getByLabel("Nombre del cliente").fill("Camila Ríos");
  await merchant.getByLabel("WhatsApp del cliente (opcional)").fill("300 555 1234");
  await merchant.getByLabel("Entrega").selectOption("delivery");
  await merchant.getByLabel("Costo de envío (opcional)").fill("5");
  await merchant.getByLabel("Descuento (opcional)").fill("2,50");
  await merchant.getByRole("button", { name: "Guardar y crear enlace" }).click();

  const panel = merchant.getByRole("region", { name: "Pedido armado" });
  await expect(panel).toContainText("esperando que tu cliente lo revise y lo confirme");
  const link = await panel.getByLabel("Enlace para tu cliente").inputValue();
  // The store's own address ({store}.{domain}), which Chromium reaches on this machine as well.
  expect(link).toMatch(new RegExp(`^http://${shop.slug}\\.localhost:\\d+/Order/\\d{10}\\?t=[\\w-]+$`));
  const code = (link.match(/Order\/(\d{10})/) as RegExpMatchArray)[1] as string;
  const send = new URL((await panel.getByRole("link", { name: "Enviar por WhatsApp" }).getAttribute("href")) as string);
  expect(send.searchParams.get("phone")).toBe("573005551234");
  expect(send.searchParams.get("text")).toContain(link);
  // 45,00 − 2,50 + 5,00 = 47,50; its units are held.
  await expect(panel.locator("xpath=ancestor::dialog")).toContainText(/US\$\s47,50/);
  await expectNoSidewaysScroll(merchant);
  const [held] = await query<{ reserved: number }>("select reserved from products where store_id = ? and name = ?", [
    shop.id,
    "Café de Colombia",
  ]);
  expect(Number(held?.reserved)).toBe(2);

  // The customer, from the link: reviews it, is asked for the address, confirms.
  const whatsapp = await captureWhatsApp(page);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Revisa tu pedido" })).toBeVisible();
  await expect(page.locator("p.total").first()).toHaveText(/^Total: US\$\s47,50$/);
  await expect(page.getByLabel("Tu nombre")).toHaveValue("Camila Ríos");
  await page.getByLabel("Dirección de entrega").fill("Calle 8 # 4-20, Bogotá");
  await page.getByRole("button", { name: "Confirmar pedido" }).click();
  await expect.poll(() => whatsapp.length).toBe(1);
  const text = new URL(whatsapp[0] as string).searchParams.get("text") ?? "";
  expect(text).toContain(`Pedido ${code}`);
  expect(text).toContain("Calle 8 # 4-20, Bogotá");
  expect(text).toContain("Total: US$\u00a047,50");

  // The desk: an order like any other, with the address the customer wrote.
  await merchant.goto(`/Store/${shop.id}/sales/${code}`);
  await expect(merchant.getByRole("region", { name: "Pedido armado" })).toHaveCount(0);
  await expect(merchant.locator("body")).toContainText("Calle 8 # 4-20, Bogotá");
  await context.close();
});
