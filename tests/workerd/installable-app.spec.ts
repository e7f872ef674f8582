// The installable merchant app on the production runtime: the files come from the Worker's asset
// server (tests/e2e/installable-app.spec.ts covers the rest on Node). docs/decisions/0018.
import { expect, test } from "@playwright/test";
import { DEMO_MERCHANT } from "../../app/demo/seed.server";
import { controlled, login } from "../e2e/helpers";

test("the worker registers from the Worker's assets, controls merchant pages, stands in offline and leaves stores alone", async ({
  page,
  context,
  baseURL,
}) => {
  const sw = await page.request.get("/sw.js");
  expect(sw.headers()["cache-control"]).toBe("no-cache");
  expect(sw.headers()["content-type"]).toMatch(/javascript/);
  const manifest = await page.request.get("/manifest.webmanifest");
  expect(manifest.headers()["content-type"]).toBe("application/manifest+json");

  await login(page, DEMO_MERCHANT.email, DEMO_MERCHANT.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await controlled(page, baseURL as string);

  const store = await page.goto("/site/demo");
  expect(store?.fromServiceWorker()).toBe(false);
  expect(await page.locator('link[rel="manifest"]').count()).toBe(0);

  // The offline page was stored from the asset server (served under its own name, not redirected).
  await context.setOffline(true);
  await page.goto("/Account");
  await expect(page.getByRole("heading", { name: "Sin conexión" })).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/Account`);
  await context.setOffline(false);
});
