import { expect, type Page, test } from "@playwright/test";
import { query } from "./helpers";
import { E2E_SERVER } from "./servers";
import { type SeededShop, seedShop } from "./shop-seed";

/**
 * What a shopper sees of offers, hidden products and sold-out products. This file also runs in the
 * "no-js" project: everything here works with plain HTML links and forms.
 */
const ORIGIN = E2E_SERVER.origin;

function catalogue() {
  return [
    { name: "Café de Colombia", price: 1200, stock: 3, category: 1 },
    { name: "Panela orgánica", price: 450, stock: 10, category: 1 },
    { name: "Cafetera italiana", price: 3500, stock: 5, category: 4 },
  ];
}

type Product = SeededShop["products"][number];
const byName = (shop: SeededShop, name: string) => shop.products.find((p) => p.name === name) as Product;
const productUrl = (shop: SeededShop, product: Product, slug: string) => `/site/${shop.slug}/Product/${slug}/${product.id}`;

/** The Tienda's cards, top to bottom. */
async function tiendaCards(page: Page, shop: SeededShop) {
  const response = await page.goto(`/site/${shop.slug}/Store`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["x-vitrina-db-round-trips"]).toBe("1");
  return page.getByRole("list", { name: "Productos" }).getByRole("listitem");
}

async function searchFor(page: Page, shop: SeededShop, q: string) {
  await page.goto(`/site/${shop.slug}/Search?q=${encodeURIComponent(q)}`);
  return page.getByRole("list", { name: "Resultados" }).getByRole("listitem");
}

/** A cart post as a form (or a forger) sends it. */
function postToCart(page: Page, shop: SeededShop, fields: Record<string, string>) {
  return page.request.post(`/site/${shop.slug}/Cart`, {
    form: fields,
    headers: { Origin: ORIGIN },
    maxRedirects: 0,
  });
}

test("an offer shows the old price struck through and '-N %' on the Tienda card and the product page; the cart charges the price", async ({
  page,
}) => {
  const shop = await seedShop("oferta", catalogue());
  const cafetera = byName(shop, "Cafetera italiana");
  await query("update products set compare_at_price = 5000 where id = ?", [cafetera.id]);

  const cards = await tiendaCards(page, shop);
  const card = cards.filter({ hasText: "Cafetera italiana" });
  await expect(card.locator(".price")).toHaveText(/US\$\s35$/);
  const struck = card.locator("s");
  await expect(struck).toHaveText(/US\$\s50$/);
  await expect(struck).toContainText("Precio anterior");
  await expect(card.getByText("-30 %", { exact: true })).toBeVisible();
  // Products without an offer show no old price and no badge.
  await expect(cards.locator("s")).toHaveCount(1);
  await expect(cards.filter({ hasText: "Panela orgánica" }).locator(".discount")).toHaveCount(0);

  await card.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`${productUrl(shop, cafetera, "cafetera-italiana")}$`));
  await expect(page.locator(".price.big")).toHaveText(/US\$\s35$/);
  await expect(page.locator(".product-info s")).toHaveText(/Precio anterior:\s*US\$\s50$/);
  await expect(page.locator(".product-info").getByText("-30 %", { exact: true })).toBeVisible();
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(ld.offers).toMatchObject({
    "@type": "Offer",
    price: "35.00",
    priceCurrency: "USD",
    availability: "https://schema.org/InStock",
    priceSpecification: { priceType: "https://schema.org/StrikethroughPrice", price: "50.00", priceCurrency: "USD" },
  });

  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(page).toHaveURL(new RegExp(`/site/${shop.slug}/Cart$`));
  await expect(page.locator(".total")).toHaveText(/US\$\s35$/);
});

test("a hidden product answers 404 and is absent from Tienda and search, and comes back once published", async ({ page }) => {
  const shop = await seedShop("oculto", catalogue());
  const panela = byName(shop, "Panela orgánica");
  const url = productUrl(shop, panela, "panela-organica");
  await query("update products set published = 0 where id = ?", [panela.id]);

  const hidden = await page.goto(url);
  expect(hidden?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
  const cards = await tiendaCards(page, shop);
  await expect(cards).toHaveText([/Cafetera italiana/, /Café de Colombia/]);
  await expect(await searchFor(page, shop, "panela")).toHaveCount(0);
  await expect(page.getByText("No encontramos productos para “panela”.")).toBeVisible();
  await page.goto(`/site/${shop.slug}`);
  await expect(page.getByText("Panela orgánica")).toHaveCount(0);
  // Nor can it be added to a cart.
  const refused = await postToCart(page, shop, { intent: "add", productId: panela.id, quantity: "1" });
  expect(refused.status()).toBe(404);
  expect(refused.headers()["set-cookie"]).toBeUndefined();

  await query("update products set published = 1 where id = ?", [panela.id]);
  const shown = await page.goto(url);
  expect(shown?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Panela orgánica" })).toBeVisible();
  await expect(await tiendaCards(page, shop)).toHaveText([/Cafetera italiana/, /Panela orgánica/, /Café de Colombia/]);
  await expect(await searchFor(page, shop, "panela")).toHaveText([/Panela orgánica/]);
});

test("a sold-out product shows 'Agotado', last in Tienda, without an add button; a forged add is refused", async ({ page }) => {
  const shop = await seedShop("agotado", catalogue());
  const cafetera = byName(shop, "Cafetera italiana");
  await query("update products set stock = 0 where id = ?", [cafetera.id]);

  // The newest product, but sold out: after those in stock.
  const cards = await tiendaCards(page, shop);
  await expect(cards).toHaveText([/Panela orgánica/, /Café de Colombia/, /Cafetera italiana/]);
  await expect(cards.last().getByText("Agotado", { exact: true })).toBeVisible();
  await expect(cards.getByText("Agotado", { exact: true })).toHaveCount(1);

  await cards.last().getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`${productUrl(shop, cafetera, "cafetera-italiana")}$`));
  await expect(page.locator(".stock.out")).toHaveText("Agotado");
  await expect(page.getByRole("button", { name: "Agregar al carrito" })).toHaveCount(0);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(ld.offers.availability).toBe("https://schema.org/OutOfStock");

  const forged = await postToCart(page, shop, { intent: "add", productId: cafetera.id, quantity: "1" });
  expect(forged.status()).toBe(409);
  expect(await forged.text()).toContain("Este producto está agotado");
  expect(forged.headers()["set-cookie"]).toBeUndefined();
  await page.goto(`/site/${shop.slug}/Cart`);
  await expect(page.getByText("Tu carrito está vacío.")).toBeVisible();
});

test("with 'Ocultar agotados' a sold-out product leaves Tienda, search and home, but its page still loads", async ({ page }) => {
  const shop = await seedShop("sin-agotados", catalogue());
  const cafe = byName(shop, "Café de Colombia");
  await query("update products set stock = 0 where id = ?", [cafe.id]);
  await query("update stores set hide_sold_out = 1, updated_at = updated_at + 1 where id = ?", [shop.id]);

  await expect(await tiendaCards(page, shop)).toHaveText([/Cafetera italiana/, /Panela orgánica/]);
  await expect(await searchFor(page, shop, "cafe")).toHaveText([/Cafetera italiana/]);
  await page.goto(`/site/${shop.slug}`);
  await expect(page.getByRole("list", { name: "Productos" }).getByRole("listitem")).toHaveCount(2);

  const response = await page.goto(productUrl(shop, cafe, "cafe-de-colombia"));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Café de Colombia" })).toBeVisible();
  await expect(page.locator(".stock.out")).toHaveText("Agotado");
  await expect(page.getByRole("button", { name: "Agregar al carrito" })).toHaveCount(0);
});
