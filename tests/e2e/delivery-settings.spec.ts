import { expect, type Page, test } from "@playwright/test";
import { signInAsOwner } from "./helpers";
import { expectNoSidewaysScroll, expectTouchTargets } from "./phone";
import { seedShop } from "./shop-seed";

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
        /Norte — 5,00\sUS\$ · mínimo 20,00\sUS\$ · gratis desde 80,00\sUS\$/,
        /Sur — 3,00\sUS\$$/,
      ]);

      // Edit the second zone: its form opens under it with the stored amounts.
      const sur = zones.getByRole("listitem").filter({ hasText: "Sur" });
      await sur.getByLabel("Editar Sur").click();
      await expect(sur.getByLabel(/Costo de envío/)).toHaveValue("3,00");
      await sur.getByLabel(/Costo de envío/).fill("4,50");
      await sur.getByLabel(/Pedido mínimo/).fill("10");
      await sur.getByRole("button", { name: "Guardar zona" }).click();
      await expect(page.getByText("Zona de envío guardada")).toBeVisible();
      await expect(zones.locator(".grow")).toHaveText([/^Norte — /, /Sur — 4,50\sUS\$ · mínimo 10,00\sUS\$/]);

      // Delete the first one.
      await zones.getByRole("button", { name: "Eliminar Norte" }).click();
      await expect(page.getByText("Zona de envío eliminada")).toBeVisible();
      await expect(zones.locator(".grow")).toHaveText([/Sur — 4,50\sUS\$ · mínimo 10,00\sUS\$/]);

      await page.reload();
      await expect(points.getByRole("listitem")).toHaveCount(1);
      await expect(zones.locator(".grow")).toHaveText([/Sur — 4,50\sUS\$/]);
      await expectNoSidewaysScroll(page);
      expect(await expectTouchTargets(page, panel)).toEqual([]);
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
