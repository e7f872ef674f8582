import { expect } from "@playwright/test";
import { captureWhatsApp, checkoutSteps, sendCheckout } from "./helpers";
import { jsOn, test } from "./people";
import { seedShop } from "./shop-seed";

/**
 * Paying by transfer: the merchant turns it on in 'Cobros' with a 10 % discount and the key to transfer to; the
 * shopper chooses it at checkout, lands on the order page with the discount, the total and the key to copy, sends
 * the order by WhatsApp from there and uploads the receipt; the desk shows how the sale is paid, shows the receipt
 * to its owner only, and verifies it. Runs with JavaScript on, then off (for the shopper and the merchant alike).
 */
test("a transfer with 10 % off: set up in 'Cobros', chosen at checkout, the key and the receipt on the order page, verified at the desk", async ({
  page,
  merchantOf,
}) => {
  const shop = await seedShop("transfer", [{ name: "Café de Colombia", price: 2000, stock: 6 }]);
  const merchant = await merchantOf(shop);

  // The merchant: turning transfer on without a way to transfer is refused in Spanish, then saved with the key.
  await merchant.goto(`/Store/${shop.id}/cobros`);
  const form = merchant.getByRole("form", { name: "Transferencia o depósito" });
  await form.getByLabel("Ofrecer al comprar").check();
  await form.getByRole("button", { name: "Guardar transferencia o depósito" }).click();
  await expect(form.getByText("Escribe cómo transferirte: la clave (alias, CBU, CLABE, Pix…) o las instrucciones")).toBeVisible();
  await expect(form.getByLabel("Ofrecer al comprar")).toBeChecked();
  await form.getByLabel("Nombre de la clave (opcional)").fill("Alias");
  await form.getByLabel("Clave para transferir").fill("cafe.tienda.mp");
  await form.getByLabel("Instrucciones (opcional)").fill("Titular: Marta Tendera\nBanco del Sur");
  await form.getByLabel("Descuento o recargo").selectOption("discount");
  await form.getByLabel("Porcentaje").fill("10");
  await form.getByRole("button", { name: "Guardar transferencia o depósito" }).click();
  await expect(merchant.getByText("Tus clientes pueden elegir pagar por transferencia.")).toBeVisible();
  await merchant.reload();
  await expect(merchant.getByRole("form", { name: "Transferencia o depósito" }).getByLabel("Clave para transferir")).toHaveValue(
    "cafe.tienda.mp",
  );

  // The shopper: 2 × 20,00, paid by transfer with 10 % off.
  if (jsOn()) await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const whatsapp = await captureWhatsApp(page);
  const cafe = shop.products[0] as (typeof shop.products)[number];
  await page.goto(`/site/${shop.slug}/Product/cafe-de-colombia/${cafe.id}`);
  await page.getByLabel("Cantidad").fill("2");
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await page.getByRole("link", { name: "Hacer pedido" }).click();
  await checkoutSteps(page, { name: "Lucía Pérez", phone: "300 555 0101" }, "Retiro en tienda");
  // 'Al recibir' is no longer offered once the store takes transfers.
  await expect(page.getByRole("radio", { name: /Pagar al recibir/ })).toHaveCount(0);
  await page.getByRole("radio", { name: "Transferencia o depósito bancario — 10\u00a0% de descuento" }).check();
  // The total with the transfer's discount is on screen before the order is saved.
  await sendCheckout(page, "Enviar pedido por WhatsApp", /^US\$\s36$/);

  await expect(page).toHaveURL(/\/Order\/\d{10}\?t=[\w-]+$/);
  const code = (page.url().match(/\/Order\/(\d{10})\?/) as RegExpMatchArray)[1] as string;
  await expect(page.getByRole("heading", { name: "¡Pedido registrado!" })).toBeVisible();
  const rows = page.locator("dl.amounts").first();
  await expect(rows).toContainText(/Descuento por transferencia\s*−US\$\s4/);
  await expect(page.locator("p.total").first()).toHaveText(/^Total: US\$\s36$/);
  const transfer = page.getByRole("region", { name: /^Datos para transferir US\$\s36$/ });
  await expect(transfer.locator("code")).toHaveText("cafe.tienda.mp");
  await expect(transfer).toContainText("Titular: Marta Tendera");
  await expect(transfer).toContainText(`Indica el código ${code}`);
  const copy = transfer.getByRole("button", { name: "Copiar" });
  if (jsOn()) {
    await copy.click();
    await expect(transfer.getByRole("button", { name: "Copiado" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("cafe.tienda.mp");
  } else {
    // Without the script the key is plain text to select; the button stays hidden.
    await expect(copy).toBeHidden();
  }
  await page.getByRole("link", { name: "Enviar pedido por WhatsApp" }).click();
  await expect.poll(() => whatsapp.length).toBeGreaterThan(0);
  const text = new URL(whatsapp.at(-1) as string).searchParams.get("text") ?? "";
  expect(text).toContain(`Pedido ${code}`);
  expect(text).toContain("Descuento por transferencia: −US$\u00a04\nTotal: US$\u00a036");
  expect(text).toContain("Pago: transferencia o depósito");

  // The receipt: a file that is not a photo or a PDF is refused in Spanish, a photo is taken.
  await page.goBack();
  const receipt = page.getByLabel(/^Comprobante \(foto o PDF/);
  await receipt.setInputFiles({ name: "comprobante.pdf", mimeType: "application/pdf", buffer: Buffer.from("no soy un PDF") });
  await page.getByRole("button", { name: "Enviar comprobante" }).click();
  await expect(page.getByRole("alert")).toHaveText("El comprobante debe ser una foto (JPG, PNG o WebP) o un PDF");
  await page
    .getByLabel(/^Comprobante \(foto o PDF/)
    .setInputFiles({ name: "comprobante.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Enviar comprobante" }).click();
  // Good news, said as a status, not as an error.
  await expect(page.getByRole("status").filter({ hasText: "Recibimos tu comprobante" })).toHaveText(
    "Recibimos tu comprobante: la tienda lo revisará y te avisará",
  );
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.locator("[data-receipt-state]")).toHaveText("Comprobante recibido: la tienda lo está revisando.");
  // Back at the receipt's confirmation, not the top of the page.
  await expect(page).toHaveURL(/&aviso=comprobante#comprobante$/);
  await expect(page.locator("#comprobante")).toBeInViewport();
  await expect(page.getByRole("button", { name: "Enviar comprobante" })).toHaveCount(0);

  // The desk: the sale says how it is paid, with the discount among its amounts, its units held a day longer for the
  // receipt to be checked, and its receipt.
  await merchant.goto(`/Store/${shop.id}/sales`);
  const row = merchant.locator("table.sales-table tbody tr", { hasText: code });
  await expect(row).toContainText("Comprobante recibido");
  await expect(row).toContainText(/Comprobante recibido: reserva extendida hasta \d/);
  await expect(row.locator("[data-receipt-review]")).toHaveText("Por revisar");
  await merchant.getByRole("link", { name: code }).click();
  const dialog = merchant.getByRole("dialog", { name: `Venta ${code}` });
  await expect(dialog.getByRole("row", { name: /Descuento por transferencia/ })).toContainText(/−US\$\s4/);
  await expect(dialog).toContainText("Transferencia — Comprobante recibido");
  const link = dialog.getByRole("link", { name: "Ver comprobante" });
  const shown = await merchant.request.get((await link.getAttribute("href")) as string);
  expect([shown.status(), shown.headers()["content-type"]]).toEqual([200, "image/png"]);
  expect(Buffer.from(await shown.body()).equals(PNG)).toBe(true);
  // The shopper's browser has no session: the same address is not theirs to open.
  expect((await page.request.get((await link.getAttribute("href")) as string, { maxRedirects: 0 })).status()).toBe(302);

  await dialog.getByRole("button", { name: "Pago verificado", exact: true }).click();
  if (jsOn())
    await merchant
      .getByRole("dialog", { name: "¿Recibiste la transferencia?" })
      .getByRole("button", { name: "Confirmar" })
      .click();
  await expect(dialog).toContainText("Pago verificado: le avisamos al comprador");
  await expect(dialog).toContainText("Transferencia — Pago verificado");
  await page.reload();
  await expect(page.locator("[data-receipt-state]")).toHaveText("Pago verificado por la tienda.");
});

/** The smallest PNG there is: one transparent pixel. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
