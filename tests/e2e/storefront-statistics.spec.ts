import { expect, test } from "@playwright/test";
import { checkoutSteps, signInAsOwner } from "./helpers";
import { expectNoSidewaysScroll, phone } from "./phone";
import { seedShop } from "./shop-seed";

// The store statistics end to end (docs/decisions/0051-visit-statistics.md): a shopper who arrives from the store's
// Instagram link and orders is, on the merchant's 'Estadísticas', a visit, a cart, an order and its revenue from
// Instagram. On a phone, with JavaScript on and off (the no-js project runs storefront-* files).
test("a shopper from ?ref=instagram who orders counts as a visit, a cart, an order and revenue from Instagram", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const javaScriptEnabled = test.info().project.name !== "no-js";
  // No WhatsApp number: the order is confirmed on the site, nothing leaves the browser.
  const shop = await seedShop("estadisticas", [{ name: "Café de origen", price: 1200, stock: 5 }], { saleNumber: "" });
  const product = shop.products[0] as (typeof shop.products)[number];

  const shopper = await browser.newContext({ ...phone(360), javaScriptEnabled });
  const page = await shopper.newPage();
  await page.goto(`/site/${shop.slug}/Product/cafe-de-origen/${product.id}?ref=instagram`);
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(page).toHaveURL(new RegExp(`/site/${shop.slug}/Cart$`));
  const [cart] = (await shopper.cookies()).filter((c) => c.name === "carrito");
  expect(cart?.value).toBe(`${product.id}:1|~instagram`);
  await page.getByRole("link", { name: "Hacer pedido" }).click();
  await checkoutSteps(page, { name: "Rosa", phone: "310 555 0101" }, "Retiro en tienda");
  await page.getByRole("button", { name: "Enviar pedido", exact: true }).click();
  await expect(page.getByRole("heading", { name: "¡Pedido registrado!" })).toBeVisible();
  await shopper.close();

  const merchant = await browser.newContext({ ...phone(360), javaScriptEnabled });
  await signInAsOwner(merchant, shop.id, baseURL as string);
  const desk = await merchant.newPage();
  // The server writes its counts every few seconds: the page shows them at the latest a moment later.
  await expect(async () => {
    await desk.goto(`/Store/${shop.id}/estadisticas?periodo=hoy`);
    const instagram = desk.getByRole("table", { name: "Visitas y pedidos por origen" }).getByRole("row", { name: /Instagram/ });
    await expect(instagram.getByRole("cell")).toHaveText(["1", "1", "1", /^US\$\s12$/], { timeout: 500 });
  }).toPass({ timeout: 20_000 });
  await expect(desk.getByRole("link", { name: "Hoy" })).toHaveAttribute("aria-current", "page");
  const cards = desk.getByRole("list").filter({ hasText: "Visitantes únicos" });
  await expect(cards.getByRole("listitem").filter({ hasText: "Visitas" }).first()).toContainText("1");
  await expect(cards.getByRole("listitem").filter({ hasText: "Pedidos" })).toContainText("1");
  await expect(cards.getByRole("listitem").filter({ hasText: "Conversión" })).toContainText("100");
  await expect(desk.getByRole("img", { name: "Visitas y pedidos del período" })).toBeVisible();
  await expect(
    desk.getByRole("table", { name: "Productos más vistos" }).getByRole("row", { name: /Café de origen/ }),
  ).toBeVisible();
  await expectNoSidewaysScroll(desk, "Estadísticas at 360 px");
  // The other periods are plain links.
  await desk.getByRole("link", { name: "7 días" }).click();
  await expect(desk).toHaveURL(/periodo=7$/);
  await expect(desk.getByRole("table", { name: "Visitas y pedidos por origen" })).toContainText("Instagram");
  await merchant.close();
});
