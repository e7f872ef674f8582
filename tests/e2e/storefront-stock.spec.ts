import { expect, type Page } from "@playwright/test";
import { slugify } from "../../app/domain/slug";
import { moveClockMinutes, resetClock } from "./billing-helpers";
import { captureWhatsApp, checkoutSteps, linkMercadoPago, query } from "./helpers";
import { jsOn, test } from "./people";
import { type SeededShop, seedShop } from "./shop-seed";

/**
 * Stock a merchant can trust, shoppers and merchant side by side: an order reserves its units when it is
 * placed, so the last unit goes to one shopper only; an online order left unpaid gives its unit back when its
 * time runs out (the test clock) and can be paid again while stock lasts; a payment that arrives after the unit
 * went to another order is 'Pagado — sin stock', refunded from the desk, with the buyer's email; an overdue
 * merchant still completes the orders of the grace period. This file runs in both projects: everyone browses
 * with JavaScript on, then off.
 */

const BOLSO = { name: "Bolso tejido", price: 4500, stock: 1 };

const productPath = (shop: SeededShop) => {
  const product = shop.products[0] as SeededShop["products"][number];
  return `/site/${shop.slug}/Product/${slugify(product.name)}/${product.id}`;
};

/** One unit in the cart, then the checkout filled for pickup (and online payment, and an email, when asked). */
async function checkoutOne(page: Page, shop: SeededShop, options: { online?: boolean; email?: string } = {}) {
  await page.goto(productPath(shop));
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(page).toHaveURL(new RegExp(`/site/${shop.slug}/Cart$`));
  await page.getByRole("link", { name: "Hacer pedido" }).click();
  const name = options.email ? "Lucía Pérez" : "Andrés Gil";
  await checkoutSteps(page, { name, phone: "300 555 0123", email: options.email }, "Retiro en tienda");
  if (options.online) await page.getByRole("radio", { name: "Pagar en línea con Mercado Pago" }).check();
}

/** Sends the checkout: a store that takes online payments says 'Confirmar pedido' (the order may go on to pay, not to WhatsApp). */
const send = (page: Page, takesOnline = false) =>
  page.getByRole("button", { name: takesOnline ? "Confirmar pedido" : "Enviar pedido por WhatsApp" }).click();

const stockRow = async (shop: SeededShop) =>
  (
    await query<{ stock: number; reserved: number }>("select stock, reserved from products where id = ?", [shop.products[0]?.id])
  )[0];

const saleOf = async (code: string) =>
  (
    await query<{ state: string; stock_state: string; payment_status: string; access_token: string }>(
      "select state, stock_state, payment_status, access_token from sales where id = ?",
      [code],
    )
  )[0];

const salesRow = (merchant: Page, code: string) => merchant.locator("table.sales-table tbody tr", { hasText: code });

/** The merchant opens the sale: the dialog with JavaScript, its plain copy without. */
async function openSale(merchant: Page, shop: SeededShop, code: string) {
  await merchant.goto(`/Store/${shop.id}/sales/${code}`);
  const dialog = merchant.getByRole("dialog", { name: `Venta ${code}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

const QUESTIONS = { Completar: "¿Se ha completado esta compra?", "Cancelar y reembolsar": "¿Cancelar y reembolsar?" };

/** A change of the sale: with JavaScript it asks first ('Confirmar'); without, the button posts at once. */
async function changeSale(merchant: Page, dialog: ReturnType<Page["getByRole"]>, button: keyof typeof QUESTIONS) {
  await dialog.getByRole("button", { name: button, exact: true }).click();
  if (jsOn()) await merchant.getByRole("dialog", { name: QUESTIONS[button] }).getByRole("button", { name: "Confirmar" }).click();
}

test("two shoppers want the last unit: the first order reserves it, the second shopper is told in Spanish it ran out", async ({
  page,
  browserFor,
  merchantOf,
}) => {
  const shop = await seedShop("ultima-unidad", [BOLSO]);
  const second = await browserFor();
  const whatsapp = await captureWhatsApp(page);
  await captureWhatsApp(second);
  // Both fill the checkout while the unit is still there.
  await checkoutOne(page, shop);
  await checkoutOne(second, shop);
  await send(page);
  await expect.poll(() => whatsapp.length).toBe(1);
  // Refused: its only line is gone, so the shopper lands on the cart, which says why.
  await send(second);
  await expect(second).toHaveURL(new RegExp(`/site/${shop.slug}/Cart$`));
  await expect(second.getByRole("alert")).toHaveText("Se agotó “Bolso tejido” y ya no entra en tu pedido.");
  expect(await query("select id from sales where store_id = ?", [shop.id])).toHaveLength(1);
  expect(await stockRow(shop)).toEqual({ stock: 1, reserved: 1 });
  // The store no longer sells what the order holds.
  await second.goto(productPath(shop));
  await expect(second.getByText("Agotado", { exact: true })).toBeVisible();
  await expect(second.getByRole("button", { name: "Agregar al carrito" })).toHaveCount(0);

  const merchant = await merchantOf(shop);
  await merchant.goto(`/Store/${shop.id}/products`);
  const item = merchant.getByRole("listitem").filter({ hasText: "Bolso tejido" });
  await expect(item).toContainText("Stock: 1 · Reservado: 1");
  await expect(item).toContainText("Todo reservado");
});

test("an online order left unpaid gives its unit back when its time runs out, and can be paid again while stock lasts", async ({
  page,
  merchantOf,
}) => {
  test.setTimeout(60_000);
  const shop = await seedShop("pago-vencido", [BOLSO]);
  const merchant = await merchantOf(shop);
  await linkMercadoPago(merchant, shop.id);
  try {
    await checkoutOne(page, shop, { online: true });
    await send(page, true);
    await expect(page).toHaveURL(/\/_sandbox\/store-checkout\/\d+$/);
    // The shopper leaves without paying.
    const [placed] = await query<{ id: string; access_token: string }>("select id, access_token from sales where store_id = ?", [
      shop.id,
    ]);
    const code = String(placed?.id);
    const orderPage = `/site/${shop.slug}/Order/${code}?t=${placed?.access_token}`;
    expect(await stockRow(shop)).toEqual({ stock: 1, reserved: 1 });

    await moveClockMinutes(page, 31);
    expect(await saleOf(code)).toMatchObject({ state: "Pendiente", stock_state: "released", payment_status: "pending" });
    expect(await stockRow(shop)).toEqual({ stock: 1, reserved: 0 });
    await page.goto(orderPage);
    await expect(page.locator("[data-payment-state]")).toHaveText("En línea con Mercado Pago: pago no completado");
    await expect(page.getByText(/^Estado: Pendiente\. Pago no completado: el tiempo para pagar terminó/)).toBeVisible();
    await merchant.goto(`/Store/${shop.id}/sales`);
    await expect(salesRow(merchant, code).locator(".sale-stock-note")).toHaveText("Pago no completado");

    // Paying again reserves the unit for another 30 minutes, then the sandbox approves it.
    await page.getByRole("button", { name: "Pagar ahora" }).click();
    await expect(page).toHaveURL(/\/_sandbox\/store-checkout\/\d+$/);
    expect(await stockRow(shop)).toEqual({ stock: 1, reserved: 1 });
    await page.getByRole("button", { name: "Aprobar pago" }).click();
    await expect(page).toHaveURL(/\/Order\/\d{10}\?t=[\w-]+$/);
    await expect(page.locator("[data-payment-state]")).toHaveText("En línea con Mercado Pago: aprobado");
    expect(await saleOf(code)).toMatchObject({ stock_state: "held", payment_status: "approved" });
    await merchant.reload();
    await expect(salesRow(merchant, code).locator(".sale-stock-note")).toHaveText("Reservado");
  } finally {
    await resetClock(page);
  }
});

test("paid after its unit went to another order: 'Pagado — sin stock' heads the desk, 'Cancelar y reembolsar' gives the money back and emails the buyer", async ({
  page,
  browserFor,
  merchantOf,
}) => {
  test.setTimeout(60_000);
  const shop = await seedShop("pagado-sin-stock", [BOLSO]);
  const merchant = await merchantOf(shop);
  await linkMercadoPago(merchant, shop.id);
  const buyer = `comprador-${shop.slug}@correo.test`;
  try {
    await checkoutOne(page, shop, { online: true, email: buyer });
    await send(page, true);
    await expect(page).toHaveURL(/\/_sandbox\/store-checkout\/\d+$/);
    const [placed] = await query<{ id: string }>("select id from sales where store_id = ?", [shop.id]);
    const code = String(placed?.id);

    // Its time runs out while the shopper stays on the payment page; another shopper buys the unit.
    const clock = await browserFor();
    await moveClockMinutes(clock, 31);
    const other = await browserFor();
    await captureWhatsApp(other);
    await checkoutOne(other, shop);
    await send(other, true);
    await expect.poll(async () => (await stockRow(shop))?.reserved).toBe(1);

    // Then the first shopper pays: the money is taken, the unit is gone.
    await page.getByRole("button", { name: "Aprobar pago" }).click();
    await expect(page).toHaveURL(/\/Order\/\d{10}\?t=[\w-]+$/);
    await expect(page.getByText(/Tu pago llegó cuando los productos ya no tenían stock/)).toBeVisible();
    expect(await saleOf(code)).toMatchObject({ stock_state: "short", payment_status: "approved" });
    expect(await stockRow(shop)).toEqual({ stock: 1, reserved: 1 });

    await merchant.goto(`/Store/${shop.id}/sales`);
    const unfilled = merchant.getByRole("region", { name: "Pagados sin stock" });
    await expect(unfilled.getByRole("link", { name: code })).toBeVisible();
    await expect(unfilled.locator(".sale-stock-note")).toHaveText("Pagado — sin stock");

    const dialog = await openSale(merchant, shop, code);
    await expect(dialog).toContainText("Pagado — sin stock");
    await expect(dialog.getByRole("button", { name: "Cancelar pedido", exact: true })).toHaveCount(0);
    await changeSale(merchant, dialog, "Cancelar y reembolsar");
    await expect(dialog).toContainText("Venta cancelada el");
    await expect(dialog).toContainText("Venta reembolsada y cancelada");
    expect(await saleOf(code)).toMatchObject({ state: "Cancelada", payment_status: "refunded" });
    // The other order keeps its unit.
    expect(await stockRow(shop)).toEqual({ stock: 1, reserved: 1 });

    await merchant.goto(`/Store/${shop.id}/sales`);
    await expect(merchant.getByRole("region", { name: "Pagados sin stock" })).toHaveCount(0);
    await expect(salesRow(merchant, code).locator("td").nth(5)).toHaveText("En línea: Reembolsado");

    await page.goto("/_dev/correo");
    const mail = page.locator(`article[data-to="${buyer}"]`).first();
    await expect(mail).toContainText("cancelado y reembolsado");
    await expect(mail).toContainText("US$\u00a045");
  } finally {
    await resetClock(page);
  }
});

test("an overdue merchant keeps the sales desk in the grace period, with the way to pay, and completes an order", async ({
  page,
  merchantOf,
}) => {
  const shop = await seedShop("vencido-atiende", [{ ...BOLSO, stock: 3 }], { billDueAt: new Date(Date.now() - 2 * 86_400_000) });
  await captureWhatsApp(page);
  await checkoutOne(page, shop);
  await send(page);
  await expect.poll(async () => (await query("select id from sales where store_id = ?", [shop.id])).length).toBe(1);
  const [placed] = await query<{ id: string }>("select id from sales where store_id = ?", [shop.id]);
  const code = String(placed?.id);

  const merchant = await merchantOf(shop);
  await merchant.goto(`/Store/${shop.id}/products`);
  await expect(merchant).toHaveURL(/\/payment$/);
  await merchant.goto(`/Store/${shop.id}/sales`);
  await expect(merchant).toHaveURL(new RegExp(`/Store/${shop.id}/sales$`));
  await expect(merchant.getByRole("alert").filter({ hasText: "Tu factura está vencida" })).toBeVisible();
  await expect(
    merchant.getByRole("alert").filter({ hasText: "Tu factura está vencida" }).getByRole("link", { name: "Pagar", exact: true }),
  ).toHaveAttribute("href", "/payment");

  const dialog = await openSale(merchant, shop, code);
  await expect(dialog).toContainText(/Reserva hasta \d/);
  await changeSale(merchant, dialog, "Completar");
  await expect(dialog).toContainText("Venta confirmada el");
  expect(await saleOf(code)).toMatchObject({ state: "Confirmada", stock_state: "taken" });
  expect(await stockRow(shop)).toEqual({ stock: 2, reserved: 0 });
});
