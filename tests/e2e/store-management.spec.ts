import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, type Route, test } from "@playwright/test";
import {
  appStarted,
  E2E_FILES,
  e2eDb,
  holdAppCode,
  registerWithTrial,
  signInAsOwner,
  storeIdByName,
  uniqueEmail,
} from "./helpers";

const PHOTO = "tests/fixtures/photos/board.jpg";
const WIDE = "tests/fixtures/photos/wide.jpg";
const THIRD = "tests/fixtures/jpeg/ycc420.jpg";
const VIDEO = "tests/fixtures/media/clip.webm";
const PASSWORD = "mi-tienda-segura";

/** Every file stored under a store's prefix, as keys. */
function storedFiles(storeId: string): string[] {
  const root = join(E2E_FILES, "stores", storeId);
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.endsWith(".tmp"))
    .map((e) => join(e.parentPath, e.name));
}

async function sql(query: string, args: (string | number)[] = []) {
  const db = e2eDb();
  try {
    return (await db.execute({ sql: query, args })).rows;
  } finally {
    db.close();
  }
}

async function createProduct(page: Page, storeId: string, name: string, price: string, stock: string, image = PHOTO) {
  await page.goto(`/Store/${storeId}/products/new`);
  await page.getByLabel("Nombre").fill(name);
  await page.getByLabel(/^Precio \(/).fill(price);
  await page.getByLabel("Stock").fill(stock);
  await page.getByLabel("Fotos").setInputFiles(image);
  await page.getByRole("button", { name: "Crear producto" }).click();
  await expect(page).toHaveURL(new RegExp(`/Store/${storeId}/products$`));
  await expect(page.getByText("Producto creado")).toBeVisible();
}

/**
 * The `.data` answers the page receives while `during` runs, read on their way (the browser keeps no body of some of
 * them, which a response event would read as empty).
 */
async function dataAnswers(page: Page, during: () => Promise<void>) {
  const answers: Array<{ path: string; text: string }> = [];
  const pass = async (route: Route) => {
    const response = await route.fetch();
    const text = await response.text();
    answers.push({ path: new URL(route.request().url()).pathname, text });
    await route.fulfill({ response, body: text });
  };
  await page.route(DATA_ANSWER, pass);
  try {
    await during();
  } finally {
    await page.unroute(DATA_ANSWER, pass);
  }
  return answers;
}
const DATA_ANSWER = /\.data(\?|$)/;

/** The store information form (the info page also has the delivery panel's name fields). */
const infoForm = (page: Page) => page.locator("form").filter({ has: page.getByRole("button", { name: "Guardar información" }) });

test.describe("store management", () => {
  test.describe.configure({ mode: "serial" });
  // The product journey reads the merchant app's `.data` answers on their way, which a service worker answering them
  // would hide.
  test.use({ serviceWorkers: "block" });
  const email = uniqueEmail("gestion");
  const storeName = `Mercado Ñandú ${Date.now() % 1e6}`;
  let storeId = "";

  // Registered through the forms once; each test then starts signed in (signing in is accounts.spec.ts's subject).
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    await registerWithTrial(await context.newPage(), email, storeName, PASSWORD);
    storeId = await storeIdByName(storeName);
    await context.close();
  });

  test.beforeEach(async ({ context, baseURL }) => {
    await signInAsOwner(context, storeId, baseURL as string);
  });

  test("the dashboard lists the store and opens its workspace", async ({ page }) => {
    await page.goto("/");
    const card = page.getByRole("list", { name: "Tiendas" }).getByRole("listitem").filter({ hasText: storeName });
    // A new store has no WhatsApp sales number yet: the dashboard says what that means.
    await expect(card.getByText("Sin número de WhatsApp de ventas: los pedidos te llegan solo por correo.")).toBeVisible();
    await expect(card.getByRole("link", { name: "Agregar número" })).toHaveAttribute("href", `/Store/${storeId}/info#info`);
    // The QR to print, from the dashboard as from the store's page.
    await expect(card.getByRole("link", { name: "Descargar PNG" })).toHaveAttribute("download", `qr-${storeId}.png`);
    const fromCard = await page.request.get((await card.getByRole("link", { name: "Descargar SVG" }).getAttribute("href")) ?? "");
    expect(fromCard.headers()["content-type"]).toBe("image/svg+xml");
    await card.getByRole("link", { name: "Administrar" }).click();
    await expect(page).toHaveURL(new RegExp(`/Store/${storeId}/info$`));
    await expect(page.getByRole("heading", { name: storeName })).toBeVisible();
    await expect(page.getByRole("img", { name: /Código QR/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Descargar PNG" })).toHaveAttribute(
      "href",
      /\/files\/stores\/\d{10}\/qr\/.+\.png$/,
    );
    const svg = await page.request.get((await page.getByRole("link", { name: "Descargar SVG" }).getAttribute("href")) ?? "");
    expect(svg.headers()["content-type"]).toBe("image/svg+xml");
  });

  test("logo upload, then banners up to the plan's slots and one more is refused", async ({ page }) => {
    await page.goto(`/Store/${storeId}/info`);
    await page.getByRole("navigation", { name: "Secciones de la tienda" }).getByRole("link", { name: "Logo y banner" }).click();
    await expect(page).toHaveURL(new RegExp(`/Store/${storeId}/brand$`));
    await page.getByLabel("Imagen del logo").setInputFiles(PHOTO);
    await page.getByRole("button", { name: "Subir logo" }).click();
    await expect(page.getByText("Logo actualizado")).toBeVisible();
    // Kept: the picture leaves the field, so tapping the button again sends nothing twice.
    await expect(page.getByLabel("Imagen del logo")).toHaveValue("");
    // The save keeps the merchant on the page of what they changed.
    await expect(page).toHaveURL(new RegExp(`/Store/${storeId}/brand$`));
    const [logo] = await sql("select logo_key from stores where id = ?", [storeId]);
    expect(String(logo?.logo_key)).toMatch(new RegExp(`^stores/${storeId}/logo/[0-9a-f]{32}\\.webp$`));
    await expect(page.getByRole("img", { name: `Logo de ${storeName}` })).toHaveAttribute("src", `/files/${logo?.logo_key}`);
    // The logo made the store's icons (the tab's at 48 px, a phone's home screen's) and its link preview (what WhatsApp
    // shows for a shared link).
    const [slug] = await sql("select url from stores where id = ?", [storeId]);
    const storePage = await page.request.get(`/site/${slug?.url}`);
    const html = await storePage.text();
    const name = String(logo?.logo_key).replace(/\.webp$/, "");
    expect(html).toContain(`<link rel="icon" href="/files/${name}-icon-48.png"/>`);
    expect(html).toContain(`<link rel="apple-touch-icon" href="/files/${name}-icon.png"/>`);
    expect(html).toContain(`<meta property="og:image:width" content="1200"/>`);
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="http[^"]+/files/${name}-og\\.jpg"/>`));
    expect((await page.request.get(`/files/${name}-icon.png`)).headers()["content-type"]).toBe("image/png");
    expect((await page.request.get(`/files/${name}-icon-48.png`)).headers()["content-type"]).toBe("image/png");
    expect((await page.request.get(`/files/${name}-og.jpg`)).headers()["content-type"]).toBe("image/jpeg");

    // Standard plan: 3 banner photos. Two, then one, then the fourth is refused before uploading.
    await page.getByLabel("Agregar imágenes al banner").setInputFiles([PHOTO, WIDE]);
    await page.getByRole("button", { name: "Subir imágenes" }).click();
    // Two photos are resized and encoded on the server: beside the rest of the suite on two cores that can take
    // longer than the default 5 s wait (what is checked here is the slots, not the speed).
    await expect(page.getByText("Se agregaron 2 imágenes.")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel("Agregar imágenes al banner")).toHaveValue("");
    await page.getByLabel("Agregar imágenes al banner").setInputFiles([PHOTO, WIDE]);
    await page.getByRole("button", { name: "Subir imágenes" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Queda solo 1 espacio para imágenes del banner" })).toBeVisible();
    // A picture the banner shows already is refused by the server.
    await page.getByLabel("Agregar imágenes al banner").setInputFiles([WIDE]);
    await page.getByRole("button", { name: "Subir imágenes" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Esa imagen ya está en tus banners." })).toBeVisible({
      timeout: 20_000,
    });
    await page.getByLabel("Agregar imágenes al banner").setInputFiles([THIRD]);
    await page.getByRole("button", { name: "Subir imágenes" }).click();
    await expect(page.getByText("Se agregó 1 imagen.")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("list", { name: "Imágenes del banner" }).getByRole("listitem")).toHaveCount(3);
    await page.getByLabel("Agregar imágenes al banner").setInputFiles([PHOTO]);
    await page.getByRole("button", { name: "Subir imágenes" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "No quedan suficientes espacios" })).toBeVisible();

    // The server refuses too, whatever the browser does.
    const refused = await page.request.post(`/Store/${storeId}/brand`, {
      headers: { Origin: new URL(page.url()).origin },
      multipart: { intent: "banner", banner: { name: "x.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(0) } },
    });
    expect(refused.status()).toBeGreaterThanOrEqual(400);
    const banners = await sql("select key, height from store_banners where store_id = ? order by position", [storeId]);
    expect(banners).toHaveLength(3);
    for (const b of banners) expect(Number(b.height)).toBeLessThanOrEqual(600);

    // Reorder and delete.
    const list = page.getByRole("list", { name: "Imágenes del banner" });
    const firstName = await list.getByRole("listitem").first().textContent();
    await list.getByRole("listitem").first().getByRole("button", { name: "Bajar" }).click();
    await expect(list.getByRole("listitem").nth(1)).toContainText(firstName?.replace(/↑↓Eliminar$/, "").trim() ?? "");
    // The size and shape to pick are said before choosing; 'Eliminar' asks first, like every deletion.
    await expect(page.getByText(/Horizontales, de 1800 × 600 px \(3:1\)/)).toBeVisible();
    await list
      .getByRole("listitem")
      .last()
      .getByRole("link", { name: /^Eliminar / })
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("¿Eliminar imagen del banner?");
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(list.getByRole("listitem")).toHaveCount(3);
    await list
      .getByRole("listitem")
      .last()
      .getByRole("link", { name: /^Eliminar / })
      .click();
    await dialog.getByRole("button", { name: "Confirmar" }).click();
    await expect(page.getByText("Imagen eliminada")).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(2);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("deleting a banner asks on the page first", async ({ page }) => {
      await page.goto(`/Store/${storeId}/brand`);
      const list = page.getByRole("list", { name: "Imágenes del banner" });
      await expect(list.getByRole("listitem")).toHaveCount(2);
      const remove = list
        .getByRole("listitem")
        .first()
        .getByRole("link", { name: /^Eliminar / });
      await remove.click();
      await expect(page).toHaveURL(/\/brand\?eliminar=\d+$/);
      const question = page.getByRole("alertdialog", { name: "¿Eliminar imagen del banner?" });
      await question.getByRole("link", { name: "Cancelar" }).click();
      await expect(page).toHaveURL(new RegExp(`/Store/${storeId}/brand$`));
      await expect(list.getByRole("listitem")).toHaveCount(2);
      await remove.click();
      await question.getByRole("button", { name: "Eliminar" }).click();
      await expect(page.getByText("Imagen eliminada")).toBeVisible();
      await expect(list.getByRole("listitem")).toHaveCount(1);
    });
  });

  test("create, edit and delete a product; deleting it removes it from a section", async ({ page }) => {
    await createProduct(page, storeId, "Café de Colombia", "12.500,50", "7");
    const [row] = await sql("select id, price, stock, image_key, image_height from products where store_id = ? and name = ?", [
      storeId,
      "Café de Colombia",
    ]);
    expect(Number(row?.price)).toBe(1250050);
    expect(Number(row?.image_height)).toBe(400);
    const productId = String(row?.id);
    const imageKey = String(row?.image_key);
    expect(existsSync(join(E2E_FILES, imageKey))).toBe(true);
    const smallKey = imageKey.replace(/\.webp$/, "-s.webp");
    expect(existsSync(join(E2E_FILES, smallKey))).toBe(true);
    await expect(page.getByRole("list", { name: "Productos" })).toContainText("12.500,50");

    // Search with another case and without the accent.
    await page.getByPlaceholder("Buscar productos").fill("CAFE");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page.getByRole("list", { name: "Productos" }).getByRole("listitem")).toHaveCount(1);

    // Edit: a new cover from the gallery on the same page (the old photo deleted with its files), then name and price.
    await page.getByRole("link", { name: /Café de Colombia/ }).click();
    await page.getByLabel("Agregar fotos").setInputFiles(WIDE);
    await page.getByRole("button", { name: "Subir fotos" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Fotos agregadas" })).toBeVisible({ timeout: 20_000 });
    const gallery = page.getByRole("list", { name: "Fotos del producto" }).getByRole("listitem");
    await expect(gallery).toHaveCount(2);
    await gallery.nth(1).getByRole("button", { name: "Usar como portada" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Portada actualizada" })).toBeVisible();
    await gallery.nth(1).getByRole("button", { name: "Eliminar" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirmar" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Foto eliminada" })).toBeVisible();
    await expect(gallery).toHaveCount(1);
    await expect(page).toHaveURL(new RegExp(`/Store/${storeId}/products/${productId}$`));
    await page.getByLabel("Nombre").fill("Café de Huila");
    await page.getByLabel(/^Precio \(/).fill("13000");
    // The catalog came with the first page: an action's answer and the data fetched after it never carry it again.
    const afterEdit = await dataAnswers(page, async () => {
      await page.getByRole("button", { name: "Guardar cambios" }).click();
      await expect(page.getByText("Producto guardado")).toBeVisible();
      await page.getByRole("link", { name: /Café de Huila/ }).click();
      await expect(page.getByLabel("Nombre")).toHaveValue("Café de Huila");
    });
    expect(afterEdit.length).toBeGreaterThan(0);
    expect(afterEdit.filter((answer) => answer.text.includes("products.edit.deleteText"))).toEqual([]);
    const [edited] = await sql("select name, price, image_key from products where id = ?", [productId]);
    expect(edited?.name).toBe("Café de Huila");
    expect(Number(edited?.price)).toBe(1300000);
    expect(edited?.image_key).not.toBe(imageKey);
    expect(existsSync(join(E2E_FILES, imageKey))).toBe(false);
    expect(existsSync(join(E2E_FILES, smallKey))).toBe(false);

    // Put it in a section, then delete the product. Entering 'Secciones' brings its messages, once: its action and a
    // navigation inside it bring them no more (decision 0067, 'Per feature').
    const inSections = await dataAnswers(page, async () => {
      await page.getByRole("navigation", { name: "Secciones de la tienda" }).getByRole("link", { name: "Secciones" }).click();
      await page.getByLabel("Nueva sección").fill("Destacados");
      await page.getByRole("button", { name: "Crear sección" }).click();
      await expect(page.getByText("Sección creada")).toBeVisible();
      await page.getByRole("link", { name: "Agregar productos" }).click();
      await page.getByRole("checkbox", { name: /Café de Huila/ }).check();
      await page.getByRole("button", { name: "Agregar a la sección" }).click();
      await expect(page.getByRole("list", { name: "Elementos de la sección" })).toContainText("Café de Huila");
    });
    expect(inSections.filter((answer) => answer.text.includes("sections.list.count")).map((answer) => answer.path)).toEqual([
      `/Store/${storeId}/sections.data`,
    ]);
    expect(inSections.length).toBeGreaterThan(3);

    await page.goto(`/Store/${storeId}/products/${productId}`);
    await page.getByRole("button", { name: "Eliminar producto" }).click();
    await expect(page.getByRole("dialog")).toContainText("¿Eliminar producto?");
    await page.getByRole("button", { name: "Confirmar" }).click();
    await expect(page.getByText("Producto eliminado")).toBeVisible();
    expect(await sql("select 1 from products where id = ?", [productId])).toHaveLength(0);
    expect(await sql("select 1 from section_items where product_id = ?", [productId])).toHaveLength(0);
    expect(storedFiles(storeId).some((f) => f.includes(`/products/${productId}/`))).toBe(false);
    await page.goto(`/Store/${storeId}/sections`);
    await page.getByRole("link", { name: "Destacados" }).click();
    await expect(page.getByText("Esta sección está vacía.")).toBeVisible();
  });

  test("sections up to the plan's limit; a video and an image in a section", async ({ page }) => {
    // 'Destacados' exists; standard allows 3.
    for (const title of ["Videos", "Ofertas"]) {
      await page.goto(`/Store/${storeId}/sections`);
      await page.getByLabel("Nueva sección").fill(title);
      await page.getByRole("button", { name: "Crear sección" }).click();
      await expect(page.getByText("Sección creada")).toBeVisible();
    }
    await page.goto(`/Store/${storeId}/sections`);
    await expect(page.getByRole("list", { name: "Secciones", exact: true }).getByRole("listitem")).toHaveCount(3);
    await expect(page.getByLabel("Nueva sección")).toHaveCount(0);
    await expect(page.getByText("Límite de secciones alcanzado")).toBeVisible();
    const refused = await page.request.post(`/Store/${storeId}/sections`, {
      headers: { Origin: new URL(page.url()).origin },
      form: { intent: "section-create", title: "Una más" },
    });
    expect(refused.status()).toBe(409);
    expect(await sql("select 1 from sections where store_id = ?", [storeId])).toHaveLength(3);

    await page.getByRole("link", { name: "Videos" }).click();
    await page.getByRole("link", { name: "Agregar imágenes o videos" }).click();
    await page.getByLabel(/Imágenes o videos/).setInputFiles([VIDEO, PHOTO]);
    await page.getByRole("button", { name: "Subir archivos" }).click();
    await expect(page.getByText("Archivos agregados")).toBeVisible();
    const items = page.getByRole("list", { name: "Elementos de la sección" }).getByRole("listitem");
    await expect(items).toHaveCount(2);
    const rows = await sql(
      "select type, file_key, thumb_key, height from section_items i join sections s on s.id = i.section_id where s.store_id = ? and s.title = 'Videos' order by i.position",
      [storeId],
    );
    expect(rows.map((r) => r.type)).toEqual(["video", "image"]);
    expect(String(rows[0]?.file_key)).toMatch(/\.webm$/);
    // The browser made the 400-px-high thumbnail from a frame (the clip is 240 px high: never upscaled).
    expect(String(rows[0]?.thumb_key)).toMatch(/\.webp$/);
    expect(Number(rows[1]?.height)).toBe(400);
    for (const r of rows) expect(existsSync(join(E2E_FILES, String(r.file_key)))).toBe(true);

    // A file that is not a picture or video is refused and nothing is stored.
    const before = storedFiles(storeId).length;
    await page.getByRole("link", { name: "Agregar imágenes o videos" }).click();
    await page
      .getByLabel(/Imágenes o videos/)
      .setInputFiles({ name: "foto.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<html><script>alert(1)</script></html>") });
    await page.getByRole("button", { name: "Subir archivos" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Formato no admitido" })).toBeVisible();
    expect(storedFiles(storeId).length).toBe(before);
  });

  test("renaming the store moves its address and the old one redirects", async ({ page }) => {
    const [before] = await sql("select url from stores where id = ?", [storeId]);
    const oldUrl = String(before?.url);
    const newName = `Tienda Renombrada ${Date.now() % 1e6}`;
    await page.goto(`/Store/${storeId}/info`);
    await infoForm(page).getByLabel("Nombre", { exact: true }).fill(`  ${newName}  `);
    await page.getByLabel("WhatsApp de ventas").fill("+57 300 123 4567");
    await page.getByRole("button", { name: "Guardar información" }).click();
    await expect(page.getByText("Información guardada")).toBeVisible();
    const [after] = await sql("select name, url, sale_number from stores where id = ?", [storeId]);
    expect(after?.name).toBe(newName);
    expect(after?.sale_number).toBe("573001234567");
    await page.goto("/");
    const card = page.getByRole("list", { name: "Tiendas" }).getByRole("listitem").filter({ hasText: newName });
    await expect(card).toBeVisible();
    await expect(card.getByText(/Sin número de WhatsApp de ventas/)).toHaveCount(0);
    await page.goto(`/Store/${storeId}/info`);
    const response = await page.request.get(`/site/${oldUrl}`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toContain(`/site/${after?.url}`);

    // Another merchant's name is refused with the spec's message.
    await infoForm(page).getByLabel("Nombre", { exact: true }).fill("Demo");
    await page.getByRole("button", { name: "Guardar información" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Nombre no disponible" })).toContainText(
      "Ya existe una tienda con el nombre Demo",
    );
    // A number that does not exist in the store's country is refused, with how one is written there.
    await infoForm(page).getByLabel("Nombre", { exact: true }).fill(newName);
    await page.getByLabel("WhatsApp de ventas").fill("300 123 45");
    await page.getByRole("button", { name: "Guardar información" }).click();
    await expect(page.getByText(/Este número de WhatsApp no existe en Colombia\..*Por ejemplo: 321 1234567/)).toBeVisible();
    await expect(page.getByLabel("WhatsApp de ventas")).toHaveValue("300 123 45");
  });

  test("a second store within the limit is refused until the extra cost is confirmed", async ({ page }) => {
    const [user] = await sql("select id, stores_limit, bill_total from users where email = ?", [email]);
    expect(Number(user?.stores_limit)).toBe(1);
    await page.goto("/newStore");
    await expect(page.getByTestId("limit-warning")).toContainText("suma 4,99 US$");
    await page.getByLabel("Nombre de la tienda").fill(`Sucursal ${Date.now() % 1e6}`);
    await page.getByLabel("Categoría").selectOption({ label: "Mascotas" });
    await page.getByRole("button", { name: "Crear tienda" }).click();
    await expect(page.getByRole("dialog")).toContainText("¿Crear una tienda adicional?");
    await page.getByRole("button", { name: "Cancelar" }).click();
    expect(await sql("select 1 from stores where owner_id = ?", [String(user?.id)])).toHaveLength(1);
    await page.getByRole("button", { name: "Crear tienda" }).click();
    await page.getByRole("button", { name: "Confirmar" }).click();
    await expect(page).toHaveURL(/\/Store\/\d{10}\/info$/);
    await expect(page.getByText("Tienda creada")).toBeVisible();
    const [updated] = await sql("select stores_limit, bill_total from users where id = ?", [String(user?.id)]);
    expect(Number(updated?.stores_limit)).toBe(2);
    expect(Number(updated?.bill_total)).toBe(Number(user?.bill_total) + 499);
  });

  test("another merchant's store, product and section answer 404 and change nothing", async ({ page, baseURL }) => {
    const [demo] = await sql(
      "select s.id as store, p.id as product from stores s join products p on p.store_id = s.id where s.url = 'demo' limit 1",
    );
    const origin = new URL(baseURL as string).origin;
    for (const path of [
      `/Store/${demo?.store}/info`,
      `/Store/${demo?.store}/products`,
      `/Store/${demo?.store}/products/${demo?.product}`,
    ]) {
      expect((await page.request.get(path)).status(), path).toBe(404);
    }
    const post = await page.request.post(`/Store/${demo?.store}/info`, {
      headers: { Origin: origin },
      form: { intent: "delete" },
    });
    expect(post.status()).toBe(404);
    const mine = await page.request.post(`/Store/${storeId}/products/${demo?.product}`, {
      headers: { Origin: origin },
      form: { intent: "delete" },
    });
    expect(mine.status()).toBe(404);
    expect(await sql("select 1 from products where id = ?", [String(demo?.product)])).toHaveLength(1);
  });

  test("what is typed and chosen before the app starts is what the app keeps", async ({ page }) => {
    // A product whose description the server sends: hydration sets a text area back to it.
    await createProduct(page, storeId, "Yerba mate", "3000", "4");
    const [product] = await sql("select id from products where store_id = ? and name = ?", [storeId, "Yerba mate"]);
    await sql("update products set description = ? where id = ?", ["Suave", String(product?.id)]);
    let release = await holdAppCode(page);
    await page.goto(`/Store/${storeId}/products/${product?.id}`, { waitUntil: "domcontentloaded" });
    await page.getByLabel("Descripción").fill("Suave, de Misiones");
    await page.getByLabel(/^Precio \(/).fill("3500");
    release();
    await appStarted(page);
    await expect(page.getByLabel("Descripción")).toHaveValue("Suave, de Misiones");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText("Producto guardado")).toBeVisible();
    const [saved] = await sql("select description, price from products where id = ?", [String(product?.id)]);
    expect(saved?.description).toBe("Suave, de Misiones");
    expect(Number(saved?.price)).toBe(350000);

    // Fields the app builds one state from (a product's options and their values), typed before it starts: each is
    // taken on top of the one before, so every combination gets its card.
    release = await holdAppCode(page);
    await page.goto(`/Store/${storeId}/products/new`, { waitUntil: "domcontentloaded" });
    await page.getByLabel("Opción 1", { exact: true }).fill("Tamaño");
    await page.getByLabel("Valores de la opción 1").fill("500 g, 1 kg");
    await page.getByLabel("Opción 2", { exact: true }).fill("Molienda");
    await page.getByLabel("Valores de la opción 2").fill("Fina, Gruesa");
    // Photos picked before the app starts show as those picked after: each a thumbnail, in an order to change.
    await page.getByLabel("Fotos").setInputFiles([PHOTO, WIDE]);
    release();
    await appStarted(page);
    await expect(page.getByRole("list", { name: "Variantes" }).getByRole("listitem")).toHaveCount(4);
    await expect(page.getByRole("list", { name: "Elegidas para subir" }).getByRole("listitem")).toHaveCount(2);

    // A kind chosen before the app starts shows its own fields once it has.
    release = await holdAppCode(page);
    await page.goto(`/Store/${storeId}/promociones/nueva`, { waitUntil: "domcontentloaded" });
    await page.getByLabel("Nombre", { exact: true }).fill("3x2 en yerba");
    await page.getByRole("radio", { name: "Lleva N, paga M (2x1, 3x2)" }).check();
    release();
    await appStarted(page);
    await expect(page.getByLabel("Lleva", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Valor", { exact: true })).toBeHidden();
    await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue("3x2 en yerba");

    // The app's code failing to load (a dropped connection), the app never starts: its holds end, and the product's
    // form (held for the app, which makes photos small) posts as without JavaScript instead of doing nothing.
    await page.unrouteAll();
    await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
    await page.goto(`/Store/${storeId}/products/${product?.id}`, { waitUntil: "domcontentloaded" });
    await page.waitForFunction(() => (window as { vitrinaStarted?: boolean }).vitrinaStarted === true, null, {
      timeout: 10_000,
    });
    await page.getByLabel("Descripción").fill("Suave y sin palo");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText("Producto guardado")).toBeVisible();
    const [posted] = await sql("select description from products where id = ?", [String(product?.id)]);
    expect(posted?.description).toBe("Suave y sin palo");
    await page.unrouteAll();
  });

  test("deleting a store removes its data and every file from storage", async ({ page }) => {
    expect(storedFiles(storeId).length).toBeGreaterThan(3);
    // Tapped before the app has started (its code held back): nothing is sent, and the app asks once it starts.
    const release = await holdAppCode(page);
    await page.goto(`/Store/${storeId}/info`, { waitUntil: "domcontentloaded" });
    // Held, the submit goes no further than the head script: React's listener on the document answers it once the
    // page has hydrated (at once, if tapped while it hydrates), before the app has started and given it again.
    await page.evaluate(() =>
      document.addEventListener("submit", () => Object.assign(window, { reachedDocument: true }), { once: true }),
    );
    await page.getByRole("button", { name: "Eliminar tienda" }).click();
    await page.evaluate(() => new Promise((done) => setTimeout(done, 500)));
    expect(await page.evaluate(() => "reachedDocument" in window)).toBe(false);
    expect(page.url()).toMatch(new RegExp(`/Store/${storeId}/info$`));
    expect(await sql("select 1 from stores where id = ?", [storeId])).toHaveLength(1);
    release();
    await expect(page.getByRole("dialog")).toContainText("¿Eliminar");
    await page.getByRole("button", { name: "Confirmar" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Tienda eliminada")).toBeVisible();
    expect(await sql("select 1 from stores where id = ?", [storeId])).toHaveLength(0);
    for (const table of ["products", "sections", "store_banners", "store_slug_history"])
      expect(await sql(`select 1 from ${table} where store_id = ?`, [storeId]), table).toHaveLength(0);
    expect(storedFiles(storeId)).toEqual([]);
  });
});
