import { type BrowserContext, type CDPSession, chromium, expect, type Page, test } from "@playwright/test";
import { DEMO_MERCHANT } from "../../app/demo/seed.server";
import { readImageSize, sniffImageType } from "../../app/media/image-rules";
import { webManifest } from "../../app/pwa/manifest";
import config, { FULL_CHROMIUM } from "../../playwright.config";
import { appStarted, controlled, login, query } from "./helpers";
import { E2E_SERVER } from "./servers";
import { seedShop } from "./shop-seed";

/**
 * The merchant app installs like an app: its manifest and icons, a service worker that keeps the
 * offline page and shows push notifications, and public store pages it leaves alone
 * (docs/decisions/0018-installable-merchant-app.md).
 */
// Installability and notifications are the desktop browser's: the headless shell has neither.
test.use({ launchOptions: { ...config.use?.launchOptions, executablePath: FULL_CHROMIUM } });

const ORIGIN = E2E_SERVER.origin;

async function signIn(page: Page) {
  await login(page, DEMO_MERCHANT.email, DEMO_MERCHANT.password);
  await expect(page).toHaveURL(`${ORIGIN}/`);
  await expect(page.getByRole("list", { name: "Tiendas" })).toBeVisible();
}

test("the merchant home links the manifest; it parses with the app's fields and each icon is a PNG of its size", async ({
  page,
}) => {
  await signIn(page);
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#5b3df5");
  const response = await page.request.get(href as string);
  expect(response.headers()["content-type"]).toBe("application/manifest+json");
  const manifest = await response.json();
  // What is served is the app's manifest, whose fields the unit tests check (tests/unit/pwa-icons.test.ts).
  expect(manifest).toEqual(webManifest());
  expect(manifest).toMatchObject({ theme_color: "#5b3df5", background_color: "#f6f6f8" });
  expect(manifest.description).toMatch(/tiendas/);
  const icons = manifest.icons as Array<{ src: string; sizes: string; type: string; purpose: string }>;
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);

  const appleTouch = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  for (const { src, size } of [
    ...icons.map((i) => ({ src: i.src, size: Number(i.sizes.split("x")[0]) })),
    { src: appleTouch as string, size: 180 },
  ]) {
    const icon = await page.request.get(src);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()["content-type"], src).toBe("image/png");
    const png = await icon.body();
    expect(sniffImageType(png), src).toBe("png");
    expect(readImageSize(png, "png"), src).toEqual({ width: size, height: size });
  }

  // Chromium's own reading of the manifest: no errors, the same icons.
  const cdp = await page.context().newCDPSession(page);
  const read = await cdp.send("Page.getAppManifest");
  expect(read.errors).toEqual([]);
  expect(read.url).toBe(`${ORIGIN}/manifest.webmanifest`);
  expect(read.manifest).toMatchObject({ name: "Vitrina", id: `${ORIGIN}/`, scope: `${ORIGIN}/`, startUrl: `${ORIGIN}/` });
  expect(read.manifest?.icons?.map((i) => i.url)).toEqual(icons.map((i) => `${ORIGIN}${i.src}`));
});

test("Chromium reports the merchant app installable, and a public store page not", async ({ browserName }, testInfo) => {
  // Playwright's usual contexts are off the record, from which Chromium installs nothing (it
  // reports 'in-incognito'): this test opens a profile on disk instead.
  expect(browserName).toBe("chromium");
  const context = await chromium.launchPersistentContext(testInfo.outputPath("profile"), {
    ...config.use?.launchOptions,
    executablePath: FULL_CHROMIUM,
    baseURL: ORIGIN,
    locale: "es-CO",
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page);
    await controlled(page, ORIGIN);
    const cdp = await context.newCDPSession(page);
    const errors = async () => (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors.map((e) => e.errorId);
    await expect.poll(errors, { timeout: 15_000 }).toEqual([]);
    await page.goto("/site/demo");
    expect(await errors()).toEqual(["no-manifest"]);
  } finally {
    await context.close();
  }
});

test("the service worker controls merchant pages; offline, a merchant page is the Spanish offline page; back online, the page", async ({
  page,
  context,
}) => {
  await signIn(page);
  await controlled(page, ORIGIN);
  const products = await page.locator('a[href^="/Store/"]').first().getAttribute("href");
  const storeId = products?.match(/^\/Store\/(\d+)/)?.[1];
  expect(storeId).toBeTruthy();

  // Merchant pages come from the network through the worker, never from a cache; build files skip the worker
  // (the browser's HTTP cache keeps them).
  const builds: Array<{ url: string; fromWorker: boolean }> = [];
  page.on("response", (r) => {
    if (new URL(r.url()).pathname.startsWith("/assets/")) builds.push({ url: r.url(), fromWorker: r.fromServiceWorker() });
  });
  const online = await page.goto(`/Store/${storeId}/products`);
  expect(online?.fromServiceWorker()).toBe(true);
  // The app asks for its build files after the page's first paint, which can come after the load event.
  await appStarted(page);
  expect(builds.length).toBeGreaterThan(0);
  expect(builds.filter((b) => b.fromWorker)).toEqual([]);
  expect(online?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const cached = await page.evaluate(async () => {
    const keys = await Promise.all((await caches.keys()).map(async (name) => (await caches.open(name)).keys()));
    return keys.flat().map((r) => new URL(r.url).pathname);
  });
  expect(cached).toContain("/offline.html");
  expect(cached.filter((path) => !path.startsWith("/assets/") && !path.startsWith("/icons/"))).toEqual(["/offline.html"]);

  // Offline, a merchant page is the offline page, at the page's address. (Without the worker, goto
  // would fail with net::ERR_INTERNET_DISCONNECTED; its response is not read: Playwright sometimes
  // reports none for a navigation the worker answers offline.)
  await context.setOffline(true);
  await page.goto(`/Store/${storeId}/sales`);
  await expect(page).toHaveTitle("Sin conexión · Vitrina");
  await expect(page.getByRole("heading", { name: "Sin conexión" })).toBeVisible();
  await expect(page.getByText("no tiene conexión a internet")).toBeVisible();
  await expect(page).toHaveURL(`${ORIGIN}/Store/${storeId}/sales`);
  const retry = page.getByRole("button", { name: "Reintentar" });
  await expect(retry).toBeVisible();

  // Back online, the offline page brings the merchant page back where it stands: by itself on
  // 'online', or with 'Reintentar'. (Playwright turns the page's and the worker's network back on
  // one after the other, so the first try may still find the worker offline.)
  await context.setOffline(false);
  await expect(async () => {
    if (await retry.isVisible()) await retry.click({ timeout: 3000 });
    await expect(page.getByRole("link", { name: "Inicio" })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Sin conexión" })).toHaveCount(0);
  await expect(page).toHaveURL(`${ORIGIN}/Store/${storeId}/sales`);
});

test("public store pages link no manifest and register nothing; with the worker installed, they still come from the network", async ({
  page,
  context,
  browser,
}) => {
  const shop = await seedShop("app-instalable", [{ name: "Café de altura", price: 1500, stock: 4 }]);

  // A shopper's browser: the store page registers no worker.
  const shopper = await browser.newContext();
  try {
    const shopperPage = await shopper.newPage();
    await shopperPage.goto(`${ORIGIN}/site/${shop.slug}`);
    await expect(shopperPage.getByText("Café de altura").first()).toBeVisible();
    expect(await shopperPage.locator('link[rel="manifest"], link[rel="apple-touch-icon"]').count()).toBe(0);
    // The browser's bar takes the store's own brand colour (its look), not the merchant app's.
    await expect(shopperPage.locator('meta[name="theme-color"]')).toHaveCount(1);
    const siteScript = await shopperPage.locator("script[data-site-script]").getAttribute("data-site-script");
    expect(siteScript).toMatch(/^\/assets\/site-[\w-]+\.js$/);
    expect(await (await shopperPage.request.get(siteScript as string)).text()).not.toMatch(/serviceWorker|sw\.js/);
    expect(await shopperPage.content()).not.toMatch(/serviceWorker|sw\.js|manifest\.webmanifest/);
    await shopperPage.waitForLoadState("load");
    expect(await shopperPage.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    expect(await shopperPage.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  } finally {
    await shopper.close();
  }

  // The merchant's browser, where the worker is installed with scope "/": it passes store pages through.
  await signIn(page);
  await controlled(page, ORIGIN);
  const first = await page.goto(`/site/${shop.slug}`);
  expect(first?.fromServiceWorker()).toBe(false);
  await expect(page.getByText("Café de altura").first()).toBeVisible();
  expect(await page.locator('link[rel="manifest"]').count()).toBe(0);

  // A change in the store shows at once: nothing kept the old page.
  await query("update products set name = 'Café de altura tostado' where id = ?", [shop.products[0]?.id]);
  await query("update stores set updated_at = updated_at + 1000 where id = ?", [shop.id]);
  const fresh = await page.goto(`/site/${shop.slug}`);
  expect(fresh?.fromServiceWorker()).toBe(false);
  await expect(page.getByText("Café de altura tostado").first()).toBeVisible();

  // Offline, a store page fails as any site does: not with the merchant app's offline page.
  await context.setOffline(true);
  await expect(page.goto(`/site/${shop.slug}/Store`)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  await expect(page.getByRole("heading", { name: "Sin conexión" })).toHaveCount(0);
  await context.setOffline(false);
});

/** The worker's registration id, as DevTools' ServiceWorker domain reports it. */
async function registrationId(cdp: CDPSession): Promise<string> {
  let found: string | undefined;
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
    found = registrations.find((r) => r.scopeURL === `${ORIGIN}/` && !r.isDeleted)?.registrationId ?? found;
  });
  await cdp.send("ServiceWorker.enable");
  await expect.poll(() => found).toBeTruthy();
  return found as string;
}

const notifications = (page: Page) =>
  page.evaluate(async () =>
    // `badge` is Chromium's, not in TypeScript's DOM types.
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n: Notification & { badge?: string }) => ({
      title: n.title,
      body: n.body,
      data: n.data,
      tag: n.tag,
      icon: n.icon,
      badge: n.badge,
    })),
  );

/**
 * Delivers a push to the app's worker as the push service would (DevTools' ServiceWorker domain),
 * until `shown` holds. Headless Chromium now and then drops a message delivered this way (about one
 * in twenty, with no error anywhere); the worker tags notifications by page, so a second delivery
 * replaces the first instead of adding one.
 */
async function pushDelivery(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const id = await registrationId(cdp);
  return async (data: string, shown: () => Promise<void>) => {
    await expect(async () => {
      await cdp.send("ServiceWorker.deliverPushMessage", { origin: ORIGIN, registrationId: id, data });
      await shown();
    }).toPass({ timeout: 20_000 });
  };
}

test("a push shows its notification through the worker's push handler; a malformed one a generic 'Nuevo pedido'", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["notifications"], { origin: ORIGIN });
  await signIn(page);
  await controlled(page, ORIGIN);

  const deliver = await pushDelivery(context, page);
  const payload = { title: "Nuevo pedido #A1B2", body: "Ana pidió 2 productos", url: "/Store/1234567890/sales" };
  await deliver(JSON.stringify(payload), () =>
    expect
      .poll(() => notifications(page), { timeout: 4000 })
      .toEqual([
        {
          title: payload.title,
          body: payload.body,
          data: { url: payload.url },
          tag: `vitrina:${payload.url}`,
          icon: `${ORIGIN}/icons/icon-192.png`,
          badge: `${ORIGIN}/icons/badge-96.png`,
        },
      ]),
  );

  await deliver("esto no es JSON", () =>
    expect
      .poll(async () => (await notifications(page)).map((n) => `${n.title} → ${n.data?.url}`).sort(), { timeout: 4000 })
      .toEqual(["Nuevo pedido #A1B2 → /Store/1234567890/sales", "Nuevo pedido → /"]),
  );
});
