import { expect, test } from "@playwright/test";
import { query } from "./helpers";
import { E2E_SERVER } from "./servers";
import { seedShop } from "./shop-seed";

test.describe("demo store, the thin slice", () => {
  test("shows name, logo and product grid from the database, with no framework JS", async ({ page }) => {
    const js = test.info().project.name !== "no-js";
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    const response = await page.goto("/site/demo");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["x-vitrina-db-round-trips"]).toBe("1");
    await expect(page).toHaveTitle("Demo");
    await expect(page.getByRole("heading", { level: 1, name: "Bienvenido a Demo" })).toBeVisible();
    await expect(page.locator(".brand")).toHaveText("Demo");
    const cards = page.getByRole("list", { name: "Productos" }).getByRole("listitem");
    await expect(cards).toHaveCount(7);
    await expect(cards.first()).toContainText("Suculenta en maceta");
    await expect(page.getByText("Taza de cerámica artesanal")).toBeVisible();
    await expect(cards.first().locator(".price")).toHaveText(/6,50/);
    // The store's 'WhatsApp de atención', a chat with a greeting from the footer (a plain link).
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Escríbenos por WhatsApp" })).toHaveAttribute(
      "href",
      `https://wa.me/573001234567?text=${encodeURIComponent("Hola Demo, tengo una consulta.")}`,
    );

    // Every product image really loaded and has its size set (no layout shift).
    const images = page.locator(".card img");
    await expect(images).toHaveCount(7);
    for (const img of await images.all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
      expect(await img.getAttribute("width")).toBeTruthy();
      expect(await img.getAttribute("height")).toBe("400");
    }
    await expect(images.first()).toHaveAttribute("fetchpriority", "high");
    // The tab icon is the 48-px square made from the logo when it was uploaded, the home screen's the 192-px one; the
    // 40-px header logo is the logo's half-size rendition.
    const icon = page.locator('link[rel="icon"]');
    await expect(icon).toHaveAttribute("href", /^\/files\/stores\/\d{10}\/logo\/[0-9a-f]{32}-icon-48\.png$/);
    const logoName = ((await icon.getAttribute("href")) as string).replace(/-icon-48\.png$/, "");
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", `${logoName}-icon.png`);
    await expect(page.locator(".brand img")).toHaveAttribute("src", `${logoName}-s.webp`);

    // No framework JS: only the site's small enhancement script (storefront.spec.ts checks its size).
    // The page carries the inline script that asks for it, which adds it (with JavaScript) and nothing else.
    const loader = page.locator("script[data-site-script]");
    await expect(loader).toHaveAttribute("data-site-script", /^\/assets\/site-[\w-]+\.js$/);
    await expect(page.locator("script")).toHaveCount(js ? 2 : 1);
    expect(await page.locator('link[rel="modulepreload"], link[rel="stylesheet"]').count()).toBe(0);
    if (js) await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
    expect(scripts.map((s) => new URL(s).pathname)).toEqual(js ? [await loader.getAttribute("data-site-script")] : []);
  });

  test("serves product images lossy, small and cached forever", async ({ page, request }) => {
    await page.goto("/site/demo");
    const src = await page.locator(".card img").first().getAttribute("src");
    expect(src).toMatch(/^\/files\/stores\/\d{10}\/products\/\d{7}\/[0-9a-f]{32}\.webp$/);
    const image = await request.get(src as string);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/webp");
    expect(image.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(image.headers()["x-content-type-options"]).toBe("nosniff");
    const body = await image.body();
    expect(body.byteLength).toBeLessThanOrEqual(35 * 1024);
    // A lossy WebP: 'VP8 ' chunk, never 'VP8L' (lossless).
    expect(body.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(["WEBPVP8 ", "WEBPVP8X"]).toContain(body.subarray(8, 16).toString("latin1"));
  });

  for (const [scale, rendition] of [
    [1, "half-size rendition"],
    [2, "full image"],
  ] as const) {
    test(`a phone at ${scale}x downloads the ${rendition} of each product card`, async ({ browser, request }) => {
      const context = await browser.newContext({
        viewport: { width: 360, height: 740 },
        deviceScaleFactor: scale,
        javaScriptEnabled: test.info().project.name !== "no-js",
      });
      const page = await context.newPage();
      const response = await page.goto(`http://localhost:${E2E_SERVER.port}/site/demo`);
      expect(response?.status()).toBe(200);
      const first = page.locator(".card img").first();
      const src = (await first.getAttribute("src")) as string;
      const small = src.replace(/\.webp$/, "-s.webp");
      await expect(first).toHaveAttribute("srcset", `${small} 200w, ${src} 400w`);
      await expect.poll(() => first.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
      expect(new URL(await first.evaluate((el: HTMLImageElement) => el.currentSrc)).pathname).toBe(scale === 1 ? small : src);
      const [full, half] = await Promise.all([request.get(src), request.get(small)]);
      expect(half.headers()["content-type"]).toBe("image/webp");
      expect((await half.body()).byteLength).toBeLessThan((await full.body()).byteLength);
      await context.close();
    });
  }

  test("a store speaks as its country: 'vos' in Argentina, 'tú' in Colombia", async ({ page }) => {
    test.skip(test.info().project.name !== "no-js", "the shopper's pages are the server's: JavaScript off shows them");
    const shop = await seedShop("voseo", [{ name: "Mate de calabaza", price: 1500000, stock: 3 }]);
    await query("update stores set country = 'AR', attention_number = '5491155551234' where id = ?", [shop.id]);
    await page.goto(`/site/${shop.slug}`);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Escribinos por WhatsApp" })).toBeVisible();
    // Its checkout's refusals too: a contact step with neither WhatsApp nor email.
    await page
      .context()
      .addCookies([{ name: "carrito", value: `${shop.products[0]?.id}:1`, domain: "localhost", path: `/site/${shop.slug}` }]);
    const refused = await page.request.post(`/site/${shop.slug}/Checkout`, {
      form: { intent: "contact", buyerName: "Ana" },
      headers: { Origin: E2E_SERVER.origin },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("Escribí tu WhatsApp o tu correo para seguir con tu pedido");
    await query("update stores set country = 'CO', attention_number = '573001234567', updated_at = updated_at + 1 where id = ?", [
      shop.id,
    ]);
    await page.goto(`/site/${shop.slug}`);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Escríbenos por WhatsApp" })).toBeVisible();
  });

  test("the store subdomain serves the same store", async ({ page }) => {
    const response = await page.goto(`http://demo.localhost:${E2E_SERVER.port}/`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Bienvenido a Demo" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Productos" }).getByRole("listitem")).toHaveCount(7);
    // Images load from the store host too (Chromium resolves *.localhost to this machine).
    const first = page.locator(".card img").first();
    await expect.poll(() => first.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  });

  test("an unknown store answers 404 'Esta página fue eliminada'", async ({ page }) => {
    const response = await page.goto("/site/no-existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Esta página fue eliminada" })).toBeVisible();
    const sub = await page.goto(`http://no-existe.localhost:${E2E_SERVER.port}/`);
    expect(sub?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Esta página fue eliminada" })).toBeVisible();
  });

  test("an unknown path answers a Spanish 404", async ({ page }) => {
    const response = await page.goto("/no/existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
  });

  test("files outside the stored keys are not served", async ({ request }) => {
    for (const path of ["/files/stores/1234567890/logo/x.jpg", "/files/../../package.json", "/files/stores/1234567890/a.html"]) {
      expect((await request.get(path)).status()).toBe(404);
    }
  });

  test("the local outbox page exists", async ({ page }) => {
    const response = await page.goto("/_dev/correo");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Correo enviado (local)" })).toBeVisible();
  });
});

test("the app root sends anonymous visitors to sign in", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/Auth\?redirectTo=%2F$/);
  await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
});
