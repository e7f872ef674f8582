// A product's photo gallery, the merchant's side: on the product's edit page the demo merchant adds three photos at
// once to a demo product, makes the last one the cover, and the public page shows the four photos with that cover
// first. The photos page and the edit page also fit a phone, their tiles even. (The public gallery without JavaScript: storefront-gallery.spec.ts.)
import { expect, type Page, test } from "@playwright/test";
import { DEMO_MERCHANT, DEMO_STORE } from "../../app/demo/seed.server";
import { slugify } from "../../app/domain/slug";
import { e2eDb, login } from "./helpers";
import { expectNoSidewaysScroll, expectTouchTargets, PHONE_WIDTHS, phone } from "./phone";

/** A demo product with its cover alone; the demo's own gallery product is left as seeded. */
const PRODUCT = "Bolso tejido wayuu";
/**
 * The last one becomes the cover: a photo that is still 400 px high after resizing, like every demo
 * cover (the demo store's own specs check its cards' size).
 */
const PHOTOS = ["tests/fixtures/jpeg/ycc420.jpg", "tests/fixtures/photos/board.jpg", "tests/fixtures/photos/wide.jpg"];

async function demoProduct(): Promise<{ storeId: string; productId: string }> {
  const db = e2eDb();
  try {
    const { rows } = await db.execute({
      sql: "select stores.id as store_id, products.id as product_id from products join stores on stores.id = products.store_id where stores.url = ? and products.name = ?",
      args: [DEMO_STORE.url, PRODUCT],
    });
    return { storeId: String(rows[0]?.store_id), productId: String(rows[0]?.product_id) };
  } finally {
    db.close();
  }
}

const photoList = (page: Page) => page.getByRole("list", { name: "Fotos del producto" }).getByRole("listitem");

/** How far apart the largest and the smallest are. */
const spread = (values: number[]) => Math.max(...values) - Math.min(...values);

/**
 * At 320, 360 and 412 px, no sideways scroll, 44-px targets, and the gallery's tiles even whatever their photos'
 * shapes: each photo a square of one size, every tile of one height, the arrows and 'Eliminar' at the same place in
 * each (the viewport is left at 360 px).
 */
async function expectEvenGallery(page: Page) {
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize(phone(width).viewport);
    await expectNoSidewaysScroll(page, `${width} px`);
    await expectTouchTargets(page, undefined, `${width} px`);
    const tiles = await photoList(page).evaluateAll((items) =>
      items.map((tile) => {
        const top = tile.getBoundingClientRect().top;
        const photo = (tile.querySelector("img") as Element).getBoundingClientRect();
        const at = (button: Element | undefined) => (button ? button.getBoundingClientRect().top - top : -1);
        const buttons = [...tile.querySelectorAll("button")];
        return {
          height: tile.getBoundingClientRect().height,
          photo: [photo.width, photo.height],
          arrows: at(buttons.find((b) => b.getAttribute("aria-label") === "Subir")),
          remove: at(buttons.find((b) => b.textContent === "Eliminar")),
        };
      }),
    );
    const label = `${width} px: ${JSON.stringify(tiles)}`;
    expect(
      tiles.every((t) => Math.abs((t.photo[0] ?? 0) - (t.photo[1] ?? 0)) <= 1),
      label,
    ).toBe(true);
    for (const key of ["height", "arrows", "remove"] as const)
      expect(spread(tiles.map((t) => t[key])), label).toBeLessThanOrEqual(1);
    expect(spread(tiles.map((t) => t.photo[0] ?? 0)), label).toBeLessThanOrEqual(1);
  }
  await page.setViewportSize(phone(360).viewport);
}

test("the demo merchant adds 3 photos, makes the last one the cover, and the public page shows the 4 with it first", async ({
  page,
}) => {
  const { storeId, productId } = await demoProduct();
  await login(page, DEMO_MERCHANT.email, DEMO_MERCHANT.password);
  await expect(page).toHaveURL(/\/$/);
  // The edit page holds the whole gallery, above the product's fields.
  await page.goto(`/Store/${storeId}/products/${productId}`);
  await expect(page.getByRole("heading", { name: "Fotos" })).toBeVisible();
  await expect(page.getByText("1 de 4 fotos.")).toBeVisible();
  await expect(page.getByLabel("Cambiar imagen")).toHaveCount(0);
  const photos = photoList(page);
  await expect(photos).toHaveCount(1);
  await expect(photos.first()).toContainText("Portada");
  // A product always has a cover: its only photo offers no delete.
  await expect(photos.first().getByRole("button", { name: "Eliminar" })).toHaveCount(0);

  await page.getByLabel("Agregar fotos").setInputFiles(PHOTOS);
  await page.getByRole("button", { name: "Subir fotos" }).click();
  // The server decodes, resizes and encodes three photos before answering: about a second alone, several
  // while the other test lanes share the two cores (as the store's image uploads allow for).
  await expect(page.getByText("Se agregaron 3 fotos a Bolso tejido wayuu.")).toBeVisible({ timeout: 20_000 });
  await expect(photos).toHaveCount(4);
  // The plan's 4 are used: the upload form gives way to the limit message.
  await expect(page.getByText("Límite de fotos alcanzado: tu plan permite 4 fotos por producto")).toBeVisible();
  await expect(page.getByLabel("Agregar fotos")).toHaveCount(0);
  const sources = await photos.locator("img").evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src") ?? ""));
  expect(new Set(sources).size).toBe(4);
  for (const src of sources)
    expect(src).toMatch(new RegExp(`^/files/stores/${storeId}/products/${productId}/[0-9a-f]{32}\\.webp$`));
  const last = sources[3] as string;

  await photos.nth(3).getByRole("button", { name: "Usar como portada" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Portada actualizada" })).toBeVisible();
  await expect(photos.first()).toContainText("Portada");
  // The last photo moved to the front; the others keep their order after it.
  await expect
    .poll(() => photos.locator("img").evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src"))))
    .toEqual([last, ...sources.slice(0, 3)]);

  // Every answer came back to the edit page, which counts them.
  await expect(page).toHaveURL(`/Store/${storeId}/products/${productId}`);
  await expect(page.getByText("4 de 4 fotos.")).toBeVisible();
  // Photos of different shapes (the demo's own, 3:2 and 2:1) make tiles of one size on a phone.
  await expectEvenGallery(page);

  // The public page: four photos, the new cover first (also the cover the cards show).
  await page.goto(`/site/${DEMO_STORE.url}/Product/${slugify(PRODUCT)}/${productId}`);
  const strip = page.getByRole("list", { name: `Fotos de ${PRODUCT}` });
  await expect(strip.getByRole("listitem")).toHaveCount(4);
  await expect(strip.locator("img").first()).toHaveAttribute("src", last);
  await expect(page.getByRole("list", { name: "Elegir foto" }).getByRole("link")).toHaveCount(4);
  await page.goto(`/site/${DEMO_STORE.url}/Store`);
  await expect(page.getByRole("link", { name: new RegExp(PRODUCT) }).locator("img")).toHaveAttribute("src", last);
});

test("the photos page and the edit page fit a phone: no sideways scroll, 44-px targets, even tiles", async ({
  browser,
  baseURL,
}) => {
  const { storeId, productId } = await demoProduct();
  const context = await browser.newContext({ ...phone(360), baseURL });
  const page = await context.newPage();
  await login(page, DEMO_MERCHANT.email, DEMO_MERCHANT.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/Store/${storeId}/products/${productId}/photos`);
  await expect(photoList(page).first()).toContainText("Portada");
  await expectEvenGallery(page);
  await page.goto(`/Store/${storeId}/products/${productId}`);
  await expect(photoList(page).first()).toContainText("Portada");
  await expectEvenGallery(page);
  await context.close();
});
