import { expect, type Page, test } from "@playwright/test";
import { captureWhatsApp, checkoutSteps, query, sendCheckout, signInAsOwner } from "./helpers";
import { jsOn } from "./people";
import { expectNoSidewaysScroll, expectTouchTargets, phone } from "./phone";
import { seedShop } from "./shop-seed";

/**
 * The merchant's discount codes on a 360-px phone, with JavaScript and without (the config's two
 * projects): create a 15 % code with a 5-use limit, switch it off, and try its name again in another case;
 * then a code's shared link (decision 0055), from the merchant's 'Copiar' to the shopper's order.
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

/** An amount as a Colombian store writes dollars ('US$ 18', no cents when there are none), for a regular expression. */
const usd = (amount: string) => `US\\$\\s${amount.replace(/,00$/, "")}`;

/** From the checkout's first page to its last one, picking up at the store: the contact, then the delivery method. */
async function toOrderDetails(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Hacer pedido" })).toBeVisible();
  const contact = page.getByRole("heading", { name: "Tus datos" });
  const methods = page.getByRole("group", { name: /^¿Cómo (quieres|querés) recibir tu pedido\?$/ });
  const chosen = page.locator("form.checkout").getByText(/^Entrega:/);
  // Each step is a page of its own: wait for the one the checkout opened on before acting on it.
  await expect(contact.or(methods).or(chosen)).toBeVisible();
  if (await contact.isVisible()) {
    await checkoutSteps(page, { name: "Lucía Pérez", phone: "310 555 0101" }, "Retiro en tienda");
    return;
  }
  if (await methods.isVisible()) {
    await methods.getByRole("radio", { name: "Retiro en tienda" }).check();
    await page.getByRole("button", { name: "Continuar", exact: true }).click();
    await expect(chosen).toBeVisible();
  }
}

test("a code's shared link: the merchant copies it, a shopper opens it, sees the code applied, and the order saves the discounted total", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const shop = await seedShop("enlace-codigo", [{ name: "Yerba mate", price: 2000, stock: 5 }]);
  const yerba = shop.products[0] as (typeof shop.products)[number];
  await query(
    "insert into discount_codes (store_id, code, code_key, kind, value, created_at) values (?, 'Mate10', 'MATE10', 'percent', 10, ?)",
    [shop.id, Date.now()],
  );
  const [row] = await query<{ id: number }>("select id from discount_codes where store_id = ?", [shop.id]);

  // The code's page: its link with the ref of each way to share, and its QR as files.
  await signInAsOwner(context, shop.id, baseURL as string);
  await page.goto(`/Store/${shop.id}/discounts/${row?.id}`);
  const share = page.getByRole("region", { name: "Enlace con el código" });
  const field = share.getByLabel("Enlace del código");
  await expect(field).toHaveValue(new RegExp(`${shop.slug}.*\\?codigo=Mate10&ref=link$`));
  const link = await field.inputValue();
  const whatsapp = new URL((await share.getByRole("link", { name: "Compartir por WhatsApp" }).getAttribute("href")) as string);
  expect(whatsapp.origin + whatsapp.pathname).toBe("https://wa.me/");
  expect(whatsapp.searchParams.get("text")).toContain(`10 % de descuento en Tienda enlace-codigo con el código Mate10`);
  expect(whatsapp.searchParams.get("text")).toContain(link.replace("ref=link", "ref=whatsapp"));
  for (const [name, type] of [
    ["QR en PNG", "image/png"],
    ["QR en SVG", "image/svg+xml"],
  ] as const) {
    const file = await page.request.get((await share.getByRole("link", { name }).getAttribute("href")) as string);
    expect(file.status(), name).toBe(200);
    expect(file.headers()["content-type"], name).toBe(type);
  }
  if (jsOn()) {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await share.getByRole("button", { name: "Copiar" }).click();
    await expect(share.getByRole("status")).toHaveText("Copiado");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  }
  await fitsThePhone(page, "code's link");

  // A shopper opens it: the store's page, without the code in its address, says what the code gives.
  await context.clearCookies();
  await page.goto(link);
  expect(page.url()).toBe(link.replace("codigo=Mate10&", ""));
  await expect(page.getByRole("status").filter({ hasText: "Código Mate10 aplicado: 10 % de descuento" })).toBeVisible();
  await fitsThePhone(page, "store page with the code's notice");

  // The notice is said once; the cart and the checkout have the code entered.
  const store = link.split("?")[0]?.replace(/\/$/, "");
  await page.goto(`${store}/Product/yerba-mate/${yerba.id}`);
  await expect(page.locator(".site-notice")).toHaveCount(0);
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(page).toHaveURL(/\/Cart$/);
  await expect(page.getByText(/Código Mate10 aplicado/)).toBeVisible();
  const cartSummary = page.getByRole("region", { name: "Resumen" });
  await expect(cartSummary).toContainText("Descuento (Mate10)");
  await expect(cartSummary.locator(".total")).toHaveText(new RegExp(`^Total: ${usd("18,00")}$`));
  await fitsThePhone(page, "cart with the link's code");
  await page.getByRole("link", { name: "Hacer pedido" }).click();
  await expect(page).toHaveURL(/\/Checkout/);
  await expect(page.getByRole("region", { name: "Resumen del pedido" })).toContainText("Descuento (Mate10)");
  await toOrderDetails(page);
  const sent = await captureWhatsApp(page);
  await sendCheckout(page, "Enviar pedido por WhatsApp", new RegExp(`^${usd("18,00")}$`));
  await expect.poll(() => sent.length).toBeGreaterThan(0);
  const sales = await query("select subtotal, discount, discount_code, total from sales where store_id = ?", [shop.id]);
  expect(sales).toEqual([{ subtotal: 2000, discount: 200, discount_code: "Mate10", total: 1800 }]);
});
