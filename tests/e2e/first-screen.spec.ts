import { expect, test } from "@playwright/test";
import { fillStep1, query, uniqueEmail } from "./helpers";
import { expectNoSidewaysScroll, expectTouchTargets, PHONE_WIDTHS, phone } from "./phone";
import { seedShop } from "./shop-seed";

// The platform's first screen on a 360-px phone, registration's store address as it is typed, and the new store
// pages (its policies, Argentina's 'Botón de arrepentimiento') at every phone width.

test.use(phone(360));

test("a signed-out visitor sees what Vitrina is in one screen, with 'Crea tu tienda gratis' and sign-in", async ({ page }) => {
  await page.goto("/Auth");
  const hero = page.getByRole("region", { name: "Tu tienda en línea, lista hoy" });
  await expect(hero).toBeVisible();
  await expect(hero.getByRole("listitem")).toHaveText([
    "Tu catálogo con fotos y precios, en tu propia dirección.",
    "Tus clientes te piden por WhatsApp o pagan en línea.",
    "Ventas, stock y clientes, desde tu teléfono.",
  ]);
  await expect(hero.getByText("El primer mes es gratis, sin pagar nada.")).toBeVisible();
  // The main button is on the first screen (740 px high), without scrolling.
  const create = hero.getByRole("link", { name: "Crea tu tienda gratis" });
  const box = await create.boundingBox();
  expect(box && box.y + box.height).toBeLessThanOrEqual(740);
  // Sign-in keeps its words, right after.
  await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
  await expect(page.getByText("Administra tus tiendas")).toBeVisible();
  await expect(page.getByLabel("Correo electrónico")).toBeVisible();
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
  await expectNoSidewaysScroll(page, "/Auth 360");
  await expectTouchTargets(page, undefined, "/Auth 360");

  await create.click();
  await expect(page).toHaveURL(/\/Auth\/Registration$/);
  await expect(page.getByRole("heading", { name: "Crea tu cuenta" })).toBeVisible();
});

test("step 2 shows the store's address as the name is typed", async ({ page }) => {
  await fillStep1(page, { email: uniqueEmail("direccion") });
  await expect(page).toHaveURL(/\/Auth\/Registration\/Step2$/);
  await expect(page.getByText("La dirección de tu tienda se hace con su nombre")).toBeVisible();
  await page.getByLabel("Nombre de la tienda").fill("Dulces Ñandú");
  // {slug}.{STORES_DOMAIN}, or {origin}/site/{slug} where stores have no domain of their own.
  await expect(page.locator(".store-address strong")).toHaveText(/(^|\/)dulces-nandu(\.|$)/);
});

test("a store's policy pages and its 'Botón de arrepentimiento' fit every phone", async ({ page }) => {
  const shop = await seedShop("politicas-movil", [{ name: "Mate", price: 150000, stock: 2 }]);
  await query(
    "update stores set country = 'AR', time_zone = 'America/Argentina/Buenos_Aires', tax_id = '30-71234567-1', legal_name = 'Comercializadora Internacional Rodríguez Valderrama e Hijos S.R.L.' where id = ?",
    [shop.id],
  );
  for (const path of ["/cambios-y-devoluciones", "/envios", "/privacidad", "/arrepentimiento"]) {
    await page.goto(`/site/${shop.slug}${path}`);
    await expect(page.locator(".footer-fiscal")).toHaveText(
      "Comercializadora Internacional Rodríguez Valderrama e Hijos S.R.L. · CUIT 30-71234567-1",
    );
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize(phone(width).viewport);
      await expectNoSidewaysScroll(page, `${width} ${path}`);
      await expectTouchTargets(page, undefined, `${width} ${path}`);
    }
  }
});
