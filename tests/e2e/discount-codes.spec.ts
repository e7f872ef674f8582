import { expect, type Page, test } from "@playwright/test";
import { query, signInAsOwner } from "./helpers";
import { expectNoSidewaysScroll, expectTouchTargets, phone } from "./phone";
import { seedShop } from "./shop-seed";

/**
 * The merchant's discount codes on a 360-px phone, with JavaScript and without (the config's two
 * projects): create a 15 % code with a 5-use limit, switch it off, and try its name again in another case.
 */
async function fitsThePhone(page: Page, label: string) {
  await expectNoSidewaysScroll(page, label);
  await expectTouchTargets(page, undefined, label);
}

/**
 * The form's 'Código' field. A label lookup would also match the list labelled 'Códigos de descuento', which stays on
 * screen for a moment after the address has changed to the form.
 */
const codeField = (page: Page) => page.getByRole("textbox", { name: "Código" });

test.use(phone(360));

test("the merchant creates a code, switches it off, and cannot repeat its name in another case", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const shop = await seedShop("descuentos", [{ name: "Café de Colombia", price: 1200, stock: 3 }]);
  await signInAsOwner(context, shop.id, baseURL as string);
  const list = `/Store/${shop.id}/discounts`;

  // On a phone, 'Descuentos' is behind 'Más'.
  await page.goto(`/Store/${shop.id}/products`);
  await page.getByRole("navigation", { name: "Tienda" }).getByText("Más").tap();
  await page.getByRole("navigation", { name: "Más opciones" }).getByRole("link", { name: "Descuentos" }).tap();
  await expect(page).toHaveURL(new RegExp(`${list}$`));
  await expect(page.getByRole("heading", { name: "Descuentos", exact: true })).toBeVisible();
  await expect(page.getByText("Aún no tienes códigos de descuento")).toBeVisible();

  await page.getByRole("link", { name: "Nuevo código" }).tap();
  await expect(page).toHaveURL(new RegExp(`${list}/new$`));
  await codeField(page).fill("Amigos15");
  await expect(page.getByRole("radio", { name: "Porcentaje" })).toBeChecked();
  await page.getByLabel("Valor").fill("15");
  await page.getByLabel("Usos máximos").fill("5");
  await expect(page.getByRole("checkbox", { name: "Activo" })).toBeChecked();
  await fitsThePhone(page, "new code form");
  await page.getByRole("button", { name: "Crear código" }).tap();

  await expect(page).toHaveURL(new RegExp(`${list}$`));
  await expect(page.getByText("Código creado")).toBeVisible();
  const row = page.getByRole("list", { name: "Códigos de descuento" }).getByRole("listitem").filter({ hasText: "Amigos15" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("15 %");
  await expect(row).toContainText("hasta 5 usos");
  await expect(row).toContainText("0 de 5 usos");
  await expect(row.locator(".code-state")).toHaveText("Activo");
  await fitsThePhone(page, "code list");

  await row.getByRole("button", { name: "Desactivar Amigos15" }).tap();
  await expect(row.locator(".code-state")).toHaveText("Inactivo");
  await expect(row.getByRole("button", { name: "Activar Amigos15" })).toBeVisible();
  const [saved] = await query<{ code_key: string; value: number; max_uses: number; active: number }>(
    "select code_key, value, max_uses, active from discount_codes where store_id = ?",
    [shop.id],
  );
  expect(saved).toEqual({ code_key: "AMIGOS15", value: 15, max_uses: 5, active: 0 });

  // The same name in other case is the same code for buyers: refused, with what was typed kept.
  await page.getByRole("link", { name: "Nuevo código" }).tap();
  await expect(page).toHaveURL(/\/discounts\/new$/);
  await codeField(page).fill("amigos15");
  await page.getByRole("radio", { name: "Monto fijo" }).check();
  await page.getByLabel("Valor").fill("5");
  await page.getByRole("button", { name: "Crear código" }).tap();
  await expect(page.getByText("Ya tienes un código con ese nombre")).toBeVisible();
  await expect(codeField(page)).toHaveValue("amigos15");
  await expect(codeField(page)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Valor")).toHaveValue("5");
  await expect(page.getByRole("radio", { name: "Monto fijo" })).toBeChecked();
  await fitsThePhone(page, "duplicate code refused");
  expect(await query("select id from discount_codes where store_id = ?", [shop.id])).toHaveLength(1);
});
