import { expect, type Page, test } from "@playwright/test";
import { checkoutSteps, query, signInAsOwner } from "./helpers";
import { expectNoSidewaysScroll, expectTouchTargets } from "./phone";
import { type SeededShop, seedShop } from "./shop-seed";

const panelOf = (page: Page) => page.locator("#entrega");

async function addZone(page: Page, zone: { name: string; fee: string; minOrder?: string; freeFrom?: string }) {
  const panel = panelOf(page);
  await panel.locator("#zone-new-name").fill(zone.name);
  await panel.locator("#zone-new-fee").fill(zone.fee);
  await panel.locator("#zone-new-minOrder").fill(zone.minOrder ?? "");
  await panel.locator("#zone-new-freeFrom").fill(zone.freeFrom ?? "");
  await panel.getByRole("button", { name: "Agregar zona" }).click();
  await expect(page.getByText("Zona de envío agregada")).toBeVisible();
}

// Merchant pages are a hydrated app, but every form must also work as a plain post.
for (const javaScriptEnabled of [true, false]) {
  test.describe(`the store's delivery settings, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 360, height: 740 } });

    test("the merchant turns on 'A coordinar', adds a pickup point and two zones, edits one and deletes one", async ({
      page,
      context,
      baseURL,
    }) => {
      const shop = await seedShop("entrega", [{ name: "Café", price: 1500, stock: 5 }]);
      await signInAsOwner(context, shop.id, baseURL as string);
      await page.goto(`/Store/${shop.id}/delivery`);
      const panel = panelOf(page);
      await expect(panel.getByRole("heading", { name: "Entrega" })).toBeVisible();
      await expect(panel.getByText(/Sin puntos de retiro, el comprador retira en la ubicación de tu tienda/)).toBeVisible();
      await expect(panel.getByText(/Sin zonas, el envío a domicilio no tiene costo y no se pide zona/)).toBeVisible();

      const methods = panel.getByRole("group", { name: "Métodos de entrega" });
      await expect(methods.getByLabel("Retiro en tienda")).toBeChecked();
      await expect(methods.getByLabel("Envío a domicilio")).toBeChecked();
      await expect(methods.getByLabel("A coordinar con el vendedor")).not.toBeChecked();
      await methods.getByLabel("A coordinar con el vendedor").check();
      await panel.getByRole("button", { name: "Guardar métodos" }).click();
      await expect(page.getByText("Métodos de entrega guardados")).toBeVisible();
      await page.reload();
      await expect(methods.getByLabel("A coordinar con el vendedor")).toBeChecked();

      await panel.locator("#pickup-new-name").fill("Local Centro");
      await panel.locator("#pickup-new-address").fill("Calle 10 #5-20");
      await panel.locator("#pickup-new-hours").fill("Lun a sáb, 9 a 18 h");
      await panel.getByRole("button", { name: "Agregar punto de retiro" }).click();
      await expect(page.getByText("Punto de retiro agregado")).toBeVisible();
      const points = panel.getByRole("list", { name: "Puntos de retiro" });
      await expect(points.locator(".grow")).toHaveText([/Local Centro — Calle 10 #5-20 \(Lun a sáb, 9 a 18 h\)/]);

      await addZone(page, { name: "Norte", fee: "5", minOrder: "20", freeFrom: "80" });
      // A refused zone keeps what was typed and says why, in Spanish.
      await panel.locator("#zone-new-name").fill("Sur");
      await panel.locator("#zone-new-fee").fill("abc");
      await panel.getByRole("button", { name: "Agregar zona" }).click();
      await expect(panel.getByText("Escribe un precio válido, por ejemplo 12.500 o 12,50")).toBeVisible();
      await expect(panel.locator("#zone-new-name")).toHaveValue("Sur");
      await expect(panel.locator("#zone-new-fee")).toHaveValue("abc");
      await addZone(page, { name: "Sur", fee: "3" });

      const zones = panel.getByRole("list", { name: "Zonas de envío" });
      await expect(zones.locator(".grow")).toHaveText([
        /Norte — US\$\s5 · mínimo US\$\s20 · gratis desde US\$\s80/,
        /Sur — US\$\s3$/,
      ]);

      // Edit the second zone: its form opens under it with the stored amounts.
      const sur = zones.getByRole("listitem").filter({ hasText: "Sur" });
      await sur.getByLabel("Editar Sur").click();
      await expect(sur.getByLabel(/Costo de envío/)).toHaveValue("3");
      await sur.getByLabel(/Costo de envío/).fill("4,50");
      await sur.getByLabel(/Pedido mínimo/).fill("10");
      await sur.getByRole("button", { name: "Guardar zona" }).click();
      await expect(page.getByText("Zona de envío guardada")).toBeVisible();
      await expect(zones.locator(".grow")).toHaveText([/^Norte — /, /Sur — US\$\s4,50 · mínimo US\$\s10/]);

      // Delete the first one.
      await zones.getByRole("button", { name: "Eliminar Norte" }).click();
      await expect(page.getByText("Zona de envío eliminada")).toBeVisible();
      await expect(zones.locator(".grow")).toHaveText([/Sur — US\$\s4,50 · mínimo US\$\s10/]);

      await page.reload();
      await expect(points.getByRole("listitem")).toHaveCount(1);
      await expect(zones.locator(".grow")).toHaveText([/Sur — US\$\s4,50/]);
      await expectNoSidewaysScroll(page);
      expect(await expectTouchTargets(page, panel)).toEqual([]);
    });

    test("a zone lists its postal codes: a shopper in 1425 sees CABA and its fee on the product page and the cart, one in 5000 does not", async ({
      page,
      context,
      baseURL,
    }) => {
      const shop = await seedShop("envio-cp", [{ name: "Mate", price: 1500, stock: 5 }]);
      // An Argentine store: its shoppers read 'vos'.
      await query("update stores set country = 'AR', currency = 'ARS' where id = ?", [shop.id]);
      await signInAsOwner(context, shop.id, baseURL as string);
      await page.goto(`/Store/${shop.id}/delivery`);
      const panel = panelOf(page);
      await expect(panel.getByLabel("Códigos postales").first()).toBeVisible();
      await expect(panel.getByText(/códigos como 1425, prefijos como 14\* o rangos como 1425-1429/).first()).toBeVisible();
      await panel.locator("#zone-new-name").fill("CABA");
      await panel.locator("#zone-new-fee").fill("3500");
      // Five digits are no Argentine code: refused in Spanish, what was typed kept.
      await panel.locator("#zone-new-postalCodes").fill("1000-1499, 14250");
      await panel.getByRole("button", { name: "Agregar zona" }).click();
      await expect(panel.getByText(/“14250” no es un código postal/)).toBeVisible();
      await expect(panel.locator("#zone-new-postalCodes")).toHaveValue("1000-1499, 14250");
      await panel.locator("#zone-new-postalCodes").fill("1000 - 1499");
      await panel.getByRole("button", { name: "Agregar zona" }).click();
      await expect(page.getByText("Zona de envío agregada")).toBeVisible();
      const zones = panel.getByRole("list", { name: "Zonas de envío" });
      await expect(zones.locator(".grow")).toHaveText([/CABA — \$\s3\.500 · CP 1000-1499$/]);

      // The shopper: no session, no cart.
      await context.clearCookies();
      const product = shop.products[0] as SeededShop["products"][number];
      await page.goto(`/site/${shop.slug}/Product/mate/${product.id}`);
      const estimate = page.getByRole("region", { name: "Calcular envío" });
      await estimate.getByLabel("Calcular envío: código postal").fill("1425");
      await estimate.getByRole("button", { name: "Calcular" }).click();
      await expect(page).toHaveURL(/\?cp=1425#calcular$/);
      await expect(estimate.getByRole("list", { name: "Envío a 1425" })).toHaveText(/CABA — \$\s3\.500\b/);
      await estimate.getByLabel("Calcular envío: código postal").fill("5000");
      await estimate.getByRole("button", { name: "Calcular" }).click();
      await expect(estimate.getByText("Sin envío a 5000: retirá en la tienda o escribinos")).toBeVisible();
      await expect(estimate.getByText(/CABA/)).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      expect(await expectTouchTargets(page, estimate)).toEqual([]);

      // The cart answers the same way for its products.
      await page.getByRole("button", { name: "Agregar al carrito" }).click();
      await page.goto(`/site/${shop.slug}/Cart`);
      const cartEstimate = page.getByRole("region", { name: "Calcular envío" });
      await cartEstimate.getByLabel("Calcular envío: código postal").fill("C1425ABC");
      await cartEstimate.getByRole("button", { name: "Calcular" }).click();
      await expect(cartEstimate.getByRole("list", { name: "Envío a C1425ABC" })).toHaveText(/CABA — \$\s3\.500\b/);
      await cartEstimate.getByLabel("Calcular envío: código postal").fill("5000");
      await cartEstimate.getByRole("button", { name: "Calcular" }).click();
      await expect(cartEstimate.getByText("Sin envío a 5000: retirá en la tienda o escribinos")).toBeVisible();
      await expectNoSidewaysScroll(page);

      // The checkout asks the code before the zone and offers only the zones covering it.
      await page.getByRole("link", { name: "Hacer pedido" }).click();
      await checkoutSteps(page, { name: "Lucía", email: "lucia@correo.test" }, "Envío a domicilio");
      await expect(page.locator('select[name="zone"]')).toHaveCount(0);
      await page.getByLabel(/Código postal/).fill("5000");
      await page.getByRole("button", { name: "Ver zonas de envío" }).click();
      await expect(page.getByText("Sin envío a 5000: retirá en la tienda o escribinos")).toBeVisible();
      await expect(page.locator('select[name="zone"]')).toHaveCount(0);
      await page.getByLabel(/Código postal/).fill("1425");
      await page.getByRole("button", { name: "Cambiar código postal" }).click();
      await expect(page.getByLabel("Zona de envío").locator("option", { hasText: /^CABA/ })).toHaveCount(1);
      await expectNoSidewaysScroll(page);
    });

    test("turning every method off shows the Spanish error and keeps the store's methods", async ({ page, context, baseURL }) => {
      const shop = await seedShop("entrega-sin", [{ name: "Té", price: 900, stock: 5 }]);
      await signInAsOwner(context, shop.id, baseURL as string);
      await page.goto(`/Store/${shop.id}/delivery`);
      const panel = panelOf(page);
      const methods = panel.getByRole("group", { name: "Métodos de entrega" });
      await methods.getByLabel("Retiro en tienda").uncheck();
      await methods.getByLabel("Envío a domicilio").uncheck();
      await panel.getByRole("button", { name: "Guardar métodos" }).click();
      await expect(panel.getByRole("alert")).toHaveText("Activa al menos un método de entrega");
      await expect(methods.getByLabel("Retiro en tienda")).not.toBeChecked();
      await page.goto(`/Store/${shop.id}/delivery`);
      await expect(methods.getByLabel("Retiro en tienda")).toBeChecked();
      await expect(methods.getByLabel("Envío a domicilio")).toBeChecked();
    });
  });
}
