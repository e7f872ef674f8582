import { expect } from "@playwright/test";
import { moveClockMinutes, resetClock } from "./billing-helpers";
import { captureWhatsApp, checkoutSteps, query, signInAsOwner } from "./helpers";
import { test } from "./people";
import { phone } from "./phone";
import { seedShop } from "./shop-seed";

// Abandoned carts end to end (docs/decisions/0057-abandoned-carts.md), on a phone with JavaScript on and off: a shopper
// leaves after the contact step; an hour later (the test clock) the merchant sees them in 'Carritos abandonados'; the
// 'Escribir por WhatsApp' link carries the restore link, which puts the cart back in a new browser; its order is
// counted as recovered.
test("a shopper who leaves after the contact step is listed an hour later; the WhatsApp link restores the cart and its order is recovered", async ({
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const shop = await seedShop("carrito-abandonado", [{ name: "Café de origen", price: 900, stock: 8 }]);
  const product = shop.products[0] as (typeof shop.products)[number];
  const shopper = await browser.newContext({ baseURL, ...phone(360), javaScriptEnabled });
  const page = await shopper.newPage();
  await page.goto(`/site/${shop.slug}/Product/cafe-de-origen/${product.id}`);
  await page.getByLabel("Cantidad").fill("2");
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await page.getByRole("link", { name: "Hacer pedido" }).click();
  await expect(page.getByText("Guardamos tu contacto para ayudarte a terminar el pedido.")).toBeVisible();
  await page.getByLabel("Tu nombre").fill("Marta Ríos");
  await page.getByLabel(/Tu teléfono/).fill("300 555 0142");
  await page.getByRole("button", { name: "Continuar", exact: true }).click();
  // Only the way to receive it is asked next; its details come after.
  await expect(page.getByRole("group", { name: "¿Cómo quieres recibir tu pedido?" })).toBeVisible();
  await expect(page.getByLabel(/Dirección de entrega/)).toHaveCount(0);
  await shopper.close();

  const merchantContext = await browser.newContext({ baseURL, ...phone(360), javaScriptEnabled });
  await signInAsOwner(merchantContext, shop.id, baseURL as string);
  const merchant = await merchantContext.newPage();
  const list = merchant.getByRole("list", { name: "Carritos sin terminar" });
  try {
    await merchant.goto(`/Store/${shop.id}/carritos`);
    await expect(merchant.getByRole("heading", { name: "Carritos abandonados" })).toBeVisible();
    await expect(merchant.getByText("Todavía no hay carritos abandonados.")).toBeVisible();

    await moveClockMinutes(merchant, 61);
    await merchant.goto(`/Store/${shop.id}/carritos`);
    const cart = list.getByRole("listitem", { name: "Marta Ríos" });
    await expect(cart).toContainText("Café de origen x 2");
    await expect(cart).toContainText(/US\$\s18/);
    const href = (await cart.getByRole("link", { name: "Escribir por WhatsApp" }).getAttribute("href")) ?? "";
    const chat = new URL(href);
    expect(chat.origin + chat.pathname).toBe("https://wa.me/573005550142");
    const text = chat.searchParams.get("text") ?? "";
    expect(text).toMatch(/^Hola Marta, te escribimos de Tienda carrito-abandonado\./);
    const link = text.match(/https?:\/\/\S+\/carrito\/recuperar\/[\w-]{32}/)?.[0] as string;
    expect(link).toBeTruthy();

    // The buyer opens it on another phone: the cart is back, and ordering goes on from the contact they left.
    const again = await browser.newContext({ ...phone(360), javaScriptEnabled });
    const buyer = await again.newPage();
    const whatsapp = await captureWhatsApp(buyer);
    await buyer.goto(link);
    await expect(buyer.getByText("Recuperamos tu carrito con los precios de hoy.")).toBeVisible();
    await buyer.getByRole("link", { name: "Seguir con mi pedido" }).click();
    await expect(buyer.getByRole("region", { name: "Resumen del pedido" })).toContainText("Café de origen x 2");
    await expect(buyer.getByLabel("Tu nombre")).toHaveValue("Marta Ríos");
    await checkoutSteps(buyer, { name: "Marta Ríos" }, "Retiro en tienda");
    await buyer.getByRole("button", { name: "Enviar pedido por WhatsApp" }).click();
    await expect.poll(() => whatsapp.length).toBe(1);
    await again.close();

    const [sale] = await query<{ id: string; recovered_cart: number }>(
      "select id, recovered_cart from sales where store_id = ?",
      [shop.id],
    );
    expect(sale?.recovered_cart).toBe(1);
    await merchant.goto(`/Store/${shop.id}/carritos`);
    await expect(list).toHaveCount(0);
    await expect(merchant.getByRole("list", { name: "Carritos recuperados" })).toContainText(`Marta Ríos · Pedido ${sale?.id}`);
    await expect(merchant.getByText(/Recuperados en los últimos 30 días:\s*1 pedido/)).toBeVisible();
  } finally {
    await resetClock(merchant);
    await merchantContext.close();
  }
});
