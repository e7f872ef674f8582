// The demo store's T-shirt, with JavaScript on and off: options picked with plain links, the chosen
// variant's price, stock and photo, the cart line named after it, and the structured data of every variant.
import { expect, test } from "@playwright/test";

async function openShirt(page: import("@playwright/test").Page) {
  await page.goto("/site/demo/Store");
  await page
    .getByRole("link", { name: /Camiseta estampada/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Camiseta estampada" })).toBeVisible();
}

test("picking M / Azul shows its price, stock and photo, and the cart names the variant", async ({ page }) => {
  await openShirt(page);
  const cover = await page.locator("img.product-image").first().getAttribute("src");
  await expect(page.getByRole("group", { name: "Talla: S" })).toBeVisible();
  await expect(page.locator(".price.big")).toHaveText(/US\$\s20$/);
  await page
    .getByRole("group", { name: /^Talla/ })
    .getByRole("link", { name: /^M/ })
    .click();
  await page
    .getByRole("group", { name: /^Color/ })
    .getByRole("link", { name: /^Azul/ })
    .click();
  await expect(page.getByRole("group", { name: "Talla: M" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Color: Azul" })).toBeVisible();
  await expect(page.locator(".price.big")).toHaveText(/US\$\s22$/);
  await expect(page.getByText("Disponible: 5")).toBeVisible();
  // The blue photo, not the red cover.
  await expect(page.locator("img.product-image").first()).not.toHaveAttribute("src", cover ?? "");

  await page.getByLabel("Cantidad").fill("2");
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(page).toHaveURL(/\/Cart$/);
  const line = page.getByRole("listitem", { name: "Camiseta estampada — Talla M, Color Azul" });
  await expect(line).toBeVisible();
  await expect(line.locator(".subtotal")).toHaveText(/US\$\s44$/);
});

test("a sold-out combination cannot be added, and the page describes every variant for search engines", async ({ page }) => {
  await openShirt(page);
  await page
    .getByRole("group", { name: /^Talla/ })
    .getByRole("link", { name: "L (agotado)" })
    .click();
  await expect(page.getByRole("group", { name: "Color: Rojo" })).toBeVisible();
  await expect(page.getByText("Agotado", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Agregar al carrito" })).toHaveCount(0);

  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(data["@type"]).toBe("ProductGroup");
  expect(data.variesBy).toEqual(["Talla", "Color"]);
  // Six combinations, L / Azul not made: five variants, L / Rojo out of stock.
  expect(data.hasVariant).toHaveLength(5);
  const availability = Object.fromEntries(
    data.hasVariant.map((v: { sku: string; offers: { availability: string } }) => [
      v.sku,
      v.offers.availability.split("/").at(-1),
    ]),
  );
  expect(availability).toEqual({
    "CAM-S-ROJ": "InStock",
    "CAM-S-AZU": "InStock",
    "CAM-M-ROJ": "InStock",
    "CAM-M-AZU": "InStock",
    "CAM-L-ROJ": "OutOfStock",
  });
});
