// The public page of the demo's gallery product, with JavaScript and without (both projects): every photo
// is there, the cover first and loaded eagerly, the thumbnails are links that bring their photo into view,
// JSON-LD names every photo, and a 360-px phone neither scrolls sideways nor gets small targets.
import { expect, type Page, test } from "@playwright/test";
import { DEMO_GALLERY_PRODUCT, DEMO_STORE } from "../../app/demo/seed.server";
import { expectNoSidewaysScroll, expectTouchTargets, phone } from "./phone";
import { E2E_SERVER } from "./servers";

const javaScriptEnabled = () => test.info().project.name !== "no-js";

async function openGalleryProduct(page: Page) {
  await page.goto(`/site/${DEMO_STORE.url}/Store`);
  await page
    .getByRole("link", { name: new RegExp(DEMO_GALLERY_PRODUCT) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: DEMO_GALLERY_PRODUCT })).toBeVisible();
  const strip = page.getByRole("list", { name: `Fotos de ${DEMO_GALLERY_PRODUCT}` });
  return {
    strip,
    photos: strip.getByRole("listitem"),
    thumbs: page.getByRole("list", { name: "Elegir foto" }).getByRole("link"),
  };
}

const loaded = (page: Page, selector: string) =>
  page.locator(selector).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

test("the gallery product's page shows all its photos and each thumbnail link shows its photo", async ({ page }) => {
  const { strip, photos, thumbs } = await openGalleryProduct(page);
  await expect(photos).toHaveCount(4);
  const images = strip.locator("img");
  await expect(images.first()).toHaveAttribute("fetchpriority", "high");
  await expect(images.first()).toHaveAttribute("alt", DEMO_GALLERY_PRODUCT);
  for (const index of [1, 2, 3]) {
    await expect(images.nth(index)).toHaveAttribute("loading", "lazy");
    await expect(images.nth(index)).toHaveAttribute("alt", `${DEMO_GALLERY_PRODUCT}, foto ${index + 1} de 4`);
  }
  const sources = await images.evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src") ?? ""));
  expect(new Set(sources).size).toBe(4);
  // Each photo offers its half-size rendition; each thumbnail shows only that small one.
  for (const [index, src] of sources.entries()) {
    const small = src.replace(/\.webp$/, "-s.webp");
    await expect(images.nth(index)).toHaveAttribute("srcset", `${small} 200w, ${src} 400w`);
    await expect(thumbs.nth(index).locator("img")).toHaveAttribute("src", small);
  }
  await expect(thumbs).toHaveCount(4);
  // The page itself never scrolls sideways; only the strip does.
  await expect(photos.first()).toBeInViewport({ ratio: 0.9 });
  await expect(photos.nth(1)).not.toBeInViewport();

  for (const n of [3, 4, 2, 1]) {
    await thumbs.nth(n - 1).click();
    await expect(page).toHaveURL(new RegExp(`#foto-${n}$`));
    await expect(photos.nth(n - 1)).toBeInViewport({ ratio: 0.9 });
    for (const other of [1, 2, 3, 4].filter((o) => o !== n)) await expect(photos.nth(other - 1)).not.toBeInViewport();
    await expect.poll(() => loaded(page, `#foto-${n} img`)).toBe(true);
  }

  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(ld.image).toEqual(sources.map((src) => `http://${DEMO_STORE.url}.localhost:${E2E_SERVER.port}${src}`));
});

test("on a 360-px phone the gallery swipes inside its strip: no sideways scroll of the page, 44-px thumbnails", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ ...phone(360), baseURL, javaScriptEnabled: javaScriptEnabled() });
  const page = await context.newPage();
  const { strip, photos, thumbs } = await openGalleryProduct(page);
  await expect(photos).toHaveCount(4);
  const box = await strip.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(360);
  // Each photo fills the strip's width and snaps into place.
  const widths = await photos.evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().width)));
  expect(widths).toEqual(widths.map(() => Math.round(box?.width ?? 0)));
  expect(await strip.evaluate((el) => getComputedStyle(el).scrollSnapType)).toBe("x mandatory");
  await expectNoSidewaysScroll(page);
  await expectTouchTargets(page);
  // A swipe: scrolling the strip one photo over shows the second photo, the page stays put.
  await strip.evaluate((el) => el.scrollBy({ left: el.clientWidth, behavior: "instant" }));
  await expect(photos.nth(1)).toBeInViewport({ ratio: 0.9 });
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
  await thumbs.nth(3).click();
  await expect(photos.nth(3)).toBeInViewport({ ratio: 0.9 });
  await expectNoSidewaysScroll(page);
  await context.close();
});
