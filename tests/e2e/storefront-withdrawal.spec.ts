import { expect } from "@playwright/test";
import { query } from "./helpers";
import { jsOn, test } from "./people";
import { phone } from "./phone";
import { seedShop } from "./shop-seed";

/**
 * Argentina's 'Botón de arrepentimiento', buyer and merchant side by side (both projects: JavaScript on, then off):
 * from any page's footer the buyer asks to cancel an order with its code and their email, gets the request number on
 * the page and by email, and the merchant sees the request in the sale's dialog and cancels the order there.
 */
test("a buyer cancels a recent order with the 'Botón de arrepentimiento' and the merchant cancels it from the sale", async ({
  browser,
  baseURL,
  merchantOf,
}) => {
  const shop = await seedShop("arrepentimiento", [{ name: "Mate de calabaza", price: 1500000, stock: 3 }]);
  await query("update stores set country = 'AR', time_zone = 'America/Argentina/Buenos_Aires', currency = 'ARS' where id = ?", [
    shop.id,
  ]);
  const code = String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999)).slice(0, 10);
  const buyer = `arrepentida-${shop.slug}@correo.test`;
  await query(
    `insert into sales (id, store_id, total, subtotal, currency, buyer_name, buyer_email, buyer_phone, delivery, created_at)
     values (?, ?, 1500000, 1500000, 'ARS', 'Lucía Pérez', ?, '5491155551234', 'pickup', ?)`,
    [code, shop.id, buyer, Date.now() - 2 * 86_400_000],
  );

  const context = await browser.newContext({ baseURL, javaScriptEnabled: jsOn(), locale: "es-AR", ...phone(360) });
  const page = await context.newPage();
  try {
    await page.goto(`/site/${shop.slug}`);
    const footer = page.locator("footer.site-footer");
    await expect(
      footer.getByRole("link", { name: "Defensa de las y los Consumidores. Para reclamos ingrese aquí" }),
    ).toHaveAttribute("href", "https://www.argentina.gob.ar/produccion/defensadelconsumidor/formulario");
    await footer.getByRole("link", { name: "Botón de arrepentimiento" }).click();
    await expect(page).toHaveURL(new RegExp(`/site/${shop.slug}/arrepentimiento$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Botón de arrepentimiento");

    // A wrong contact is told the same as an unknown code, in 'vos': the store is in Argentina.
    await page.getByLabel("Código del pedido").fill(code);
    await page.getByLabel("Correo o teléfono del pedido").fill("otra@correo.test");
    await page.getByRole("button", { name: "Pedir la cancelación" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "No encontramos un pedido de esta tienda con ese código y ese correo o teléfono. Revisá los datos: están en el mensaje o el correo de tu pedido.",
    );

    await page.getByLabel("Código del pedido").fill(code);
    await page.getByLabel("Correo o teléfono del pedido").fill(buyer);
    await page.getByRole("button", { name: "Pedir la cancelación" }).click();
    await expect(page.getByRole("heading", { name: "Recibimos tu solicitud" })).toBeVisible();
    const number = (await page.locator("[data-request-number]").textContent()) ?? "";
    expect(number).toMatch(/^\d{10}$/);
    await expect(page.getByText("También te enviamos este número por correo.", { exact: false })).toBeVisible();

    await page.goto("/_dev/correo");
    await expect(page.locator(`article[data-to="${buyer}"]`).first()).toContainText(`Número de solicitud: ${number}`);

    // The merchant: the request in the sale's dialog, answered with 'Cancelar pedido'.
    const merchant = await merchantOf(shop);
    await merchant.goto(`/Store/${shop.id}/sales/${code}`);
    const dialog = merchant.getByRole("dialog", { name: `Venta ${code}` });
    await expect(dialog).toContainText(`tu cliente pidió cancelar este pedido`);
    // An Argentine store's merchant reads the desk in 'vos' (decision 0067).
    await expect(dialog).toContainText(`(solicitud ${number}). Cancelala con «Cancelar pedido».`);
    await dialog.getByRole("button", { name: "Cancelar pedido", exact: true }).click();
    if (jsOn())
      await merchant.getByRole("dialog", { name: "¿Cancelar compra?" }).getByRole("button", { name: "Confirmar" }).click();
    await expect(dialog).toContainText("Venta cancelada el");
    await expect(dialog).toContainText("Solicitud atendida: la venta está cancelada.");
    await expect
      .poll(async () => (await query<{ state: string }>("select state from sales where id = ?", [code]))[0]?.state)
      .toBe("Cancelada");
  } finally {
    await context.close();
  }
});
