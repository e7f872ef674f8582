// The emails a merchant chooses and the one a shopper gets: the merchant turns the payment reminders off in 'Cuenta'
// (kept after a reload, the new-order emails left on); a shopper who leaves an email at checkout finds the order's
// receipt in the outbox, and its link opens the order.
import { expect } from "@playwright/test";
import { captureWhatsApp, checkoutSteps, linkFromOutbox, query, uniqueEmail } from "./helpers";
import { test } from "./people";
import { seedShop } from "./shop-seed";

test("the merchant turns payment reminders off in 'Cuenta'; a shopper who leaves an email gets the order's link by mail", async ({
  page,
  merchantOf,
}) => {
  const shop = await seedShop("correos", [{ name: "Pan de bono", price: 1200, stock: 4 }]);
  const merchant = await merchantOf(shop);
  await merchant.goto("/Account");
  await expect(merchant.getByRole("heading", { name: "Correos" })).toBeVisible();
  await expect(merchant.getByLabel("Recordatorios de pago")).toBeChecked();
  await expect(merchant.getByLabel("Un correo por cada pedido nuevo")).toBeChecked();
  await merchant.getByLabel("Recordatorios de pago").uncheck();
  await merchant.getByRole("button", { name: "Guardar correos" }).click();
  await expect(merchant.getByText("Correos guardados")).toBeVisible();
  await merchant.reload();
  await expect(merchant.getByLabel("Recordatorios de pago")).not.toBeChecked();
  await expect(merchant.getByLabel("Un correo por cada pedido nuevo")).toBeChecked();
  const [owner] = await query<{ reminder_mails: number; order_mails: number }>(
    "select reminder_mails, order_mails from users join stores on stores.owner_id = users.id where stores.id = ?",
    [shop.id],
  );
  expect(owner).toEqual({ reminder_mails: 0, order_mails: 1 });

  const buyer = uniqueEmail("compradora");
  const whatsapp = await captureWhatsApp(page);
  const bread = shop.products[0] as (typeof shop.products)[number];
  await page.goto(`/site/${shop.slug}/Product/pan-de-bono/${bread.id}`);
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await page.getByRole("link", { name: "Hacer pedido" }).click();
  await checkoutSteps(page, { name: "Lucía Pérez", email: buyer }, "Retiro en tienda");
  await page.getByRole("button", { name: "Enviar pedido por WhatsApp" }).click();
  await expect.poll(() => whatsapp.length).toBeGreaterThan(0);
  const code = new URL(whatsapp[0] as string).searchParams.get("text")?.match(/Pedido (\d{10})/)?.[1] as string;

  const link = await linkFromOutbox(page, buyer, /http:\/\/\S+\/Order\/\d{10}\?t=\S+/);
  expect(link).toContain(`/Order/${code}?t=`);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "¡Pedido registrado!" })).toBeVisible();
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  await expect(page.getByText("Pan de bono").first()).toBeVisible();
});
