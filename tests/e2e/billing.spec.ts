import { expect, test } from "@playwright/test";
import { DAY, payInSandbox, seedMerchant, signIn, userRow } from "./billing-helpers";
import { e2eDb, register, uniqueEmail } from "./helpers";

const formatDue = (ms: number) => new Intl.DateTimeFormat("es", { dateStyle: "long", timeZone: "UTC" }).format(new Date(ms));

test.describe("plans and payments (sandbox)", () => {
  test("a new merchant starts the trial, later pays to change to premium annual", async ({ page }) => {
    const email = uniqueEmail("plans");
    await register(page, email, `Mercado ${Date.now()}`);
    // Trial: the comparison, the summary and a confirmation without payment.
    await expect(page.getByRole("table", { name: /Comparación de planes/ })).toContainText("Elementos por sección");
    // Words for a touch screen as for a mouse: no 'haz clic'.
    await expect(
      page.getByRole("table", { name: "Comparación de planes (elige el periodo en las filas de precio)" }),
    ).toBeVisible();
    await expect(page.getByText(/mes de prueba gratis/)).toBeVisible();
    await page.getByRole("radio", { name: "Premium" }).check();
    await page.getByRole("row", { name: /Precio semestral/ }).click();
    const summary = page.getByRole("form", { name: "Resumen" });
    await expect(summary).toContainText("Premium");
    await expect(summary).toContainText("semestral");
    await page.getByRole("radio", { name: "Standard" }).check();
    await page.getByRole("row", { name: /Precio mensual/ }).click();
    await expect(summary).toContainText("mensual");
    await page.getByRole("button", { name: "Comenzar prueba gratis" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Plan seleccionado")).toBeVisible();
    await expect(page.getByText("El plan Standard se seleccionó para tu cuenta")).toBeVisible();
    // The home leads with finishing the new store: its next step is the main button, 'Nueva tienda' a secondary one.
    await expect(page.getByRole("heading", { name: "Lo que falta para abrir tu tienda" })).toBeVisible();
    await expect(page.getByText("0 de 6 pasos listos")).toBeVisible();
    await expect(page.getByRole("link", { name: "Sube tu logo" })).toHaveClass("button");
    await expect(page.getByRole("link", { name: "Nueva tienda" })).toHaveClass("button secondary");

    const db = e2eDb();
    const id = String((await db.execute({ sql: "select id from users where email = ?", args: [email] })).rows[0]?.id);
    db.close();
    const trial = await userRow(id);
    expect(trial).toMatchObject({ plan: "standard", period: "monthly", trialStarted: true, billTotal: 499 });

    // The pay button shows only when plan or period differs from the current one.
    await page.goto("/plans");
    await expect(page.getByText("Este es tu plan actual.")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Pagar/ })).toHaveCount(0);
    await page.getByRole("radio", { name: "Premium" }).check();
    await page.getByRole("row", { name: /Precio anual/ }).click();
    await expect(summary).toContainText("95,99");
    await page.getByRole("button", { name: /^Pagar .*95,99/ }).click();
    const code = await payInSandbox(page, "Aprobar pago");
    await expect(page.locator("[data-status]")).toHaveText("Aprobado");
    await expect(page.getByText("Plan actualizado")).toBeVisible();
    await expect(page.getByText("Tu pago se comprobó y se actualizó la información de tu plan")).toBeVisible();

    const changed = await userRow(id);
    expect(changed).toMatchObject({ plan: "premium", period: "annually", billTotal: 9599 });
    const expectedDue = new Date(trial.dueAt);
    expectedDue.setUTCFullYear(expectedDue.getUTCFullYear() + 1);
    expect(changed.dueAt).toBe(expectedDue.getTime());
    const check = e2eDb();
    const payment = (await check.execute({ sql: "select status, applied_at, amount from payments where id = ?", args: [code] }))
      .rows[0];
    check.close();
    expect(payment?.status).toBe("approved");
    expect(Number(payment?.amount)).toBe(9599);
    await page.getByRole("link", { name: "Volver al inicio" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a rejected payment changes nothing", async ({ page }) => {
    const m = await seedMerchant({ dueInDays: 15, tag: "rejected" });
    const before = await userRow(m.id);
    await signIn(page, m.email);
    await page.goto("/plans");
    await page.getByRole("radio", { name: "Premium" }).check();
    await page.getByRole("button", { name: /^Pagar/ }).click();
    await payInSandbox(page, "Rechazar pago");
    await expect(page.locator("[data-status]")).toHaveText("Rechazado");
    await expect(page.getByText("El pago fue rechazado y no se hizo ningún cambio")).toBeVisible();
    expect(await userRow(m.id)).toEqual(before);
  });

  test("renewal on /payment advances the due date by the period from the previous due date", async ({ page }) => {
    const m = await seedMerchant({ dueInDays: 12, tag: "renewal" });
    const before = await userRow(m.id);
    await signIn(page, m.email);
    await page.goto("/payment");
    await expect(page.getByRole("heading", { name: "Hola, Marta" })).toBeVisible();
    await expect(page.getByText("Tu factura está al día. Puedes pagar por adelantado si lo deseas.")).toBeVisible();
    await expect(page.getByText(formatDue(before.dueAt))).toBeVisible();
    await page.getByRole("button", { name: "Pagar", exact: true }).click();
    await payInSandbox(page, "Aprobar pago");
    await expect(page.getByText("Pago registrado")).toBeVisible();
    await expect(page.getByText("Tu pago fue comprobado y se actualizó la fecha de tu mensualidad")).toBeVisible();
    const after = await userRow(m.id);
    // Month-end clamping aside (covered by unit tests), the due date moved one month on.
    expect(after.dueAt - before.dueAt).toBeGreaterThanOrEqual(28 * DAY);
    expect(after.dueAt - before.dueAt).toBeLessThanOrEqual(31 * DAY);
    expect(after.billTotal).toBe(before.billTotal);
    await page.goto("/payment");
    await expect(page.getByText(formatDue(after.dueAt))).toBeVisible();
  });

  test("buying 3 stores charges 3 × 0.50 USD and raises the limit by 3", async ({ page }) => {
    const m = await seedMerchant({ dueInDays: 20, tag: "stores" });
    await signIn(page, m.email);
    await page.goto("/buyStore");
    const quantity = page.getByLabel("Cantidad de tiendas");
    await expect(quantity).toHaveValue("1");
    await page.getByRole("button", { name: "Menos" }).click();
    await expect(quantity).toHaveValue("1");
    await page.getByRole("button", { name: "Más" }).click();
    await page.getByRole("button", { name: "Más" }).click();
    await expect(quantity).toHaveValue("3");
    await page.getByRole("button", { name: /Pagar .*1,50/ }).click();
    await payInSandbox(page, "Aprobar pago");
    await expect(page.locator("[data-status]")).toHaveText("Aprobado");
    expect((await userRow(m.id)).storesLimit).toBe(4);
  });

  test("a forged status=approved on the return URL changes nothing", async ({ page }) => {
    const m = await seedMerchant({ dueInDays: 20, tag: "forged" });
    const before = await userRow(m.id);
    await signIn(page, m.email);
    await page.goto("/payment");
    await page.getByRole("button", { name: "Pagar", exact: true }).click();
    const link = page.getByRole("link", { name: "Pagar con la billetera de prueba" });
    const code = (await link.getAttribute("href"))?.match(/(\d{10})$/)?.[1] ?? "";
    expect(code).toMatch(/^\d{10}$/);
    await page.goto(
      `/paymentCompleted/${code}?collection_id=${code}&collection_status=approved&payment_id=${code}&status=approved&external_reference=${code}`,
    );
    await expect(page.locator("[data-status]")).toHaveText("Pendiente");
    expect(await userRow(m.id)).toEqual(before);
  });

  test("another merchant's payment page is not found", async ({ page, browser }) => {
    const owner = await seedMerchant({ dueInDays: 20, tag: "owner" });
    await signIn(page, owner.email);
    await page.goto("/buyStore");
    await page.getByRole("button", { name: /Pagar/ }).click();
    const href = await page.getByRole("link", { name: "Pagar con la billetera de prueba" }).getAttribute("href");
    const code = href?.match(/(\d{10})$/)?.[1] ?? "";
    const other = await seedMerchant({ dueInDays: 20, tag: "other" });
    const otherPage = await (await browser.newContext()).newPage();
    await signIn(otherPage, other.email);
    const response = await otherPage.goto(`/paymentCompleted/${code}`);
    expect(response?.status()).toBe(404);
  });

  test("an overdue merchant is sent to /payment and can still reach /plans and /Account", async ({ page }) => {
    const m = await seedMerchant({ dueInDays: -2, tag: "overdue" });
    await signIn(page, m.email);
    await expect(page).toHaveURL(/\/payment$/);
    await expect(page.getByText(/Tu factura está vencida. Tus tiendas seguirán activas 10 días/)).toBeVisible();
    await page.goto("/");
    await expect(page).toHaveURL(/\/payment$/);
    await page.goto("/buyStore");
    await expect(page).toHaveURL(/\/payment$/);
    await page.goto("/plans");
    await expect(page).toHaveURL(/\/plans$/);
    await page.goto("/Account");
    await expect(page).toHaveURL(/\/Account$/);
    // Paying lifts the redirect.
    await page.goto("/payment");
    await page.getByRole("button", { name: "Pagar", exact: true }).click();
    await payInSandbox(page, "Aprobar pago");
    await page.goto("/");
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("SSS", () => {
  test("wrong secret: 'No autorizado'; right secret: the store URLs to copy", async ({ page, context }) => {
    await page.goto("/SSS");
    await page.getByLabel("Clave").fill("no-es-la-clave");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByText("No autorizado")).toBeVisible();
    await expect(page.getByRole("button", { name: "Copiar URLs de las tiendas" })).toHaveCount(0);

    await page.getByLabel("Clave").fill("clave-admin-e2e");
    await page.getByRole("button", { name: "Entrar" }).click();
    const urls = page.getByRole("textbox", { name: "URLs de las tiendas" });
    await expect(urls).toHaveValue(/http:\/\/demo\.localhost:\d+\//);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copiar URLs de las tiendas" }).click();
    await expect(page.getByRole("status")).toContainText("Se copiaron");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.split("\n")).toContain(`http://demo.localhost:${new URL(page.url()).port}/`);
  });
});
