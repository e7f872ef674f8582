import { expect, type Page } from "@playwright/test";
import {
  captureWhatsApp,
  checkoutSteps,
  linkFromOutbox,
  linkMercadoPago,
  query,
  runsItsScript,
  sendCheckout,
  uniqueEmail,
} from "./helpers";
import { jsOn, test } from "./people";
import { expectNoSidewaysScroll, expectTouchTargets, PHONE_WIDTHS, phone } from "./phone";
import { type SeededShop, seedShop } from "./shop-seed";

/**
 * The checkout in depth, merchant and shopper side by side: delivery zones and a discount code set up in
 * the merchant's pages, the same amounts on every page and message of the order, online payment through
 * the local sandbox (approved, rejected then paid), and a fee or price changed while the shopper looks.
 * This file runs in both projects: the shopper and the merchant browse with JavaScript on, then off.
 */

/** An amount as a Colombian store writes dollars ('US$ 43', no cents when there are none), for a regular expression. */
const usd = (amount: string) => `US\\$\\s${amount.replace(/,00$/, "")}`;

const CAFE = { name: "Café de Colombia", price: 2000, stock: 6 };

async function addZone(merchant: Page, zone: { name: string; fee: string; minOrder?: string }) {
  const panel = merchant.locator("#entrega");
  await panel.locator("#zone-new-name").fill(zone.name);
  await panel.locator("#zone-new-fee").fill(zone.fee);
  await panel.locator("#zone-new-minOrder").fill(zone.minOrder ?? "");
  await panel.locator("#zone-new-freeFrom").fill("");
  await panel.getByRole("button", { name: "Agregar zona" }).click();
  await expect(merchant.getByText("Zona de envío agregada")).toBeVisible();
}

async function addToCart(page: Page, shop: SeededShop, quantity: number) {
  const cafe = shop.products[0] as SeededShop["products"][number];
  await page.goto(`/site/${shop.slug}/Product/cafe-de-colombia/${cafe.id}`);
  await page.getByLabel("Cantidad").fill(String(quantity));
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(page).toHaveURL(new RegExp(`/site/${shop.slug}/Cart$`));
}

/** A zone straight into the database, for journeys whose subject is not the delivery settings. */
async function seedZone(shop: SeededShop, name: string, fee: number): Promise<number> {
  await query("insert into delivery_zones (store_id, position, name, fee) values (?, 0, ?, ?)", [shop.id, name, fee]);
  const [zone] = await query<{ id: number }>("select id from delivery_zones where store_id = ? and name = ?", [shop.id, name]);
  return Number(zone?.id);
}

/** Fills the checkout for home delivery to the zone named `zone`. */
async function fillHomeDelivery(page: Page, zone: string, email?: string) {
  const contact = email ? { name: "Lucía Pérez", email } : { name: "Lucía Pérez", phone: "300 555 0101" };
  await checkoutSteps(page, contact, "Envío a domicilio");
  await chooseZone(page, zone);
}

/** Chooses the zone named `zone` and writes the address (the checkout's last step, for home delivery). */
async function chooseZone(page: Page, zone: string) {
  const select = page.getByLabel(/Zona de envío/);
  await select.selectOption((await select.locator("option", { hasText: `${zone} — ` }).getAttribute("value")) as string);
  await page.getByLabel(/Dirección de entrega/).fill("Calle 10 # 5-20, Bogotá");
}

const summaryRows = (scope: ReturnType<Page["locator"]>) => scope.locator("dl.amounts").first().locator(":scope > div");
const salesRow = (merchant: Page, code: string) => merchant.locator("table.sales-table tbody tr", { hasText: code });

const spread = (values: number[]) => Math.max(...values) - Math.min(...values);

/**
 * The order page on a phone (320, 360 and 412 px): no sideways scroll, 44-px targets, every amount (the lines', the
 * sums', the total) on one line ending on one right edge, and the details' values (delivery, address, payment)
 * starting on one left edge. The viewport is left as it was.
 */
async function expectOrderAligned(page: Page) {
  const size = page.viewportSize();
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize(phone(width).viewport);
    await expectNoSidewaysScroll(page, `${width} px`);
    await expectTouchTargets(page, undefined, `${width} px`);
    const { amounts, details } = await page.locator(".confirmation").evaluate((order) => {
      // Where a value's text is drawn: its lines' boxes (a wrapped value's last line may end short of its box).
      const text = (el: Element) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const lines = [...range.getClientRects()];
        return {
          left: Math.min(...lines.map((r) => r.left)),
          right: Math.max(...lines.map((r) => r.right)),
          lines: new Set(lines.map((r) => Math.round(r.bottom))).size,
        };
      };
      const lists = [...order.querySelectorAll("dl")];
      const detailList = lists.find((dl) => dl.querySelector("dt")?.textContent === "Entrega");
      const amountValues = [
        ...order.querySelectorAll(".summary-lines li > :last-child"),
        ...lists.filter((dl) => dl !== detailList).flatMap((dl) => [...dl.querySelectorAll("dd")]),
        ...order.querySelectorAll(".total strong"),
      ];
      return {
        amounts: amountValues.map((el) => ({ value: el.textContent, ...text(el) })),
        details: [...(detailList?.querySelectorAll("dd") ?? [])].map((el) => ({ value: el.textContent, left: text(el).left })),
      };
    });
    const label = `${width} px: ${JSON.stringify({ amounts, details })}`;
    expect(amounts.length, label).toBeGreaterThanOrEqual(5);
    expect(spread(amounts.map((a) => a.right)), label).toBeLessThanOrEqual(1);
    expect(
      amounts.every((a) => a.lines === 1),
      label,
    ).toBe(true);
    expect(details.length, label).toBe(3);
    expect(spread(details.map((d) => d.left)), label).toBeLessThanOrEqual(1);
  }
  if (size) await page.setViewportSize(size);
}

async function openSale(merchant: Page, shop: SeededShop, code: string) {
  await merchant.goto(`/Store/${shop.id}/sales`);
  await merchant.getByRole("link", { name: code }).click();
  const dialog = merchant.getByRole("dialog", { name: `Venta ${code}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The sandbox checkout the shopper was sent to: its amount, then the decision. */
async function decideSandboxPayment(page: Page, amount: string, decision: "Aprobar pago" | "Rechazar pago") {
  await expect(page).toHaveURL(/\/_sandbox\/store-checkout\/\d+$/);
  // The payment sandbox writes amounts as the provider's page would, not as the store does.
  await expect(page.locator(".sandbox-amount")).toHaveText(new RegExp(`^${amount}\\sUS\\$$`));
  const checkoutUrl = page.url();
  await page.getByRole("button", { name: decision }).click();
  return checkoutUrl;
}

/**
 * Back from the sandbox on the order page (the store's own address), its code. The provider's return
 * parameters stay in the address when the payment was already applied before the return (as the sandbox does).
 */
async function backOnOrderPage(page: Page): Promise<string> {
  // The provider's return parameters are checked, then dropped: the page reloads on its own link.
  await expect(page).toHaveURL(/\/Order\/\d{10}\?t=[\w-]+$/);
  return (page.url().match(/\/Order\/(\d{10})\?/) as RegExpMatchArray)[1] as string;
}

/** Home delivery to 'Centro' (3,00) of one Café (20,00), paid online: ends on the sandbox checkout. */
async function orderPaidOnline(page: Page, shop: SeededShop) {
  await addToCart(page, shop, 1);
  await page.getByRole("link", { name: "Hacer pedido" }).click();
  await fillHomeDelivery(page, "Centro");
  await page.getByRole("radio", { name: "Pagar en línea con Mercado Pago" }).check();
  // Paid online the order goes to Mercado Pago, not to WhatsApp: the button says so.
  await expect(page.getByRole("button", { name: "Enviar pedido por WhatsApp" })).toHaveCount(0);
  await sendCheckout(page, "Confirmar pedido", new RegExp(`^${usd("23,00")}$`));
}

test("zones and a 10 % code set by the merchant: the same subtotal, discount, fee and total from the cart to the confirmation email", async ({
  page,
  merchantOf,
}) => {
  test.setTimeout(90_000);
  const shop = await seedShop("recorrido-zonas", [CAFE]);
  const merchant = await merchantOf(shop);

  // The merchant: two zones (Norte with a minimum) and the code AMIGOS10, through their pages.
  await merchant.goto(`/Store/${shop.id}/delivery`);
  await addZone(merchant, { name: "Centro", fee: "3,00" });
  await addZone(merchant, { name: "Norte", fee: "7,00", minOrder: "30,00" });
  await merchant.goto(`/Store/${shop.id}/discounts/new`);
  await merchant.getByLabel("Código").fill("AMIGOS10");
  await expect(merchant.getByRole("radio", { name: "Porcentaje" })).toBeChecked();
  await merchant.getByLabel("Valor").fill("10");
  await merchant.getByRole("button", { name: "Crear código" }).click();
  await expect(merchant.getByText("Código creado")).toBeVisible();

  // The shopper: 2 × 20,00, the code typed in lower case.
  const whatsapp = await captureWhatsApp(page);
  const buyer = uniqueEmail("comprador-zonas");
  await addToCart(page, shop, 2);
  await page.getByLabel("Código de descuento").fill("amigos10");
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(page.getByText(/Código AMIGOS10 aplicado/)).toBeVisible();
  const cartSummary = page.getByRole("region", { name: "Resumen" });
  await expect(summaryRows(cartSummary)).toHaveText([
    new RegExp(`^Subtotal${usd("40,00")}$`),
    new RegExp(`^Descuento \\(AMIGOS10\\)−${usd("4,00")}$`),
  ]);
  await expect(cartSummary.locator(".total")).toHaveText(new RegExp(`^Total: ${usd("36,00")}$`));

  await page.getByRole("link", { name: "Hacer pedido" }).click();
  await expect(page).toHaveURL(new RegExp(`/site/${shop.slug}/Checkout$`));
  const checkoutSummary = page.getByRole("region", { name: "Resumen del pedido" });
  await expect(checkoutSummary.locator("ul li")).toHaveText([new RegExp(`^Café de Colombia x 2${usd("40,00")}$`)]);
  await expect(summaryRows(checkoutSummary)).toHaveText([
    new RegExp(`^Subtotal${usd("40,00")}$`),
    new RegExp(`^Descuento \\(AMIGOS10\\)−${usd("4,00")}$`),
  ]);
  // Pickup, the first choice, has no fee: its total.
  await expect(checkoutSummary.locator(".total")).toHaveText(new RegExp(`^Total: ${usd("36,00")}$`));
  // Only home delivery asks for a zone: its step comes after the contact and the choice of how to receive it.
  await expect(page.getByLabel(/Zona de envío/)).toHaveCount(0);
  await checkoutSteps(page, { name: "Lucía Pérez", email: buyer }, "Envío a domicilio");
  // Each zone's fee on what is left after the discount (Norte's minimum, 30,00, is reached by 36,00).
  await expect(page.getByLabel(/Zona de envío/).locator("option")).toHaveText([
    "Elige tu zona",
    new RegExp(`^Centro — envío ${usd("3,00")}$`),
    new RegExp(`^Norte — envío ${usd("7,00")}$`),
  ]);
  await chooseZone(page, "Norte");
  // The total of what was chosen is on screen before the order is saved.
  await sendCheckout(page, "Enviar pedido por WhatsApp", new RegExp(`^${usd("43,00")}$`));
  await expect.poll(() => whatsapp.length).toBeGreaterThan(0);

  const text = new URL(whatsapp.at(-1) as string).searchParams.get("text") ?? "";
  const code = text.match(/^Pedido (\d{10})$/m)?.[1] as string;
  expect(code).toBeTruthy();
  expect(text.split("\n")).toEqual([
    `¡Hola Tienda recorrido-zonas! Quiero hacer este pedido:`,
    `Pedido ${code}`,
    "Café de Colombia x 2 = US$\u00a040",
    "Subtotal: US$\u00a040",
    "Descuento (AMIGOS10): −US$\u00a04",
    "Envío (Norte): US$\u00a07",
    "Total: US$\u00a043",
    "",
    "Nombre: Lucía Pérez",
    "Entrega: Envío a domicilio — Norte",
    "Dirección: Calle 10 # 5-20, Bogotá",
  ]);
  const sales = await query("select * from sales where store_id = ?", [shop.id]);
  expect(sales).toHaveLength(1);
  expect(sales[0]).toMatchObject({
    id: code,
    state: "Pendiente",
    subtotal: 4000,
    discount: 400,
    discount_code: "AMIGOS10",
    delivery_fee: 700,
    delivery_zone: "Norte",
    total: 4300,
    buyer_email: buyer,
    payment_method: "on_delivery",
    payment_status: "none",
  });
  const [used] = await query<{ uses: number }>("select uses from discount_codes where store_id = ?", [shop.id]);
  expect(used?.uses).toBe(1);

  // Back from WhatsApp, the store leads the buyer to their order page (the message carries no link with its secret).
  // The page first lands on WhatsApp (its request was seen as it started).
  await expect(page).toHaveURL(/^https:\/\/(api|web)\.whatsapp\.com\//);
  await page.goto(`/site/${shop.slug}/Order`);
  await expect(page).toHaveURL(new RegExp(`/Order/${code}\\?t=[\\w-]+$`));
  const orderUrl = page.url();
  await expect(page.getByRole("heading", { level: 1, name: "¡Pedido registrado!" })).toBeVisible();
  await expect(page.locator(".code")).toHaveText(code);
  await expect(page.locator("[data-sale-state]")).toHaveText("Pendiente");
  const order = page.locator(".confirmation");
  await expect(summaryRows(order)).toHaveText([
    new RegExp(`^Subtotal${usd("40,00")}$`),
    new RegExp(`^Descuento \\(AMIGOS10\\)−${usd("4,00")}$`),
    new RegExp(`^Envío${usd("7,00")}$`),
  ]);
  await expect(order.locator(".total")).toHaveText(new RegExp(`^Total: ${usd("43,00")}$`));
  await expect(order).toContainText("Envío a domicilio — Norte");
  await expect(page.locator("[data-payment-state]")).toHaveAttribute("data-payment-state", "none");
  await expect(page.getByRole("button", { name: "Pagar ahora" })).toHaveCount(0);
  await expectOrderAligned(page);

  // The sales desk: the row, then the sale.
  await merchant.goto(`/Store/${shop.id}/sales`);
  await expect(salesRow(merchant, code).locator("td")).toHaveText([
    code,
    "Lucía Pérez",
    /.+/,
    // Paid as arranged: its units held for the store's hours (a day by default).
    /^Pendiente\s*Reserva hasta .+$/,
    "Envío a domicilio",
    "Al recibir",
    new RegExp(`^${usd("43,00")}$`),
  ]);
  const dialog = await openSale(merchant, shop, code);
  await expect(dialog).toContainText(/Zona\s*Norte/);
  await expect(dialog).toContainText(/Dirección\s*Calle 10 # 5-20, Bogotá/);
  await expect(dialog).toContainText(new RegExp(`Subtotal\\s*${usd("40,00")}`));
  await expect(dialog).toContainText(new RegExp(`Descuento \\(AMIGOS10\\)\\s*−${usd("4,00")}`));
  await expect(dialog).toContainText(new RegExp(`Envío\\s*${usd("7,00")}`));
  await expect(dialog).toContainText(new RegExp(`Total de la compra\\s*${usd("43,00")}`));
  await expect(dialog).toContainText(/Pago\s*Al recibir/);
  await expect(dialog).toContainText(buyer);

  await dialog.getByRole("button", { name: "Completar" }).click();
  if (jsOn()) {
    await merchant
      .getByRole("dialog", { name: "¿Se ha completado esta compra?" })
      .getByRole("button", { name: "Confirmar" })
      .click();
  }
  await expect(dialog).toContainText("Venta confirmada el");

  // The buyer is emailed at the address they typed, with their order page (on the store's own address).
  const emailed = await linkFromOutbox(page, buyer, /http\S+\/Order\/\d{10}\?t=[\w-]+/);
  expect(emailed).toBe(
    `${new URL(orderUrl).protocol}//${shop.slug}.localhost:${new URL(orderUrl).port}${orderUrl.slice(orderUrl.indexOf("/Order/"))}`,
  );
  await page.reload();
  await expect(page.locator("[data-sale-state]")).toHaveText("Confirmada");
});

test("paid online through the sandbox: 'Aprobar pago' returns to the order page paid, and the desk says 'Aprobado'", async ({
  page,
  merchantOf,
}) => {
  test.setTimeout(60_000);
  const shop = await seedShop("recorrido-pago", [CAFE]);
  await seedZone(shop, "Centro", 300);
  const merchant = await merchantOf(shop);
  await linkMercadoPago(merchant, shop.id);

  const whatsapp = await captureWhatsApp(page);
  await orderPaidOnline(page, shop);
  // The sale's own total, fee included, is what the buyer is asked to pay.
  await decideSandboxPayment(page, "23,00", "Aprobar pago");

  const code = await backOnOrderPage(page);
  await expect(page.locator("[data-payment-state]")).toHaveAttribute("data-payment-state", "approved");
  await expect(page.locator("[data-payment-state]")).toHaveText("En línea con Mercado Pago: aprobado");
  await expect(page.locator(".confirmation .total")).toHaveText(new RegExp(`^Total: ${usd("23,00")}$`));
  await expect(page.getByRole("button", { name: "Pagar ahora" })).toHaveCount(0);
  // Paying online skips WhatsApp on the way, so the order page offers no way back to it.
  expect(whatsapp).toEqual([]);
  await expect(page.getByRole("link", { name: "Volver a WhatsApp" })).toHaveCount(0);
  const [sale] = await query("select total, payment_method, payment_status, paid_at from sales where id = ?", [code]);
  expect(sale).toMatchObject({ total: 2300, payment_method: "online", payment_status: "approved" });
  expect(sale?.paid_at).toEqual(expect.any(Number));

  await merchant.goto(`/Store/${shop.id}/sales`);
  await expect(salesRow(merchant, code).locator("td").nth(5)).toHaveText("En línea: Aprobado");
  const dialog = await openSale(merchant, shop, code);
  await expect(dialog).toContainText(/Pago\s*En línea — Aprobado · pagado el/);
  await expect(dialog).toContainText(new RegExp(`Total de la compra\\s*${usd("23,00")}`));
});

test("a rejected payment: the order page says 'rechazado' and 'Pagar ahora' opens a new checkout that can be approved", async ({
  page,
  merchantOf,
}) => {
  test.setTimeout(60_000);
  const shop = await seedShop("recorrido-rechazo", [CAFE]);
  await seedZone(shop, "Centro", 300);
  const merchant = await merchantOf(shop);
  await linkMercadoPago(merchant, shop.id);

  await orderPaidOnline(page, shop);
  const first = await decideSandboxPayment(page, "23,00", "Rechazar pago");
  const code = await backOnOrderPage(page);
  await expect(page.locator("[data-payment-state]")).toHaveAttribute("data-payment-state", "rejected");
  await expect(page.locator("[data-payment-state]")).toHaveText("En línea con Mercado Pago: rechazado");
  const [rejected] = await query("select payment_status from sales where id = ?", [code]);
  expect(rejected?.payment_status).toBe("rejected");

  await page.getByRole("button", { name: "Pagar ahora" }).click();
  const second = await decideSandboxPayment(page, "23,00", "Aprobar pago");
  expect(second).not.toBe(first);
  expect(await backOnOrderPage(page)).toBe(code);
  await expect(page.locator("[data-payment-state]")).toHaveAttribute("data-payment-state", "approved");
  await expect(page.locator("[data-payment-state]")).toHaveText("En línea con Mercado Pago: aprobado");
  await expect(page.getByRole("button", { name: "Pagar ahora" })).toHaveCount(0);
  expect(await query("select id from sales where store_id = ?", [shop.id])).toHaveLength(1);

  await merchant.goto(`/Store/${shop.id}/sales`);
  await expect(salesRow(merchant, code).locator("td").nth(5)).toHaveText("En línea: Aprobado");
});

test("a fee or a price changed after the checkout was shown is told or shown to confirm (no sale), and the next submit places the order at the new total", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const shop = await seedShop("recorrido-cambio", [CAFE]);
  const zoneId = await seedZone(shop, "Centro", 300);
  const cafe = shop.products[0] as SeededShop["products"][number];
  const whatsapp = await captureWhatsApp(page);
  await addToCart(page, shop, 1);
  await page.getByRole("link", { name: "Hacer pedido" }).click();
  const zoneSelect = page.getByLabel(/Zona de envío/);
  await fillHomeDelivery(page, "Centro");
  await expect(zoneSelect.locator("option:checked")).toHaveText(new RegExp(`^Centro — envío ${usd("3,00")}$`));
  const enhanced = await runsItsScript(page);
  const payTotal = page.locator("[data-pay-total] strong");
  // With the page's script the total follows the zone at once.
  if (enhanced) await expect(payTotal).toHaveText(new RegExp(`^${usd("23,00")}$`));

  const submit = async () => {
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.endsWith("/Checkout")),
      page.getByRole("button", { name: "Enviar pedido por WhatsApp" }).click(),
    ]);
    return response.status();
  };

  // The merchant raises the zone's fee while the shopper has the page open.
  await query("update delivery_zones set fee = 500 where id = ?", [zoneId]);
  if (enhanced) {
    // The buyer saw 23,00 for Centro: the change is told, nothing saved.
    expect(await submit()).toBe(409);
    await expect(page.getByRole("alert")).toHaveText(
      /^Tu pedido cambió desde que lo viste \(el envío: ahora US\$\s5, antes US\$\s3; el total: ahora US\$\s25, antes US\$\s23\)\. Revisa el total y vuelve a enviarlo\.$/,
    );
  } else {
    // Without the script the page had not shown Centro's total: it is shown now, at the new fee, to confirm.
    expect(await submit()).toBe(200);
    await expect(page.getByRole("status")).toHaveText(
      new RegExp(`^Revisa el total de tu pedido, ${usd("25,00")}, y confírmalo con el botón de abajo\\.$`),
    );
  }
  expect(await query("select id from sales where store_id = ?", [shop.id])).toHaveLength(0);
  expect(whatsapp).toEqual([]);
  // What was typed is kept, and the zone and the total now show the new fee.
  await expect(zoneSelect.locator("option:checked")).toHaveText(new RegExp(`^Centro — envío ${usd("5,00")}$`));
  await expect(payTotal).toHaveText(new RegExp(`^${usd("25,00")}$`));
  await expect(page.getByLabel(/Dirección de entrega/)).toHaveValue("Calle 10 # 5-20, Bogotá");

  // Then the product's price, before the shopper submits again: told with or without the script.
  await query("update products set price = 2200 where id = ?", [cafe.id]);
  expect(await submit()).toBe(409);
  await expect(page.getByRole("alert")).toHaveText(
    /^Tu pedido cambió desde que lo viste \(los productos: ahora US\$\s22, antes US\$\s20; el total: ahora US\$\s27, antes US\$\s25\)\. Revisa el total y vuelve a enviarlo\.$/,
  );
  expect(await query("select id from sales where store_id = ?", [shop.id])).toHaveLength(0);
  await expect(page.getByRole("region", { name: "Resumen del pedido" }).locator(".total")).toHaveText(
    new RegExp(`^Total: ${usd("27,00")}$`),
  );
  await expect(zoneSelect.locator("option:checked")).toHaveText(new RegExp(`^Centro — envío ${usd("5,00")}$`));

  await page.getByRole("button", { name: "Enviar pedido por WhatsApp" }).click();
  await expect.poll(() => whatsapp.length).toBe(1);
  const text = new URL(whatsapp[0] as string).searchParams.get("text") ?? "";
  expect(text).toContain(
    "Café de Colombia x 1 = US$\u00a022\nSubtotal: US$\u00a022\nEnvío (Centro): US$\u00a05\nTotal: US$\u00a027\n",
  );
  const sales = await query("select subtotal, delivery_fee, total from sales where store_id = ?", [shop.id]);
  expect(sales).toEqual([{ subtotal: 2200, delivery_fee: 500, total: 2700 }]);
});
