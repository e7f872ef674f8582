import { existsSync, readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { codeFromOutbox, E2E_DB, e2eDb, fillStep1, fillStep2, linkFromOutbox, login, register, uniqueEmail } from "./helpers";

const DEMO = { email: "demo@vitrina.local", password: "vitrina-demo-2026" };

test.describe("registration", () => {
  test.use({ timezoneId: "America/Mexico_City" });

  test("three steps with the emailed code create the account and its store, signed in", async ({ page }) => {
    const email = uniqueEmail("reg");
    const password = "Clave-Unica-Para-Test-91";
    await register(page, email, `Panadería ${Date.now()}`, password);
    // No plan yet: the redirect rule keeps the merchant on /plans until the free month starts.
    await page.goto("/");
    await expect(page).toHaveURL(/\/plans$/);
    await page.getByRole("button", { name: "Comenzar prueba gratis" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Plan seleccionado")).toBeVisible();
    await expect(page.getByRole("list", { name: "Tiendas" }).getByRole("listitem")).toHaveCount(1);
    await expect(page.getByRole("list", { name: "Tiendas" })).toContainText("Panadería");

    const db = e2eDb();
    const user = (await db.execute({ sql: "select id, password_hash from users where email = ?", args: [email] })).rows[0];
    expect(String(user?.password_hash)).toMatch(/^scrypt\$/);
    const store = (
      await db.execute({ sql: "select id, url, qr_png_key, qr_svg_key from stores where owner_id = ?", args: [String(user?.id)] })
    ).rows[0];
    expect(String(store?.id)).toMatch(/^\d{10}$/);
    expect(String(store?.url)).toMatch(/^panaderia-\d+$/);
    expect(store?.qr_png_key && store?.qr_svg_key).toBeTruthy();
    const leftovers = await db.execute({
      sql: "select (select count(*) from registrations where email = ?) + (select count(*) from verification_codes where email = ?) as n",
      args: [email, email],
    });
    expect(Number(leftovers.rows[0]?.n)).toBe(0);
    db.close();

    // The password is stored nowhere in plain text.
    for (const file of [E2E_DB, `${E2E_DB}-wal`]) {
      if (existsSync(file)) expect(readFileSync(file).includes(Buffer.from(password))).toBe(false);
    }
  });

  test("keeps what was typed and explains every validation error at once", async ({ page }) => {
    await fillStep1(page, { email: "no-es-correo", password: "123", terms: false });
    await expect(page.getByText("La contraseña es demasiado corta")).toBeVisible();
    await expect(page.getByText("Debes aceptar los términos y condiciones")).toBeVisible();
    await expect(page.getByText("Escribe un correo válido")).toBeVisible();
    await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue("Lucía");
    // A common password is told beside the other fields' errors, not once they are fixed.
    await fillStep1(page, { email: "no-es-correo", password: "password", terms: false });
    await expect(page.getByText("Esta contraseña es demasiado común")).toBeVisible();
    await expect(page.getByText("Escribe un correo válido")).toBeVisible();
    await expect(page.getByText("Debes aceptar los términos y condiciones")).toBeVisible();
  });

  test("the terms and the privacy policy open beside the form, which keeps what was typed", async ({ page }) => {
    await page.goto("/Auth/Registration");
    await page.getByLabel("Nombre", { exact: true }).fill("Lucía");
    const [terms] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByRole("link", { name: "términos y condiciones" }).click(),
    ]);
    await expect(terms).toHaveURL(/\/terminos$/);
    await expect(terms).toHaveTitle("Términos y condiciones | Vitrina");
    await expect(terms.getByRole("heading", { name: "Mes gratis, planes y pagos" })).toBeVisible();
    await terms.getByRole("link", { name: "Política de privacidad" }).first().click();
    await expect(terms).toHaveURL(/\/privacidad$/);
    await expect(terms.getByRole("heading", { level: 1 })).toHaveText("Política de privacidad");
    await terms.close();
    await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue("Lucía");
    await expect(page.getByLabel(/Acepto los términos y condiciones y la política de privacidad/)).not.toBeChecked();
  });

  test("an email with an account is not available", async ({ page }) => {
    await fillStep1(page, { email: DEMO.email });
    await expect(page.getByText("El correo no se encuentra disponible")).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("Correo no disponible");
    await expect(page.getByLabel("Correo electrónico")).toHaveValue(DEMO.email);
  });

  test("a store name taken in any case or accent is not available; category is required", async ({ page }) => {
    await fillStep1(page, { email: uniqueEmail("dup-store") });
    for (const name of ["Demo", "DÉMO", "démo"]) {
      await fillStep2(page, name);
      await expect(page.getByText("El nombre de la tienda no está disponible")).toBeVisible();
      await expect(page).toHaveURL(/Step2$/);
    }
    await page.getByLabel("Nombre de la tienda").fill("Tienda sin categoría");
    await page.getByLabel("Categoría").selectOption("0");
    await page.getByRole("button", { name: "Enviar código" }).click();
    await expect(page.locator(".field-error")).toHaveText("Elige una categoría");
  });

  test("'Café' and 'cafe' are the same store name", async ({ browser }) => {
    const suffix = Date.now();
    const first = await (await browser.newContext()).newPage();
    await register(first, uniqueEmail("cafe1"), `Café ${suffix}`);
    const second = await (await browser.newContext()).newPage();
    await fillStep1(second, { email: uniqueEmail("cafe2") });
    await fillStep2(second, `cafe ${suffix}`);
    await expect(second.getByText("El nombre de la tienda no está disponible")).toBeVisible();
  });

  test("a wrong code is refused; reload and back keep the draft", async ({ page }) => {
    const email = uniqueEmail("wrong");
    await fillStep1(page, { email });
    await fillStep2(page, `Wrong ${Date.now()}`);
    const code = await codeFromOutbox(page, email);
    const wrong = code === "11111" ? "22222" : "11111";
    await page.getByLabel("Código").fill(wrong);
    await page.getByRole("button", { name: "Crear mi cuenta" }).click();
    await expect(page.getByText("El código es incorrecto")).toBeVisible();
    await page.reload();
    await page.goBack();
    await page.goto("/Auth/Registration/Step3");
    await page.getByLabel("Código").fill(code);
    await page.getByRole("button", { name: "Crear mi cuenta" }).click();
    await expect(page).toHaveURL(/\/plans$/);
  });

  test("an expired code is refused", async ({ page }) => {
    const email = uniqueEmail("expired");
    await fillStep1(page, { email });
    await fillStep2(page, `Expired ${Date.now()}`);
    const code = await codeFromOutbox(page, email);
    const db = e2eDb();
    await db.execute({ sql: "update verification_codes set expires_at = ? where email = ?", args: [Date.now() - 1000, email] });
    db.close();
    await page.getByLabel("Código").fill(code);
    await page.getByRole("button", { name: "Crear mi cuenta" }).click();
    await expect(page.getByText("El código venció. Pide uno nuevo.")).toBeVisible();
  });

  test("code guessing stops after 5 tries, even for the right code", async ({ page }) => {
    const email = uniqueEmail("brute");
    await fillStep1(page, { email });
    await fillStep2(page, `Brute ${Date.now()}`);
    const code = await codeFromOutbox(page, email);
    const wrong = code === "11111" ? "22222" : "11111";
    for (let i = 0; i < 5; i++) {
      await page.getByLabel("Código").fill(wrong);
      await page.getByRole("button", { name: "Crear mi cuenta" }).click();
      await expect(page.getByRole("alert")).toBeVisible();
    }
    await page.getByLabel("Código").fill(code);
    await page.getByRole("button", { name: "Crear mi cuenta" }).click();
    await expect(page.getByText("Demasiados intentos. Pide un código nuevo.")).toBeVisible();
    const db = e2eDb();
    const users = await db.execute({ sql: "select count(*) as n from users where email = ?", args: [email] });
    expect(Number(users.rows[0]?.n)).toBe(0);
    db.close();
    // Resending is allowed after 60 s only.
    await page.getByRole("button", { name: "Reenviar código" }).click();
    await expect(page.getByText(/Podrás pedir otro código en \d+ s/)).toBeVisible();
  });
});

test.describe("login, logout and redirect rules", () => {
  test("wrong password gives the spec's message", async ({ page }) => {
    await login(page, DEMO.email, "no-es-la-clave");
    await expect(page.getByRole("alert")).toContainText("Correo o contraseña invalida");
    await expect(page.getByRole("alert")).toContainText("Los datos enviados no coinciden con ninguna cuenta");
    await expect(page.getByLabel("Correo electrónico")).toHaveValue(DEMO.email);
  });

  test("anonymous visitors go to /Auth and come back to the page they wanted", async ({ page }) => {
    await page.goto("/Account");
    await expect(page).toHaveURL(/\/Auth\?redirectTo=%2FAccount$/);
    await page.getByLabel("Correo electrónico").fill(DEMO.email);
    await page.getByLabel("Contraseña").fill(DEMO.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/Account$/);
    await expect(page.getByRole("heading", { name: "Cuenta" })).toBeVisible();
    await expect(page.getByText(DEMO.email)).toBeVisible();
    // Signed in, /Auth goes to /.
    await page.goto("/Auth");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("list", { name: "Tiendas" })).toContainText("Demo");
    await expect(page.getByRole("navigation", { name: "Navegación" })).toContainText("Tiendas");
    // Cerrar sesión ends the session.
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page).toHaveURL(/\/Auth$/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/Auth\?redirectTo=%2F$/);
  });
});

test.describe("password reset", () => {
  test("end to end: the link sets a new password and ends the old sessions", async ({ browser }) => {
    const email = uniqueEmail("reset");
    const oldPassword = "Clave-Vieja-Para-Test-55";
    const newPassword = "Clave-Nueva-Para-Test-77";
    const signedIn = await (await browser.newContext()).newPage();
    await register(signedIn, email, `Reset ${Date.now()}`, oldPassword);

    const other = await (await browser.newContext()).newPage();
    await other.goto("/Auth/ForgotPassword");
    await other.getByLabel("Correo electrónico").fill(email);
    await other.getByRole("button", { name: "Enviar enlace" }).click();
    await expect(other).toHaveURL(/\/Auth$/);
    await expect(other.getByText("Revisa tu correo")).toBeVisible();
    const link = await linkFromOutbox(other, email, /http:\/\/localhost:\d+\/Auth\/ResetPassword\/[A-Za-z0-9_-]+/);
    await other.goto(link);
    await other.getByLabel("Contraseña nueva").fill(newPassword);
    await other.getByLabel("Repite la contraseña").fill(newPassword);
    await other.getByRole("button", { name: "Guardar contraseña" }).click();
    await expect(other).toHaveURL(/\/Auth$/);
    await expect(other.getByText("Contraseña actualizada")).toBeVisible();

    // The old session cookie no longer works.
    await signedIn.goto("/Account");
    await expect(signedIn).toHaveURL(/\/Auth\?redirectTo=/);
    // The link works once.
    await other.goto(link);
    await expect(other.getByText("El enlace no es válido o ya venció. Pide uno nuevo.")).toBeVisible();
    // Old password refused, new one accepted.
    await login(other, email, oldPassword);
    await expect(other.getByRole("alert")).toContainText("Correo o contraseña invalida");
    await login(other, email, newPassword);
    await expect(other).toHaveURL(/\/plans$/);
  });

  test("answers the same for an unknown email and sends nothing", async ({ page }) => {
    const email = uniqueEmail("nobody");
    await page.goto("/Auth/ForgotPassword");
    await page.getByLabel("Correo electrónico").fill(email);
    await page.getByRole("button", { name: "Enviar enlace" }).click();
    await expect(page).toHaveURL(/\/Auth$/);
    await expect(page.getByText("Revisa tu correo")).toBeVisible();
    await page.goto("/_dev/correo");
    await expect(page.locator(`article[data-to="${email}"]`)).toHaveCount(0);
  });
});

test.describe("cross-site requests", () => {
  test("a POST from another origin is refused and changes nothing", async ({ request }) => {
    const email = uniqueEmail("csrf");
    const response = await request.post("/Auth/ForgotPassword", {
      headers: { Origin: "https://evil.example" },
      form: { email: DEMO.email },
    });
    expect(response.status()).toBe(403);
    const evilRegistration = await request.post("/Auth/Registration", {
      headers: { Origin: "https://evil.example" },
      form: { name: "X", lastname: "Y", email, password: "otra-clave-larga", terms: "on" },
    });
    expect(evilRegistration.status()).toBe(403);
    const db = e2eDb();
    const rows = await db.execute({ sql: "select count(*) as n from registrations where email = ?", args: [email] });
    expect(Number(rows.rows[0]?.n)).toBe(0);
    db.close();
  });
});
