import { expect, type Page } from "@playwright/test";
import { query } from "./helpers";
import { jsOn, test } from "./people";
import { seedShop } from "./shop-seed";

/**
 * A new product in the order it sells: its photos first (with JavaScript, their thumbnails before upload, reordered
 * in the field itself; without it, in the order chosen), then name, price, stock and options, in an Argentine store
 * whose prices are typed and shown back as Argentines write them. A new option's combinations start with the
 * product's stock. This file also runs in the "no-js" project.
 */

const BOARD = "tests/fixtures/photos/board.jpg";
const WIDE = "tests/fixtures/photos/wide.jpg";

/** The top of each control, in the page's order. */
const tops = (page: Page, labels: string[]) =>
  Promise.all(labels.map(async (label) => (await page.getByLabel(label, { exact: true }).boundingBox())?.y ?? -1));

test("photos first, then name, price, stock and options; '9.000,50' read and shown back as typed", async ({ merchantOf }) => {
  test.setTimeout(60_000);
  const shop = await seedShop("ficha-argentina", [{ name: "Taza", price: 900, stock: 3 }]);
  await query("update stores set country = 'AR', currency = 'ARS' where id = ?", [shop.id]);
  const page = await merchantOf(shop);
  await page.goto(`/Store/${shop.id}/products/new`);
  const order = await tops(page, ["Fotos", "Nombre", "Precio (ARS)", "Stock", "Opción 1"]);
  expect(order).toEqual([...order].sort((a, b) => a - b));
  expect(order[0]).toBeGreaterThan(0);

  const photos = page.getByLabel("Fotos", { exact: true });
  await photos.setInputFiles([BOARD, WIDE]);
  if (jsOn()) {
    // Seen before anything is sent; the wide one moved up becomes the cover, in the field itself.
    const picks = page.getByRole("list", { name: "Elegidas para subir" }).getByRole("listitem");
    await expect(picks).toHaveCount(2);
    await expect(picks.first()).toContainText("Portada");
    await page.getByRole("button", { name: "Subir foto 2" }).click();
    await expect(picks.first().getByRole("img", { name: "Portada" })).toBeVisible();
    expect(await photos.evaluate((input: HTMLInputElement) => [...(input.files ?? [])].map((f) => f.name))).toEqual([
      "wide.jpg",
      "board.jpg",
    ]);
  }
  await page.getByLabel("Nombre", { exact: true }).fill("Alfajores de chocolate");
  await page.getByLabel("Precio (ARS)", { exact: true }).fill("9.000,50");
  await page.getByLabel("Stock", { exact: true }).fill("12");
  await page.getByLabel("Opción 1", { exact: true }).fill("Tamaño");
  await page.getByLabel("Valores de la opción 1").fill("Caja x6, Caja x12");
  if (jsOn()) {
    // The cards follow the options as typed, each with the product's 12.
    await expect(page.getByLabel("Stock de Caja x6")).toHaveValue("12");
    await expect(page.getByLabel("Stock de Caja x12")).toHaveValue("12");
  } else {
    // Without JavaScript the cards come back to be checked, each with the product's 12, and what was typed.
    await page.getByRole("button", { name: "Crear producto" }).click();
    await expect(page.getByLabel("Stock de Caja x6")).toHaveValue("12");
    await expect(page.getByLabel("Stock de Caja x12")).toHaveValue("12");
    await expect(page.locator("#f-price")).toHaveValue("9.000,50");
    await photos.setInputFiles([BOARD, WIDE]);
  }
  await page.getByLabel("Stock de Caja x12").fill("8");
  await page.getByRole("button", { name: "Crear producto" }).click();
  await expect(page.getByText("Producto creado")).toBeVisible({ timeout: 20_000 });

  const [product] = await query<{ id: string; price: number; stock: number; filename: string }>(
    "select id, price, stock, filename from products where store_id = ? and name = 'Alfajores de chocolate'",
    [shop.id],
  );
  expect(Number(product?.price)).toBe(900050);
  expect(Number(product?.stock)).toBe(20);
  // The cover is the photo shown first: moved there with JavaScript, chosen first without it.
  expect(product?.filename).toBe(jsOn() ? "wide.jpg" : "board.jpg");

  // The edit page: the price as it was typed, the whole gallery with its cover first.
  await page.goto(`/Store/${shop.id}/products/${product?.id}`);
  // (#f-price: each combination's card has a 'Precio (ARS)' of its own.)
  await expect(page.locator("#f-price")).toHaveValue("9.000,50");
  const gallery = page.getByRole("list", { name: "Fotos del producto" }).getByRole("listitem");
  await expect(gallery).toHaveCount(2);
  await expect(gallery.first()).toContainText("Portada");
});
