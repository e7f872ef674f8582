import { expect } from "@playwright/test";
import { captureWhatsApp, checkoutSteps, sendCheckout } from "./helpers";
import { test } from "./people";
import { phone } from "./phone";
import { seedShop } from "./shop-seed";

/**
 * A 2x1 from end to end on phones (360 px), with JavaScript on, then off: the merchant creates it in 'Promociones';
 * the card shows its badge; the cart, the checkout's total, the WhatsApp text and the order page charge 3 alfajores as
 * 2, naming the promotion under the line; the merchant's list counts the order and what it brought.
 */
test("a 2x1 made in 'Promociones': its badge on the card, 3 units charged as 2 in the cart, the order and the order page", async ({
  page,
  merchantOf,
}) => {
  const shop = await seedShop("promos", [
    { name: "Alfajor de chocolate", price: 500, stock: 20 },
    { name: "Café de Colombia", price: 2000, stock: 6 },
  ]);
  const alfajor = shop.products[0] as (typeof shop.products)[number];

  // The merchant, on a phone: a 2x1 on the alfajores.
  const merchant = await merchantOf(shop);
  await merchant.setViewportSize(phone(360).viewport);
  await merchant.goto(`/Store/${shop.id}/promociones`);
  await expect(merchant.getByRole("heading", { name: "Promociones" })).toBeVisible();
  await merchant.getByRole("link", { name: "Nueva promoción" }).click();
  await merchant.getByLabel("Nombre", { exact: true }).fill("2x1 en alfajores");
  await merchant.getByRole("radio", { name: "Lleva N, paga M (2x1, 3x2)" }).check();
  await merchant.getByRole("checkbox", { name: /Alfajor de chocolate/ }).check();
  await expect(merchant.getByLabel("Lleva", { exact: true })).toHaveValue("2");
  await expect(merchant.getByLabel("Paga", { exact: true })).toHaveValue("1");
  await merchant.getByRole("button", { name: "Crear promoción" }).click();
  await expect(merchant.getByText("Promoción creada")).toBeVisible();
  const listed = merchant.getByRole("list", { name: "Promociones" }).getByRole("listitem");
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText("2x1 en alfajores");
  await expect(listed).toContainText("Lleva 2, paga 1 (2x1)");
  await expect(listed).toContainText("0 pedidos");

  // The shopper, on a phone: the badge on the alfajor's card only.
  await page.setViewportSize(phone(360).viewport);
  const whatsapp = await captureWhatsApp(page);
  await page.goto(`/site/${shop.slug}/Store`);
  const card = page.locator("li.card", { hasText: "Alfajor de chocolate" });
  await expect(card.locator("[data-promotion]")).toHaveText(/2x1$/);
  await expect(page.locator("li.card", { hasText: "Café de Colombia" }).locator("[data-promotion]")).toHaveCount(0);

  // Three alfajores: one of them free, said under the line.
  await page.goto(`/site/${shop.slug}/Product/alfajor-de-chocolate/${alfajor.id}`);
  await expect(page.locator(".product-info [data-promotion]")).toHaveText(/2x1$/);
  await page.getByLabel("Cantidad").fill("3");
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(page).toHaveURL(new RegExp(`/site/${shop.slug}/Cart$`));
  const line = page.getByRole("listitem", { name: "Alfajor de chocolate" });
  await expect(line.locator(".promotion-note")).toHaveText(/^2x1 en alfajores: −US\$\s5$/);
  await expect(line.locator(".subtotal")).toHaveText(/^US\$\s10$/);
  await expect(page.locator("p.total")).toHaveText(/^Total: US\$\s10$/);

  // The checkout's total is the one saved.
  await page.getByRole("link", { name: "Hacer pedido" }).click();
  await checkoutSteps(page, { name: "Lucía Pérez", phone: "300 555 0101" }, "Retiro en tienda");
  await expect(page.locator(".promotion-note").first()).toHaveText(/^2x1 en alfajores: −US\$\s5$/);
  await sendCheckout(page, "Enviar pedido por WhatsApp", /^US\$\s10$/);
  await expect.poll(() => whatsapp.length).toBeGreaterThan(0);
  const text = new URL(whatsapp.at(-1) as string).searchParams.get("text") ?? "";
  expect(text).toContain("Alfajor de chocolate x 3 = US$\u00a010 (2x1 en alfajores: −US$\u00a05)");
  expect(text).toContain("Total: US$\u00a010");

  // The order page, later: the line as it was sold.
  await page.goto(`/site/${shop.slug}/Order`);
  await expect(page).toHaveURL(/\/Order\/\d{10}\?t=[\w-]+$/);
  await expect(page.locator(".summary-lines .promotion-note")).toHaveText(/^2x1 en alfajores: −US\$\s5$/);
  await expect(page.locator("p.total").first()).toHaveText(/^Total: US\$\s10$/);

  // What it brought, on the merchant's list.
  await merchant.reload();
  await expect(merchant.getByRole("list", { name: "Promociones" }).getByRole("listitem")).toContainText(
    /1 pedido · US\$\s10 en ventas/,
  );
});
