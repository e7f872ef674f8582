import { expect, test } from "@playwright/test";
import { query, signInAs } from "./helpers";
import { seedShop } from "./shop-seed";

// A shared computer: after 'Cerrar sesión', Back must not bring the merchant's pages (and their buyers)
// back from the browser's cache, with JavaScript on (the hydrated app) and off (plain pages).

test("after 'Cerrar sesión', Back shows the sign-in page, not the merchant's sales", async ({ page, context, baseURL }) => {
  const shop = await seedShop("salida", [{ name: "Miel de abejas", price: 1500, stock: 4 }]);
  const [owner] = await query<{ id: string }>("select id from users where email = ?", [shop.ownerEmail]);
  const saleId = String(Date.now()).slice(-10).padStart(10, "7");
  const now = Date.now();
  await query(
    "insert into sales (id, store_id, state, total, subtotal, currency, buyer_name, buyer_phone, delivery, created_at) values (?, ?, 'Pendiente', 1500, 1500, 'USD', 'Carlos Reservado', '573001112233', 'pickup', ?)",
    [saleId, shop.id, now],
  );
  await query(
    "insert into sale_lines (sale_id, position, product_id, name, unit_price, quantity) values (?, 0, ?, 'Miel de abejas', 1500, 1)",
    [saleId, shop.products[0]?.id],
  );
  await signInAs(context, owner?.id as string, baseURL as string);

  const sale = page.getByText(saleId).filter({ visible: true });
  await page.goto(`/Store/${shop.id}/products`);
  await page.goto(`/Store/${shop.id}/sales`);
  await expect(sale).toBeVisible();
  await page.locator("nav.side-menu").getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/Auth$/);

  // Back to the sales, then to the products: the sign-in page each time, never what the browser kept.
  for (let step = 0; step < 2; step++) {
    await page.goBack();
    await expect(page).toHaveURL(/\/Auth(\?.*)?$/);
    await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
    await expect(sale).toHaveCount(0);
  }
});
