import { expect, type Locator, type Page, test } from "@playwright/test";
import { e2eDb, fillStep1, query, signInAs, uniqueEmail } from "./helpers";
import { expectNoSidewaysScroll, expectPlaceholdersFit, expectTouchTargets, PHONE_WIDTHS, phone } from "./phone";
import { type SeededShop, seedHome, seedShop } from "./shop-seed";

// The merchant app, the sign-in pages and the public store on a phone: at 320, 360 and 412 px wide with a
// touch screen, no page (nor dialog) scrolls sideways and every control is at least 44 × 44 px, with the
// longest content a merchant can have: long store, product and buyer names, big prices, 10-digit codes.

const HOUR = 3_600_000;
const STORE_NAME = "Comercializadora Internacional Rodríguez Valderrama e Hijos";
const MERCHANT_NAME = "María Fernanda";
const MERCHANT_LASTNAME = "Villalobos Castañeda de la Torre y Santamaría";
const LONG_PRODUCT =
  "Canasta navideña extragrande con café especial de origen, panela orgánica, bocadillo veleño y chocolates artesanales";
const BIG_PRICE = 999_999_999_999; // 9.999.999.999,99 US$, the most a price can be.

interface Fixture {
  shop: SeededShop;
  userId: string;
  sectionId: string;
  saleId: string;
}

let fixture: Promise<Fixture> | undefined;

/** One merchant for the whole file, with everything as long and big as the forms allow. */
function longContent(): Promise<Fixture> {
  fixture ??= (async () => {
    const shop = await seedShop("movil-con-nombre-muy-largo", [
      { name: "Café", price: 1500, stock: 3 },
      { name: LONG_PRODUCT, price: BIG_PRICE, stock: 9_999_999, description: `${"Descripción extensa. ".repeat(20)}` },
      { name: "Mermeladaartesanaldeguayabayfrutosrojossinazúcar", price: 123_456_789, stock: 1_234_567 },
    ]);
    await seedHome(shop);
    const [owner] = await query<{ owner_id: string }>("select owner_id from stores where id = ?", [shop.id]);
    const userId = String(owner?.owner_id);
    const [section] = await query<{ id: string }>("select id from sections where store_id = ? order by position limit 1", [
      shop.id,
    ]);
    const db = e2eDb();
    const saleId = String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999));
    const big = shop.products[1];
    const odd = shop.products[2];
    try {
      await db.batch(
        [
          { sql: "update stores set name = ?, time_zone = 'America/Bogota' where id = ?", args: [STORE_NAME, shop.id] },
          { sql: "update users set name = ?, lastname = ? where id = ?", args: [MERCHANT_NAME, MERCHANT_LASTNAME, userId] },
          {
            sql: `insert into sales (id, store_id, state, total, subtotal, currency, buyer_name, buyer_phone, delivery, address, note, created_at)
                  values (?, ?, 'Pendiente', ?, ?, 'USD', ?, ?, 'delivery', ?, ?, ?)`,
            args: [
              saleId,
              shop.id,
              BIG_PRICE * 99 + 123_456_789 * 1000,
              BIG_PRICE * 99 + 123_456_789 * 1000,
              "Alejandro Sebastián Montenegro Buenaventura de los Ríos",
              "5730012345678",
              "Carrera 45A # 123-456, Conjunto Residencial Altos de la Pradera, Torre 12, Apartamento 1803, Medellín",
              "Entregar en portería: preguntarporladoñaMaríaFernandaVillaloboslaadministradora.",
              Date.now() - HOUR,
            ],
          },
          {
            sql: `insert into sale_lines (sale_id, position, product_id, name, image_key, unit_price, quantity)
                  values (?, 0, ?, ?, null, ?, 99), (?, 1, ?, ?, null, ?, 1000)`,
            args: [saleId, big?.id ?? null, LONG_PRODUCT, BIG_PRICE, saleId, odd?.id ?? null, odd?.name ?? "", 123_456_789],
          },
        ],
        "write",
      );
    } finally {
      db.close();
    }
    return { shop, userId, sectionId: String(section?.id), saleId };
  })();
  return fixture;
}

const [NARROWEST] = PHONE_WIDTHS;

/**
 * Both checks at every phone width, on what the page shows now; `scope` narrows the touch targets to an open dialog.
 * The page was loaded at the narrowest width and is widened in place (the layouts answer to the width in CSS only, so
 * a widened page lays out as one loaded at that width), then narrowed again for the journey's next step.
 * `atEachWidth` holds what else is checked at each width.
 */
async function checkPage(page: Page, label: string, scope?: Locator, atEachWidth?: () => Promise<void>) {
  // A document load's address changes before it has a body to measure.
  await page.waitForLoadState("domcontentloaded");
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize(phone(width).viewport);
    const { widest } = await expectNoSidewaysScroll(page, `${width} ${label}`);
    const small = await expectTouchTargets(page, scope, `${width} ${label}`);
    await expectPlaceholdersFit(page, scope, `${width} ${label}`);
    console.log(`phone ${width} ${label}: scrollWidth ${widest}, undersized ${small.length}`);
    await atEachWidth?.();
  }
  await page.setViewportSize(phone(NARROWEST).viewport);
}

async function visit(page: Page, path: string, label = path, atEachWidth?: () => Promise<void>) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  await checkPage(page, label, undefined, atEachWidth);
}

// One phone for the whole file: a touch screen, held at 320, 360 and 412 px wide.
test.use(phone(NARROWEST));

test("merchant pages", async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  const { shop, userId, sectionId } = await longContent();
  await signInAs(context, userId, baseURL as string);
  const store = `/Store/${shop.id}`;
  await visit(page, "/", "dashboard /", () => expect(page.getByText(STORE_NAME)).toBeVisible());
  // The plans' comparison is read whole at every width: no panning inside its box, no price or 'Ilimitados' cut.
  await visit(page, "/plans", "/plans", async () => {
    const compare = await page.locator(".table-scroll").evaluate((box) => ({
      overflow: box.scrollWidth - box.clientWidth,
      cut: [...box.querySelectorAll("th, td")].filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent),
    }));
    expect(compare).toEqual({ overflow: 0, cut: [] });
    await expect(page.getByRole("row", { name: /Precio anual/ })).toContainText("95,99 US$");
  });
  for (const path of [
    "/Account",
    "/newStore",
    "/payment",
    `${store}/info`,
    `${store}/brand`,
    `${store}/sections`,
    `${store}/delivery`,
    `${store}/look`,
    `${store}/products`,
    `${store}/products/new`,
    `${store}/estadisticas`,
    `${store}/estadisticas?periodo=12m`,
    `${store}/redes`,
    `${store}/conversiones`,
    `${store}/carritos`,
    `${store}/promociones`,
    `${store}/promociones/nueva`,
    `${store}/section/${sectionId}`,
    `${store}/section/${sectionId}/new/product`,
    `${store}/qr/cartel`,
    `${store}/qr/cartel?papel=a6`,
  ]) {
    await visit(page, path, path.replace(shop.id, "{id}").replace(sectionId, "{sectionId}"));
  }
  // 'Diseño' with its preview open over the page, and the new product's chosen photos before upload.
  await page.goto(`${store}/look`);
  await expect(page.getByRole("link", { name: "Ver vista previa" })).toHaveAttribute("data-ready", "");
  await page.getByRole("link", { name: "Ver vista previa" }).click();
  await expect(page.getByRole("link", { name: "Volver a los controles" })).toBeInViewport();
  await checkPage(page, "/Store/{id}/look with the preview open", page.locator("#vista-previa"));
  await page.goto(`${store}/products/new`);
  await page
    .getByLabel("Fotos", { exact: true })
    .setInputFiles(["tests/fixtures/photos/wide.jpg", "tests/fixtures/photos/board.jpg", "tests/fixtures/jpeg/ycc420.jpg"]);
  await expect(page.getByRole("list", { name: "Elegidas para subir" }).getByRole("listitem")).toHaveCount(3);
  await checkPage(page, "/Store/{id}/products/new with 3 photos chosen");
  // 'Eliminar' of a banner without JavaScript asks on the page: the question fits too.
  const [banner] = await query<{ id: number }>("select id from store_banners where store_id = ? order by position limit 1", [
    shop.id,
  ]);
  await visit(page, `${store}/brand?eliminar=${banner?.id}`, "/Store/{id}/brand?eliminar={bannerId}", () =>
    expect(page.getByRole("alertdialog", { name: "¿Eliminar imagen del banner?" })).toBeVisible(),
  );
  await visit(page, `${store}/products/${shop.products[1]?.id}`, "/Store/{id}/products/{productId}");
  await page.getByRole("button", { name: "Eliminar producto" }).click();
  const confirm = page.locator("dialog.confirm[open]");
  await expect(confirm).toBeVisible();
  await checkPage(page, "/Store/{id}/products/{productId} confirm dialog", confirm);
  await confirm.getByRole("button", { name: "Cancelar" }).click();
  await expect(confirm).toHaveCount(0);
});

test("sales desk and the sale dialog", async ({ page, context, baseURL }) => {
  const { shop, userId, saleId } = await longContent();
  await signInAs(context, userId, baseURL as string);
  const first = page.locator(".sales-table tbody tr").first();
  await visit(page, `/Store/${shop.id}/sales`, "/Store/{id}/sales", async () => {
    await expect(page.getByText(saleId).first()).toBeVisible();
    // The first sale's code and buyer are on the first screen, above the tab bar.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(first).toContainText("Alejandro Sebastián Montenegro");
    const tabs = await page.getByRole("navigation", { name: "Tienda", exact: true }).boundingBox();
    for (const cell of [first.getByRole("link", { name: saleId }), first.locator(".sale-buyer-name")]) {
      const box = await cell.boundingBox();
      expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(tabs?.y ?? 0);
    }
  });
  await page.goto(`/Store/${shop.id}/sales/${saleId}`);
  const dialog = page.locator("dialog.sale-dialog[open]");
  await expect(dialog.getByRole("heading", { name: `Venta ${saleId}` })).toBeVisible();
  // The delivery once, under one heading: how and where, then its progress (no second heading saying it again).
  await checkPage(page, "/Store/{id}/sales/{saleId} dialog", dialog, async () => {
    await expect(dialog.getByRole("heading", { name: /entrega/i })).toHaveText(["Entrega: sin avance"]);
    const delivery = dialog.getByRole("region", { name: "Entrega: sin avance" });
    await expect(delivery).toContainText(/Método\s*Envío a domicilio/);
    await expect(delivery).toContainText("Carrera 45A # 123-456");
    await expect(delivery.getByRole("listitem")).toHaveText([/^Preparando/, /^Enviado/, /^Entregado/]);
  });
  await dialog.getByRole("button", { name: "Cancelar pedido" }).click();
  const confirm = page.locator("dialog.confirm[open]");
  await expect(confirm).toBeVisible();
  await checkPage(page, "/Store/{id}/sales/{saleId} confirm dialog", confirm);
});

test("sign-in and registration pages", async ({ page }) => {
  await visit(page, "/Auth");
  await page.getByRole("button", { name: "Entrar" }).click();
  await checkPage(page, "/Auth with errors");
  await visit(page, "/Auth/ForgotPassword");
  await fillStep1(page, {
    email: uniqueEmail("telefono-con-un-correo-electronico-bastante-largo"),
    name: MERCHANT_NAME,
    lastname: MERCHANT_LASTNAME,
  });
  await expect(page).toHaveURL(/\/Auth\/Registration\/Step2$/);
  // The next page's content first: the address changes before a document load has a body to measure.
  await expect(page.getByLabel("Nombre de la tienda")).toBeVisible();
  await checkPage(page, "/Auth/Registration/Step2");
  await page.getByLabel("Nombre de la tienda").fill(STORE_NAME);
  await page.getByLabel("Categoría").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Enviar código" }).click();
  await expect(page).toHaveURL(/\/Auth\/Registration\/Step3$/);
  await expect(page.getByLabel("Código")).toBeVisible();
  await checkPage(page, "/Auth/Registration/Step3");
  await expect(page.getByLabel("Código")).toHaveAttribute("inputmode", "numeric");
  await expect(page.getByLabel("Código")).toHaveAttribute("autocomplete", "one-time-code");
  await visit(page, "/Auth/Registration");
  // The terms and the privacy policy the registration links.
  await visit(page, "/terminos");
  await visit(page, "/privacidad");
});

test("public store pages", async ({ page }) => {
  const { shop } = await longContent();
  const site = `/site/${shop.slug}`;
  await visit(page, site, "store home");
  await visit(page, `${site}/Store`, "Tienda");
  await visit(page, `${site}/Product/producto/${shop.products[1]?.id}`, "product");
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(page).toHaveURL(/\/Cart$/);
  await expect(page.getByRole("heading", { name: "Carrito", exact: true })).toBeVisible();
  await checkPage(page, "cart");
  // A typo search names what the shopper meant, as a link inside its sentence.
  await visit(page, `${site}/Search?q=canastta`, "search with a typo", () =>
    expect(page.locator(".search-count").getByRole("link", { name: "«canasta»" })).toBeVisible(),
  );
  await visit(page, `${site}/Checkout`, "checkout");
  await expect(page.getByLabel(/Tu teléfono/)).toHaveAttribute("type", "tel");
  // Its next steps (decision 0057): the way to receive the order, then what home delivery needs and the payment.
  await page.getByLabel("Tu nombre").fill("Lucía Pérez");
  await page.getByLabel(/Tu teléfono/).fill("300 555 0101");
  await page.getByRole("button", { name: "Continuar", exact: true }).click();
  // The next page first: a check while the page is being replaced reads no document.
  await expect(page.getByRole("group", { name: "¿Cómo quieres recibir tu pedido?" })).toBeVisible();
  await checkPage(page, "checkout, delivery method");
  await page.getByRole("radio", { name: "Envío a domicilio" }).check();
  await page.getByRole("button", { name: "Continuar", exact: true }).click();
  await expect(page.getByLabel(/Dirección de entrega/)).toBeVisible();
  await checkPage(page, "checkout, details");
});
