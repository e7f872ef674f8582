import { expect, type Page } from "@playwright/test";
import { query, signInAsOwner } from "./helpers";
import { jsOn, test } from "./people";
import { expectNoSidewaysScroll, expectTouchTargets, PHONE_WIDTHS, phone } from "./phone";
import { type SeededShop, seedHome, seedShop } from "./shop-seed";

/**
 * 'Diseño': the merchant makes the store look like theirs, sees the draft in the preview, and the public store
 * changes only when they publish. This file also runs in the "no-js" project: every setting is a plain form.
 */

const catalogue = () => [
  { name: "Vela de soja", price: 1800, stock: 6 },
  { name: "Jabón artesanal", price: 900, stock: 4 },
];

const lookPage = (shop: SeededShop) => `/Store/${shop.id}/look`;

/** The page's painted background, as the browser computed it. */
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function previewAddress(merchant: Page): Promise<string> {
  return (await merchant.getByTitle("Vista previa en un teléfono").getAttribute("src")) as string;
}

test("a preset is one tap: the preview shows it, the public store only once it is published", async ({
  merchantOf,
  browserFor,
}) => {
  const shop = await seedShop("estilo", catalogue());
  const merchant = await merchantOf(shop);
  const shopper = await browserFor();
  await merchant.goto(lookPage(shop));
  await expect(merchant.getByText("Publicado: Clásico. La vista previa muestra lo publicado.")).toBeVisible();
  await expect(merchant.getByRole("button", { name: "Publicar" })).toBeDisabled();
  // The preview shows the real store, framed by the look page even before any draft.
  const phonePreview = merchant.frameLocator('iframe[title="Vista previa en un teléfono"]');
  await expect(phonePreview.getByRole("heading", { level: 1, name: "Bienvenidos" })).toBeVisible();

  await merchant.getByRole("button", { name: "Oscuro" }).click();
  await expect(merchant.getByText("Publicado: Clásico. Vista previa sin publicar: Oscuro.")).toBeVisible();
  await expect(merchant.getByRole("button", { name: "Oscuro" })).toHaveAttribute("aria-pressed", "true");
  const preview = await previewAddress(merchant);

  // The shopper still sees today's look; the preview's address shows the draft, never cached.
  await shopper.goto(`/site/${shop.slug}`);
  expect(await background(shopper)).toBe("rgb(250, 250, 250)");
  const previewed = await shopper.goto(preview);
  expect(previewed?.headers()["cache-control"]).toBe("private, no-store");
  expect(previewed?.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  expect(await background(shopper)).toBe("rgb(18, 18, 18)");
  // A guessed secret shows the published look.
  await shopper.goto(`/site/${shop.slug}?vista=adivinado`);
  expect(await background(shopper)).toBe("rgb(250, 250, 250)");

  await merchant.getByRole("button", { name: "Publicar" }).click();
  await expect(merchant.getByText("Publicado: Oscuro. La vista previa muestra lo publicado.")).toBeVisible();
  const published = await shopper.goto(`/site/${shop.slug}`);
  expect(published?.headers()["x-frame-options"]).toBe("DENY");
  expect(await background(shopper)).toBe("rgb(18, 18, 18)");
  await expect(shopper.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#f5b700");
  // Inter, the preset's font, is served by the platform itself; the site's script loads it once the page has.
  const fontSrc = await shopper.locator("[data-font-src]").getAttribute("data-font-src");
  expect(fontSrc).toMatch(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/);
  if (jsOn())
    await shopper.waitForFunction(() =>
      [...document.fonts].some((face) => face.family.replaceAll('"', "") === "Inter Variable" && face.status === "loaded"),
    );
});

test("an unreadable pair of colours is refused with the reason and a fix, and nothing is saved", async ({ merchantOf }) => {
  const shop = await seedShop("contraste", catalogue());
  const merchant = await merchantOf(shop);
  await merchant.goto(lookPage(shop));
  await merchant.getByLabel("Fondo").fill("#ffffff");
  await merchant.getByLabel("Texto", { exact: true }).fill("#aaaaaa");
  await merchant.getByRole("button", { name: "Guardar borrador" }).click();
  await expect(
    merchant.getByText(
      /El texto \(#aaaaaa\) no se lee bien sobre el fondo \(#ffffff\): su contraste es 2,3:1 y hace falta al menos 4,5:1\. Prueba con #[0-9a-f]{6}\./,
    ),
  ).toBeVisible();
  await expect(merchant.getByText("Hay colores que no se leen bien: revisa los avisos")).toBeVisible();
  // With JavaScript the background alone was saved to the draft as it changed (it reads well); the grey text never.
  const [row] = await query<{ look_draft: string | null; look: string }>("select look_draft, look from stores where id = ?", [
    shop.id,
  ]);
  expect(row?.look).toBe("");
  expect(row?.look_draft ?? "").not.toContain("#aaaaaa");

  // The suggested colour passes.
  const fix = (await merchant.getByText(/Prueba con/).textContent())?.match(/Prueba con (#[0-9a-f]{6})/)?.[1] as string;
  await merchant.getByLabel("Texto", { exact: true }).fill(fix);
  await merchant.getByRole("button", { name: "Guardar borrador" }).click();
  await expect(merchant.getByText("Vista previa sin publicar: Personalizado.")).toBeVisible();
  const [saved] = await query<{ look_draft: string }>("select look_draft from stores where id = ?", [shop.id]);
  expect(JSON.parse(saved?.look_draft as string).colors).toMatchObject({ background: "#ffffff", text: fix });
});

test("the home's sections move up and down, the announcement, 3 products per row and 'Agregar' on each card", async ({
  merchantOf,
  browserFor,
}) => {
  const shop = await seedShop("vitrina-propia", catalogue());
  await seedHome(shop);
  const merchant = await merchantOf(shop);
  await merchant.goto(lookPage(shop));
  const order = merchant.getByRole("list", { name: "Orden de las secciones" }).getByRole("listitem");
  await expect(order).toHaveText([/Ofertas de la semana/, /Galería/]);
  await order.first().getByRole("button", { name: "Bajar" }).click();
  await expect(order).toHaveText([/Galería/, /Ofertas de la semana/]);

  await merchant.getByLabel("Texto del anuncio (opcional)").fill("Envío gratis desde $50.000");
  await merchant.getByLabel("Enlace del anuncio (opcional)").fill("/Store");
  await merchant.getByRole("radio", { name: "3", exact: true }).check();
  await merchant.getByRole("checkbox", { name: "Botón 'Agregar' en cada producto" }).check();
  await merchant.getByRole("button", { name: "Guardar borrador" }).click();
  await expect(merchant.getByText("Vista previa sin publicar: Clásico.")).toBeVisible();
  await merchant.getByRole("button", { name: "Publicar" }).click();
  await expect(merchant.getByText("Publicado: Clásico. La vista previa muestra lo publicado.")).toBeVisible();

  const shopper = await browserFor();
  await shopper.setViewportSize({ width: 360, height: 740 });
  await shopper.goto(`/site/${shop.slug}`);
  await expect(shopper.getByRole("heading", { level: 2 })).toHaveText(["Galería", "Ofertas de la semana", "Nuestros productos"]);
  await expect(shopper.getByRole("link", { name: "Envío gratis desde $50.000" })).toHaveAttribute(
    "href",
    `/site/${shop.slug}/Store`,
  );
  const grid = shopper.getByRole("list", { name: "Productos" });
  const columns = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
  expect(columns).toBe(3);
  await grid.getByRole("button", { name: "Agregar Jabón artesanal al carrito" }).click();
  await expect(shopper).toHaveURL(new RegExp(`/site/${shop.slug}/Cart$`));
  await expect(shopper.getByRole("link", { name: "Jabón artesanal" })).toBeVisible();
});

test("the footer shows the store's social profiles and hours, pasted however the merchant has them", async ({
  merchantOf,
  browserFor,
}) => {
  const shop = await seedShop("redes", catalogue());
  const merchant = await merchantOf(shop);
  await merchant.goto(`/Store/${shop.id}/info`);
  await merchant.getByLabel("Instagram (opcional)").fill("https://www.instagram.com/velas.lucia/?hl=es");
  await merchant.getByLabel("TikTok (opcional)").fill("@velaslucia");
  await merchant.getByLabel("Facebook (opcional)").fill("https://otro-sitio.example/velas");
  await merchant.getByLabel("Horario de atención (opcional)").fill("Lunes a viernes de 9 a 18 h\nSábados de 10 a 14 h");
  await merchant.getByRole("button", { name: "Guardar información" }).click();
  await expect(
    merchant.getByText("Escribe tu usuario de Facebook (por ejemplo @mitienda) o el enlace a tu perfil"),
  ).toBeVisible();
  await merchant.getByLabel("Facebook (opcional)").fill("fb.com/VelasLucia");
  await merchant.getByRole("button", { name: "Guardar información" }).click();
  await expect(merchant.getByText("Información guardada")).toBeVisible();
  await expect(merchant.getByLabel("Instagram (opcional)")).toHaveValue("@velas.lucia");

  const shopper = await browserFor();
  await shopper.goto(`/site/${shop.slug}`);
  const social = shopper.getByRole("list", { name: "Redes sociales" });
  await expect(social.getByRole("link", { name: "Instagram" })).toHaveAttribute("href", "https://www.instagram.com/velas.lucia");
  await expect(social.getByRole("link", { name: "Facebook" })).toHaveAttribute("href", "https://www.facebook.com/VelasLucia");
  await expect(social.getByRole("link", { name: "TikTok" })).toHaveAttribute("href", "https://www.tiktok.com/@velaslucia");
  await expect(shopper.getByRole("contentinfo")).toContainText("Horario: Lunes a viernes de 9 a 18 h");
});

test("a banner leads to a section of the home or a product; a place outside the store is refused", async ({
  merchantOf,
  browserFor,
}) => {
  const shop = await seedShop("banners-con-enlace", catalogue());
  await seedHome(shop);
  const merchant = await merchantOf(shop);
  await merchant.goto(`/Store/${shop.id}/brand`);
  const rows = merchant.getByRole("list", { name: "Imágenes del banner" }).getByRole("listitem");
  await rows.nth(0).getByLabel("Al tocarlo lleva a").selectOption({ label: "Galería" });
  await rows.nth(0).getByRole("button", { name: "Guardar el enlace de banner-0" }).click();
  await expect(rows.nth(0).getByLabel("Al tocarlo lleva a")).toHaveValue(/^#s-\d{7}$/);
  await rows.nth(1).getByLabel("Al tocarlo lleva a").selectOption({ label: "Jabón artesanal" });
  await rows.nth(1).getByRole("button", { name: "Guardar el enlace de banner-1" }).click();
  await expect(rows.nth(1).getByLabel("Al tocarlo lleva a")).toHaveValue(/^\/Product\/jabon-artesanal\/\d+$/);

  const [banner] = await query<{ id: number }>("select id from store_banners where store_id = ? order by position limit 1", [
    shop.id,
  ]);
  const forged = await merchant.request.post(`/Store/${shop.id}/brand`, {
    form: { intent: "banner-link", id: String(banner?.id), link: "https://otro-sitio.example" },
    headers: { Origin: new URL(merchant.url()).origin },
  });
  expect(forged.status()).toBe(400);
  const [kept] = await query<{ link: string }>("select link from store_banners where id = ?", [banner?.id]);
  expect(kept?.link).toMatch(/^#s-\d{7}$/);

  const shopper = await browserFor();
  await shopper.goto(`/site/${shop.slug}`);
  const slides = shopper.getByRole("region", { name: "Promociones" }).getByRole("link");
  await expect(slides).toHaveCount(2);
  await expect(slides.nth(0)).toHaveAttribute("href", new RegExp(`^/site/${shop.slug}#s-\\d{7}$`));
  await slides.nth(1).click();
  await expect(shopper.getByRole("heading", { level: 1, name: "Jabón artesanal" })).toBeVisible();
});

test("on a phone the preview is one tap away, over the page, and 'Volver a los controles' comes back", async ({
  browser,
  baseURL,
  javaScriptEnabled,
  locale,
}) => {
  const shop = await seedShop("estilo-chico", catalogue());
  const context = await browser.newContext({ ...phone(360), baseURL, javaScriptEnabled, locale });
  await signInAsOwner(context, shop.id, baseURL as string);
  const merchant = await context.newPage();
  await merchant.goto(lookPage(shop));
  const open = merchant.getByRole("link", { name: "Ver vista previa" });
  // With JavaScript, once the page listens (before, the link works as it does without it).
  if (jsOn()) await expect(open).toHaveAttribute("data-ready", "");
  const preview = merchant.getByTitle("Vista previa en un teléfono");
  const back = merchant.getByRole("link", { name: "Volver a los controles" });
  // Sticky on every screen of the long page, while the preview itself waits at its bottom.
  await expect(open).toBeInViewport();
  await expect(preview).not.toBeInViewport();
  await expect(back).toBeHidden();
  // It leaves room for what it sits on, at every phone width: as wide as the controls (none shows beside it, half
  // covered), and the last style's card scrolled to the screen's foot (as a focused control is) lands above it.
  const lastStyle = merchant.locator(".presets button").last();
  for (const width of PHONE_WIDTHS) {
    await merchant.setViewportSize(phone(width).viewport);
    const [card, button, controls] = await lastStyle.evaluate((el) => {
      el.scrollIntoView({ block: "end" });
      return [el, document.querySelector(".look-preview-open"), document.getElementById("controles")].map((e) =>
        (e as Element).getBoundingClientRect().toJSON(),
      ) as DOMRect[];
    });
    expect(card?.bottom, `${width} px: the last style's card under 'Ver vista previa'`).toBeLessThanOrEqual(button?.top ?? 0);
    expect([button?.left, button?.right], `${width} px: 'Ver vista previa' as wide as the controls`).toEqual([
      controls?.left,
      controls?.right,
    ]);
  }
  await merchant.setViewportSize(phone(360).viewport);
  const control = merchant.getByRole("button", { name: "Publicar" });
  await control.scrollIntoViewIfNeeded();
  await expect(open).toBeInViewport();
  const scrolled = await merchant.evaluate(() => window.scrollY);

  await open.click();
  await expect(preview).toBeInViewport();
  await expect(back).toBeInViewport();
  await expectNoSidewaysScroll(merchant);
  await expectTouchTargets(merchant, merchant.locator("#vista-previa"));

  await back.click();
  await expect(back).toBeHidden();
  await expect(open).toBeInViewport();
  if (jsOn()) {
    // The same place as before: the page under the preview never moved.
    await expect.poll(() => merchant.evaluate(() => window.scrollY)).toBe(scrolled);
    await expect(control).toBeInViewport();
  } else {
    // Without JavaScript: the controls' top.
    await expect(merchant).toHaveURL(/#controles$/);
    await expect(merchant.getByRole("heading", { name: "Estilos" })).toBeInViewport();
  }
  await context.close();
});
