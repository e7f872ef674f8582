import { expect, type Page, test } from "@playwright/test";
import { query, signInAsOwner } from "./helpers";
import { expectNoSidewaysScroll, expectTouchTargets, phone } from "./phone";
import { type SeededShop, seedShop } from "./shop-seed";

/**
 * The merchant sets an offer, hides and publishes products and chooses what the store does with sold-out
 * products, through the forms, on a 360-px phone; the public site follows each change.
 */
const PHOTO = "tests/fixtures/photos/board.jpg";

/** No sideways scroll and 44-px controls on what the page shows now. */
async function fitsThePhone(page: Page, label: string) {
  await expectNoSidewaysScroll(page, label);
  await expectTouchTargets(page, undefined, label);
}

const tiendaNames = async (page: Page, shop: SeededShop) => {
  await page.goto(`/site/${shop.slug}/Store`);
  return page.getByRole("list", { name: "Productos" }).getByRole("listitem").locator(".card-name").allTextContents();
};

/** The notice of a product saved as 'Oculto', created or edited. */
const HIDDEN_NOTICE = (name: string) => `Guardado como oculto: ${name} no aparece en tu tienda hasta que lo publiques.`;

async function save(page: Page, storeId: string) {
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page).toHaveURL(new RegExp(`/Store/${storeId}/products$`));
  await expect(page.getByText("Producto guardado")).toBeVisible();
}

test.use(phone(360));

test("the merchant sets an offer, hides and publishes a product, and hides sold-out products, through the forms", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const shop = await seedShop("comerciante", [
    { name: "Café de Colombia", price: 1200, stock: 3 },
    { name: "Panela orgánica", price: 450, stock: 10 },
    { name: "Cafetera italiana", price: 3500, stock: 5 },
  ]);
  await signInAsOwner(context, shop.id, baseURL as string);
  const store = `/Store/${shop.id}`;
  const [, panela, cafetera] = shop.products as SeededShop["products"][number][];
  if (!panela || !cafetera) throw new Error("seeded products missing");

  // An offer: 'Precio anterior' must be above the price.
  await page.goto(`${store}/products/${cafetera.id}`);
  await expect(page.getByRole("radio", { name: "Publicado" })).toBeChecked();
  const compareAt = page.getByLabel(/^Precio anterior/);
  await expect(compareAt).toHaveValue("");
  await compareAt.fill("30");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("El precio anterior debe ser mayor que el precio")).toBeVisible();
  await expect(compareAt).toHaveAttribute("aria-invalid", "true");
  await fitsThePhone(page, "edit product with an error");
  await compareAt.fill("50");
  await save(page, shop.id);
  const [saved] = await query<{ compare_at_price: number }>("select compare_at_price from products where id = ?", [cafetera.id]);
  expect(saved?.compare_at_price).toBe(5000);
  await page.goto(`/site/${shop.slug}/Store`);
  const card = page.getByRole("listitem").filter({ hasText: "Cafetera italiana" });
  await expect(card.locator("s")).toHaveText(/US\$\s50$/);
  await expect(card.getByText("-30 %", { exact: true })).toBeVisible();
  // The public card with its old price and badge still fits, and so does the header of a store without a logo.
  await fitsThePhone(page, "Tienda with an offer");

  // Hide it: the list tags it 'Oculto' and filters it; the public site no longer has it.
  await page.goto(`${store}/products/${cafetera.id}`);
  await expect(compareAt).toHaveValue("50");
  await page.getByRole("radio", { name: "Oculto" }).check();
  await save(page, shop.id);
  // The notice says where it is now: not in the store.
  await expect(page.getByText(HIDDEN_NOTICE("Cafetera italiana"))).toBeVisible();
  const list = page.getByRole("list", { name: "Productos" });
  await expect(
    list.getByRole("listitem").filter({ hasText: "Cafetera italiana" }).getByText("Oculto", { exact: true }),
  ).toBeVisible();
  await expect(list.getByText("Oculto", { exact: true })).toHaveCount(1);
  await expect(page.getByTestId("product-count")).toHaveText("3 de 30 productos (1 oculto)");
  const filters = page.getByRole("navigation", { name: "Filtrar por visibilidad" });
  await filters.getByRole("link", { name: "Ocultos" }).click();
  await expect(page).toHaveURL(new RegExp(`${store}/products\\?estado=ocultos$`));
  await expect(filters.getByRole("link", { name: "Ocultos" })).toHaveAttribute("aria-current", "page");
  await expect(list.getByRole("listitem")).toHaveText([/Cafetera italiana/]);
  await fitsThePhone(page, "products list, hidden only");
  await filters.getByRole("link", { name: "Publicados" }).click();
  await expect(list.getByRole("listitem")).toHaveText([/Panela orgánica/, /Café de Colombia/]);
  expect((await page.goto(`/site/${shop.slug}/Product/cafetera-italiana/${cafetera.id}`))?.status()).toBe(404);
  expect(await tiendaNames(page, shop)).toEqual(["Panela orgánica", "Café de Colombia"]);

  // Publish it again.
  await page.goto(`${store}/products/${cafetera.id}`);
  await expect(page.getByRole("radio", { name: "Oculto" })).toBeChecked();
  await page.getByRole("radio", { name: "Publicado" }).check();
  await save(page, shop.id);
  expect((await page.goto(`/site/${shop.slug}/Product/cafetera-italiana/${cafetera.id}`))?.status()).toBe(200);
  expect(await tiendaNames(page, shop)).toEqual(["Cafetera italiana", "Panela orgánica", "Café de Colombia"]);

  // A new product can start hidden, with its offer.
  await page.goto(`${store}/products/new`);
  await fitsThePhone(page, "new product");
  await page.getByLabel("Nombre").fill("Mermelada de guayaba");
  await page.getByLabel(/^Precio \(/).fill("8");
  await page.getByLabel(/^Precio anterior/).fill("10");
  await page.getByLabel("Stock").fill("6");
  await page.getByRole("radio", { name: "Oculto" }).check();
  await page.getByLabel("Fotos").setInputFiles(PHOTO);
  await page.getByRole("button", { name: "Crear producto" }).click();
  await expect(page.getByText("Producto creado")).toBeVisible();
  await expect(page.getByText(HIDDEN_NOTICE("Mermelada de guayaba"))).toBeVisible();
  const [created] = await query<{ id: string; published: number; compare_at_price: number }>(
    "select id, published, compare_at_price from products where store_id = ? and name = 'Mermelada de guayaba'",
    [shop.id],
  );
  expect(created).toMatchObject({ published: 0, compare_at_price: 1000 });
  expect(await tiendaNames(page, shop)).not.toContain("Mermelada de guayaba");

  // Sold out: listed last by default; 'Ocultar agotados' takes it out of the listings, its page stays.
  await page.goto(`${store}/products/${panela.id}`);
  await page.getByLabel("Stock").fill("0");
  await save(page, shop.id);
  await expect(
    page
      .getByRole("list", { name: "Productos" })
      .getByRole("listitem")
      .filter({ hasText: "Panela orgánica" })
      .getByText("Agotado"),
  ).toBeVisible();
  expect(await tiendaNames(page, shop)).toEqual(["Cafetera italiana", "Café de Colombia", "Panela orgánica"]);
  await page.goto(`${store}/info`);
  await expect(page.getByRole("radio", { name: "Mostrar agotados al final" })).toBeChecked();
  await page.getByRole("radio", { name: "Ocultar agotados" }).check();
  await fitsThePhone(page, "store information");
  await page.getByRole("button", { name: "Guardar información" }).click();
  await expect(page.getByText("Información guardada")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Ocultar agotados" })).toBeChecked();
  expect(await tiendaNames(page, shop)).toEqual(["Cafetera italiana", "Café de Colombia"]);
  const soldOut = await page.goto(`/site/${shop.slug}/Product/panela-organica/${panela.id}`);
  expect(soldOut?.status()).toBe(200);
  await expect(page.locator(".stock.out")).toHaveText("Agotado");
});
