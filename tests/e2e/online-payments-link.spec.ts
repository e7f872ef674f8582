// 'Cobros en línea': a merchant links the store's payment account through the local sandbox's
// authorization page ('Autorizar'), sees it linked with its account id, and unlinks it. With
// JavaScript (the confirm dialog) and without it (plain form posts and server redirects).
import { expect, type Page, test } from "@playwright/test";
import { query, signInAsOwner } from "./helpers";
import { seedShop } from "./shop-seed";

async function linkAndUnlink(page: Page, storeId: string, confirmInDialog: boolean) {
  await page.goto(`/Store/${storeId}/payments`);
  await expect(page.getByRole("heading", { name: "Cobros en línea" })).toBeVisible();
  await expect(page.getByText("Sin vincular")).toBeVisible();

  await page.getByRole("button", { name: "Vincular Mercado Pago" }).click();
  await expect(page).toHaveURL(/\/_sandbox\/oauth\?/);
  await page.getByRole("button", { name: "Autorizar" }).click();

  await expect(page).toHaveURL(new RegExp(`/Store/${storeId}/payments$`));
  await expect(page.getByText("Vinculada", { exact: true })).toBeVisible();
  const [account] = await query<{ account_id: string; access_token_enc: string }>(
    "select account_id, access_token_enc from store_payment_accounts where store_id = ?",
    [storeId],
  );
  expect(account?.access_token_enc).toMatch(/^v1\./);
  await expect(page.getByText(String(account?.account_id))).toBeVisible();

  await page.getByRole("button", { name: "Desvincular" }).click();
  if (confirmInDialog) {
    await expect(page.getByRole("dialog")).toContainText("¿Desvincular Mercado Pago?");
    await page.getByRole("button", { name: "Confirmar" }).click();
  }
  await expect(page.getByText("Sin vincular")).toBeVisible();
  await expect(page.getByRole("button", { name: "Vincular Mercado Pago" })).toBeVisible();
  expect(await query("select store_id from store_payment_accounts where store_id = ?", [storeId])).toHaveLength(0);
}

test("the merchant links Mercado Pago through the sandbox, sees it linked and unlinks it", async ({ page, context, baseURL }) => {
  const shop = await seedShop("cobros", [{ name: "Café de altura", price: 1500, stock: 4 }]);
  await signInAsOwner(context, shop.id, baseURL as string);
  await linkAndUnlink(page, shop.id, true);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("linking and unlinking work with plain forms", async ({ page, context, baseURL }) => {
    const shop = await seedShop("cobros-sin-js", [{ name: "Panela", price: 450, stock: 4 }]);
    await signInAsOwner(context, shop.id, baseURL as string);
    await linkAndUnlink(page, shop.id, false);
  });
});

test("a cancelled authorization leaves the store unlinked", async ({ page, context, baseURL }) => {
  const shop = await seedShop("cobros-cancela", [{ name: "Té verde", price: 900, stock: 2 }]);
  await signInAsOwner(context, shop.id, baseURL as string);
  await page.goto(`/Store/${shop.id}/payments`);
  await page.getByRole("button", { name: "Vincular Mercado Pago" }).click();
  await page.getByRole("button", { name: "Cancelar" }).click();
  await expect(page).toHaveURL(new RegExp(`/Store/${shop.id}/payments$`));
  await expect(page.getByText("Sin vincular")).toBeVisible();
  await expect(page.getByText("Mercado Pago no se vinculó")).toBeVisible();
});
