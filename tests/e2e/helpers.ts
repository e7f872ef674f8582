import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { type Client, createClient } from "@libsql/client";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { createCookie } from "react-router";
import { merchantWithStore, type StoreFields } from "../support/merchants";
import { E2E_SERVER } from "./servers";

/** The database of this worker's server (tests/e2e/servers.ts). */
export const E2E_DB = `${E2E_SERVER.dataDir}/vitrina.db`;

/** A line the server logs when it has answered a request (app/request-handler.server.ts). */
export interface LoggedRequest {
  event: "request" | "request.failed";
  method: string;
  path: string;
  storeId?: string;
  status?: number;
}

/** The requests this worker's server has answered so far, from its log (tests/support/e2e-server.mjs keeps it). */
export function serverRequests(): LoggedRequest[] {
  const log = `${E2E_SERVER.dataDir}/server.log`;
  if (!existsSync(log)) return [];
  return readFileSync(log, "utf8")
    .split("\n")
    .slice(0, -1) // the last piece is a line still being written, or nothing
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LoggedRequest)
    .filter((entry) => entry.event === "request" || entry.event === "request.failed");
}

/** Direct access to the server's database, for setting up states a test cannot wait for. */
export function e2eDb() {
  return createClient({ url: `file:${E2E_DB}`, timeout: 5000 });
}

/** One statement on the server's database, on a connection of its own; the rows it returns. */
export async function query<T = Record<string, unknown>>(sql: string, args: unknown[] = []): Promise<T[]> {
  const db = e2eDb();
  try {
    return (await db.execute({ sql, args: args as never })).rows as unknown as T[];
  } finally {
    db.close();
  }
}

/**
 * Signs the browser context in as `userId` without the sign-in form: a session row and its cookie, as
 * the login would leave them (for journeys whose subject is not signing in).
 */
export async function signInAs(context: BrowserContext, userId: string, baseURL: string) {
  const id = randomBytes(32).toString("base64url");
  const now = Date.now();
  await query("insert into sessions (id_hash, user_id, kind, created_at, expires_at) values (?, ?, 'merchant', ?, ?)", [
    createHash("sha256").update(id).digest("hex"),
    userId,
    now,
    now + 24 * 3_600_000,
  ]);
  const header = await createCookie("vitrina_sesion").serialize(id);
  const value = header.slice(header.indexOf("=") + 1, header.indexOf(";"));
  await context.addCookies([{ name: "vitrina_sesion", value, url: baseURL }]);
}

/** Signs the browser context in as the owner of store `storeId` (signInAs, for a store the test seeded or registered). */
export async function signInAsOwner(context: BrowserContext, storeId: string, baseURL: string) {
  const [store] = await query<{ owner_id: string }>("select owner_id from stores where id = ?", [storeId]);
  await signInAs(context, String(store?.owner_id), baseURL);
}

export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@correo.test`;

/** The newest message to `email` in the local outbox, reloading it as a person refreshes an inbox. */
async function fromOutbox(page: Page, email: string, part: "h2" | "pre"): Promise<string> {
  const outbox = await page.context().newPage();
  const message = outbox.locator(`article[data-to="${email}"] ${part}`).first();
  await expect
    .poll(
      async () => {
        await outbox.goto("/_dev/correo");
        return message.count();
      },
      { message: `no mail to ${email}` },
    )
    .toBeGreaterThan(0);
  const text = (await message.textContent()) ?? "";
  await outbox.close();
  return text;
}

/** The newest 5-digit code mailed to `email`. */
export async function codeFromOutbox(page: Page, email: string): Promise<string> {
  const code = (await fromOutbox(page, email, "h2")).match(/(\d{5})$/)?.[1];
  expect(code, `no code mailed to ${email}`).toBeTruthy();
  return code as string;
}

export async function linkFromOutbox(page: Page, email: string, pattern: RegExp): Promise<string> {
  const link = (await fromOutbox(page, email, "pre")).match(pattern)?.[0];
  expect(link, `no link mailed to ${email}`).toBeTruthy();
  return link as string;
}

export async function fillStep1(
  page: Page,
  values: { name?: string; lastname?: string; email: string; password?: string; terms?: boolean },
) {
  await page.goto("/Auth/Registration");
  await page.getByLabel("Nombre", { exact: true }).fill(values.name ?? "Lucía");
  await page.getByLabel("Apellido").fill(values.lastname ?? "Pérez");
  await page.getByLabel("Correo electrónico").fill(values.email);
  await page.getByLabel(/Contraseña/).fill(values.password ?? "mi-tienda-segura");
  if (values.terms !== false) await page.getByLabel(/Acepto los términos/).check();
  await page.getByRole("button", { name: "Continuar" }).click();
}

export async function fillStep2(page: Page, storeName: string, category = "Alimentación y bebidas") {
  await page.getByLabel("Nombre de la tienda").fill(storeName);
  await page.getByLabel("Categoría").selectOption({ label: category });
  await page.getByRole("button", { name: "Enviar código" }).click();
}

/** Registers a merchant through the three steps; ends signed in on /plans (no plan yet). */
export async function register(page: Page, email: string, storeName: string, password = "mi-tienda-segura") {
  await fillStep1(page, { email, password });
  await expect(page).toHaveURL(/\/Auth\/Registration\/Step2$/);
  await fillStep2(page, storeName);
  await expect(page).toHaveURL(/\/Auth\/Registration\/Step3$/);
  await page.getByLabel("Código").fill(await codeFromOutbox(page, email));
  await page.getByRole("button", { name: "Crear mi cuenta" }).click();
  await expect(page).toHaveURL(/\/plans$/);
}

/**
 * Waits until the installable app's service worker (scope "/") is active and controls the page. The app registers it
 * once started, after the first paint: a page whose load was under way while the worker took over (a sign-in's
 * answer) is not one it can claim, and is controlled from its next load, as a merchant's next page is.
 */
export async function controlled(page: Page, origin: string) {
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${origin}/`);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(`${origin}/sw.js`);
}

export async function login(page: Page, email: string, password: string) {
  await page.goto("/Auth");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

export const E2E_FILES = `${E2E_SERVER.dataDir}/files`;

/** Registers a merchant and starts the free month: ends signed in on the store list. */
export async function registerWithTrial(page: Page, email: string, storeName: string, password = "mi-tienda-segura") {
  await register(page, email, storeName, password);
  await page.getByRole("button", { name: "Comenzar prueba gratis" }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The id of the merchant's store named `name` (for assertions against the database and storage). */
export async function storeIdByName(name: string): Promise<string> {
  const [row] = await query<{ id: string }>("select id from stores where name = ?", [name]);
  expect(row, `no store named ${name}`).toBeTruthy();
  return String(row?.id);
}

/** The merchant links the store to Mercado Pago through the sandbox's authorization page ('Vincular', then 'Autorizar'). */
export async function linkMercadoPago(merchant: Page, storeId: string) {
  await merchant.goto(`/Store/${storeId}/payments`);
  await merchant.getByRole("button", { name: "Vincular Mercado Pago" }).click();
  await expect(merchant).toHaveURL(/\/_sandbox\/oauth\?/);
  await merchant.getByRole("button", { name: "Autorizar" }).click();
  await expect(merchant).toHaveURL(new RegExp(`/Store/${storeId}/payments$`));
  await expect(merchant.getByText("Vinculada", { exact: true })).toBeVisible();
}

/** The WhatsApp addresses the page lands on, in order (the stand-in answers them: tests/e2e/whatsapp-stand-in.ts). */
export async function captureWhatsApp(page: Page): Promise<string[]> {
  const urls: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame() && /^https:\/\/(api|web)\.whatsapp\.com\//.test(frame.url())) urls.push(frame.url());
  });
  return urls;
}

/** Sets the store's 'WhatsApp de ventas' through its information page, as the merchant does. */
export async function setSalesWhatsApp(page: Page, storeId: string, number: string) {
  await page.goto(`/Store/${storeId}/info`);
  await page.getByLabel("WhatsApp de ventas").fill(number);
  await page.getByRole("button", { name: "Guardar información" }).click();
  await expect(page.getByText("Información guardada")).toBeVisible();
}

/**
 * A merchant of the sales desk's journeys (Rosa Vega, in good standing for 25 days, signed in by a session row, so
 * the password is never typed) with one store, straight into the journeys' database.
 */
export async function seedDeskMerchant(db: Client, tag: string, store: StoreFields) {
  const userId = crypto.randomUUID();
  const { store: created } = await merchantWithStore(db, "standard", store, {
    id: userId,
    name: "Rosa",
    lastname: "Vega",
    email: `${tag}-${userId}@correo.test`,
    passwordHash: "scrypt$unused",
    billDueAt: new Date(Date.now() + 25 * 86_400_000),
  });
  return { userId, storeId: created.id };
}

/**
 * Sends the checkout with its button `name`. With the page's script the total beside the button follows the chosen
 * way to pay and zone, and must read `total` before sending. Without JavaScript, a choice whose total the page had not
 * shown (a zone, a way to pay with a discount or surcharge) comes back first with that total to confirm: the journey
 * checks it reads `total` and confirms with the same button.
 */
export async function sendCheckout(page: Page, name: string | RegExp, total: string | RegExp) {
  const enhanced = await runsItsScript(page);
  if (enhanced) await expect(page.locator("[data-pay-total] strong")).toHaveText(total);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.endsWith("/Checkout")),
    page.getByRole("button", { name }).click(),
  ]);
  if (response.status() !== 200) return;
  expect(enhanced).toBe(false);
  await expect(page.getByRole("status").filter({ hasText: /^Revisa el total de tu pedido/ })).toBeVisible();
  await expect(page.locator("[data-pay-total] strong")).toHaveText(total);
  await page.getByRole("button", { name }).click();
}

/**
 * The checkout's first steps as a shopper takes them (decision 0057): the contact ('Tus datos': name, and a WhatsApp
 * or an email), 'Continuar'; then, when the store offers more than one way, the way to receive the order, 'Continuar'.
 * The page is then on its last step: what that way needs, the note, the payment and the button that sends the order.
 */
export async function checkoutSteps(page: Page, contact: { name: string; phone?: string; email?: string }, delivery?: string) {
  await page.getByLabel("Tu nombre").fill(contact.name);
  if (contact.phone) await page.getByLabel(/Tu teléfono/).fill(contact.phone);
  if (contact.email) await page.getByLabel(/Tu correo/).fill(contact.email);
  await page.getByRole("button", { name: "Continuar", exact: true }).click();
  // '¿Cómo quieres…?' in neutral Spanish, '¿Cómo querés…?' in an Argentine store (its catalog's 'vos').
  const methods = page.getByRole("group", { name: /^¿Cómo (quieres|querés) recibir tu pedido\?$/ });
  const chosen = page.locator("form.checkout").getByText(/^Entrega:/);
  // The next page is the way to receive it, or (one way only) already its details: wait for either before choosing.
  await expect(methods.or(chosen)).toBeVisible();
  if (delivery && (await methods.count()) > 0) {
    await methods.getByRole("radio", { name: delivery }).check();
    await page.getByRole("button", { name: "Continuar", exact: true }).click();
    await expect(page).toHaveURL(/\/Checkout\?paso=datos/);
  }
  await expect(chosen).toBeVisible();
}

/** Whether this run of the journey has JavaScript on (the 'js' and 'workerd' projects) or off ('no-js'). */
export const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

/**
 * Whether the page runs its enhancement script (the project's browser runs JavaScript), waiting until it has: a
 * store's first page asks for it once the page has loaded, and it marks the page when it has run.
 */
export async function runsItsScript(page: Page): Promise<boolean> {
  if (!jsOn()) return false;
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
  return true;
}

/**
 * Waits until the merchant app has started on the page (hydrated, answering its own controls): it starts after the
 * first paint, which can come after the load event (docs/decisions/0070-merchant-first-paint-adopted.md).
 */
export async function appStarted(page: Page) {
  await page.waitForFunction(() => (window as { vitrinaStarted?: boolean }).vitrinaStarted === true);
}

/**
 * Holds the merchant app's code back until the returned function is called: the page is the server's, tapped before
 * the app starts (it starts after the first paint, docs/decisions/0070-merchant-first-paint-adopted.md).
 */
export async function holdAppCode(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((go) => {
    release = go;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
