// The merchant app's navigation on a phone: the store's tab bar (Ventas with the pending count,
// Productos, Tienda, Más), the account menu one tap away, and the desktop keeping its side menu.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { captureWhatsApp, checkoutSteps, holdAppCode, query, signInAsOwner } from "./helpers";
import { expectNoSidewaysScroll, expectTouchTargets, phone } from "./phone";
import { seedShop } from "./shop-seed";

const ANDROID =
  "Mozilla/5.0 (Linux; Android 13; moto g) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";

/** A shopper on a phone, JavaScript off, orders `quantity` of the store's product; returns the sale code. */
async function order(browser: Browser, slug: string, product: string, quantity: number): Promise<string> {
  const shopper = await browser.newContext({ javaScriptEnabled: false, userAgent: ANDROID });
  const shop = await shopper.newPage();
  const whatsapp = await captureWhatsApp(shop);
  await shop.goto(`/site/${slug}/Store`);
  await shop.getByRole("link", { name: product }).first().click();
  await shop.getByLabel("Cantidad").fill(String(quantity));
  await shop.getByRole("button", { name: "Agregar al carrito" }).click();
  await shop.getByRole("link", { name: "Hacer pedido" }).click();
  await checkoutSteps(shop, { name: "Lucía Prado", phone: "300 555 0199" }, "Retiro en tienda");
  await shop.getByRole("button", { name: "Enviar pedido por WhatsApp" }).click();
  await expect.poll(() => whatsapp.length).toBeGreaterThan(0);
  await shopper.close();
  return new URL(whatsapp.at(-1) as string).searchParams.get("text")?.match(/Pedido (\d{10})/)?.[1] as string;
}

const tabBar = (page: Page) => page.getByRole("navigation", { name: "Tienda", exact: true });

test.describe("phone navigation", () => {
  test.use(phone(360));

  test("the Ventas tab shows the pending count, opens the pending sale, and completing it lowers the count", async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    const shop = await seedShop("barra", [{ name: "Panela orgánica", price: 4500, stock: 5 }]);
    const first = await order(browser, shop.slug, "Panela orgánica", 2);
    const second = await order(browser, shop.slug, "Panela orgánica", 1);
    await signInAsOwner(context, shop.id, baseURL as string);

    await page.goto(`/Store/${shop.id}/products`);
    // On a phone the store's pages sit under the thumb; the desktop's side menu and tabs are gone.
    await expect(tabBar(page)).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Menú", exact: true })).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Secciones de la tienda" })).toBeHidden();
    await expect(tabBar(page).getByRole("link", { name: "Productos" })).toHaveAttribute("aria-current", "page");
    const salesTab = tabBar(page).getByRole("link", { name: /^Ventas/ });
    await expect(salesTab).toHaveAccessibleName("Ventas (2 pendientes)");
    await expectNoSidewaysScroll(page);
    await expectTouchTargets(page);

    await salesTab.tap();
    await expect(page).toHaveURL(new RegExp(`/Store/${shop.id}/sales$`));
    await expect(salesTab).toHaveAttribute("aria-current", "page");
    await page.locator("tr", { hasText: first }).locator("td").first().getByRole("link").tap();
    const dialog = page.getByRole("dialog", { name: `Venta ${first}` });
    await expect(dialog).toContainText("Panela orgánica");
    await dialog.getByRole("button", { name: "Completar" }).tap();
    await page.getByRole("dialog", { name: "¿Se ha completado esta compra?" }).getByRole("button", { name: "Confirmar" }).tap();
    await expect(dialog).toContainText("Venta confirmada el");
    await expect(salesTab).toHaveAccessibleName("Ventas (1 pendiente)");
    const [product] = await query<{ stock: number }>("select stock from products where store_id = ?", [shop.id]);
    expect(Number(product?.stock)).toBe(3);
    const states = await query<{ id: string; state: string }>("select id, state from sales where store_id = ? order by id", [
      shop.id,
    ]);
    expect(Object.fromEntries(states.map((s) => [s.id, s.state]))).toEqual({ [first]: "Confirmada", [second]: "Pendiente" });
  });

  test("'Más' holds the account menu one tap away and closes after a choice; outside a store the top bar has it", async ({
    page,
    context,
    baseURL,
  }) => {
    const shop = await seedShop("mas", [{ name: "Café de origen", price: 1200, stock: 3 }]);
    await signInAsOwner(context, shop.id, baseURL as string);

    // The app's code held back: 'Más' is tapped on the server's page, before the app starts, and the app keeps it open.
    const release = await holdAppCode(page);
    await page.goto(`/Store/${shop.id}/info`, { waitUntil: "domcontentloaded" });
    await expect(tabBar(page).getByRole("link", { name: "Tienda" })).toHaveAttribute("aria-current", "page");
    await expect(tabBar(page).getByRole("link", { name: /^Ventas/ })).toHaveAccessibleName("Ventas");
    const more = page.getByRole("navigation", { name: "Más opciones" });
    await expect(more).toBeHidden();
    await tabBar(page).getByText("Más").tap();
    await expect(more).toBeVisible();
    release();
    // The root registers the service worker in its effect, after every effect below it has run.
    await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    await expect(more).toBeVisible();
    // The sheet fits above the tab bar however many pages a store has (it scrolls): its top is on screen.
    expect((await more.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    for (const name of [
      "Estadísticas",
      "Promociones",
      "Vender en redes",
      "Anuncios",
      "Visitar tienda",
      "Inicio",
      "Cuenta",
      "Pagar",
      "Plan",
    ])
      await expect(more.getByRole("link", { name })).toBeVisible();
    await expect(more.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
    await expectNoSidewaysScroll(page, "Más abierto");
    await expectTouchTargets(page, more);
    await more.getByRole("link", { name: "Cuenta" }).tap();
    await expect(page.getByRole("heading", { name: "Cuenta" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Más opciones" })).toBeHidden();

    // Outside a store the compact top bar carries the same menu; signing out from it works.
    const menu = page.getByRole("navigation", { name: "Menú de la cuenta" });
    await page.getByText("Menú", { exact: true }).tap();
    await expect(menu.getByRole("link", { name: "Pagar" })).toBeVisible();
    await expectTouchTargets(page, menu);
    await menu.getByRole("button", { name: "Cerrar sesión" }).tap();
    await expect(page).toHaveURL(/\/Auth/);
  });
});

test("a desktop keeps the side menu and the store tabs, without the phone's tab bar", async ({ page, context, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const shop = await seedShop("escritorio", [{ name: "Queso campesino", price: 900, stock: 2 }]);
  await signInAsOwner(context, shop.id, baseURL as string);
  await page.goto(`/Store/${shop.id}/products`);
  await expect(page.getByRole("navigation", { name: "Menú", exact: true })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Secciones de la tienda" })).toBeVisible();
  await expect(tabBar(page)).toBeHidden();
  await expect(page.getByText("Menú", { exact: true })).toBeHidden();
});
