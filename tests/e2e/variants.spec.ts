// A clothing shop's product: the merchant sets sizes and colours with stock per combination, a shopper
// without JavaScript picks one and orders it, and confirming the sale takes stock from that combination only.
import { expect, test } from "@playwright/test";
import { captureWhatsApp, checkoutSteps, e2eDb, query, signInAsOwner } from "./helpers";
import { seedShop } from "./shop-seed";

test("merchant sets Talla and Color; the shopper orders 2 of 'M / Azul'; 'Completar' takes 2 from it only", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  // A store of its own, with its WhatsApp number and no products yet (registering is the accounts journeys' subject).
  const { id: storeId } = await seedShop("ropa", []);
  await signInAsOwner(context, storeId, baseURL as string);

  // On a phone, the options make the combinations' cards as they are typed.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/Store/${storeId}/products/new`);
  await page.getByLabel("Nombre").fill("Camiseta básica");
  await page.getByLabel(/^Precio \(/).fill("30");
  await page.getByLabel("Opción 1", { exact: true }).fill("Talla");
  await page.getByLabel("Valores de la opción 1").fill("S, M, L");
  await page.getByLabel("Opción 2", { exact: true }).fill("Color");
  await page.getByLabel("Valores de la opción 2").fill("Rojo, Azul");
  const cards = page.getByRole("list", { name: "Variantes" }).getByRole("listitem");
  await expect(cards).toHaveCount(6);
  await expect(page.getByLabel("Stock", { exact: true })).toHaveCount(0);
  await page.getByLabel("Stock de S / Rojo").fill("3");
  await page.getByLabel("Stock de M / Azul").fill("5");
  await page.getByLabel("Precio de M / Azul").fill("35");
  await page.getByLabel("SKU de M / Azul").fill("CB-M-AZ");
  await page.getByLabel("Activa: L / Azul").uncheck();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // Its three photos on the same screen: the first is the cover.
  await page
    .getByLabel("Fotos")
    .setInputFiles(["tests/fixtures/photos/wide.jpg", "tests/fixtures/photos/board.jpg", "tests/fixtures/jpeg/ycc420.jpg"]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // No category is chosen for the merchant: none is shown to the shopper either.
  await expect(page.getByLabel("Categoría").locator("option:checked")).toHaveText("Sin categoría");
  await page.getByRole("button", { name: "Crear producto" }).click();
  await expect(page.getByText("Producto creado")).toBeVisible({ timeout: 20_000 });

  const db = e2eDb();
  const [product] = (
    await db.execute({
      sql: "select id, stock, category from products where store_id = ? and name = 'Camiseta básica'",
      args: [storeId],
    })
  ).rows;
  expect(product?.category).toBe(-1);
  // 3 + 5 (the disabled L / Azul does not count).
  expect(Number(product?.stock)).toBe(8);
  const photos = await db.execute({
    sql: "select filename from product_photos where product_id = ? order by position",
    args: [String(product?.id)],
  });
  expect(photos.rows.map((r) => r.filename)).toEqual(["wide.jpg", "board.jpg", "ycc420.jpg"]);
  const [store] = (await db.execute({ sql: "select url from stores where id = ?", args: [storeId] })).rows;

  // The shopper, on a phone without JavaScript.
  const shopper = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const shop = await shopper.newPage();
  const whatsapp = await captureWhatsApp(shop);
  await shop.goto(`/site/${store?.url}/Store`);
  await expect(shop.getByRole("navigation", { name: "Categorías" })).toHaveCount(0);
  await expect(shop.getByText("Servicio", { exact: true })).toHaveCount(0);
  await shop
    .getByRole("link", { name: /Camiseta básica/ })
    .first()
    .click();
  const talla = shop.getByRole("group", { name: /^Talla/ });
  const color = shop.getByRole("group", { name: /^Color/ });
  // From S / Rojo, 'M' leads to M / Rojo, which is sold out (the link says so); then 'Azul' to M / Azul.
  await expect(talla.getByRole("link", { name: "M (agotado)" })).toBeVisible();
  await talla.getByRole("link", { name: /^M/ }).click();
  await expect(shop.getByText("Agotado", { exact: true })).toBeVisible();
  await color.getByRole("link", { name: /^Azul/ }).click();
  await expect(shop.getByRole("group", { name: "Talla: M" })).toBeVisible();
  await expect(shop.getByRole("group", { name: "Color: Azul" })).toBeVisible();
  await expect(shop.locator(".price.big")).toHaveText(/US\$\s35$/);
  await expect(shop.getByText("Disponible: 5")).toBeVisible();
  await expect(shop.getByText("Servicio", { exact: true })).toHaveCount(0);
  await shop.getByLabel("Cantidad").fill("2");
  await shop.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(shop.getByRole("listitem", { name: "Camiseta básica — Talla M, Color Azul" })).toBeVisible();
  await shop.getByRole("link", { name: "Hacer pedido" }).click();
  await checkoutSteps(shop, { name: "Lucía Mora", phone: "300 555 0145" }, "Retiro en tienda");
  await shop.getByRole("button", { name: "Enviar pedido por WhatsApp" }).click();
  await expect.poll(() => whatsapp.length).toBe(1);
  const text = new URL(whatsapp[0] as string).searchParams.get("text") ?? "";
  expect(text).toContain("Camiseta básica — Talla M, Color Azul x 2");
  const code = text.match(/Pedido (\d{10})/)?.[1] as string;

  // L / Rojo is sold out: its page says so and offers no button.
  await shop.goBack();
  await shop.goto(`/site/${store?.url}/Store`);
  await expect(shop.getByRole("navigation", { name: "Categorías" })).toHaveCount(0);
  await expect(shop.getByText("Servicio", { exact: true })).toHaveCount(0);
  await shop
    .getByRole("link", { name: /Camiseta básica/ })
    .first()
    .click();
  await shop
    .getByRole("group", { name: /^Talla/ })
    .getByRole("link", { name: /^L/ })
    .click();
  await expect(shop.getByRole("group", { name: "Color: Rojo" })).toBeVisible();
  await expect(shop.getByText("Agotado", { exact: true })).toBeVisible();
  await expect(shop.getByRole("button", { name: "Agregar al carrito" })).toHaveCount(0);
  await shopper.close();

  // The merchant's sales desk names the variant; 'Completar' takes 2 from M / Azul only.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/Store/${storeId}/sales`);
  const row = page.locator("tr", { hasText: code });
  await expect(row).toContainText(/US\$\s70(?![\d,])/);
  await row.locator("td").nth(1).click();
  const dialog = page.getByRole("dialog", { name: `Venta ${code}` });
  await expect(dialog).toContainText("Camiseta básica — Talla M, Color Azul");
  await dialog.getByRole("button", { name: "Completar" }).click();
  await page.getByRole("dialog", { name: "¿Se ha completado esta compra?" }).getByRole("button", { name: "Confirmar" }).click();
  await expect(dialog).toContainText("Venta confirmada el");
  const stocks = (
    await db.execute({
      sql: "select option1 || '/' || option2 as combo, stock from product_variants where product_id = ? order by position",
      args: [product?.id as string],
    })
  ).rows.map((r) => `${r.combo}:${r.stock}`);
  expect(stocks).toEqual(["S/Rojo:3", "S/Azul:0", "M/Rojo:0", "M/Azul:3", "L/Rojo:0", "L/Azul:0"]);

  // The edit form shows each combination's saved stock.
  await page.goto(`/Store/${storeId}/products/${product?.id}`);
  await expect(page.getByLabel("Stock de M / Azul")).toHaveValue("3");
  await expect(page.getByLabel("Activa: L / Azul")).not.toBeChecked();
  db.close();
});

test("a merchant without JavaScript (or before the page's script runs) is asked the stock of each combination instead of saving 0", async ({
  browser,
  baseURL,
}) => {
  const shop = await seedShop("variantes-sin-js", [{ name: "Taza", price: 900, stock: 3 }]);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: "es-CO" });
  await signInAsOwner(context, shop.id, baseURL as string);
  const page = await context.newPage();
  await page.goto(`/Store/${shop.id}/products/new`);
  await page.getByLabel("Nombre").fill("Gorra");
  await page.getByLabel(/^Precio \(/).fill("15");
  await page.getByLabel("Stock", { exact: true }).fill("9");
  await page.getByLabel("Opción 1", { exact: true }).fill("Talla");
  await page.getByLabel("Valores de la opción 1").fill("S, M");
  await page.getByLabel("Fotos").setInputFiles("tests/fixtures/photos/wide.jpg");
  await page.getByRole("button", { name: "Crear producto" }).click();

  // Nothing saved: the form comes back as typed, with a card per combination to fill.
  await expect(page.getByText("Escribe el stock de cada combinación (abajo) y vuelve a guardar")).toBeVisible();
  expect(await query("select id from products where store_id = ? and name = 'Gorra'", [shop.id])).toHaveLength(0);
  await expect(page.getByLabel("Nombre")).toHaveValue("Gorra");
  await expect(page.getByLabel("Valores de la opción 1")).toHaveValue("S, M");
  await page.getByLabel("Stock de S").fill("4");
  await page.getByLabel("Stock de M").fill("5");
  await page.getByLabel("Fotos").setInputFiles("tests/fixtures/photos/wide.jpg");
  await page.getByRole("button", { name: "Crear producto" }).click();
  await expect(page.getByText("Producto creado")).toBeVisible();
  const [product] = await query<{ stock: number }>("select stock from products where store_id = ? and name = 'Gorra'", [shop.id]);
  expect(Number(product?.stock)).toBe(9);
  await context.close();
});
