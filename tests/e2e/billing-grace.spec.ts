import { expect, test } from "@playwright/test";
import { DAY, moveClock, payInSandbox, resetClock, seedMerchant, signIn, userRow } from "./billing-helpers";

const formatDue = (ms: number) => new Intl.DateTimeFormat("es", { dateStyle: "long", timeZone: "UTC" }).format(new Date(ms));

// The test clock is the server's one clock: put it back after each test, whatever happened.
test.afterEach(async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await resetClock(page);
});

test.describe("test clock and grace period", () => {
  test("/_dev/reloj shows the platform time, moves it forward and resets it", async ({ page }) => {
    await page.goto("/_dev/reloj");
    await expect(page.getByRole("heading", { name: "Reloj de pruebas (local)" })).toBeVisible();
    await expect(page.getByTestId("offset")).toHaveText("El reloj va con la hora real.");
    const before = Date.parse((await page.getByTestId("platform-now").getAttribute("datetime")) ?? "");
    await moveClock(page, 3);
    await expect(page.getByTestId("offset")).toHaveText("Adelantado 3 días respecto de la hora real.");
    const after = Date.parse((await page.getByTestId("platform-now").getAttribute("datetime")) ?? "");
    expect(after - before).toBeGreaterThanOrEqual(3 * DAY);
    expect(after - before).toBeLessThan(3 * DAY + 10 * 60_000);
    await resetClock(page);
  });

  test("the warning banner appears when the clock reaches 6 days before the due date", async ({ page }) => {
    const m = await seedMerchant({ dueInDays: 10, tag: "clock-banner" });
    const { dueAt } = await userRow(m.id);
    await signIn(page, m.email);
    const banner = page.getByText(`Recuerda pagar tu factura antes del día ${formatDue(dueAt)}`);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: /Hola/ })).toBeVisible();
    await expect(banner).toHaveCount(0);
    await moveClock(page, 5);
    await page.goto("/");
    await expect(banner).toBeVisible();
    await moveClock(page, 6);
    await page.goto("/");
    await expect(page).toHaveURL(/\/payment$/);
  });

  test("public site 503 after the grace period and back after payment", async ({ page, browser }) => {
    // Overdue for 9 days: inside the 10-day grace the public site stays up.
    const m = await seedMerchant({ dueInDays: -9, tag: "grace", withStore: true });
    const visitor = await (await browser.newContext()).newPage();
    const site = `/site/${m.storeUrl}`;
    expect((await visitor.goto(site))?.status()).toBe(200);

    await moveClock(page, 2);
    const down = await visitor.goto(site);
    expect(down?.status()).toBe(503);
    await expect(visitor.getByText("Esta tienda no está disponible por el momento")).toBeVisible();

    // The merchant pays the bill: the site is back at once.
    await signIn(page, m.email);
    await expect(page).toHaveURL(/\/payment$/);
    await page.getByRole("button", { name: "Pagar", exact: true }).click();
    await payInSandbox(page, "Aprobar pago");
    await expect(page.locator("[data-status]")).toHaveText("Aprobado");
    expect((await visitor.goto(site))?.status()).toBe(200);
  });
});
